/**
 * The pure parts of the Redis rate budget: bucket keys read, Redis keys built (the documented
 * format, which the Python client builds too: test/python/test_redis_store.py), the fallback share.
 */
import { describe, expect, it } from 'vitest';
import { fallbackLimit, parseBucketKey, redisKeys, type BucketRef } from '../../generated/src/redis/index.js';
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

describe('redisKeys: <prefix>:{uid:<uid>}:<bucket>[:<market>]:slots|meta', () => {
  const rows: Array<{ given: [string, string, BucketRef]; want: string }> = [
    { given: ['p', '10001', { scope: 'uid', bucket: 'transfer' }], want: 'p:{uid:10001}:transfer' },
    {
      given: ['exchange-v4:rl', '7', { scope: 'uid+market', bucket: 'spot-place', market: 'BTC_USDT' }],
      want: 'exchange-v4:rl:{uid:7}:spot-place:BTC_USDT',
    },
    { given: ['p', '7', { scope: 'uid+market', bucket: 'b', market: '' }], want: 'p:{uid:7}:b:' },
    { given: ['p', '7', { scope: 'ip', bucket: 'listCurrencies' }], want: 'p:{ip}:listCurrencies' },
    // `%`, `:`, `{`, `}` in a part are escaped: parts never run together and the hash tag holds.
    { given: ['p', '7', { scope: 'uid+market', bucket: 'b', market: 'X:{Y}%' }], want: 'p:{uid:7}:b:X%3A%7BY%7D%25' },
  ];
  it.each(rows)('$want', ({ given, want }) =>
    expect(redisKeys(...given)).toEqual({ slots: `${want}:slots`, meta: `${want}:meta` }),
  );
});

describe('fallbackLimit keeps at most the share of the rate', () => {
  const rows = [
    { given: { limit: { requests: 10, window: 1 }, share: 0.25 }, want: { requests: 2, window: 1 } },
    { given: { limit: { requests: 80, window: 10 }, share: 0.25 }, want: { requests: 20, window: 10 } },
    { given: { limit: { requests: 200, window: 1 }, share: 1 }, want: { requests: 200, window: 1 } },
    // Too few requests to split: one per a longer window.
    { given: { limit: { requests: 1, window: 3 }, share: 0.25 }, want: { requests: 1, window: 12 } },
    { given: { limit: { requests: 15, window: 10 }, share: 0.05 }, want: { requests: 1, window: 10 / 0.75 } },
  ];
  it.each(rows)('$given.limit.requests / $given.limit.window s at $given.share', ({ given, want }) => {
    const got = fallbackLimit(given.limit, given.share);
    expect(got).toEqual(want);
    expect(got.requests / got.window).toBeLessThanOrEqual((given.limit.requests / given.limit.window) * given.share);
  });
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
