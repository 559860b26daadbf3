/**
 * `RedisRateLimitStore` against a real redis-server (test/support/redis-server.ts): two stores
 * (two processes' worth) share one budget, through ioredis and a node-redis-shaped client; an
 * answer's 429 and live limit reach the other store; Redis stopped: calls go on under the local
 * fallback, reported once, with every wait bounded.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEvent } from '../../generated/src/index.js';
import { RedisRateLimitStore, type NodeRedisLike } from '../../generated/src/redis/index.js';
import { startRedis } from '../support/redis-server.js';

let server: Awaited<ReturnType<typeof startRedis>>;
let io: Redis;
beforeAll(async () => {
  server = await startRedis();
  io = new Redis(server.url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  io.on('error', () => undefined);
});
afterAll(async () => {
  io.disconnect();
  await server.stop();
});

/** A node-redis-shaped client (`evalSha(sha, { keys, arguments })`) over ioredis. */
const nodeRedisShape = (c: Redis): NodeRedisLike => ({
  evalSha: (sha, o) => c.evalsha(sha, o.keys.length, ...o.keys, ...o.arguments),
  eval: (script, o) => c.eval(script, o.keys.length, ...o.keys, ...o.arguments),
});

const ctx = { operation: 'createOrder', bucket: 'spot-place' };
let n = 0;
/** A fresh bucket key per test, so tests do not share a budget. */
const freshKey = (): string => `uid+market|spot-place|k|M${(n += 1)}`;

describe('two stores on one Redis share one budget', () => {
  it('the limit is taken across both, then both refuse (reject mode), through both client shapes', async () => {
    const a = new RedisRateLimitStore({ redis: io, uid: 10001 });
    const b = new RedisRateLimitStore({ redis: nodeRedisShape(io), uid: '10001' });
    const key = freshKey();
    const limit = { requests: 4, window: 10 };
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await (i % 2 === 0 ? a : b).acquire(key, limit, ctx, 'reject'));
    await expect(a.acquire(key, limit, ctx, 'reject')).rejects.toMatchObject({ label: 'RATE_LIMITED_LOCALLY' });
    await expect(b.acquire(key, limit, ctx, 'reject')).rejects.toMatchObject({ label: 'RATE_LIMITED_LOCALLY' });
    // Another account's bucket of the same name is its own.
    const other = new RedisRateLimitStore({ redis: io, uid: 20002 });
    await expect(other.acquire(key, limit, ctx, 'reject')).resolves.toBeDefined();
    for (const slot of taken) slot.release();
  });

  it('a call in two markets takes both or none', async () => {
    const a = new RedisRateLimitStore({ redis: io, uid: 1 });
    const [x, y] = [freshKey(), freshKey()];
    const limit = { requests: 1, window: 10 };
    await a.acquire(y, limit, ctx, 'reject');
    await expect(a.acquire([x, y], limit, ctx, 'reject')).rejects.toMatchObject({ status: 0 });
    await expect(a.acquire(x, limit, ctx, 'reject')).resolves.toBeDefined(); // x was not taken above
  });

  it('a wait longer than the call allows is refused at once; a short one is waited', async () => {
    const a = new RedisRateLimitStore({ redis: io, uid: 1 });
    const key = freshKey();
    const slot = await a.acquire(key, { requests: 1, window: 0.2 }, ctx);
    slot.release();
    await expect(a.acquire(key, { requests: 1, window: 0.2 }, ctx, 'wait', undefined, 50)).rejects.toMatchObject({
      label: 'RATE_LIMITED_LOCALLY',
    });
    await expect(a.acquire(key, { requests: 1, window: 0.2 }, ctx, 'wait', undefined, 5_000)).resolves.toBeDefined();
  });

  it('a 429 seen by one store blocks the other; a lower live limit becomes the shared count', async () => {
    const a = new RedisRateLimitStore({ redis: io, uid: 3 });
    const b = new RedisRateLimitStore({ redis: io, uid: 3 });
    const [blocked, lowered] = [freshKey(), freshKey()];
    const limit = { requests: 5, window: 10 };
    a.observe(blocked, limit, { status: 429, resetAt: Date.now() + 5_000 });
    a.observe(lowered, limit, { status: 200, limit: 1 });
    await io.ping(); // the observations (not awaited) are ahead of this on the connection
    await expect(b.acquire(blocked, limit, ctx, 'reject')).rejects.toMatchObject({ status: 0 });
    await b.acquire(lowered, limit, ctx, 'reject');
    await expect(b.acquire(lowered, limit, ctx, 'reject')).rejects.toMatchObject({ status: 0 });
  });

  it('the server counting more than the budget (remaining) adds the slots others used', async () => {
    const a = new RedisRateLimitStore({ redis: io, uid: 4 });
    const key = freshKey();
    const limit = { requests: 5, window: 10 };
    a.observe(key, limit, { status: 200, remaining: 1 });
    await io.ping();
    await a.acquire(key, limit, ctx, 'reject');
    await expect(a.acquire(key, limit, ctx, 'reject')).rejects.toMatchObject({ status: 0 });
  });

  it('the UID is read once through the function given, counting locally until it answers', async () => {
    let calls = 0;
    const a = new RedisRateLimitStore({
      redis: io,
      uid: () => {
        calls += 1;
        return Promise.resolve('55501');
      },
    });
    await a.acquire(freshKey(), { requests: 5, window: 1 }, ctx);
    await new Promise((r) => setTimeout(r, 20));
    await a.acquire(freshKey(), { requests: 5, window: 1 }, ctx);
    expect(a.uid).toBe('55501');
    expect(calls).toBe(1);
  });
});

