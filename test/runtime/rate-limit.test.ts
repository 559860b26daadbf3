import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, RateLimitError } from '../../templates/typescript/runtime/errors.js';
import type { OperationMeta } from '../../templates/typescript/runtime/metadata.js';
import { RateLimiter } from '../../templates/typescript/runtime/rate-limit.js';

const WITHDRAW = { requests: 1, window: 3 };
const TRANSFER = { requests: 80, window: 10 };
const ctx = { operation: 'withdraw', bucket: 'withdraw' };

/** Starts `n` acquisitions at once; returns the (fake) time each was granted, in call order. */
function acquireMany(
  limiter: RateLimiter,
  n: number,
  limit = WITHDRAW,
  key = 'k',
): { granted: (number | undefined)[]; all: Promise<void[]> } {
  const granted: (number | undefined)[] = Array.from({ length: n }, () => undefined);
  const all = Promise.all(
    granted.map((_, i) =>
      limiter.acquire(key, limit, ctx).then(() => {
        granted[i] = Date.now();
      }),
    ),
  );
  return { granted, all };
}

/** Largest number of grant times inside any half-open interval [t, t + windowMs). */
function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  let max = 0;
  for (const start of times) max = Math.max(max, times.filter((t) => t >= start && t < start + windowMs).length);
  return max;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RateLimiter.keyFor', () => {
  type Scope = OperationMeta['rateLimit']['scope'];
  const key = ([scope, bucket, account, pair]: readonly [Scope, string, string, string?]): string =>
    RateLimiter.keyFor(
      { rateLimit: { bucket, requests: 10, window: 1, scope } },
      account,
      pair === undefined ? {} : { currency_pair: pair },
    );
  it.each([
    {
      name: 'uid differs per API key',
      given: [
        ['uid', 'b', 'key-A'],
        ['uid', 'b', 'key-B'],
      ] as const,
      want: 'different',
    },
    {
      name: 'uid differs per bucket',
      given: [
        ['uid', 'x', 'key-A'],
        ['uid', 'y', 'key-A'],
      ] as const,
      want: 'different',
    },
    {
      name: 'uid ignores currency_pair',
      given: [
        ['uid', 'b', 'key-A', 'BTC_USDT'],
        ['uid', 'b', 'key-A', 'ETH_USDT'],
      ] as const,
      want: 'same',
    },
    {
      name: 'uid+market differs per pair',
      given: [
        ['uid+market', 'b', 'key-A', 'BTC_USDT'],
        ['uid+market', 'b', 'key-A', 'ETH_USDT'],
      ] as const,
      want: 'different',
    },
    {
      name: 'uid+market differs per API key',
      given: [
        ['uid+market', 'b', 'key-A', 'BTC_USDT'],
        ['uid+market', 'b', 'key-B', 'BTC_USDT'],
      ] as const,
      want: 'different',
    },
    {
      name: 'public is shared across API keys',
      given: [
        ['ip', 'b', 'key-A'],
        ['ip', 'b', 'key-B'],
      ] as const,
      want: 'same',
    },
    {
      name: 'public differs per bucket',
      given: [
        ['ip', 'x', 'public'],
        ['ip', 'y', 'public'],
      ] as const,
      want: 'different',
    },
    {
      name: 'public and uid never collide',
      given: [
        ['ip', 'b', 'public'],
        ['uid', 'b', 'public'],
      ] as const,
      want: 'different',
    },
  ])('$name', ({ given, want }) => {
    expect(key(given[0]) === key(given[1]) ? 'same' : 'different').toBe(want);
  });
});

