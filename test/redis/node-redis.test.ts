/**
 * The real `redis` (node-redis) package against a real redis-server, beside ioredis: a rate budget
 * taken through node-redis counts for an ioredis store of the same account (one Lua script, one
 * bucket), and an outcome journal written through one client is read and cleared through the
 * other. Nothing here uses an adapter: each client is passed as the program would pass it.
 */
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimitStore, redisJournal } from '../../generated/src/redis/index.js';
import { startRedis } from '../support/redis-server.js';

let server: Awaited<ReturnType<typeof startRedis>>;
let io: Redis;
let nodeRedis: ReturnType<typeof createClient>;
beforeAll(async () => {
  server = await startRedis();
  io = new Redis(server.url, { maxRetriesPerRequest: 1 });
  io.on('error', () => undefined);
  nodeRedis = createClient({ url: server.url });
  nodeRedis.on('error', () => undefined);
  await nodeRedis.connect();
});
afterAll(async () => {
  await nodeRedis.quit();
  io.disconnect();
  await server.stop();
});

const ctx = { operation: 'createOrder', bucket: 'spot-place' };

describe('node-redis and ioredis on one account', () => {
  it('share one rate budget: slots taken through either count for both', async () => {
    const viaNodeRedis = new RedisRateLimitStore({ redis: nodeRedis, uid: 777 });
    const viaIoredis = new RedisRateLimitStore({ redis: io, uid: '777' });
    const key = 'uid+market|spot-place|k|NODE_REDIS';
    const limit = { requests: 3, window: 10 };
    const slots = [
      await viaNodeRedis.acquire(key, limit, ctx, 'reject'),
      await viaIoredis.acquire(key, limit, ctx, 'reject'),
      await viaNodeRedis.acquire(key, limit, ctx, 'reject'),
    ];
    await expect(viaIoredis.acquire(key, limit, ctx, 'reject')).rejects.toMatchObject({
      label: 'RATE_LIMITED_LOCALLY',
    });
    await expect(viaNodeRedis.acquire(key, limit, ctx, 'reject')).rejects.toMatchObject({
      label: 'RATE_LIMITED_LOCALLY',
    });
    for (const slot of slots) slot.release();
  });

  it('share one outcome journal: written through node-redis, read and cleared through ioredis', async () => {
    const key = `test:journal:node-redis:${Date.now()}`;
    const entry = {
      id: 'c'.repeat(32),
      operation: 'withdraw',
      field: 'withdraw_order_id',
      value: 'nr-1',
      targets: [{ value: 'nr-1', with: {} }],
      paramsHash: 'd'.repeat(128),
      sentAtMs: 1_700_000_000_000,
      account: 'f'.repeat(16),
    };
    await redisJournal(nodeRedis, { key }).record(entry);
    const other = redisJournal(io, { key });
    expect(await other.pending()).toEqual([entry]);
    await other.clear(entry.id);
    expect(await redisJournal(nodeRedis, { key }).pending()).toEqual([]);
  });
});