describe('Redis gone', () => {
  it('calls continue under the local fallback at its share, reported once; no wait is unbounded', async () => {
    const own = await startRedis();
    const client = new Redis(own.url, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    client.on('error', () => undefined);
    await new Promise((resolve) => client.once('ready', resolve));
    const events: LogEvent[] = [];
    const store = new RedisRateLimitStore({
      redis: client,
      uid: 9,
      timeoutMs: 100,
      fallbackShare: 0.5,
      logger: (e) => events.push(e),
    });
    const key = freshKey();
    const limit = { requests: 4, window: 10 };
    (await store.acquire(key, limit, ctx, 'reject')).release();
    await own.stop();
    // Half of 4: two more calls go through locally, the third is refused (never sent unlimited).
    const started = Date.now();
    await store.acquire(key, limit, ctx, 'reject');
    await store.acquire(key, limit, ctx, 'reject');
    await expect(store.acquire(key, limit, ctx, 'reject')).rejects.toMatchObject({ label: 'RATE_LIMITED_LOCALLY' });
    await expect(store.acquire(key, limit, ctx, 'wait', undefined, 200)).rejects.toMatchObject({ status: 0 });
    expect(Date.now() - started).toBeLessThan(60_000); // bounded: each Redis call gives up after timeoutMs
    expect(store.fallingBack).toBe(true);
    const reports = events.filter((e) => e.type === 'rate-limit-store');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.reason).toMatch(/local limiter at 50% of each limit/);
    client.disconnect();
  });
});

describe('Redis slow', () => {
  it('a take with no answer within timeoutMs falls back at once, to the calling client’s logger; Redis back is reported', async () => {
    let hang = true;
    const slow = {
      evalsha: (...args: Parameters<Redis['evalsha']>) =>
        hang ? new Promise<never>(() => undefined) : io.evalsha(...args),
      eval: (...args: Parameters<Redis['eval']>) => (hang ? new Promise<never>(() => undefined) : io.eval(...args)),
    };
    const store = new RedisRateLimitStore({ redis: slow, uid: 12, timeoutMs: 50, retryAfterMs: 100 });
    const events: LogEvent[] = [];
    const context = { ...ctx, logger: (e: LogEvent) => events.push(e) };
    const key = freshKey();
    const started = Date.now();
    await store.acquire(key, { requests: 8, window: 10 }, context);
    expect(Date.now() - started).toBeLessThan(5_000); // the 50 ms bound, with room for a loaded machine
    expect(store.fallingBack).toBe(true);
    expect(events.map((e) => e.reason)).toEqual([
      expect.stringMatching(/did not answer within 50 ms.*25% of each limit/),
    ]);
    hang = false;
    await new Promise((r) => setTimeout(r, 150));
    await store.acquire(key, { requests: 8, window: 10 }, context);
    expect(store.fallingBack).toBe(false);
    expect(events.map((e) => e.reason)).toEqual([expect.any(String), expect.stringMatching(/answers again/)]);
  });
});