describe('wait mode', () => {
  it('grants 30 withdrawals at 1 per 3 s: t = 0, 3, 6, ... with no margin', async () => {
    const limiter = new RateLimiter({ mode: 'wait', safetyMarginMs: 0 });
    const { granted, all } = acquireMany(limiter, 30);
    await vi.advanceTimersByTimeAsync(30 * 3000);
    await all;
    expect(granted).toEqual(Array.from({ length: 30 }, (_, i) => i * 3000));
  });

  it('never grants two withdrawals within 3 s with the default margin, in call order', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { granted, all } = acquireMany(limiter, 30);
    await vi.advanceTimersByTimeAsync(30 * 3100);
    await all;
    const times = granted as number[];
    expect(times[0]).toBe(0);
    for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBe(3100);
  });

  it('does not grant the second withdrawal early', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { granted } = acquireMany(limiter, 2);
    await vi.advanceTimersByTimeAsync(3099);
    expect(granted).toEqual([0, undefined]);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toEqual([0, 3100]);
  });

  it('never lets more than 80 of 100 transfers into any 10 s window', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { granted, all } = acquireMany(limiter, 100, TRANSFER);
    await vi.advanceTimersByTimeAsync(30_000);
    await all;
    const times = granted as number[];
    expect(times.filter((t) => t === 0)).toHaveLength(80);
    expect(maxInAnyWindow(times, 10_000)).toBeLessThanOrEqual(80);
    for (let i = 0; i < times.length; i++)
      for (let j = i + 80; j < times.length; j++)
        expect(Math.abs((times[j] as number) - (times[i] as number))).toBeGreaterThanOrEqual(10_000);
  });

  it('keeps sliding: requests spread over time still never exceed the limit', async () => {
    const limiter = new RateLimiter({ mode: 'wait', safetyMarginMs: 0 });
    const limit = { requests: 5, window: 10 };
    const times: number[] = [];
    const pending: Promise<void>[] = [];
    for (let i = 0; i < 40; i++) {
      pending.push(limiter.acquire('k', limit, ctx).then(() => void times.push(Date.now())));
      await vi.advanceTimersByTimeAsync(1700);
    }
    await vi.advanceTimersByTimeAsync(120_000);
    await Promise.all(pending);
    expect(times).toHaveLength(40);
    expect(maxInAnyWindow(times, 10_000)).toBeLessThanOrEqual(5);
  });

  it('keeps separate buckets per key', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const a = acquireMany(limiter, 2, WITHDRAW, 'uid|withdraw|key-A');
    const b = acquireMany(limiter, 2, WITHDRAW, 'uid|withdraw|key-B');
    await vi.advanceTimersByTimeAsync(0);
    expect([a.granted[0], b.granted[0]]).toEqual([0, 0]);
    expect([a.granted[1], b.granted[1]]).toEqual([undefined, undefined]);
    await vi.advanceTimersByTimeAsync(3100);
    expect([a.granted[1], b.granted[1]]).toEqual([3100, 3100]);
  });

  it('shares the public bucket across API keys', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const meta = { rateLimit: { bucket: 'spot.tickers', requests: 1, window: 3, scope: 'ip' as const } };
    const first = limiter.acquire(RateLimiter.keyFor(meta, 'key-A', {}), WITHDRAW, ctx);
    let second: number | undefined;
    void limiter.acquire(RateLimiter.keyFor(meta, 'key-B', {}), WITHDRAW, ctx).then(() => (second = Date.now()));
    await first;
    await vi.advanceTimersByTimeAsync(3000);
    expect(second).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(second).toBe(3100);
  });
});

describe('reject and off modes', () => {
  it('reject mode throws RateLimitError and spends nothing', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    const limit = { requests: 2, window: 10 };
    await limiter.acquire('k', limit, ctx);
    await limiter.acquire('k', limit, ctx);
    vi.setSystemTime(1000);
    for (let i = 0; i < 3; i++) {
      const err = await limiter.acquire('k', limit, ctx).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RateLimitError);
      expect(err).toMatchObject({
        status: 0,
        label: 'RATE_LIMITED_LOCALLY',
        resetAt: 10_100,
        bucket: 'withdraw',
        operation: 'withdraw',
      });
    }
    // Had the refusals at t=1000 been recorded, the bucket would still be full at 10_100.
    vi.setSystemTime(10_100);
    await expect(limiter.acquire('k', limit, ctx)).resolves.toBeUndefined();
    await expect(limiter.acquire('k', limit, ctx)).resolves.toBeUndefined();
    await expect(limiter.acquire('k', limit, ctx)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('reject mode: many refusals do not delay the next free slot', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await limiter.acquire('k', WITHDRAW, ctx);
    for (let i = 0; i < 10; i++) {
      await expect(limiter.acquire('k', WITHDRAW, ctx, 'reject')).rejects.toMatchObject({ status: 0, resetAt: 3100 });
      await vi.advanceTimersByTimeAsync(300);
    }
    vi.setSystemTime(3100);
    await expect(limiter.acquire('k', WITHDRAW, ctx, 'reject')).resolves.toBeUndefined();
  });

  it('off mode never waits', async () => {
    const limiter = new RateLimiter({ mode: 'off' });
    const { granted } = acquireMany(limiter, 20);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual(Array.from({ length: 20 }, () => 0));
  });

  it('a per-call mode overrides the default', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await limiter.acquire('k', WITHDRAW, ctx);
    await expect(limiter.acquire('k', WITHDRAW, ctx, 'off')).resolves.toBeUndefined();
    await expect(limiter.acquire('k', WITHDRAW, ctx, 'reject')).rejects.toBeInstanceOf(RateLimitError);
  });
});

