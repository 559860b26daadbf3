/**
 * Which runtime function a generated operation delegates to (`runtimeCall`): only `pageRequest`
 * runs the paging and time-range checks, so an operation with either rule that is not a shaped
 * paginated GET is refused at generation instead of emitted without them; a call with a list body,
 * a group limit or a paginated lookup read goes through `request` (which carries their checks), any
 * other call that may write through `writeRequest`, and reads never hand the loop a body writer.
 */
import { describe, expect, it } from 'vitest';
import { runtimeCall } from '../../generator/targets/typescript/operations.js';
import type { IR, IROperation } from '../../generator/ir/types.js';

const PAGING = { style: 'offset', defaultLimit: 100, maxLimit: 1000 };
const RANGE = { from: 'from', to: 'to', maxDays: 30, defaultDays: 7 };
const opOf = (fields: Record<string, unknown>): IROperation =>
  ({ id: 'listThings', method: 'GET', shape: 'shaped', retry: 'safe', ...fields }) as unknown as IROperation;
const lookupBy = (operationId: string) => ({
  field: 'id',
  dedupes: false,
  generate: true,
  lookup: { operationId, param: 'id' },
});
/** An IR with two lookup reads (one paginated) and a list and an object schema. */
const ir = {
  operations: [opOf({ id: 'getThing' }), opOf({ id: 'listThingsPaged', pagination: PAGING })],
  schemas: { Things: { type: 'array', items: { type: 'object' } }, Thing: { type: 'object' } },
} as unknown as IR;
const body = (name: string) => ({ required: true, schema: { $ref: `#/components/schemas/${name}` } });

describe('runtimeCall', () => {
  it.each([
    { given: 'a shaped paginated read', op: { pagination: PAGING, timeRange: RANGE }, want: 'pageRequest' },
    { given: 'a plain read', op: {}, want: 'readRequest' },
    { given: 'a write', op: { method: 'POST', retry: 'never' }, want: 'writeRequest' },
    {
      given: 'a write of one object',
      op: { method: 'POST', retry: 'never', requestBody: body('Thing') },
      want: 'writeRequest',
    },
    // Only the calls that may write hand the loop a body writer.
    { given: 'a safe POST', op: { method: 'POST' }, want: 'writeRequest' },
    {
      given: 'a write looked up by a plain read',
      op: { method: 'POST', idempotency: lookupBy('getThing') },
      want: 'writeRequest',
    },
    // The list body's group limit and bad items, and a lookup's paging checks, come with `request`.
    { given: 'a write with a list body', op: { method: 'POST', requestBody: body('Things') }, want: 'request' },
    {
      given: 'a write with a group limit',
      op: { method: 'POST', groupLimit: { field: 'a', max: 1 } },
      want: 'request',
    },
    {
      given: 'a write looked up by a read the IR does not hold',
      op: { method: 'POST', idempotency: lookupBy('elsewhere') },
      want: 'request',
    },
    {
      given: 'a write looked up by a paginated read',
      op: { method: 'POST', idempotency: lookupBy('listThingsPaged') },
      want: 'request',
    },
  ])('$given: $want', ({ op, want }) => {
    expect(runtimeCall(ir, opOf(op))).toBe(want);
  });

  it.each([
    { given: 'a named-only operation with pagination', op: { shape: 'named-only', pagination: PAGING } },
    { given: 'a time range without pagination', op: { timeRange: RANGE } },
    { given: 'a paginated POST', op: { method: 'POST', pagination: PAGING } },
  ])('refuses $given (its checks would be left out)', ({ op }) => {
    expect(() => runtimeCall(ir, opOf(op))).toThrow('listThings: pagination and time-range rules are checked only');
  });
});
