/**
 * `exchange-v4/redis`: what works with the program's own Redis client (`ioredis` or `redis`; nothing
 * here imports one): rate-limit buckets shared by every process of one account
 * (`RedisRateLimitStore`, docs/redis-rate-budget.md) and the outcome journal in a Redis hash
 * (`redisJournal`, docs/outcome-journal.md). See the README section "Running many bots on one account".
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
export {
  redisJournal,
  hashPairs,
  DEFAULT_JOURNAL_KEY,
  type IoRedisLike as IoRedisCommandLike,
  type NodeRedisLike as NodeRedisCommandLike,
  type RedisJournalOptions,
} from '../runtime/journal-redis.js';