describe('observe', () => {
  it('remaining = 0 makes the next acquire wait a full window', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await limiter.acquire('k', TRANSFER, ctx);
    limiter.observe('k', TRANSFER, { status: 200, remaining: 0, limit: 80 });
    let at: number | undefined;
    void limiter.acquire('k', TRANSFER, ctx).then(() => (at = Date.now()));
    await vi.advanceTimersByTimeAsync(10_099);
    expect(at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toBe(10_100);
  });

  it('remaining above what the log allows changes nothing', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    await limiter.acquire('k', TRANSFER, ctx);
    limiter.observe('k', TRANSFER, { status: 200, remaining: 79 });
    for (let i = 0; i < 79; i++) await limiter.acquire('k', TRANSFER, ctx);
    await expect(limiter.acquire('k', TRANSFER, ctx)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('remaining = 3 leaves exactly three sends', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    limiter.observe('k', TRANSFER, { status: 200, remaining: 3 });
    for (let i = 0; i < 3; i++) await limiter.acquire('k', TRANSFER, ctx);
    await expect(limiter.acquire('k', TRANSFER, ctx)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('429 with resetAt blocks the bucket until resetAt', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await limiter.acquire('k', TRANSFER, ctx);
    limiter.observe('k', TRANSFER, { status: 429, resetAt: 5000 });
    let at: number | undefined;
    void limiter.acquire('k', TRANSFER, ctx).then(() => (at = Date.now()));
    await vi.advanceTimersByTimeAsync(4999);
    expect(at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toBe(5000);
  });

  it('429 without resetAt blocks one full window', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    limiter.observe('k', TRANSFER, { status: 429 });
    await expect(limiter.acquire('k', TRANSFER, ctx)).rejects.toMatchObject({ resetAt: 10_100 });
  });

  it('a 429 arriving while callers wait pushes them back', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { granted } = acquireMany(limiter, 3, WITHDRAW);
    await vi.advanceTimersByTimeAsync(1000);
    limiter.observe('k', WITHDRAW, { status: 429, resetAt: 8000 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(granted).toEqual([0, 8000, 11_100]);
  });
});

describe('abort', () => {
  it('rejects a waiting caller with AbortError and frees nothing it did not take', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await limiter.acquire('k', WITHDRAW, ctx);
    const controller = new AbortController();
    const aborted = limiter.acquire('k', WITHDRAW, ctx, undefined, controller.signal).catch((e: unknown) => e);
    let third: number | undefined;
    void limiter.acquire('k', WITHDRAW, ctx).then(() => (third = Date.now()));
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(2099);
    expect(third).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(third).toBe(3100);
  });

  it('an already aborted signal rejects at once and records nothing', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const controller = new AbortController();
    controller.abort();
    await expect(limiter.acquire('k', WITHDRAW, ctx, undefined, controller.signal)).rejects.toBeInstanceOf(AbortError);
    await expect(limiter.acquire('k', WITHDRAW, ctx, 'reject')).resolves.toBeUndefined();
  });

  it('the last waiter aborting stops the pump; later callers are served on time', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await limiter.acquire('k', WITHDRAW, ctx);
    const controller = new AbortController();
    const aborted = limiter.acquire('k', WITHDRAW, ctx, undefined, controller.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2600);
    await expect(limiter.acquire('k', WITHDRAW, ctx, 'reject')).resolves.toBeUndefined();
  });
});

/** A manual clock shared by the limiter and the test server: time moves only when the test says. */
class VirtualClock {
  t = 0;
  private timers: { at: number; resolve: () => void }[] = [];
  readonly now = (): number => this.t;
  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = { at: this.t + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((x) => x !== timer);
        reject(signal.reason);
      });
    });
  /** Jumps to the earliest timer and fires every timer due; false when none is pending. */
  advance(): boolean {
    if (this.timers.length === 0) return false;
    this.t = Math.min(...this.timers.map((x) => x.at));
    const due = this.timers.filter((x) => x.at <= this.t);
    this.timers = this.timers.filter((x) => x.at > this.t);
    for (const x of due) x.resolve();
    return true;
  }
}

