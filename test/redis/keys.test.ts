/**
 * The pure parts of the Redis rate budget: bucket keys read and the store's options checked. The
 * Redis keys built and the fallback limits are the conformance kit's rows (conformance/redis-keys.json
 * and redis-fallback.json, run by test/conformance/ and both clients' suites).
 */
import { describe, expect, it } from 'vitest';
import { parseBucketKey, type BucketRef } from '../../generated/src/redis/index.js';
import { RedisRateLimitStore } from '../../generated/src/redis/index.js';
import { ValidationError } from '../../generated/src/index.js';

describe('parseBucketKey reads both clients’ bucket keys', () => {
  const rows: Array<{ given: string; want: BucketRef | undefined }> = [
    { given: 'ip|listCurrencies|public', want: { scope: 'ip', bucket: 'listCurrencies' } },
    { given: 'ip|listCurrencies', want: { scope: 'ip', bucket: 'listCurrencies' } },
    { given: 'uid|transfer|k1a2b3', want: { scope: 'uid', bucket: 'transfer' } },
    {
      given: 'uid+market|spot-place|k1|BTC_USDT',
      want: { scope: 'uid+market', bucket: 'spot-place', market: 'BTC_USDT' },
    },
    { given: 'uid+market|spot-place|k1|', want: { scope: 'uid+market', bucket: 'spot-place', market: '' } },
    { given: 'uid+market|spot-place|k1|A|B', want: { scope: 'uid+market', bucket: 'spot-place', market: 'A|B' } },
    { given: 'uid|transfer', want: undefined },
    { given: 'other|x|y', want: undefined },
    { given: 'ip||public', want: undefined },
  ];
  it.each(rows)('$given', ({ given, want }) => expect(parseBucketKey(given)).toEqual(want));
});

describe('bad options are refused before any I/O, naming the option', () => {
  const redis = { evalsha: () => Promise.resolve(), eval: () => Promise.resolve() };
  const rows: Array<{ given: Record<string, unknown>; want: string }> = [
    { given: { redis: {}, uid: '1' }, want: 'redis' },
    { given: { redis, uid: 'a b' }, want: 'uid' },
    { given: { redis, uid: '{1}' }, want: 'uid' },
    { given: { redis, uid: '1', prefix: 'a b' }, want: 'prefix' },
    { given: { redis, uid: '1', fallbackShare: 0 }, want: 'fallbackShare' },
    { given: { redis, uid: '1', fallbackShare: 1.5 }, want: 'fallbackShare' },
    { given: { redis, uid: '1', timeoutMs: -1 }, want: 'timeoutMs' },
  ];
  it.each(rows)('$want', ({ given, want }) => {
    let error: unknown;
    try {
      new RedisRateLimitStore(given as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(want);
  });
});
