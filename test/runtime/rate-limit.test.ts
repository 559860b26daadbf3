import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limiterKeys, marketsOf } from '../../generator/targets/typescript/runtime/call-plan.js';
import { AbortError, RateLimitError } from '../../generator/targets/typescript/runtime/errors.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import {
  DEFAULT_MARGIN_MS,
  RateLimiter,
  type RateLimitSlot,
} from '../../generator/targets/typescript/runtime/rate-limit.js';
import { seededRandom } from '../../mock/faults.js';
import { batchOrdersMeta, op } from './helpers/meta.js';

const WITHDRAW = { requests: 1, window: 3 };
const TRANSFER = { requests: 80, window: 10 };
const M = DEFAULT_MARGIN_MS;
const ctx = { operation: 'withdraw', bucket: 'withdraw' };

/**
 * Starts `n` acquisitions at once; each request's answer arrives `answerMs` after it was granted.
 * Returns the (fake) time each was granted, in call order.
 */
function acquireMany(
  limiter: RateLimiter,
  n: number,
  limit = WITHDRAW,
  key = 'k',
  answerMs = 0,
): { granted: (number | undefined)[]; all: Promise<void[]> } {
  const granted: (number | undefined)[] = Array.from({ length: n }, () => undefined);
  const all = Promise.all(
    granted.map(async (_, i) => {
      const slot = await limiter.acquire(key, limit, ctx);
      granted[i] = Date.now();
      if (answerMs > 0) await new Promise((r) => setTimeout(r, answerMs));
      slot.release();
    }),
  );
  return { granted, all };
}

/** Largest number of times inside any window (t - windowMs, t], the way a sliding-window server counts. */
function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  let max = 0;
  for (const end of times) max = Math.max(max, times.filter((t) => t > end - windowMs && t <= end).length);
  return max;
}

const released = async (p: Promise<RateLimitSlot>): Promise<void> => (await p).release();

describe('bucket keys (limiterKeys, marketsOf)', () => {
  const withScope = (scope: OperationMeta['rateLimit']['scope'], bucket = 'b'): OperationMeta =>
    op('createOrder', { rateLimit: { bucket, requests: 10, window: 1, scope, market: 'currency_pair' } });
  const key = (meta: OperationMeta, account: string, params: Record<string, unknown> = {}): string =>
    limiterKeys(meta, account, params).join(',');

  it.each([
    {
      name: 'uid differs per API key',
      given: [key(withScope('uid'), 'A'), key(withScope('uid'), 'B')],
      want: 'different',
    },
    {
      name: 'uid differs per bucket',
      given: [key(withScope('uid', 'x'), 'A'), key(withScope('uid', 'y'), 'A')],
      want: 'different',
    },
    {
      name: 'uid ignores the market',
      given: [
        key(withScope('uid'), 'A', { body: { currency_pair: 'BTC_USDT' } }),
        key(withScope('uid'), 'A', { body: { currency_pair: 'ETH_USDT' } }),
      ],
      want: 'same',
    },
    {
      name: 'uid+market differs per pair',
      given: [
        key(withScope('uid+market'), 'A', { body: { currency_pair: 'BTC_USDT' } }),
        key(withScope('uid+market'), 'A', { body: { currency_pair: 'ETH_USDT' } }),
      ],
      want: 'different',
    },
    {
      name: 'uid+market differs per API key',
      given: [
        key(withScope('uid+market'), 'A', { body: { currency_pair: 'BTC_USDT' } }),
        key(withScope('uid+market'), 'B', { body: { currency_pair: 'BTC_USDT' } }),
      ],
      want: 'different',
    },
    {
      name: 'public is shared across API keys',
      given: [key(withScope('ip'), 'A'), key(withScope('ip'), 'B')],
      want: 'same',
    },
    {
      name: 'public and uid never collide',
      given: [key(withScope('ip'), 'public'), key(withScope('uid'), 'public')],
      want: 'different',
    },
  ])('$name', ({ given, want }) => {
    expect(given[0] === given[1] ? 'same' : 'different').toBe(want);
  });

  it.each([
    { name: 'flat param (shaped)', given: { currency_pair: 'BTC_USDT' }, want: ['BTC_USDT'] },
    { name: 'named-only body object', given: { body: { currency_pair: 'ETH_USDT', side: 'buy' } }, want: ['ETH_USDT'] },
    { name: 'named-only query', given: { query: { currency_pair: 'GT_USDT' } }, want: ['GT_USDT'] },
    {
      name: 'list body: every distinct pair, sorted',
      given: { body: [{ currency_pair: 'ETH_USDT' }, { currency_pair: 'BTC_USDT' }, { currency_pair: 'ETH_USDT' }] },
      want: ['BTC_USDT', 'ETH_USDT'],
    },
    { name: 'list body without pairs: the no-market bucket', given: { body: [{ side: 'buy' }] }, want: [''] },
    { name: 'no market at all', given: {}, want: [''] },
  ])('market of $name', ({ given, want }) => {
    expect(marketsOf(batchOrdersMeta, given)).toEqual(want);
  });

  it('a batch across 3 pairs spends a slot in 3 per-market buckets of spot placement', () => {
    const body = [{ currency_pair: 'BTC_USDT' }, { currency_pair: 'ETH_USDT' }, { currency_pair: 'GT_USDT' }];
    expect(limiterKeys(batchOrdersMeta, 'acct', { body })).toEqual([
      'uid+market|spot-place|acct|BTC_USDT',
      'uid+market|spot-place|acct|ETH_USDT',
      'uid+market|spot-place|acct|GT_USDT',
    ]);
    expect(limiterKeys(op('createOrder'), 'acct', { body: { currency_pair: 'ETH_USDT' } })).toEqual([
      'uid+market|spot-place|acct|ETH_USDT',
    ]);
  });
});

