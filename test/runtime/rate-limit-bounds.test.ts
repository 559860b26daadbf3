/**
 * The limiter's bounds (rate-limit.ts): every wait bounded by the call's timeout and signal, a
 * server's 429 wait capped, a live limit lower than the spec's adopted, and idle buckets freed.
 * Fake timers throughout: time moves only when a test says.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, RateLimitError } from '../../generator/targets/typescript/runtime/errors.js';
import {
  DEFAULT_MARGIN_MS,
  RateLimiter,
  type Limit,
  type RateLimitSlot,
} from '../../generator/targets/typescript/runtime/rate-limit.js';
import { outcomeOf } from './helpers/time.js';

const WITHDRAW = { requests: 1, window: 3 };
const TRANSFER = { requests: 80, window: 10 };
const SPOT = { requests: 10, window: 1 };
const M = DEFAULT_MARGIN_MS;
const ctx = { operation: 'withdraw', bucket: 'withdraw' };

const released = async (p: Promise<RateLimitSlot>): Promise<void> => (await p).release();

/** Settles what is settled now (microtasks and timers due at this instant), without moving time. */
const settle = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('every wait is bounded by the call (maxWaitMs = its timeout)', () => {
  it.each([
    {
      name: 'a 429 block longer than the timeout',
      given: {
        setup: (l: RateLimiter): Promise<unknown> =>
          Promise.resolve(l.observe('k', TRANSFER, { status: 429, resetAt: 2000 })),
        limit: TRANSFER,
      },
      want: { waitMs: 2000, resetAt: 2000 },
    },
    {
      name: 'a full bucket whose slot frees later than the timeout allows',
      given: { setup: (l: RateLimiter): Promise<unknown> => released(l.acquire('k', WITHDRAW, ctx)), limit: WITHDRAW },
      want: { waitMs: 3000 + M, resetAt: 3000 + M },
    },
    {
      name: 'every slot in flight: at least one window',
      given: { setup: (l: RateLimiter): Promise<unknown> => l.acquire('k', WITHDRAW, ctx), limit: WITHDRAW },
      want: { waitMs: 3000 + M, resetAt: 3000 + M },
    },
  ])('$name fails at once with RATE_LIMITED_LOCALLY, taking nothing', async ({ given, want }) => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await given.setup(limiter);
    const result = outcomeOf(limiter.acquire('k', given.limit, ctx, 'wait', undefined, 500));
    await settle();
    const { error } = await result;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      status: 0,
      label: 'RATE_LIMITED_LOCALLY',
      resetAt: want.resetAt,
      bucket: 'withdraw',
    });
    expect((error as Error).message).toContain(`${want.waitMs} ms`);
    expect((error as Error).message).toContain('bucket withdraw');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a wait the timeout allows is waited', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire('k', WITHDRAW, ctx));
    let at: number | undefined;
    void released(limiter.acquire('k', WITHDRAW, ctx, 'wait', undefined, 5000).then((s) => ((at = Date.now()), s)));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(at).toBe(3000 + M);
  });

  it('a queued wait that outlasts the timeout ends at the deadline with RATE_LIMITED_LOCALLY', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const held = await limiter.acquire('k', SPOT, ctx);
    for (let i = 1; i < SPOT.requests; i++) await limiter.acquire('k', SPOT, ctx);
    const result = outcomeOf(limiter.acquire('k', SPOT, ctx, 'wait', undefined, 2000));
    await vi.advanceTimersByTimeAsync(1999);
    let settled = false;
    void result.then(() => (settled = true));
    await settle();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { error } = await result;
    expect(error).toMatchObject({ status: 0, label: 'RATE_LIMITED_LOCALLY', bucket: 'withdraw' });
    expect((error as Error).message).toContain('2000 ms');
    // It left the queue: the next caller is served once a slot frees, not after it.
    held.release();
    await expect(released(limiter.acquire('k', SPOT, ctx, 'reject'))).rejects.toBeInstanceOf(RateLimitError);
    await vi.advanceTimersByTimeAsync(1000 + M);
    await expect(released(limiter.acquire('k', SPOT, ctx, 'reject'))).resolves.toBeUndefined();
  });

  it('an abort during a bounded wait ends it at once with AbortError and leaves no timer', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire('k', WITHDRAW, ctx));
    const controller = new AbortController();
    const result = outcomeOf(limiter.acquire('k', WITHDRAW, ctx, 'wait', controller.signal, 10_000));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await settle();
    expect((await result).error).toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a batch shares one deadline across its buckets', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire('b', SPOT, ctx));
    limiter.observe('b', SPOT, { status: 429, resetAt: 900 });
    const result = outcomeOf(limiter.acquire(['a', 'b'], SPOT, ctx, 'wait', undefined, 800));
    await settle();
    expect((await result).error).toMatchObject({ label: 'RATE_LIMITED_LOCALLY', resetAt: 900 });
    await expect(released(limiter.acquire('a', SPOT, ctx, 'reject'))).resolves.toBeUndefined();
  });
});

