/**
 * Client-side rate limiting: one log of slots per bucket key.
 *
 * The server counts a request when it ARRIVES, and the client cannot see when that is: only that it
 * lies between the moment the request was sent and the moment its answer came back. So a request
 * holds its slot from the moment it is sent (the slot is taken just before sending, never while
 * queued) until its answer arrives plus the window plus a small margin. Then any N + 1 requests
 * whose arrivals fit in one window of the server's would have to include one sent while the other
 * N still held their slots, which the limiter never allows: a server counting by arrival time, in
 * sliding or fixed windows, never sees more than the limit, whatever the network delay.
 *
 * The margin (default {@link DEFAULT_MARGIN_MS}) only covers how the two clocks measure time: the
 * server stamping arrivals in whole milliseconds, the window edge being inclusive or not, and the
 * drift between the two clocks over one window (tens of parts per million: well under a
 * millisecond per 10 s). It does not need to cover the network delay: holding the slot until the
 * answer arrives does.
 *
 * Waiters are served first come, first served. Responses reconcile the log with the server's own
 * counters (`observe`); after a 429 nothing is sent in the bucket before the reset time.
 */
import { AbortError, RateLimitError } from './errors.js';
import { sleep } from './retry-timing.js';

/** `wait`: queue until a slot frees; `reject`: throw `RateLimitError` instead of waiting; `off`: never wait. */
export type RateLimitMode = 'wait' | 'reject' | 'off';

/** Milliseconds added to every window by default; see the module comment for why so little. */
export const DEFAULT_MARGIN_MS = 25;

/** How long the pump sleeps at most before looking at a bucket again when every slot is in flight. */
const MAX_PUMP_SLEEP_MS = 60_000;

/** How a `RateLimiter` behaves and which clock it reads. */
export interface RateLimiterOptions {
  /** Default mode for `acquire` calls that do not pass one. */
  mode: RateLimitMode;
  /** Epoch milliseconds; defaults to `Date.now`. */
  now?: () => number;
  /** Sleeps `ms`; rejects when `signal` aborts. Defaults to `setTimeout`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Added to every window, in milliseconds (default {@link DEFAULT_MARGIN_MS}). */
  safetyMarginMs?: number;
}

/** A bucket's limit: `requests` per `window` seconds. */
export type Limit = { readonly requests: number; readonly window: number };
/** What a waiting caller is doing, for error messages. */
type CallContext = { operation: string; bucket: string };

/**
 * The slots one request holds (one per bucket key). Call `release()` when its answer arrived or
 * the attempt ended without one: the slots then expire a window (plus the margin) later.
 */
export interface RateLimitSlot {
  /** Marks the request answered (or given up on) now. Calling it again does nothing. */
  release(): void;
}

/** One request's slot: `end` is when its answer arrived (`Infinity` while in flight). */
interface Entry {
  end: number;
}

interface Waiter {
  resolve: (entry: Entry) => void;
  reject: (error: unknown) => void;
  detach: () => void;
}

interface Bucket {
  entries: Entry[];
  /** Nothing is sent before this time (epoch ms). */
  blockedUntil: number;
  queue: Waiter[];
  pumping: boolean;
  /** Wakes the pump early: a slot was released, or its queue emptied. */
  pumpWake: AbortController | undefined;
  limit: Limit;
}

/** Limits request rates per bucket key; see the module comment. */
export class RateLimiter {
  readonly #mode: RateLimitMode;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #marginMs: number;
  readonly #buckets = new Map<string, Bucket>();

  /** Creates a limiter with no history. */
  constructor(options: RateLimiterOptions) {
    this.#mode = options.mode;
    this.#now = options.now ?? (() => Date.now());
    this.#sleep = options.sleep ?? sleep;
    this.#marginMs = options.safetyMarginMs ?? DEFAULT_MARGIN_MS;
  }

