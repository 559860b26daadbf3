/**
 * The mock behaviours money-safety tests rely on: faults that strike after the work was done,
 * redirects, seeded chaos, withdrawals listed only after a while, arrival-time rate limiting with
 * a simulated network delay, and the live header names.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../mock/faults.js';
import { json, startTestMock, transferToMargin } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const transfer = (id: string) => transferToMargin(t, id);
const withdraw = (id: string, target: TestMock = t) =>
  target.call({
    method: 'POST',
    path: '/withdrawals',
    body: json({
      currency: 'USDT',
      amount: '5',
      chain: 'TRX',
      address: 'TYDzsYUEpvnYmQk4zGP9sWWcTEd2MiAtW6',
      withdraw_order_id: id,
    }),
  });

describe('faults after the work', () => {
  it.each([500, 502, 503, 504])('status-after %i applies the write, then answers the error', async (status) => {
    t.mock.faults.add({ operationId: 'transfer', kind: 'status-after', status });
    const res = await transfer('sa-1');
    expect(res.status).toBe(status);
    expect(t.mock.state.transfers.map((x) => x.clientOrderId)).toEqual(['sa-1']);
    expect(t.mock.requests.at(-1)).toMatchObject({ status, fault: 'status-after' });
  });

  it('a 307 or 308 to another origin does nothing and names the target in Location', async () => {
    t.mock.faults.add({
      operationId: 'withdraw',
      kind: 'redirect',
      status: 307,
      location: 'https://elsewhere.example/x',
    });
    const res = await withdraw('r-1');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('https://elsewhere.example/x');
    expect(res.text).toBe('');
    expect(t.mock.state.withdrawals.filter((w) => w.withdraw_order_id === 'r-1')).toHaveLength(0);
  });

  it('a 303 does the work first (the redirect follows processing)', async () => {
    t.mock.faults.add({
      operationId: 'withdraw',
      kind: 'redirect',
      status: 303,
      location: '/api/v4/wallet/withdrawals',
    });
    expect((await withdraw('r-2')).status).toBe(303);
    expect(t.mock.state.withdrawals.filter((w) => w.withdraw_order_id === 'r-2')).toHaveLength(1);
  });

  it('refuses a redirect status that is not one', () => {
    expect(() => t.mock.faults.add({ kind: 'redirect', status: 300 as 301, location: '/' })).toThrow('redirect status');
  });
});

describe('chaos mode', () => {
  it('draws the same faults for the same seed, at about the given rate, only for the given operations', async () => {
    const run = async (): Promise<number[]> => {
      t.mock.reset();
      t.mock.faults.chaos({
        rate: 0.5,
        seed: 7,
        operationIds: ['transfer'],
        faults: [{ kind: 'status', status: 503 }],
      });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await transfer(`c-${i}`)).status);
      expect((await t.call({ method: 'GET', path: '/spot/time', signed: false })).status).toBe(200);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const faulted = first.filter((s) => s === 503).length;
    expect(faulted).toBeGreaterThan(10);
    expect(faulted).toBeLessThan(30);
  });

  it('clear() stops it', async () => {
    t.mock.faults.chaos({ rate: 1, seed: 1, faults: [{ kind: 'status', status: 500 }] });
    expect((await transfer('x-1')).status).toBe(500);
    t.mock.faults.clear();
    expect((await transfer('x-2')).status).toBe(200);
  });

  it('seededRandom is deterministic and within [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});

describe('a withdrawal is listed only after withdrawalListDelayMs (server clock)', () => {
  const listed = async (id: string): Promise<number> => {
    const res = await t.call({ method: 'GET', path: '/wallet/withdrawals', query: `withdraw_order_id=${id}` });
    return (res.json as unknown as unknown[]).length;
  };

  it('pending until then, listed after; reset() restores the option', async () => {
    t.mock.state.withdrawalListDelayMs = 1500;
    expect((await withdraw('p-1')).status).toBe(200);
    expect(await listed('p-1')).toBe(0);
    t.mock.clock.advance(1499);
    expect(await listed('p-1')).toBe(0);
    t.mock.clock.advance(1);
    expect(await listed('p-1')).toBe(1);
    t.mock.reset();
    expect(t.mock.state.withdrawalListDelayMs).toBe(0);
  });
});

describe('arrival time and the simulated network delay (real clock)', () => {
  let real: TestMock;
  const delays = new Map<string, number>();
  beforeAll(async () => {
    real = await startTestMock({
      now: Date.now,
      networkDelay: ({ body }) => {
        const id = /"withdraw_order_id":"([^"]+)"/.exec(body)?.[1];
        return id === undefined ? 0 : (delays.get(id) ?? 0);
      },
    });
  });
  afterAll(() => real.mock.close());

  it('stamps a request when it arrives, after its delay', async () => {
    delays.set('d-1', 80);
    const sent = Date.now();
    await withdraw('d-1', real);
    expect(real.mock.requests.at(-1)!.at - sent).toBeGreaterThanOrEqual(75);
  });

  it('counts by arrival: a request sent first but arriving later is the one refused', async () => {
    real.mock.reset();
    delays.set('late', 300);
    delays.set('early', 0);
    const late = withdraw('late', real);
    const early = withdraw('early', real);
    const [lateRes, earlyRes] = await Promise.all([late, early]);
    expect(earlyRes.status).toBe(200);
    expect(lateRes.status).toBe(429);
    expect(
      real.mock.requests.map((r) => (JSON.parse(r.body) as { withdraw_order_id: string }).withdraw_order_id),
    ).toEqual(['early', 'late']);
  });
});

describe('live header names (liveHeaders)', () => {
  let live: TestMock;
  beforeAll(async () => {
    live = await startTestMock({
      liveHeaders: true,
      edit: ({ ir }) => {
        ir.headers.response.aliases = {
          traceId: ['X-Gate-Trace-Id'],
          rateLimitRemaining: ['X-Gate-RateLimit-Requests-Remain'],
          rateLimitLimit: ['X-Gate-RateLimit-Limit'],
          rateLimitReset: ['X-Gate-RateLimit-Reset-Timestamp'],
        };
      },
    });
  });
  afterAll(() => live.mock.close());

  it('sends the aliased roles under their live names only', async () => {
    const first = await withdraw('l-1', live);
    expect(first.headers.get('x-gate-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(first.headers.get('x-gate-ratelimit-limit')).toBe('1');
    expect(first.headers.get('x-gate-ratelimit-requests-remain')).toBe('0');
    expect(first.headers.get('x-svc-trace-id')).toBeNull();
    expect(first.headers.get('x-in-time')).not.toBeNull();
    const second = await withdraw('l-2', live);
    expect(second.status).toBe(429);
    expect(second.headers.get('x-gate-ratelimit-reset-timestamp')).toMatch(/^\d+$/);
  });
});