describe('slots: held from send until the answer arrives, plus the window and margin', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers at once: 30 withdrawals at 1 per 3 s go at t = 0, 3 s + margin, ...', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { granted, all } = acquireMany(limiter, 30);
    await vi.advanceTimersByTimeAsync(30 * (3000 + M));
    await all;
    expect(granted).toEqual(Array.from({ length: 30 }, (_, i) => i * (3000 + M)));
  });

  it('a 150 ms answer delays the next slot by those 150 ms: the server may count at the answer', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { granted, all } = acquireMany(limiter, 4, WITHDRAW, 'k', 150);
    await vi.advanceTimersByTimeAsync(4 * (3150 + M));
    await all;
    expect(granted).toEqual([0, 1, 2, 3].map((i) => i * (3150 + M)));
  });

  it('a request still in flight holds its slot however long it takes', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const first = await limiter.acquire('k', WITHDRAW, ctx);
    let second: number | undefined;
    void released(limiter.acquire('k', WITHDRAW, ctx).then((slot) => ((second = Date.now()), slot)));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(second).toBeUndefined();
    first.release();
    await vi.advanceTimersByTimeAsync(3000 + M - 1);
    expect(second).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(second).toBe(20_000 + 3000 + M);
  });

  it('release is idempotent: a second call does not move the slot', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    const slot = await limiter.acquire('k', WITHDRAW, ctx);
    slot.release();
    await vi.advanceTimersByTimeAsync(2000);
    slot.release();
    vi.setSystemTime(3000 + M);
    await expect(released(limiter.acquire('k', WITHDRAW, ctx))).resolves.toBeUndefined();
  });

  it('never lets more than 80 of 100 transfers hold slots in one 10 s window', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { granted, all } = acquireMany(limiter, 100, TRANSFER, 'k', 40);
    await vi.advanceTimersByTimeAsync(30_000);
    await all;
    const times = granted as number[];
    expect(times.filter((t) => t === 0)).toHaveLength(80);
    expect(times.filter((t) => t > 0).every((t) => t >= 10_040 + M)).toBe(true);
  });

  it('keeps separate buckets per key', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const a = acquireMany(limiter, 2, WITHDRAW, 'uid|withdraw|key-A');
    const b = acquireMany(limiter, 2, WITHDRAW, 'uid|withdraw|key-B');
    await vi.advanceTimersByTimeAsync(0);
    expect([a.granted[0], b.granted[0]]).toEqual([0, 0]);
    expect([a.granted[1], b.granted[1]]).toEqual([undefined, undefined]);
    await vi.advanceTimersByTimeAsync(3000 + M);
    expect([a.granted[1], b.granted[1]]).toEqual([3000 + M, 3000 + M]);
  });
});

