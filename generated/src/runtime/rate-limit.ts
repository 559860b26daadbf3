/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/rate-limit.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
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
 * The margin (default `DEFAULT_MARGIN_MS`, 25 ms) only covers how the two clocks measure time: the
 * server stamping arrivals in whole milliseconds, the window edge being inclusive or not, and the
 * drift between the two clocks over one window (tens of parts per million: well under a
 * millisecond per 10 s). It does not need to cover the network delay: holding the slot until the
 * answer arrives does.
 *
 * Waiters are served first come, first served, none longer than its call allows (`acquire`).
 * Responses reconcile the log with the server's counters (`observe`). Idle buckets are freed
 * (`#maybeSweep`): memory follows the buckets in use, not every key ever seen.
 */
import { AbortError, RateLimitError } from './errors.js';
import {
  isIdle,
  newBucket,
  observeBucket,
  waitMs,
  windowMs,
  type Bucket,
  type Entry,
  type Limit,
  type ObservedResponse,
  type Waiter,
} from './rate-limit-bucket.js';
import { sleep } from './retry-timing.js';

import type { CallContext, RateLimitMode, RateLimitSlot, RateLimitStore } from './rate-limit-store.js';

export type { Limit, ObservedResponse } from './rate-limit-bucket.js';
export type { CallContext, RateLimitMode, RateLimitSlot, RateLimitStore } from './rate-limit-store.js';

/** Milliseconds added to every window by default; see the module comment for why so little. */
export const DEFAULT_MARGIN_MS = 25;

/** How long the pump sleeps at most before looking at a bucket again when every slot is in flight. */
const MAX_PUMP_SLEEP_MS = 60_000;

/** Idle buckets are freed at least this often (ms), when a call comes. */
const SWEEP_EVERY_MS = 60_000;
/** ...and whenever the bucket count reaches twice what the last sweep left (at least this many). */
const SWEEP_MIN_BUCKETS = 1024;

/** How a `RateLimiter` behaves and which clock it reads. */
export interface RateLimiterOptions {
  /** Default mode for `acquire` calls that do not pass one. */
  mode: RateLimitMode;
  /** Epoch milliseconds; defaults to `Date.now`. */
  now?: () => number;
  /** Sleeps `ms`; rejects when `signal` aborts. Defaults to `setTimeout`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Added to every window, in milliseconds (default `DEFAULT_MARGIN_MS`, 25 ms). */
  safetyMarginMs?: number;
}

/** Limits request rates per bucket key in this process; see the module comment. */
export class RateLimiter implements RateLimitStore {
  readonly #mode: RateLimitMode;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #marginMs: number;
  readonly #buckets = new Map<string, Bucket>();
  #sweepAt = SWEEP_MIN_BUCKETS;
  #sweepDue = 0;

  /** Creates a limiter with no history. */
  constructor(options: RateLimiterOptions) {
    this.#mode = options.mode;
    this.#now = options.now ?? (() => Date.now());
    this.#sleep = options.sleep ?? sleep;
    this.#marginMs = options.safetyMarginMs ?? DEFAULT_MARGIN_MS;
  }

  /** How many buckets the limiter keeps now (for tests and diagnostics). */
  get bucketCount(): number {
    return this.#buckets.size;
  }

