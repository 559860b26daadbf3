/**
 * Client-side rate limiting: one sliding-window log per bucket key.
 *
 * A bucket allows at most `requests` sends in any `window` seconds (plus a safety margin). A log of
 * send times never lets more through in any interval of that length, so it stays under the limit
 * whether the server counts in fixed or in sliding windows. Waiters are served first come, first
 * served. Responses reconcile the log with the server's own counters (`observe`).
 */
import { AbortError, RateLimitError } from './errors.js';
import type { OperationMeta } from './metadata.js';

/** `wait`: queue until a slot frees; `reject`: throw `RateLimitError` instead of waiting; `off`: never wait. */
export type RateLimitMode = 'wait' | 'reject' | 'off';

/** How a `RateLimiter` behaves and which clock it reads. */
export interface RateLimiterOptions {
  /** Default mode for `acquire` calls that do not pass one. */
  mode: RateLimitMode;
  /** Epoch milliseconds; defaults to `Date.now`. */
  now?: () => number;
  /** Sleeps `ms`; rejects when `signal` aborts. Defaults to `setTimeout`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Added to every window, in milliseconds (default 100). */
  safetyMarginMs?: number;
}

/** A bucket's limit: `requests` per `window` seconds. */
type Limit = { requests: number; window: number };
/** What a waiting caller is doing, for error messages. */
type CallContext = { operation: string; bucket: string };

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
  detach: () => void;
}

interface Bucket {
  /** Send times (epoch ms), ascending; phantom entries from `observe` included. */
  log: number[];
  /** Nothing is sent before this time (epoch ms). */
  blockedUntil: number;
  queue: Waiter[];
  pumping: boolean;
  /** Wakes the pump early when its queue empties. */
  pumpWake: AbortController | undefined;
  limit: Limit;
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Limits request rates per bucket key; see the module comment. */
export class RateLimiter {
  private readonly mode: RateLimitMode;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly marginMs: number;
  private readonly buckets = new Map<string, Bucket>();

  /** Creates a limiter with no history. */
  constructor(options: RateLimiterOptions) {
    this.mode = options.mode;
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? defaultSleep;
    this.marginMs = options.safetyMarginMs ?? 100;
  }

  /** Bucket key: scope + bucket + account (API key or 'public') + market (uid+market: params.currency_pair). */
  static keyFor(
    meta: Pick<OperationMeta, 'rateLimit'>,
    account: string,
    params: Readonly<Record<string, unknown>>,
  ): string {
    const { scope, bucket } = meta.rateLimit;
    if (scope === 'ip') return `ip|${bucket}|public`;
    if (scope === 'uid') return `uid|${bucket}|${account}`;
    const market = params['currency_pair'] as string | null | undefined;
    return `uid+market|${bucket}|${account}|${market ?? ''}`;
  }

