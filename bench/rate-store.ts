/**
 * The cost of a rate-limit take: `RateLimiter` (in process) and `RedisRateLimitStore` (one Lua
 * script on a local redis-server, through ioredis) in the same run, one take and its release per
 * call, one call at a time, with a limit no call reaches (no wait is ever measured). The p50 of
 * each, and the Redis one's ratio to the in-process one. Skipped, with the reason, when no
 * redis-server can be started.
 */
import { Redis } from 'ioredis';
import { RateLimiter } from '../generated/src/index.js';
import { RedisRateLimitStore } from '../generated/src/redis/index.js';
import { startRedis } from '../test/support/redis-server.js';
import { percentile, ratio } from './stats.js';

/** One measurement of both stores. */
export interface RateStoreTiming {
  readonly takes: number;
  readonly inProcessP50Us?: number | undefined;
  readonly redisP50Us?: number | undefined;
  /** `redisP50Us / inProcessP50Us`. */
  readonly ratio?: number | undefined;
  readonly error?: string | undefined;
}

interface Store {
  acquire(
    key: string,
    limit: { requests: number; window: number },
    context: { operation: string; bucket: string },
  ): Promise<{ release(): void }>;
}

/** p50 of `takes` takes (µs), after `takes / 10` unmeasured ones. */
async function p50Us(store: Store, takes: number, key: string): Promise<number> {
  const limit = { requests: 1_000_000_000, window: 1 };
  const context = { operation: 'bench', bucket: 'bench' };
  const samples: number[] = [];
  for (let i = 0; i < takes + Math.ceil(takes / 10); i++) {
    const start = process.hrtime.bigint();
    const slot = await store.acquire(key, limit, context);
    const end = process.hrtime.bigint();
    slot.release();
    if (i >= Math.ceil(takes / 10)) samples.push(Number(end - start) / 1000);
  }
  return percentile(samples, 50);
}

/** Measures both stores, interleaved over 3 rounds (each round's p50; the median of the rounds kept). */
export async function measureRateStore(takes: number): Promise<RateStoreTiming> {
  let redisServer: { url: string; stop(): Promise<void> } | undefined;
  let client: { disconnect(): void } | undefined;
  try {
    redisServer = await startRedis();
    const redis = new Redis(redisServer.url);
    client = redis;
    await redis.ping();
    const local = new RateLimiter({ mode: 'wait' });
    const shared = new RedisRateLimitStore({ redis, uid: '1', timeoutMs: 5_000 });
    const inProcess: number[] = [];
    const viaRedis: number[] = [];
    for (let round = 0; round < 3; round++) {
      inProcess.push(await p50Us(local, takes, `uid|bench|r${round}`));
      viaRedis.push(await p50Us(shared, takes, `uid|bench|r${round}`));
    }
    if (shared.fallingBack) throw new Error('Redis failed during the run');
    const inProcessP50Us = percentile(inProcess, 50);
    const redisP50Us = percentile(viaRedis, 50);
    return { takes, inProcessP50Us, redisP50Us, ratio: ratio(redisP50Us, inProcessP50Us) };
  } catch (error) {
    return { takes, error: String((error as Error).message ?? error).slice(0, 200) };
  } finally {
    client?.disconnect();
    await redisServer?.stop();
  }
}