  /**
   * Takes one slot in each bucket key (in sorted order, so two calls never wait on each other in a
   * cycle) and resolves once every one is held. In `reject` mode throws `RateLimitError` (status 0,
   * label `RATE_LIMITED_LOCALLY`) when any key is full, taking none; in `off` mode never waits.
   * Honours `signal` (`AbortError`; slots taken so far are given back).
   */
  async acquire(
    keys: string | readonly string[],
    limit: Limit,
    context: CallContext,
    mode: RateLimitMode = this.#mode,
    signal?: AbortSignal,
  ): Promise<RateLimitSlot> {
    const sorted = [...new Set(typeof keys === 'string' ? [keys] : keys)].sort();
    if (signal?.aborted) throw this.#abortError(context, signal);
    const buckets = sorted.map((key) => this.#bucketFor(key, limit));
    const now = this.#now();
    if (mode === 'reject') {
      const wait = Math.max(0, ...buckets.map((b) => (b.queue.length > 0 ? 1 : this.#waitMs(b, now))));
      if (wait > 0) throw this.#rejection(limit, context, now + (Number.isFinite(wait) ? wait : this.#windowMs(limit)));
    }
    const taken: Array<{ bucket: Bucket; entry: Entry }> = [];
    try {
      for (const bucket of buckets) taken.push({ bucket, entry: await this.#take(bucket, mode, context, signal) });
    } catch (error) {
      for (const { bucket, entry } of taken) this.#drop(bucket, entry);
      throw error;
    }
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const end = this.#now();
        for (const { bucket, entry } of taken) {
          entry.end = end;
          bucket.pumpWake?.abort();
        }
      },
    };
  }

  /**
   * Reconciles with a response: on 429 nothing more is sent in these buckets before `resetAt`
   * (epoch ms; a window from now when unknown). With one key, the server's `remaining` count
   * adds slots to the log when the server has seen more requests than this limiter sent (another
   * process using the same key).
   */
  observe(
    keys: string | readonly string[],
    limit: Limit,
    info: { status: number; remaining?: number; limit?: number; resetAt?: number },
  ): void {
    const list = typeof keys === 'string' ? [keys] : [...new Set(keys)];
    const now = this.#now();
    for (const key of list) {
      const bucket = this.#bucketFor(key, limit);
      this.#prune(bucket, now);
      if (info.status === 429) {
        bucket.blockedUntil = Math.max(bucket.blockedUntil, info.resetAt ?? now + this.#windowMs(limit));
      }
      if (list.length === 1 && info.remaining !== undefined && Number.isFinite(info.remaining)) {
        const allowed = Math.max(0, this.#capacity(bucket) - bucket.entries.length);
        const phantoms = allowed - Math.max(0, Math.floor(info.remaining));
        for (let i = 0; i < phantoms; i++) bucket.entries.push({ end: now });
      }
    }
  }

  /** One slot in one bucket: at once when there is room and nobody queues, else in queue order. */
  #take(bucket: Bucket, mode: RateLimitMode, context: CallContext, signal?: AbortSignal): Promise<Entry> {
    const now = this.#now();
    if (mode === 'off' || (bucket.queue.length === 0 && this.#waitMs(bucket, now) === 0)) {
      return Promise.resolve(this.#record(bucket));
    }
    return new Promise<Entry>((resolve, reject) => {
      const onAbort = (): void => {
        const at = bucket.queue.indexOf(waiter);
        if (at >= 0) bucket.queue.splice(at, 1);
        if (bucket.queue.length === 0) bucket.pumpWake?.abort();
        reject(this.#abortError(context, signal));
      };
      const waiter: Waiter = { resolve, reject, detach: () => signal?.removeEventListener('abort', onAbort) };
      signal?.addEventListener('abort', onAbort, { once: true });
      bucket.queue.push(waiter);
      void this.#pump(bucket);
    });
  }

  #bucketFor(key: string, limit: Limit): Bucket {
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      bucket = { entries: [], blockedUntil: 0, queue: [], pumping: false, pumpWake: undefined, limit };
      this.#buckets.set(key, bucket);
    }
    bucket.limit = limit;
    return bucket;
  }

  #windowMs(limit: Limit): number {
    return limit.window * 1000 + this.#marginMs;
  }

  #capacity(bucket: Bucket): number {
    return Math.max(1, Math.floor(bucket.limit.requests));
  }

  /** Drops slots whose answer came more than a window (plus margin) ago. */
  #prune(bucket: Bucket, now: number): void {
    const horizon = now - this.#windowMs(bucket.limit);
    bucket.entries = bucket.entries.filter((e) => e.end > horizon);
  }

  /** Milliseconds until the bucket may send once more (0: now; `Infinity`: when an answer arrives). */
  #waitMs(bucket: Bucket, now: number): number {
    this.#prune(bucket, now);
    let at = Math.max(now, bucket.blockedUntil);
    const excess = bucket.entries.length - this.#capacity(bucket) + 1;
    if (excess > 0) {
      const ends = bucket.entries.map((e) => e.end).sort((a, b) => a - b);
      at = Math.max(at, (ends[excess - 1] as number) + this.#windowMs(bucket.limit));
    }
    return Number.isFinite(at) ? Math.ceil(at - now) : Number.POSITIVE_INFINITY;
  }

  #record(bucket: Bucket): Entry {
    const entry: Entry = { end: Number.POSITIVE_INFINITY };
    bucket.entries.push(entry);
    return entry;
  }

  /** Gives back a slot that was never used to send (the call was aborted while waiting for another key). */
  #drop(bucket: Bucket, entry: Entry): void {
    bucket.entries = bucket.entries.filter((e) => e !== entry);
    bucket.pumpWake?.abort();
  }

  /** Serves queued waiters in order, sleeping until each may send. One pump per bucket at a time. */
  async #pump(bucket: Bucket): Promise<void> {
    if (bucket.pumping) return;
    bucket.pumping = true;
    try {
      while (bucket.queue.length > 0) {
        const wait = this.#waitMs(bucket, this.#now());
        if (wait === 0) {
          const waiter = bucket.queue.shift() as Waiter;
          waiter.detach();
          waiter.resolve(this.#record(bucket));
          continue;
        }
        const wake = new AbortController();
        bucket.pumpWake = wake;
        try {
          await this.#sleep(Math.min(wait, MAX_PUMP_SLEEP_MS), wake.signal);
        } catch {
          // Woken early: a slot was released or the queue emptied.
        } finally {
          bucket.pumpWake = undefined;
        }
      }
    } finally {
      bucket.pumping = false;
    }
  }

  #rejection(limit: Limit, context: CallContext, resetAt: number): RateLimitError {
    const detail = `at most ${limit.requests} requests per ${limit.window} s in bucket ${context.bucket}; next slot at ${new Date(resetAt).toISOString()}`;
    return new RateLimitError(
      0,
      'RATE_LIMITED_LOCALLY',
      detail,
      {},
      { operation: context.operation, resetAt, bucket: context.bucket },
    );
  }

  #abortError(context: CallContext, signal: AbortSignal | undefined): AbortError {
    return new AbortError(`${context.operation}: aborted while waiting for rate-limit bucket ${context.bucket}`, {
      operation: context.operation,
      cause: signal?.reason,
    });
  }
}