describe('the arrival-time guarantee (virtual clock, seeded random network delays)', () => {
  /**
   * Each request arrives at a random moment between its send and its answer; the server counts
   * arrivals in sliding windows (t - W, t]. Whatever the delays, no window may hold more than N.
   */
  it.each([
    { seed: 1, limit: { requests: 10, window: 1 }, calls: 200, maxDelayMs: 400 },
    { seed: 2, limit: { requests: 15, window: 10 }, calls: 60, maxDelayMs: 3000 },
    { seed: 3, limit: { requests: 80, window: 10 }, calls: 400, maxDelayMs: 150 },
    { seed: 4, limit: { requests: 1, window: 3 }, calls: 20, maxDelayMs: 5000 },
  ])(
    'seed $seed: $calls calls at $limit.requests per $limit.window s, delays up to $maxDelayMs ms',
    async ({ seed, limit, calls, maxDelayMs }) => {
      const clock = new VirtualClock();
      const random = seededRandom(seed);
      const limiter = new RateLimiter({ mode: 'wait', now: clock.now, sleep: clock.sleep, safetyMarginMs: 0 });
      const arrivals: number[] = [];
      const all = Promise.all(
        Array.from({ length: calls }, async () => {
          const slot = await limiter.acquire('k', limit, ctx);
          await clock.sleep(Math.floor(random() * maxDelayMs)); // travels to the server
          arrivals.push(clock.now());
          await clock.sleep(Math.floor(random() * maxDelayMs)); // the answer travels back
          slot.release();
        }),
      );
      let done = false;
      void all.then(() => (done = true));
      for (let i = 0; i < 100_000 && !done; i++) {
        await new Promise((r) => setImmediate(r));
        if (!done) clock.advance();
      }
      await all;
      expect(arrivals).toHaveLength(calls);
      expect(maxInAnyWindow(arrivals, limit.window * 1000)).toBeLessThanOrEqual(limit.requests);
    },
  );
});

describe('several buckets at once (a batch across markets)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const PLACE = { requests: 2, window: 1 };

  it('spends one slot in each key; a full key makes the whole request wait', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire(['m|BTC', 'm|ETH'], PLACE, ctx));
    await released(limiter.acquire('m|BTC', PLACE, ctx));
    let both: number | undefined;
    let ethOnly: number | undefined;
    void released(limiter.acquire(['m|ETH', 'm|BTC'], PLACE, ctx).then((s) => ((both = Date.now()), s)));
    void released(limiter.acquire('m|GT', PLACE, ctx).then((s) => ((ethOnly = Date.now()), s)));
    await vi.advanceTimersByTimeAsync(0);
    expect(ethOnly).toBe(0);
    expect(both).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000 + M);
    expect(both).toBe(1000 + M);
  });

  it('reject mode takes none when any key is full', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    await released(limiter.acquire('m|ETH', { requests: 1, window: 1 }, ctx));
    await expect(limiter.acquire(['m|BTC', 'm|ETH'], { requests: 1, window: 1 }, ctx)).rejects.toBeInstanceOf(
      RateLimitError,
    );
    await expect(released(limiter.acquire('m|BTC', { requests: 1, window: 1 }, ctx))).resolves.toBeUndefined();
  });

  it('an abort while waiting for the second key gives the first one back', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const limit = { requests: 1, window: 1 };
    const holder = await limiter.acquire('m|ETH', limit, ctx);
    const controller = new AbortController();
    const waiting = limiter.acquire(['m|BTC', 'm|ETH'], limit, ctx, 'wait', controller.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await waiting).toBeInstanceOf(AbortError);
    await expect(released(limiter.acquire('m|BTC', limit, ctx, 'reject'))).resolves.toBeUndefined();
    holder.release();
  });
});

describe('reject and off modes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reject mode throws RateLimitError and spends nothing', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    const limit = { requests: 2, window: 10 };
    await released(limiter.acquire('k', limit, ctx));
    await released(limiter.acquire('k', limit, ctx));
    vi.setSystemTime(1000);
    for (let i = 0; i < 3; i++) {
      const err = await limiter.acquire('k', limit, ctx).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RateLimitError);
      expect(err).toMatchObject({
        status: 0,
        label: 'RATE_LIMITED_LOCALLY',
        resetAt: 10_000 + M,
        bucket: 'withdraw',
        operation: 'withdraw',
      });
    }
    vi.setSystemTime(10_000 + M);
    await expect(released(limiter.acquire('k', limit, ctx))).resolves.toBeUndefined();
    await expect(released(limiter.acquire('k', limit, ctx))).resolves.toBeUndefined();
    await expect(limiter.acquire('k', limit, ctx)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('reject mode with every slot in flight names a window from now', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    await limiter.acquire('k', WITHDRAW, ctx);
    await expect(limiter.acquire('k', WITHDRAW, ctx)).rejects.toMatchObject({ resetAt: 3000 + M });
  });

  it('off mode never waits', async () => {
    const limiter = new RateLimiter({ mode: 'off' });
    const { granted } = acquireMany(limiter, 20);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual(Array.from({ length: 20 }, () => 0));
  });

  it('a per-call mode overrides the default', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire('k', WITHDRAW, ctx));
    await expect(released(limiter.acquire('k', WITHDRAW, ctx, 'off'))).resolves.toBeUndefined();
    await expect(limiter.acquire('k', WITHDRAW, ctx, 'reject')).rejects.toBeInstanceOf(RateLimitError);
  });
});

