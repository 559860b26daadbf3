/**
 * `exchange-v4/redis`: what works with the program's own Redis client (`ioredis` or `redis`,
 * neither a dependency of the package): the outcome journal in a Redis hash, shared by processes
 * on several machines. Pass `redisJournal(redis)` as the client's `outcomeJournal` option.
 */
export {
  redisJournal,
  hashPairs,
  DEFAULT_JOURNAL_KEY,
  type IoRedisLike,
  type NodeRedisLike,
  type RedisJournalOptions,
} from './runtime/journal-redis.js';
