/**
 * The limiter through the request loop (attempt.ts, call-loop.ts): a server's long 429 wait does
 * not outlive the bucket's window, a call never waits past its timeout, an abort ends the wait,
 * a live limit lower than the spec's is followed, and a slot is given back however an attempt ends.
 * In-process fetch and fake timers: no sockets, no real sleeping.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  RateLimitError,
  UnknownOutcomeError,
  ValidationError,
} from '../../generator/targets/typescript/runtime/errors.js';
import { DEFAULT_MARGIN_MS, RateLimiter } from '../../generator/targets/typescript/runtime/rate-limit.js';
import { readRequest, request } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import { fakeFetch, json, type Reply } from './helpers/exchange.js';
import { bareOp, withdrawMeta } from './helpers/meta.js';
import { advanceUntilSettled, outcomeOf } from './helpers/time.js';

const M = DEFAULT_MARGIN_MS;
const WITHDRAWAL = { currency: 'USDT', amount: '100', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
const RECORD = { id: 'w1', status: 'REQUEST', currency: 'USDT', amount: '100' };
const HOUR_S = 3600;

/** Settles what is due now without moving time. */
const settle = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch answering the first withdrawal with `first`, every later one 200. */
function firstThen(first: Reply): ReturnType<typeof fakeFetch> {
  let n = 0;
  return fakeFetch(() => (++n === 1 ? first : json(200, RECORD)));
}

describe('a 429 asking for an hour blocks the bucket for its window only (or maxRateLimitWaitMs)', () => {
  it.each([
    { name: 'Retry-After: 3600', given: { 'Retry-After': String(HOUR_S) } },
    {
      name: 'X-Gate-RateLimit-Reset-Timestamp an hour ahead',
      given: { 'X-Gate-RateLimit-Reset-Timestamp': String(HOUR_S) },
    },
    {
      name: 'X-Svc-RateLimit-Reset-Timestamp an hour ahead',
      given: { 'X-Svc-RateLimit-Reset-Timestamp': String(HOUR_S) },
    },
  ])('$name: a new client with timeout 500 fails at once, then sends after 3 s', async ({ given }) => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { fetch, requests } = firstThen(json(429, { label: 'TOO_MANY_REQUESTS' }, given));
    const first = await outcomeOf(request(testCore({ fetch, limiter, maxRetries: 0 }), withdrawMeta, WITHDRAWAL));
    expect(first.error).toMatchObject({ status: 429 });

    const fresh = testCore({ fetch, limiter, timeout: 500 });
    const second = outcomeOf(request(fresh, withdrawMeta, WITHDRAWAL));
    await settle();
    const { error } = await second;
    expect(error).toBeInstanceOf(RateLimitError);
    // The withdrawal's own slot (1 per 3 s, held until its answer at 0) is the longer wait here.
    expect(error).toMatchObject({ status: 0, label: 'RATE_LIMITED_LOCALLY', resetAt: 3000 + M, bucket: 'withdraw' });
    expect((error as Error).message).toMatch(/3025 ms.*bucket withdraw|bucket withdraw.*3025 ms/);
    expect(requests).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(3000 + M);
    await expect(request(fresh, withdrawMeta, WITHDRAWAL)).resolves.toMatchObject({ id: 'w1' });
    expect(requests).toHaveLength(2);
  });

  it('maxRateLimitWaitMs: 10 000 honours the server up to 10 s', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const { fetch, requests } = firstThen(json(429, { label: 'TOO_MANY_REQUESTS' }, { 'Retry-After': '3600' }));
    const core = testCore({ fetch, limiter, maxRetries: 0, maxRateLimitWaitMs: 10_000 });
    await outcomeOf(request(core, withdrawMeta, WITHDRAWAL));
    const short = await outcomeOf(request(testCore({ fetch, limiter, timeout: 500 }), withdrawMeta, WITHDRAWAL));
    expect(short.error).toMatchObject({ label: 'RATE_LIMITED_LOCALLY', resetAt: 10_000 });
    const patient = testCore({ fetch, limiter, timeout: 20_000 });
    const sentAt: number[] = [];
    const done = advanceUntilSettled(
      request(patient, withdrawMeta, WITHDRAWAL).then(() => sentAt.push(Date.now())),
      30_000,
      100,
    );
    await done;
    expect(sentAt).toEqual([10_000]);
    expect(requests).toHaveLength(2);
  });

  it('the retry after such a 429 waits the capped time, not the hour', async () => {
    const times: number[] = [];
    const { fetch } = fakeFetch(() => {
      times.push(Date.now());
      return times.length === 1 ? json(429, { label: 'TOO_MANY_REQUESTS' }, { 'Retry-After': '3600' }) : json(200, []);
    });
    const list = bareOp({
      id: 'listThings',
      rateLimit: { bucket: 'listThings', requests: 10, window: 2, scope: 'uid' },
    });
    const result = await advanceUntilSettled(outcomeOf(readRequest(testCore({ fetch }), list, {})), 10_000, 100);
    expect(result.error).toBeUndefined();
    expect(times).toEqual([0, 2000]);
  });

  it.each([
    { given: -1, want: 'maxRateLimitWaitMs' },
    { given: Number.NaN, want: 'maxRateLimitWaitMs' },
    { given: '3000' as unknown as number, want: 'maxRateLimitWaitMs' },
  ])('maxRateLimitWaitMs $given is a ValidationError', ({ given, want }) => {
    expect(() => testCore({ maxRateLimitWaitMs: given })).toThrow(ValidationError);
    expect(() => testCore({ maxRateLimitWaitMs: given })).toThrow(expect.objectContaining({ field: want }));
  });
});

