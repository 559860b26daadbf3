/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/rate-limit-bucket.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * One rate-limit bucket's state and the pure arithmetic on it, for `RateLimiter` (rate-limit.ts):
 * the slots it holds, when it may send next, what a response teaches it, and whether it is idle
 * enough to be freed. No timers and no I/O here.
 */

/** How long a live limit lower than the spec's is remembered after it was last seen (ms), even when idle. */
export const LIVE_LIMIT_KEEP_MS = 600_000;

/** A bucket's limit: `requests` per `window` seconds. */
export type Limit = { readonly requests: number; readonly window: number };

/** One request's slot: `end` is when its answer arrived (`Infinity` while in flight). */
export interface Entry {
  end: number;
}

/** A caller queued for a slot. */
export interface Waiter {
  resolve: (entry: Entry) => void;
  reject: (error: unknown) => void;
  /** Stops listening for the caller's abort and its deadline. */
  detach: () => void;
}

/** The log of one bucket key. */
export interface Bucket {
  entries: Entry[];
  /** Nothing is sent before this time (epoch ms). */
  blockedUntil: number;
  queue: Waiter[];
  pumping: boolean;
  /** Wakes the pump early: a slot was released, or its queue emptied. */
  pumpWake: AbortController | undefined;
  limit: Limit;
  /** The server's own limit (`X-…-RateLimit-Limit`) while lower than the spec's. */
  liveRequests: number | undefined;
  /** When the server last sent its limit (epoch ms). */
  liveSeenAt: number;
}

/** What a response tells the limiter (see `RateLimiter.observe`). */
export interface ObservedResponse {
  readonly status: number;
  /** The server's remaining count in its window. */
  readonly remaining?: number | undefined;
  /** The server's limit for the bucket; adopted while lower than the spec's. */
  readonly limit?: number | undefined;
  /** Epoch ms at which the server reopens the bucket (a 429's reset header or `Retry-After`). */
  readonly resetAt?: number | undefined;
  /** The longest a 429's `resetAt` is honoured, from now (ms); default the bucket's window. */
  readonly maxBlockMs?: number | undefined;
}

/** A bucket with no history. */
export function newBucket(limit: Limit): Bucket {
  return {
    entries: [],
    blockedUntil: 0,
    queue: [],
    pumping: false,
    pumpWake: undefined,
    limit,
    liveRequests: undefined,
    liveSeenAt: 0,
  };
}

/** How long a slot lasts after its answer: the window plus the margin (ms). */
export function windowMs(limit: Limit, marginMs: number): number {
  return limit.window * 1000 + marginMs;
}

/** The spec's count, or the server's live one while lower; at least 1. */
function capacity(bucket: Bucket): number {
  return Math.max(1, Math.min(Math.floor(bucket.limit.requests), bucket.liveRequests ?? Number.POSITIVE_INFINITY));
}

/** Drops slots whose answer came more than a window (plus margin) ago. */
function prune(bucket: Bucket, now: number, marginMs: number): void {
  const horizon = now - windowMs(bucket.limit, marginMs);
  if (bucket.entries.some((e) => e.end <= horizon)) bucket.entries = bucket.entries.filter((e) => e.end > horizon);
}

/**
 * Milliseconds until the bucket may send once more (0: now; `Infinity`: when an answer arrives).
 * `least`: the shortest it can be, taking every slot still in flight as answered now.
 */
export function waitMs(bucket: Bucket, now: number, marginMs: number, least = false): number {
  prune(bucket, now, marginMs);
  let at = Math.max(now, bucket.blockedUntil);
  const excess = bucket.entries.length - capacity(bucket) + 1;
  if (excess > 0) {
    const ends = bucket.entries.map((e) => (least ? Math.min(e.end, now) : e.end)).sort((a, b) => a - b);
    at = Math.max(at, (ends[excess - 1] as number) + windowMs(bucket.limit, marginMs));
  }
  return Number.isFinite(at) ? Math.ceil(at - now) : Number.POSITIVE_INFINITY;
}

/**
 * Applies a response to one bucket of the call (`only`: the call counted in this bucket alone).
 * A 429 blocks it until `resetAt`, at most `maxBlockMs` (default: the window) from now, or a
 * window and the margin when the server gave no time. A live `limit` below the spec's becomes its
 * count; one at or above the spec's restores the spec's. With one bucket, `remaining` adds the
 * slots the server counted and this log did not (another process on the same key).
 */
export function observeBucket(
  bucket: Bucket,
  limit: Limit,
  info: ObservedResponse,
  now: number,
  marginMs: number,
  only: boolean,
): void {
  prune(bucket, now, marginMs);
  if (info.status === 429) {
    const cap = now + (info.maxBlockMs ?? limit.window * 1000);
    const until = info.resetAt === undefined ? now + windowMs(limit, marginMs) : Math.min(info.resetAt, cap);
    bucket.blockedUntil = Math.max(bucket.blockedUntil, until);
  }
  if (info.limit !== undefined && Number.isFinite(info.limit) && info.limit >= 1) {
    const live = Math.floor(info.limit);
    bucket.liveRequests = live < Math.floor(limit.requests) ? live : undefined;
    bucket.liveSeenAt = now;
  }
  if (only && info.remaining !== undefined && Number.isFinite(info.remaining)) {
    const allowed = Math.max(0, capacity(bucket) - bucket.entries.length);
    const phantoms = allowed - Math.max(0, Math.floor(info.remaining));
    for (let i = 0; i < phantoms; i++) bucket.entries.push({ end: now });
  }
}

/**
 * Nothing left to remember: no slot within its window, no waiter, no block, and no lower live
 * limit seen in the last {@link LIVE_LIMIT_KEEP_MS}.
 */
export function isIdle(bucket: Bucket, now: number, marginMs: number): boolean {
  if (bucket.queue.length > 0 || bucket.pumping || bucket.blockedUntil > now) return false;
  if (bucket.liveRequests !== undefined && now - bucket.liveSeenAt < LIVE_LIMIT_KEEP_MS) return false;
  prune(bucket, now, marginMs);
  return bucket.entries.length === 0;
}