describe('observe', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('remaining = 0 makes the next acquire wait a full window', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire('k', TRANSFER, ctx));
    limiter.observe('k', TRANSFER, { status: 200, remaining: 0, limit: 80 });
    let at: number | undefined;
    void released(limiter.acquire('k', TRANSFER, ctx).then((s) => ((at = Date.now()), s)));
    await vi.advanceTimersByTimeAsync(10_000 + M - 1);
    expect(at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toBe(10_000 + M);
  });

  it('remaining above what the log allows changes nothing', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    await released(limiter.acquire('k', TRANSFER, ctx));
    limiter.observe('k', TRANSFER, { status: 200, remaining: 79 });
    for (let i = 0; i < 79; i++) await released(limiter.acquire('k', TRANSFER, ctx));
    await expect(limiter.acquire('k', TRANSFER, ctx)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('remaining = 3 leaves exactly three sends', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    limiter.observe('k', TRANSFER, { status: 200, remaining: 3 });
    for (let i = 0; i < 3; i++) await released(limiter.acquire('k', TRANSFER, ctx));
    await expect(limiter.acquire('k', TRANSFER, ctx)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('429 with resetAt blocks the bucket until resetAt', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire('k', TRANSFER, ctx));
    limiter.observe('k', TRANSFER, { status: 429, resetAt: 5000 });
    let at: number | undefined;
    void released(limiter.acquire('k', TRANSFER, ctx).then((s) => ((at = Date.now()), s)));
    await vi.advanceTimersByTimeAsync(4999);
    expect(at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toBe(5000);
  });

  it('429 without resetAt blocks one full window; a batch blocks all its buckets', async () => {
    const limiter = new RateLimiter({ mode: 'reject' });
    limiter.observe(['a', 'b'], TRANSFER, { status: 429 });
    await expect(limiter.acquire('a', TRANSFER, ctx)).rejects.toMatchObject({ resetAt: 10_000 + M });
    await expect(limiter.acquire('b', TRANSFER, ctx)).rejects.toMatchObject({ resetAt: 10_000 + M });
  });

  it('a 429 arriving while callers wait pushes them back', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { granted } = acquireMany(limiter, 3, WITHDRAW);
    await vi.advanceTimersByTimeAsync(1000);
    limiter.observe('k', WITHDRAW, { status: 429, resetAt: 8000, maxBlockMs: 10_000 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(granted).toEqual([0, 8000, 11_000 + M]);
  });
});

describe('abort', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects a waiting caller with AbortError and frees nothing it did not take', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire('k', WITHDRAW, ctx));
    const controller = new AbortController();
    const aborted = limiter.acquire('k', WITHDRAW, ctx, undefined, controller.signal).catch((e: unknown) => e);
    let third: number | undefined;
    void released(limiter.acquire('k', WITHDRAW, ctx).then((s) => ((third = Date.now()), s)));
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(2000 + M - 1);
    expect(third).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(third).toBe(3000 + M);
  });

  it('an already aborted signal rejects at once and records nothing', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const controller = new AbortController();
    controller.abort();
    await expect(limiter.acquire('k', WITHDRAW, ctx, undefined, controller.signal)).rejects.toBeInstanceOf(AbortError);
    await expect(released(limiter.acquire('k', WITHDRAW, ctx, 'reject'))).resolves.toBeUndefined();
  });

  it('the last waiter aborting stops the pump; later callers are served on time', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    await released(limiter.acquire('k', WITHDRAW, ctx));
    const controller = new AbortController();
    const aborted = limiter.acquire('k', WITHDRAW, ctx, undefined, controller.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2500 + M);
    await expect(released(limiter.acquire('k', WITHDRAW, ctx, 'reject'))).resolves.toBeUndefined();
  });
});

/** A manual clock shared by the limiter and the test: time moves only when the test says. */
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
        reject(new Error('aborted'));
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
      const slot = await limiter.acquire(
        'uid|transfer|key-A',
        TRANSFER,
        { operation: 'transfer', bucket: 'transfer' },
        mode,
      );
      inFlight++;
      try {
        const res = await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
        await res.text();
        statuses.push(res.status);
      } finally {
        slot.release();
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
      await released(limiter.acquire('k', limit, { operation: 'withdraw', bucket: 'withdraw' }));
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
