/**
 * The pure parts of the Redis rate budget: bucket keys read, Redis keys built (the documented
 * format; the Python client builds the same from test/conformance/redis-keys.json), the fallback share.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fallbackLimit, parseBucketKey, redisKeys, type BucketRef } from '../../generated/src/redis/index.js';
import { RedisRateLimitStore } from '../../generated/src/redis/index.js';
import { ValidationError, type Limit } from '../../generated/src/index.js';

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

/** The table both clients run (the Python suite reads the same file). */
const TABLE = JSON.parse(readFileSync(new URL('../conformance/redis-keys.json', import.meta.url), 'utf8')) as {
  keys: Array<{ name: string; given: { prefix: string; uid: string; key: string }; want: string | null }>;
  fallback: Array<{ given: { requests: number; window: number; share: number }; want: Limit }>;
};

describe('redisKeys: <prefix>:{uid:<uid>}:<bucket>[:<market>]:slots|meta (test/conformance/redis-keys.json)', () => {
  it.each(TABLE.keys)('$name', ({ given, want }) => {
    const ref = parseBucketKey(given.key);
    const got = ref === undefined ? null : redisKeys(given.prefix, given.uid, ref);
    expect(got).toEqual(want === null ? null : { slots: `${want}:slots`, meta: `${want}:meta` });
  });
});

describe('fallbackLimit keeps at most the share of the rate (test/conformance/redis-keys.json)', () => {
  it.each(TABLE.fallback)('$given.requests / $given.window s at $given.share', ({ given, want }) => {
    const got = fallbackLimit(given, given.share);
    expect(got).toEqual(want);
    expect(got.requests / got.window).toBeLessThanOrEqual((given.requests / given.window) * given.share);
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
