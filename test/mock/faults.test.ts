import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestMock, transferToMargin } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const transfer = (id: string) => transferToMargin(t, id);
const time = () => t.call({ method: 'GET', path: '/spot/time', signed: false });

describe('fault injection', () => {
  const statuses = [
    { given: 500, want: 'SERVER_ERROR' },
    { given: 502, want: 'SERVER_ERROR' },
    { given: 503, want: 'TOO_BUSY' },
  ];
  for (const { given, want } of statuses) {
    it(`answers an injected ${given} with ${want} without doing the work`, async () => {
      t.mock.faults.add({ operationId: 'transfer', kind: 'status', status: given });
      const res = await transfer('fault-1');
      expect(res.status).toBe(given);
      expect(res.json.label).toBe(want);
      expect(res.headers.get('x-svc-trace-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(t.mock.state.transfers).toHaveLength(0);
      expect(t.mock.requests.at(-1)).toMatchObject({ status: given, fault: 'status', verified: true });
      expect((await transfer('fault-1')).status).toBe(200);
    });
  }

  it('uses a given label and fires `times` times', async () => {
    t.mock.faults.add({ path: '/spot/time', kind: 'status', status: 500, label: 'INTERNAL', times: 2 });
    expect((await time()).json.label).toBe('INTERNAL');
    expect((await time()).json.label).toBe('INTERNAL');
    expect((await time()).status).toBe(200);
  });

  it('applies after the signature check: a mis-signed request gets 401 and the fault stays armed', async () => {
    t.mock.faults.add({ operationId: 'listWithdrawals', kind: 'status', status: 503 });
    const bad = await t.call({ method: 'GET', path: '/wallet/withdrawals', secret: 'wrong' });
    expect(bad.status).toBe(401);
    expect(t.mock.faults.pending()).toHaveLength(1);
    expect((await t.call({ method: 'GET', path: '/wallet/withdrawals' })).status).toBe(503);
    expect(t.mock.faults.pending()).toHaveLength(0);
  });

  it('matches by method and concrete path', async () => {
    t.mock.faults.add({ method: 'delete', path: '/withdrawals/w1000001', kind: 'status', status: 502 });
    expect((await t.call({ method: 'GET', path: '/wallet/withdrawals' })).status).toBe(200);
    expect((await t.call({ method: 'DELETE', path: '/withdrawals/w1000002' })).status).toBe(400);
    expect((await t.call({ method: 'DELETE', path: '/withdrawals/w1000001' })).status).toBe(502);
  });

  it('delays an answer by real time, then answers normally', async () => {
    t.mock.faults.add({ operationId: 'getSystemTime', kind: 'delay', ms: 120 });
    const started = performance.now();
    const res = await time();
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(t.mock.requests.at(-1)?.fault).toBe('delay');
  });

  it('reset-before destroys the connection and applies nothing', async () => {
    t.mock.faults.add({ operationId: 'transfer', kind: 'reset-before' });
    await expect(transfer('rb-1')).rejects.toThrow();
    expect(t.mock.state.transfers).toHaveLength(0);
    expect(t.mock.requests.at(-1)).toMatchObject({ status: 0, fault: 'reset-before', operationId: 'transfer' });
    expect((await transfer('rb-1')).status).toBe(200);
  });

  it('reset-after applies the write, then destroys the connection; a retry is refused as a duplicate', async () => {
    t.mock.faults.add({ operationId: 'transfer', kind: 'reset-after' });
    await expect(transfer('ra-1')).rejects.toThrow();
    expect(t.mock.state.transfers).toHaveLength(1);
    expect(t.mock.requests.at(-1)).toMatchObject({ status: 200, fault: 'reset-after' });
    const lookup = await t.call({ method: 'GET', path: '/wallet/order_status', query: 'client_order_id=ra-1' });
    expect(lookup.json).toEqual({ tx_id: '9007199254740993', status: 'SUCCESS' });
    const retry = await transfer('ra-1');
    expect(retry.status).toBe(400);
    expect(retry.json.label).toBe('DUPLICATE_REQUEST');
    expect(t.mock.state.transfers).toHaveLength(1);
  });

  it('429-burst answers TOO_MANY_REQUESTS with rate-limit headers for `times` requests', async () => {
    t.mock.faults.add({ operationId: 'listWithdrawals', kind: '429-burst', times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await t.call({ method: 'GET', path: '/wallet/withdrawals' });
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ label: 'TOO_MANY_REQUESTS', message: 'Request Rate Limit Exceeded' });
      expect(res.headers.get('x-svc-ratelimit-requests-remain')).toBe('0');
      expect(res.headers.get('x-svc-ratelimit-limit')).toBe('200');
      expect(res.headers.get('x-svc-ratelimit-reset-timestamp')).toBe(
        String(Math.ceil(t.mock.clock.now() / 1000) + 10),
      );
    }
    expect((await t.call({ method: 'GET', path: '/wallet/withdrawals' })).status).toBe(200);
  });

  it('clear() disarms every fault, and reset() does too', async () => {
    t.mock.faults.add({ kind: 'status', status: 500, times: 5 });
    t.mock.faults.clear();
    expect((await time()).status).toBe(200);
    t.mock.faults.add({ kind: 'status', status: 500 });
    t.mock.reset();
    expect((await time()).status).toBe(200);
  });

  const bad = [
    { given: { kind: 'status', status: 200 }, want: 'status' },
    { given: { kind: 'delay', ms: -1 }, want: 'delay' },
    { given: { kind: 'status', status: 500, times: 0 }, want: 'times' },
    { given: { kind: '429-burst', times: 1.5 }, want: 'times' },
  ] as const;
  for (const { given, want } of bad) {
    it(`refuses a fault with a bad ${want}`, () => {
      expect(() => t.mock.faults.add(given as never)).toThrow(want);
    });
  }
});
