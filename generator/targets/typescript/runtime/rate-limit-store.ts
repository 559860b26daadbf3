/**
 * Where a client counts its rate limits. `RateLimiter` (rate-limit.ts) keeps the buckets in this
 * process, the default; `RedisRateLimitStore` (the package's `exchange-v4/redis` entry) keeps them
 * in Redis so every process of one account draws on one budget. Any object with these two methods
 * can be given as the client's `limiter`.
 */
import type { Logger } from './logger.js';
import type { Limit, ObservedResponse } from './rate-limit-bucket.js';

/** `wait`: queue until a slot frees; `reject`: throw `RateLimitError` instead of waiting; `off`: never wait. */
export type RateLimitMode = 'wait' | 'reject' | 'off';

/** The call waiting for a slot: for error messages and, for stores that have any, their events. */
export interface CallContext {
  readonly operation: string;
  readonly bucket: string;
  /** The calling client's logger (a store reports its own events there). */
  readonly logger?: Logger | undefined;
}

/**
 * The slots one request holds (one per bucket key). Call `release()` when its answer arrived or
 * the attempt ended without one: the slots then expire a window (plus the margin) later.
 */
export interface RateLimitSlot {
  /** Marks the request answered (or given up on) now. Calling it again does nothing. */
  release(): void;
}

/** A rate-limit store: takes slots before a request is sent and learns from its answer. */
export interface RateLimitStore {
  /**
   * Takes one slot in each bucket key and resolves once every one is held. `reject` mode throws
   * `RateLimitError` (status 0, label `RATE_LIMITED_LOCALLY`) instead of waiting; `off` never
   * waits; `wait` waits at most `maxWaitMs`. Honours `signal` (`AbortError`).
   */
  acquire(
    keys: string | readonly string[],
    limit: Limit,
    context: CallContext,
    mode?: RateLimitMode,
    signal?: AbortSignal,
    maxWaitMs?: number,
  ): Promise<RateLimitSlot>;
  /** Reconciles the buckets with a response's status and rate-limit counters. */
  observe(keys: string | readonly string[], limit: Limit, info: ObservedResponse): void;
}
