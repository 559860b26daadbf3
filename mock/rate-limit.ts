/**
 * The exchange's rate limits, from the IR: one sliding window per bucket and scope on the server
 * clock, counted at the time each request ARRIVES (after any simulated network delay). Scope `ip`
 * counts per remote address, `uid` per API key, `uid+market` per API key and market (the field
 * `rateLimit.market` names; a list body counts once in the window of every distinct market its
 * items carry, all or nothing). Only requests that passed signature checks and validation take a slot.
 */
import type { IRRateLimit } from '../generator/ir/types.js';

/** The limiter's answer for one request. */
export interface RateDecision {
  allowed: boolean;
  /** The bucket's request limit per window. */
  limit: number;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** When refused: the Unix second at which a slot frees up. */
  resetSeconds?: number;
}

/** Who a request counts against. */
export interface RateSubject {
  ip: string;
  /** API key of a private request. */
  key?: string | undefined;
  /** The markets of the request, for `uid+market` buckets (one slot in each). */
  markets?: readonly string[] | undefined;
}

/** Sliding-window counters per bucket and scope key. */
export class RateLimiter {
  /** Request times (server ms) per `bucket|scope key`, oldest first. */
  readonly #windows = new Map<string, number[]>();

  /**
   * Counts the request, arrived at `nowMs`, when every window it counts in has a free slot;
   * refuses it otherwise (taking none). The decision reported is that of the fullest window.
   */
  take(limit: IRRateLimit, subject: RateSubject, nowMs: number): RateDecision {
    const windows = this.#windowsOf(limit, subject, nowMs);
    const full = windows.find((times) => times.length >= limit.requests);
    if (full !== undefined) return refused(limit, full);
    for (const times of windows) times.push(nowMs);
    const used = Math.max(...windows.map((t) => t.length));
    return { allowed: true, limit: limit.requests, remaining: limit.requests - used };
  }

  /** The state of the windows without counting anything (for answers that take no slot). */
  peek(limit: IRRateLimit, subject: RateSubject, nowMs: number): RateDecision {
    const windows = this.#windowsOf(limit, subject, nowMs);
    const full = windows.find((times) => times.length >= limit.requests);
    if (full !== undefined) return refused(limit, full);
    const used = Math.max(...windows.map((t) => t.length));
    return { allowed: true, limit: limit.requests, remaining: limit.requests - used };
  }

  #windowsOf(limit: IRRateLimit, subject: RateSubject, nowMs: number): number[][] {
    const markets = limit.scope === 'uid+market' && subject.markets?.length ? subject.markets : [undefined];
    return markets.map((market) =>
      this.#live(limit, { ...subject, markets: market === undefined ? [] : [market] }, nowMs),
    );
  }

  /** Forgets every window. */
  clear(): void {
    this.#windows.clear();
  }

  #live(limit: IRRateLimit, subject: RateSubject, nowMs: number): number[] {
    const id = `${limit.bucket}|${scopeKey(limit, subject)}`;
    let times = this.#windows.get(id);
    if (times === undefined) {
      times = [];
      this.#windows.set(id, times);
    }
    const cutoff = nowMs - limit.window * 1000;
    while (times.length > 0 && (times[0] ?? 0) <= cutoff) times.shift();
    return times;
  }
}

/** The key a request counts under within its bucket. */
export function scopeKey(limit: Pick<IRRateLimit, 'scope'>, subject: RateSubject): string {
  switch (limit.scope) {
    case 'ip':
      return `ip:${subject.ip}`;
    case 'uid':
      return `key:${subject.key ?? `ip:${subject.ip}`}`;
    case 'uid+market':
      return `key:${subject.key ?? `ip:${subject.ip}`}|market:${subject.markets?.[0] ?? ''}`;
  }
}

function refused(limit: IRRateLimit, times: readonly number[]): RateDecision {
  const oldest = times[times.length - limit.requests] ?? times[0] ?? 0;
  return {
    allowed: false,
    limit: limit.requests,
    remaining: 0,
    resetSeconds: Math.ceil((oldest + limit.window * 1000) / 1000),
  };
}
