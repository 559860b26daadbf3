/*
 * Copied by exchange-v4 from generator/targets/typescript/redis/redis-options.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Options of `RedisRateLimitStore` (redis-store.ts), their defaults and checks.
 */
import { ValidationError } from '../runtime/errors.js';
import type { Logger } from '../runtime/logger.js';
import type { RedisScriptClient } from './redis-client.js';
import type { UidSource } from './redis-uid.js';

/** Default longest wait for one Redis answer (ms) before the call falls back to the local limiter. */
export const DEFAULT_REDIS_TIMEOUT_MS = 250;
/** Default time (ms) the store stays on the local limiter after a Redis failure before trying again. */
export const DEFAULT_RETRY_AFTER_MS = 1_000;
/** The longest a wait for a slot may last when the call sets no bound (ms). */
export const MAX_WAIT_MS = 60_000;
/** How long an unanswered request holds its slot at most when the call sets no timeout (ms). */
export const DEFAULT_HOLD_MS = 30_000;

/** Options of {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /** Your Redis client: `ioredis` (`new Redis(url)`) or node-redis (`createClient()`, connected). */
  readonly redis: RedisScriptClient;
  /**
   * The account's UID (main account or sub-account): the server counts private limits per UID.
   * Or a function that returns it, called once (e.g. {@link accountUid}); until it has answered,
   * calls count in the local fallback limiter.
   */
  readonly uid: UidSource;
  /** First part of every Redis key (default `exchange-v4:rl`); see docs/redis-rate-budget.md. */
  readonly prefix?: string | undefined;
  /** Share of each limit this process keeps while Redis cannot be reached: above 0, at most 1 (default 0.25). */
  readonly fallbackShare?: number | undefined;
  /** Longest wait for one Redis answer (ms, default 250) before falling back. */
  readonly timeoutMs?: number | undefined;
  /** Time on the local limiter after a failure before Redis is tried again (ms, default 1,000). */
  readonly retryAfterMs?: number | undefined;
  /** Added to every window (ms, default 25), as in `RateLimiter`. */
  readonly safetyMarginMs?: number | undefined;
  /** Receives the store's `rate-limit-store` events (default: the logger of the calling client). */
  readonly logger?: Logger | undefined;
}

/** Throws `ValidationError` unless `value` is a positive number of milliseconds. */
export function positive(field: string, value: unknown): number {
  if (typeof value !== 'number' || !(Number.isFinite(value) && value > 0))
    throw new ValidationError(field, value, 'range', 'must be a positive number of milliseconds');
  return value;
}