  /**
   * Takes one slot in each bucket key (in sorted order, so two calls never wait on each other in a
   * cycle) and resolves once every one is held. In `reject` mode throws `RateLimitError` (status 0,
   * label `RATE_LIMITED_LOCALLY`) when any key is full, taking none; in `off` mode never waits.
   * In `wait` mode waits at most `maxWaitMs` (the call's timeout): a wait known to be longer throws
   * that `RateLimitError` at once, taking none, and a queued wait throws it at the deadline.
   * Honours `signal` (`AbortError`; slots taken so far are given back).
   */
  async acquire(
    keys: string | readonly string[],
    limit: Limit,
    context: CallContext,
    mode: RateLimitMode = this.#mode,
    signal?: AbortSignal,
    maxWaitMs: number = Number.POSITIVE_INFINITY,
  ): Promise<RateLimitSlot> {
    const sorted = [...new Set(typeof keys === 'string' ? [keys] : keys)].sort();
    if (signal?.aborted) throw this.#abortError(context, signal);
    const now = this.#now();
    this.#maybeSweep(now);
    const buckets = sorted.map((key) => this.#bucketFor(key, limit));
    if (mode === 'reject') {
      const wait = Math.max(0, ...buckets.map((b) => (b.queue.length > 0 ? 1 : this.#waitMs(b, now))));
      if (wait > 0)
        throw this.#rejection(limit, context, now + (Number.isFinite(wait) ? wait : windowMs(limit, this.#marginMs)));
    }
    if (mode === 'wait') {
      // The least wait: a slot still in flight could be answered now, at the earliest.
      const least = Math.max(0, ...buckets.map((b) => this.#waitMs(b, now, true)));
      if (least > maxWaitMs)
        throw this.#rejection(limit, context, now + least, `a wait of ${least} ms exceeds the call's ${maxWaitMs} ms`);
    }
    const deadline = now + maxWaitMs;
    const taken: Array<{ bucket: Bucket; entry: Entry }> = [];
    try {
      // Each bucket is looked up again when its turn comes: a sweep during an earlier wait may have freed it.
      for (const key of sorted) {
        const bucket = this.#bucketFor(key, limit);
        taken.push({ bucket, entry: await this.#take(bucket, mode, context, signal, { deadline, maxWaitMs }) });
      }
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
   * (epoch ms), honoured up to `maxBlockMs` from now (default the bucket's window); a window (and
   * the margin) from now when unknown. The server's `limit`, when lower than the spec's, becomes
   * the bucket's count (never a higher one; a later `limit` at or above the spec's restores it).
   * With one key, the server's `remaining` count adds slots to the log when the server has seen
   * more requests than this limiter sent (another process using the same key).
   */
  observe(keys: string | readonly string[], limit: Limit, info: ObservedResponse): void {
    const list = typeof keys === 'string' ? [keys] : [...new Set(keys)];
    const now = this.#now();
    this.#maybeSweep(now);
    for (const key of list)
      observeBucket(this.#bucketFor(key, limit), limit, info, now, this.#marginMs, list.length === 1);
  }

  /**
   * One slot in one bucket: at once when there is room and nobody queues, else in queue order,
   * leaving the queue on abort (`AbortError`) or at the call's deadline (`RateLimitError`).
   */
  #take(
    bucket: Bucket,
    mode: RateLimitMode,
    context: CallContext,
    signal: AbortSignal | undefined,
    bound: { deadline: number; maxWaitMs: number },
  ): Promise<Entry> {
    const now = this.#now();
    if (mode === 'off' || (bucket.queue.length === 0 && this.#waitMs(bucket, now) === 0)) {
      return Promise.resolve(this.#record(bucket));
    }
    return new Promise<Entry>((resolve, reject) => {
      const timer = Number.isFinite(bound.deadline) ? new AbortController() : undefined;
      const leave = (error: unknown): void => {
        waiter.detach();
        const at = bucket.queue.indexOf(waiter);
        if (at < 0) return; // already served
        bucket.queue.splice(at, 1);
        if (bucket.queue.length === 0) bucket.pumpWake?.abort();
        reject(error);
      };
      const onAbort = (): void => leave(this.#abortError(context, signal));
      const waiter: Waiter = {
        resolve,
        reject,
        detach: () => {
          signal?.removeEventListener('abort', onAbort);
          timer?.abort();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      bucket.queue.push(waiter);
      if (timer) {
        this.#sleep(Math.max(0, bound.deadline - now), timer.signal).then(
          () => {
            const at = this.#now();
            const why = `no slot freed within the call's ${bound.maxWaitMs} ms`;
            leave(this.#rejection(bucket.limit, context, at + this.#waitMs(bucket, at, true), why));
          },
          () => undefined, // served or aborted first
        );
      }
      void this.#pump(bucket);
    });
  }

  #bucketFor(key: string, limit: Limit): Bucket {
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      bucket = newBucket(limit);
      this.#buckets.set(key, bucket);
    }
    bucket.limit = limit;
    return bucket;
  }

  /**
   * Frees the buckets with nothing left to remember: no slot within its window, no waiter, no
   * block. Runs when a call comes and the last sweep is a minute old or the count doubled since,
   * so its cost per call stays constant and the count stays within twice the buckets in use.
   */
  #maybeSweep(now: number): void {
    if (this.#buckets.size < this.#sweepAt && now < this.#sweepDue) return;
    for (const [key, bucket] of this.#buckets) if (isIdle(bucket, now, this.#marginMs)) this.#buckets.delete(key);
    this.#sweepAt = Math.max(SWEEP_MIN_BUCKETS, 2 * this.#buckets.size);
    this.#sweepDue = now + SWEEP_EVERY_MS;
  }

  #waitMs(bucket: Bucket, now: number, least = false): number {
    return waitMs(bucket, now, this.#marginMs, least);
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

  /** The local refusal: `why` the call's time does not suffice, else the bucket is full (`reject` mode). */
  #rejection(limit: Limit, context: CallContext, resetAt: number, why?: string): RateLimitError {
    const rule = `at most ${limit.requests} requests per ${limit.window} s in bucket ${context.bucket}`;
    const detail = `${why === undefined ? rule : `${why} (${rule})`}; next slot at ${new Date(resetAt).toISOString()}`;
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
