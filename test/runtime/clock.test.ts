import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_REFRESH_MS, ServerClock, serverTimeMs } from '../../generator/targets/typescript/runtime/clock.js';
import { AuthenticationError, ConnectionError } from '../../generator/targets/typescript/runtime/errors.js';
import type { LogEvent } from '../../generator/targets/typescript/runtime/logger.js';
import type { ClientOptions } from '../../generator/targets/typescript/runtime/options.js';
import { request } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import { authFailure, fakeFetch, json, type Captured, type Reply } from './helpers/exchange.js';
import { listWithdrawalsMeta, spotTimeMeta, withdrawMeta } from './helpers/meta.js';
import { advanceUntilSettled, outcomeOf } from './helpers/time.js';

const FIVE_MINUTES = 5 * 60 * 1000;
const LOCAL_START = Date.parse('2024-03-01T12:00:00Z');

/**
 * An exchange whose clock runs `skewMs` ahead of the local one and which rejects any signed
 * request whose Timestamp is more than 60 s off its own time.
 */
function skewedExchange(skewMs: () => number, timeFails = false) {
  const expired: Captured[] = [];
  const times: Captured[] = [];
  const { fetch, requests } = fakeFetch((req): Reply => {
    const serverNow = Date.now() + skewMs();
    if (req.path === '/api/v4/spot/time') {
      times.push(req);
      return timeFails ? json(503, { label: 'TOO_BUSY' }) : { status: 200, body: `{"server_time":${serverNow}}` };
    }
    const fail = authFailure(req, serverNow);
    if (fail && 'body' in fail && (fail.body as { label: string }).label === 'REQUEST_EXPIRED') expired.push(req);
    return fail ?? json(200, []);
  });
  return { fetch, requests, expired, times };
}

const client = (
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>,
  options: ClientOptions = {},
) => testCore({ fetch, clockSync: 'lazy', ...options });

beforeEach(() => {
  vi.useFakeTimers({ now: LOCAL_START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a local clock 5 minutes off', () => {
  it.each([
    { name: 'behind the server', skew: FIVE_MINUTES },
    { name: 'ahead of the server', skew: -FIVE_MINUTES },
  ])('never produces REQUEST_EXPIRED (lazy sync, clock $name)', async ({ skew }) => {
    const ex = skewedExchange(() => skew);
    const core = client(ex.fetch);
    for (let i = 0; i < 3; i++) {
      await advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse());
      await vi.advanceTimersByTimeAsync(4 * 60 * 1000);
    }
    expect(ex.expired).toHaveLength(0);
    expect(core.clockOffsetMs).toBeGreaterThan(skew - 1000);
    expect(core.clockOffsetMs).toBeLessThan(skew + 1000);
  });

  it('without sync the same server refuses the request (the check is real)', async () => {
    const ex = skewedExchange(() => FIVE_MINUTES);
    const result = await outcomeOf(
      advanceUntilSettled(request(client(ex.fetch, { clockSync: 'off' }), listWithdrawalsMeta, {}).withResponse()),
    );
    expect(result.error).toBeInstanceOf(AuthenticationError);
    expect(result.error).toMatchObject({ label: 'REQUEST_EXPIRED' });
    expect(ex.times).toHaveLength(0);
  });
});

describe('when the clock is measured', () => {
  it('lazy: before the first private request only, then again after 10 minutes', async () => {
    const ex = skewedExchange(() => FIVE_MINUTES);
    const core = client(ex.fetch);
    await advanceUntilSettled(request(core, spotTimeMeta, {}).withResponse());
    expect(ex.times).toHaveLength(1); // the public call itself, no sync
    await advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse());
    await advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse());
    expect(ex.times).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(CLOCK_REFRESH_MS - 1000);
    await advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse());
    expect(ex.times).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    await advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse());
    expect(ex.times).toHaveLength(3);
  });

  it('concurrent first calls share one measurement', async () => {
    const ex = skewedExchange(() => FIVE_MINUTES);
    const core = client(ex.fetch);
    await advanceUntilSettled(Promise.all([1, 2, 3].map(() => request(core, listWithdrawalsMeta, {}).withResponse())));
    expect(ex.times).toHaveLength(1);
    expect(ex.expired).toHaveLength(0);
  });

  it('eager: measured at construction', async () => {
    const ex = skewedExchange(() => FIVE_MINUTES);
    client(ex.fetch, { clockSync: 'eager' });
    await vi.advanceTimersByTimeAsync(10);
    expect(ex.times).toHaveLength(1);
  });

  it('eager: a failed measurement surfaces on the first private call, later calls measure again', async () => {
    let down = true;
    const { fetch } = fakeFetch((req) => {
      if (req.path === '/api/v4/spot/time')
        return down ? { reset: true } : { status: 200, body: `{"server_time":${Date.now()}}` };
      return authFailure(req, Date.now()) ?? json(200, []);
    });
    const core = client(fetch, { clockSync: 'eager' });
    await vi.advanceTimersByTimeAsync(10_000);
    const first = await outcomeOf(advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse()));
    expect(first.error).toBeInstanceOf(ConnectionError);
    down = false;
    await expect(advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse())).resolves.toMatchObject({
      data: [],
    });
  });

  it('a failed refresh keeps the old offset and is logged', async () => {
    let fail = false;
    const events: LogEvent[] = [];
    const { fetch } = fakeFetch((req) => {
      const serverNow = Date.now() + FIVE_MINUTES;
      if (req.path === '/api/v4/spot/time')
        return fail ? json(500, { label: 'INTERNAL' }) : { status: 200, body: `{"server_time":${serverNow}}` };
      return authFailure(req, serverNow) ?? json(200, []);
    });
    const core = client(fetch, { logger: (e) => events.push(e), maxRetries: 0 });
    await advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse());
    fail = true;
    await vi.advanceTimersByTimeAsync(CLOCK_REFRESH_MS + 1000);
    await expect(advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse())).resolves.toMatchObject({
      data: [],
    });
    expect(events.some((e) => e.type === 'error' && e.reason?.includes('clock refresh failed'))).toBe(true);
  });
});

