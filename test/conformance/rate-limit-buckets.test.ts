/**
 * Conformance: the rate-limit bucket a call counts in (conformance/rate-limit-buckets.json): the
 * operation's bucket, scope and limit, and the bucket keys (per process, per account, or per
 * account and market) read from the call's params.
 */
import { describe, expect } from 'vitest';
import { operationMetas, type OperationId } from '../../generated/src/metadata.js';
import { limiterKeys } from '../../generator/targets/typescript/runtime/call-plan.js';
import { cases, eachRow } from './kit.js';

const rows = cases<
  { operationId: OperationId; account: string; params: Record<string, unknown> },
  Record<string, unknown>
>('rate-limit-buckets');

describe('conformance: rate-limit buckets', () => {
  eachRow(rows, ({ given, want }) => {
    const meta = operationMetas[given.operationId];
    const { bucket, scope, requests, window } = meta.rateLimit;
    expect({ bucket, scope, requests, window, keys: limiterKeys(meta, given.account, given.params) }).toEqual(want);
  });
});
