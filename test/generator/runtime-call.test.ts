/**
 * Which runtime function a generated operation delegates to (`runtimeCall`): only `pageRequest`
 * runs the paging and time-range checks, and only `request` writes a body, so an operation with
 * either rule that is not a shaped paginated GET is refused at generation instead of emitted
 * without them, and any call but a GET goes through `request`.
 */
import { describe, expect, it } from 'vitest';
import { runtimeCall } from '../../generator/targets/typescript/operations.js';
import type { IROperation } from '../../generator/ir/types.js';

const PAGING = { style: 'offset', defaultLimit: 100, maxLimit: 1000 };
const RANGE = { from: 'from', to: 'to', maxDays: 30, defaultDays: 7 };
const opOf = (fields: Record<string, unknown>): IROperation =>
  ({ id: 'listThings', method: 'GET', shape: 'shaped', retry: 'safe', ...fields }) as unknown as IROperation;

describe('runtimeCall', () => {
  it.each([
    { given: 'a shaped paginated read', op: { pagination: PAGING, timeRange: RANGE }, want: 'pageRequest' },
    { given: 'a plain read', op: {}, want: 'readRequest' },
    { given: 'a write', op: { method: 'POST', retry: 'never' }, want: 'request' },
    // Only `request` hands the loop a body writer.
    { given: 'a safe POST', op: { method: 'POST' }, want: 'request' },
  ])('$given: $want', ({ op, want }) => {
    expect(runtimeCall(opOf(op))).toBe(want);
  });

  it.each([
    { given: 'a named-only operation with pagination', op: { shape: 'named-only', pagination: PAGING } },
    { given: 'a time range without pagination', op: { timeRange: RANGE } },
    { given: 'a paginated POST', op: { method: 'POST', pagination: PAGING } },
  ])('refuses $given (its checks would be left out)', ({ op }) => {
    expect(() => runtimeCall(opOf(op))).toThrow('listThings: pagination and time-range rules are checked only');
  });
});