describe('REQUEST_EXPIRED', () => {
  it.each([
    { name: 'a read', meta: listWithdrawalsMeta, params: {} },
    {
      name: 'POST /withdrawals (never retried otherwise)',
      meta: withdrawMeta,
      params: { currency: 'USDT', amount: '1', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    },
  ])('resyncs and resends $name once', async ({ meta, params }) => {
    let skew = 0;
    const ex = skewedExchange(() => skew);
    const core = client(ex.fetch);
    await advanceUntilSettled(request(core, listWithdrawalsMeta, {}).withResponse());
    skew = 3 * 60 * 1000; // the server clock jumps between refreshes
    const { response } = await advanceUntilSettled(request(core, meta, params).withResponse());
    expect(ex.expired).toHaveLength(1);
    expect(response.attempts).toBe(2);
    expect(ex.times).toHaveLength(2);
  });

  it('a second REQUEST_EXPIRED is thrown, not retried again', async () => {
    // The time endpoint lies: it reports local time while the checking clock is 3 minutes ahead.
    const { fetch, requests } = fakeFetch((req) =>
      req.path === '/api/v4/spot/time'
        ? { status: 200, body: `{"server_time":${Date.now()}}` }
        : (authFailure(req, Date.now() + 3 * 60 * 1000) ?? json(200, [])),
    );
    const result = await outcomeOf(advanceUntilSettled(request(client(fetch), listWithdrawalsMeta, {}).withResponse()));
    expect(result.error).toMatchObject({ status: 401, label: 'REQUEST_EXPIRED' });
    expect(requests.filter((r) => r.path === '/api/v4/wallet/withdrawals')).toHaveLength(2);
  });
});

describe('ServerClock', () => {
  it('takes the round-trip midpoint as the moment the server read its clock', async () => {
    let local = 1_000_000;
    const clock = new ServerClock(
      'lazy',
      () => {
        local += 400; // the round trip takes 400 ms
        return Promise.resolve(1_000_000 + 60_000 + 200);
      },
      () => local,
    );
    await clock.sync();
    expect(clock.offsetMs).toBe(60_000);
    expect(clock.nowSeconds()).toBe(Math.floor((local + 60_000) / 1000));
  });

  it("'off' never measures", async () => {
    const source = vi.fn(() => Promise.resolve(0));
    const clock = new ServerClock('off', source);
    await clock.ready();
    clock.start();
    expect(source).not.toHaveBeenCalled();
    expect(clock.offsetMs).toBe(0);
  });

  it.each([
    { given: 1709294400000, want: 1709294400000 },
    { given: '1709294400000', want: 1709294400000 },
    { given: 1709294400, want: 1709294400000 },
  ])('serverTimeMs($given)', ({ given, want }) => {
    expect(serverTimeMs(given)).toBe(want);
  });

  it.each([undefined, null, 'soon', -1, {}])('serverTimeMs refuses %j', (given) => {
    expect(() => serverTimeMs(given)).toThrow(/server_time/);
  });
});