describe("a server's 429 wait is capped (default: the bucket's window)", () => {
  const HOUR = 3_600_000;
  it.each([
    { name: 'an hour, no cap: the window', given: { limit: WITHDRAW, resetAt: HOUR }, want: 3000 },
    { name: 'an hour, spot placement: 1 s', given: { limit: SPOT, resetAt: HOUR }, want: 1000 },
    { name: 'an hour, cap 10 s', given: { limit: WITHDRAW, resetAt: HOUR, maxBlockMs: 10_000 }, want: 10_000 },
    { name: 'within the window: as asked', given: { limit: WITHDRAW, resetAt: 1200 }, want: 1200 },
    { name: 'no reset time: a window and the margin', given: { limit: WITHDRAW }, want: 3000 + M },
  ])('$name -> blocked until $want', async ({ given, want }) => {
    const limiter = new RateLimiter({ mode: 'reject' });
    const { limit, ...info } = given;
    limiter.observe('k', limit, { status: 429, ...info });
    await expect(limiter.acquire('k', limit, ctx)).rejects.toMatchObject({ resetAt: want });
    await vi.advanceTimersByTimeAsync(want);
    await expect(released(limiter.acquire('k', limit, ctx))).resolves.toBeUndefined();
  });
});

describe("a live limit lower than the spec's is adopted, never a higher one", () => {
  /** How many sends the bucket allows at once after observing `limits` in turn. */
  async function room(limit: Limit, limits: readonly (number | undefined)[]): Promise<number> {
    const limiter = new RateLimiter({ mode: 'reject' });
    for (const live of limits)
      limiter.observe('k', limit, { status: 200, ...(live === undefined ? {} : { limit: live }) });
    let n = 0;
    while (n < 1000 && (await outcomeOf(limiter.acquire('k', limit, ctx))).error === undefined) n++;
    return n;
  }
  it.each([
    { name: 'no header: the spec', given: { limit: SPOT, seen: [undefined] }, want: 10 },
    { name: 'lower: adopted', given: { limit: SPOT, seen: [8] }, want: 8 },
    { name: 'higher: the spec', given: { limit: SPOT, seen: [12] }, want: 10 },
    { name: 'lower then back to the spec', given: { limit: SPOT, seen: [8, 10] }, want: 10 },
    { name: 'lower, then no header: kept', given: { limit: SPOT, seen: [8, undefined] }, want: 8 },
    { name: 'zero: ignored', given: { limit: SPOT, seen: [0] }, want: 10 },
    { name: 'fractional: whole requests only', given: { limit: SPOT, seen: [7.5] }, want: 7 },
  ])('$name -> $want', async ({ given, want }) => {
    expect(await room(given.limit, given.seen)).toBe(want);
  });
});

describe('idle buckets are freed', () => {
  const RAW = { requests: 150, window: 10 };

  it('50 000 distinct keys leave a bounded number of buckets once their windows passed', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    for (let i = 0; i < 50_000; i++) (await limiter.acquire(`raw|/p/${i}`, RAW, ctx)).release();
    await vi.advanceTimersByTimeAsync(RAW.window * 1000 + M + 60_000);
    for (let i = 0; i < 10; i++) (await limiter.acquire(`raw|/q/${i}`, RAW, ctx)).release();
    expect(limiter.bucketCount).toBeLessThanOrEqual(10);
  });

  it('keeps memory bounded while keys keep coming: never more than twice the live buckets (or 1024)', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    let most = 0;
    for (let i = 0; i < 20_000; i++) {
      (await limiter.acquire(`raw|/p/${i}`, RAW, ctx)).release();
      if (i % 100 === 99) await vi.advanceTimersByTimeAsync(1000);
      most = Math.max(most, limiter.bucketCount);
    }
    // 100 new keys per second with a 10 s window: about 1 000 live at any time.
    expect(most).toBeLessThanOrEqual(2 * 1100);
  });

  it('keeps a lower live limit through sweeps for 10 minutes after it was last seen', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    const room = async (): Promise<number> => {
      let n = 0;
      while (n < 100 && (await outcomeOf(released(limiter.acquire('k', SPOT, ctx)))).error === undefined) n++;
      return n;
    };
    limiter.observe('k', SPOT, { status: 200, limit: 8 });
    await vi.advanceTimersByTimeAsync(61_000);
    (await limiter.acquire('other', SPOT, ctx)).release(); // a sweep
    expect(await room()).toBe(8);
    await vi.advanceTimersByTimeAsync(600_000);
    (await limiter.acquire('another', SPOT, ctx)).release(); // a sweep, 10 minutes after the limit was seen
    expect(await room()).toBe(10);
  });

  it('never frees a bucket with a slot in flight, a waiter or a block', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await limiter.acquire('held', WITHDRAW, ctx);
    limiter.observe('blocked', TRANSFER, { status: 429, resetAt: 10_000 });
    await released(limiter.acquire('queued', WITHDRAW, ctx));
    let queuedAt: number | undefined;
    void released(limiter.acquire('queued', WITHDRAW, ctx).then((s) => ((queuedAt = Date.now()), s)));
    await vi.advanceTimersByTimeAsync(2000);
    for (let i = 0; i < 5000; i++) (await limiter.acquire(`raw|/p/${i}`, RAW, ctx)).release();
    await vi.advanceTimersByTimeAsync(1000 + M);
    expect(queuedAt).toBe(3000 + M);
    await expect(limiter.acquire('held', WITHDRAW, ctx, 'reject')).rejects.toBeInstanceOf(RateLimitError);
    await expect(limiter.acquire('blocked', TRANSFER, ctx, 'reject')).rejects.toMatchObject({ resetAt: 10_000 });
  });
});