describe("a call's limiter wait ends with its signal", () => {
  it('an abort while queued ends the wait at once: AbortError, nothing sent', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, RECORD));
    const core = testCore({ fetch, timeout: 10_000 });
    await request(core, withdrawMeta, WITHDRAWAL);
    const controller = new AbortController();
    const second = outcomeOf(request(core, withdrawMeta, WITHDRAWAL, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await settle();
    const { error } = await second;
    expect(error).toBeInstanceOf(AbortError);
    expect(requests).toHaveLength(1);
  });
});

describe('a live limit lower than the spec (8/s server, spec 10/s)', () => {
  const spot = bareOp({ id: 'spotThing', rateLimit: { bucket: 'spotThing', requests: 10, window: 1, scope: 'uid' } });

  /** 300 calls, 4 at a time, against a server allowing 8 per sliding second; the server's 429 count. */
  async function run(headers: (remaining: number) => Record<string, string>): Promise<number> {
    const arrivals: number[] = [];
    let refused = 0;
    const { fetch } = fakeFetch(async () => {
      // Counted on arrival; the answer comes 20 ms later.
      const now = Date.now();
      const recent = arrivals.filter((t) => t > now - 1000).length;
      if (recent < 8) arrivals.push(now);
      else refused++;
      await new Promise((r) => setTimeout(r, 20));
      return recent < 8
        ? json(200, {}, headers(8 - recent - 1))
        : json(429, { label: 'TOO_MANY_REQUESTS' }, headers(0));
    });
    const core = testCore({ fetch, maxRetries: 0, timeout: 60_000 });
    let left = 300;
    const worker = async (): Promise<void> => {
      while (left-- > 0) await outcomeOf(readRequest(core, spot, {}));
    };
    await advanceUntilSettled(Promise.all([worker(), worker(), worker(), worker()]), 200_000, 10);
    return refused;
  }

  it.each([
    { name: 'X-Gate-RateLimit-Limit only', given: (): Record<string, string> => ({ 'X-Gate-RateLimit-Limit': '8' }) },
    { name: 'X-Svc-RateLimit-Limit only', given: (): Record<string, string> => ({ 'X-Svc-RateLimit-Limit': '8' }) },
  ])('$name: no server 429 at all', async ({ given }) => {
    expect(await run(given)).toBe(0);
  });

  it('the same server refuses a client that ignores the header (the check can fail)', async () => {
    expect(await run(() => ({}))).toBeGreaterThan(0);
  });
});

describe('a slot is given back however the attempt ends', () => {
  it.each([
    {
      name: 'a custom fetch that throws',
      given: (): Promise<Response> => {
        throw new TypeError('Invalid character in header content ["x-note"]');
      },
    },
    { name: 'a custom fetch that rejects', given: (): Promise<Response> => Promise.reject(new Error('boom')) },
  ])('$name: the next withdrawal goes once the window passed', async ({ given }) => {
    // The first attempt may have been sent: it is looked up (not found), then ends unknown.
    const { fetch: answer, requests } = fakeFetch((req) => json(200, req.method === 'GET' ? [] : RECORD));
    let n = 0;
    const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
      ++n === 1 ? given() : answer(input, init);
    const core = testCore({ fetch, maxRetries: 0 });
    const first = await outcomeOf(request(core, withdrawMeta, WITHDRAWAL));
    expect(first.error).toBeInstanceOf(UnknownOutcomeError);
    await vi.advanceTimersByTimeAsync(3000 + M);
    await expect(request(core, withdrawMeta, WITHDRAWAL, { rateLimit: 'reject' })).resolves.toMatchObject({ id: 'w1' });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
