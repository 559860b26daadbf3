/**
 * `exchange-v4/redis`: rate-limit buckets shared through Redis by every process of one account.
 * Bring your own client (`ioredis` or `redis`); nothing here imports one. See the README section
 * "Running many bots on one account" and docs/redis-rate-budget.md.
 */
export { RedisRateLimitStore } from './redis-store.js';
export {
  DEFAULT_REDIS_TIMEOUT_MS,
  DEFAULT_RETRY_AFTER_MS,
  MAX_WAIT_MS,
  type RedisRateLimitStoreOptions,
} from './redis-options.js';
export { accountUid, type UidSource } from './redis-uid.js';
export {
  DEFAULT_FALLBACK_SHARE,
  DEFAULT_PREFIX,
  fallbackLimit,
  parseBucketKey,
  redisKeys,
  type BucketRef,
} from './redis-keys.js';
export type { IoRedisLike, LuaScript, NodeRedisLike, RedisScriptClient } from './redis-client.js';
export { SETTLE_SCRIPT, TAKE_SCRIPT } from './scripts.js';