/** An HTTP server on 127.0.0.1 that answers 429 once `max` requests arrived within the last `windowMs` (sliding). */
async function enforcingServer(
  clock: VirtualClock,
  max: number,
  windowMs: number,
): Promise<{ server: Server; url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    const now = clock.now();
    const recent = arrivals.filter((t) => t > now - windowMs).length;
    if (recent >= max) {
      res
        .writeHead(429, { 'content-type': 'application/json' })
        .end('{"label":"TOO_MANY_REQUESTS","message":"Request Rate Limit Exceeded"}');
      return;
    }
    arrivals.push(now);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"tx_id":1}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/wallet/transfers`, arrivals };
}

/** Sends `n` transfers at once through `limiter`; time advances only while nothing is in flight. */
async function sendTransfers(
  limiter: RateLimiter,
  clock: VirtualClock,
  url: string,
  n: number,
  mode: 'wait' | 'off',
): Promise<number[]> {
  const statuses: number[] = [];
  let inFlight = 0;
  let done = false;
  const all = Promise.all(
    Array.from({ length: n }, async () => {
      await limiter.acquire('uid|transfer|key-A', TRANSFER, { operation: 'transfer', bucket: 'transfer' }, mode);
      inFlight++;
      try {
        const res = await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
        await res.text();
        statuses.push(res.status);
      } finally {
        inFlight--;
      }
    }),
  ).finally(() => (done = true));
  for (let step = 0; step < 20_000 && !done; step++) {
    await new Promise((r) => setImmediate(r));
    if (inFlight > 0) await new Promise((r) => setTimeout(r, 1));
    else if (!done) clock.advance();
  }
  await all;
  return statuses;
}

describe('against an enforcing server', () => {
  let server: Server | undefined;
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(async () => {
    await new Promise((r) => server?.close(r) ?? r(undefined));
    server = undefined;
  });

  it('sends 100 transfers at 80/10 s with zero 429s', async () => {
    const clock = new VirtualClock();
    const started = await enforcingServer(clock, 80, 10_000);
    server = started.server;
    const limiter = new RateLimiter({ mode: 'wait', now: clock.now, sleep: clock.sleep });
    const statuses = await sendTransfers(limiter, clock, started.url, 100, 'wait');
    expect(statuses).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect(started.arrivals).toHaveLength(100);
    expect(maxInAnyWindow(started.arrivals, 10_000)).toBeLessThanOrEqual(80);
    expect(clock.t).toBeGreaterThanOrEqual(10_000);
  });

  it('the same server answers 429 to an unlimited client (the check can fail)', async () => {
    const clock = new VirtualClock();
    const started = await enforcingServer(clock, 80, 10_000);
    server = started.server;
    const limiter = new RateLimiter({ mode: 'off', now: clock.now, sleep: clock.sleep });
    const statuses = await sendTransfers(limiter, clock, started.url, 100, 'off');
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe('clock binding', () => {
  it('reads the clock at call time, so fake timers installed after construction apply', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
      const limit = { requests: 1, window: 3 };
      await limiter.acquire('k', limit, { operation: 'withdraw', bucket: 'withdraw' });
      const refused = await limiter
        .acquire('k', limit, { operation: 'withdraw', bucket: 'withdraw' })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ label: 'RATE_LIMITED_LOCALLY' });
      // resetAt is on the fake clock's timeline (2030), not the real one
      expect((refused as { resetAt: number }).resetAt).toBeGreaterThan(Date.parse('2030-01-01T00:00:02Z'));
      expect((refused as { resetAt: number }).resetAt).toBeLessThan(Date.parse('2030-01-01T00:00:04Z'));
    } finally {
      vi.useRealTimers();
    }
  });
});