  /** Resolves when a request may be sent (and records it); in reject mode throws RateLimitError (status 0, label RATE_LIMITED_LOCALLY); honours signal (AbortError). */
  async acquire(
    key: string,
    limit: Limit,
    context: CallContext,
    mode: RateLimitMode = this.mode,
    signal?: AbortSignal,
  ): Promise<void> {
    if (signal?.aborted) throw this.abortError(context, signal);
    const bucket = this.bucketFor(key, limit);
    const now = this.now();
    if (mode === 'off') return void this.record(bucket, now);
    const wait = this.waitMs(bucket, now);
    if (bucket.queue.length === 0 && wait === 0) return void this.record(bucket, now);
    if (mode === 'reject') {
      const resetAt = now + Math.max(wait, 1);
      const detail = `at most ${limit.requests} requests per ${limit.window} s in bucket ${context.bucket}; next slot at ${new Date(resetAt).toISOString()}`;
      throw new RateLimitError(
        0,
        'RATE_LIMITED_LOCALLY',
        detail,
        {},
        { operation: context.operation, resetAt, bucket: context.bucket },
      );
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const at = bucket.queue.indexOf(waiter);
        if (at >= 0) bucket.queue.splice(at, 1);
        if (bucket.queue.length === 0) bucket.pumpWake?.abort();
        reject(this.abortError(context, signal));
      };
      const waiter: Waiter = { resolve, reject, detach: () => signal?.removeEventListener('abort', onAbort) };
      signal?.addEventListener('abort', onAbort, { once: true });
      bucket.queue.push(waiter);
      void this.pump(bucket);
    });
  }

  /** Reconcile with a response: server-reported remaining/limit and, on 429, the reset time (epoch ms): nothing more is sent in that bucket before it. */
  observe(
    key: string,
    limit: Limit,
    info: { status: number; remaining?: number; limit?: number; resetAt?: number },
  ): void {
    const bucket = this.bucketFor(key, limit);
    const now = this.now();
    this.prune(bucket, now);
    if (info.status === 429) {
      const until = info.resetAt ?? now + this.windowMs(bucket);
      bucket.blockedUntil = Math.max(bucket.blockedUntil, until);
    }
    if (info.remaining !== undefined && Number.isFinite(info.remaining)) {
      const allowed = Math.max(0, this.capacity(bucket) - bucket.log.length);
      const phantoms = allowed - Math.max(0, Math.floor(info.remaining));
      for (let i = 0; i < phantoms; i++) this.insert(bucket, now);
    }
  }

  private bucketFor(key: string, limit: Limit): Bucket {
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { log: [], blockedUntil: 0, queue: [], pumping: false, pumpWake: undefined, limit };
      this.buckets.set(key, bucket);
    }
    bucket.limit = limit;
    return bucket;
  }

  private windowMs(bucket: Bucket): number {
    return bucket.limit.window * 1000 + this.marginMs;
  }

  private capacity(bucket: Bucket): number {
    return Math.max(1, Math.floor(bucket.limit.requests));
  }

  /** Drops log entries whose window has passed. */
  private prune(bucket: Bucket, now: number): void {
    const horizon = now - this.windowMs(bucket);
    let drop = 0;
    while (drop < bucket.log.length && (bucket.log[drop] as number) <= horizon) drop++;
    if (drop > 0) bucket.log.splice(0, drop);
  }

  /** Milliseconds until the bucket may send once more (0: now). */
  private waitMs(bucket: Bucket, now: number): number {
    this.prune(bucket, now);
    const cap = this.capacity(bucket);
    let at = Math.max(now, bucket.blockedUntil);
    if (bucket.log.length >= cap) {
      at = Math.max(at, (bucket.log[bucket.log.length - cap] as number) + this.windowMs(bucket));
    }
    return Math.ceil(at - now);
  }

  private record(bucket: Bucket, now: number): void {
    this.prune(bucket, now);
    this.insert(bucket, now);
  }

  /** Adds a send time, keeping the log ascending even if the clock stepped back. */
  private insert(bucket: Bucket, at: number): void {
    const log = bucket.log;
    let i = log.length;
    while (i > 0 && (log[i - 1] as number) > at) i--;
    log.splice(i, 0, at);
  }

  /** Serves queued waiters in order, sleeping until each may send. One pump per bucket at a time. */
  private async pump(bucket: Bucket): Promise<void> {
    if (bucket.pumping) return;
    bucket.pumping = true;
    try {
      while (bucket.queue.length > 0) {
        const now = this.now();
        const wait = this.waitMs(bucket, now);
        if (wait === 0) {
          const waiter = bucket.queue.shift() as Waiter;
          waiter.detach();
          this.record(bucket, now);
          waiter.resolve();
          continue;
        }
        const wake = new AbortController();
        bucket.pumpWake = wake;
        try {
          await this.sleep(wait, wake.signal);
        } catch {
          // Woken early: the queue emptied (its waiters aborted).
        } finally {
          bucket.pumpWake = undefined;
        }
      }
    } finally {
      bucket.pumping = false;
    }
  }

  private abortError(context: CallContext, signal: AbortSignal | undefined): AbortError {
    return new AbortError(`${context.operation}: aborted while waiting for rate-limit bucket ${context.bucket}`, {
      operation: context.operation,
      cause: signal?.reason,
    });
  }
}
