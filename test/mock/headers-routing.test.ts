import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from '../../mock/router.js';
import { makeTestApi } from './support/api.js';
import { T0, json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

describe('response headers', () => {
  const answers: Array<{ given: string; req: Parameters<TestMock['call']>[0]; status: number }> = [
    { given: '200', req: { method: 'GET', path: '/wallet/withdrawals' }, status: 200 },
    { given: '400', req: { method: 'GET', path: '/wallet/withdrawals', query: 'limit=0' }, status: 400 },
    { given: '401', req: { method: 'GET', path: '/wallet/withdrawals', secret: 'wrong' }, status: 401 },
    { given: '501', req: { method: 'GET', path: '/spot/fee' }, status: 501 },
  ];
  for (const { given, req, status } of answers) {
    it(`carries trace id, in/out time and rate-limit counters on a ${given}`, async () => {
      const res = await t.call(req);
      expect(res.status).toBe(status);
      expect(res.headers.get('x-svc-trace-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(res.headers.get('x-in-time')).toBe(String(T0 * 1000));
      expect(res.headers.get('x-out-time')).toBe(String(T0 * 1000));
      expect(res.headers.get('x-svc-ratelimit-limit')).toBe('200');
      expect(res.headers.get('x-svc-ratelimit-requests-remain')).toMatch(/^\d+$/);
      expect(res.headers.get('x-svc-ratelimit-reset-timestamp')).toBeNull();
    });
  }

  it('gives every response a fresh trace id', async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 3; i++)
      ids.add((await t.call({ method: 'GET', path: '/spot/time', signed: false })).headers.get('x-svc-trace-id'));
    expect(ids.size).toBe(3);
  });

  it('counts remaining requests down', async () => {
    const a = await t.call({ method: 'GET', path: '/wallet/withdrawals' });
    const b = await t.call({ method: 'GET', path: '/wallet/withdrawals' });
    expect(a.headers.get('x-svc-ratelimit-requests-remain')).toBe('199');
    expect(b.headers.get('x-svc-ratelimit-requests-remain')).toBe('198');
  });

  it('adds pagination headers (with the total) to paginated list responses only', async () => {
    const list = await t.call({ method: 'GET', path: '/wallet/withdrawals', query: 'limit=3&offset=2' });
    expect(list.headers.get('x-pagination-limit')).toBe('3');
    expect(list.headers.get('x-pagination-offset')).toBe('2');
    expect(Number(list.headers.get('x-pagination-total'))).toBeGreaterThan(5);
    expect(list.json).toHaveLength(3);
    const single = await t.call({ method: 'GET', path: '/sub_accounts/10001' });
    expect(single.headers.get('x-pagination-limit')).toBeNull();
  });

  it('moves in/out time with the server clock', async () => {
    t.mock.clock.set(T0 + 5_000);
    const res = await t.call({ method: 'GET', path: '/spot/time', signed: false });
    expect(res.json).toEqual({ server_time: T0 + 5_000 });
    expect(res.headers.get('x-in-time')).toBe(String((T0 + 5_000) * 1000));
  });
});

describe('routing', () => {
  it('answers 404 NOT_FOUND for an unknown path and for a path outside the prefix, with trace headers', async () => {
    const unknown = await t.call({ method: 'GET', path: '/wallet/nothing_here' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.label).toBe('NOT_FOUND');
    expect(unknown.headers.get('x-svc-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    const outside = await t.call({ method: 'GET', path: '/../../spot/time', signed: false });
    expect(outside.status).toBe(404);
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow for a known path and another method', async () => {
    const res = await t.call({ method: 'PATCH', path: '/wallet/transfers', body: json({}) });
    expect(res.status).toBe(405);
    expect(res.json.label).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('routes a literal segment before a parameter', async () => {
    const res = await t.call({ method: 'GET', path: '/sub_accounts/unified_mode' });
    expect(res.status).toBe(200);
    expect(t.mock.requests.at(-1)?.operationId).toBe('listUnifiedMode');
  });

  const router = new Router(makeTestApi().ir.operations);
  const cases = [
    {
      given: ['GET', '/sub_accounts/10001/keys/abc'],
      want: { id: 'getSubAccountKey', params: { user_id: '10001', key: 'abc' } },
    },
    { given: ['DELETE', '/withdrawals/w%2F1'], want: { id: 'cancelWithdrawal', params: { withdrawal_id: 'w/1' } } },
    { given: ['GET', '/sub_accounts/unified_mode'], want: { id: 'listUnifiedMode', params: {} } },
    { given: ['POST', '/sub_accounts/10001/lock'], want: { id: 'lockSubAccount', params: { user_id: '10001' } } },
  ] as const;
  for (const { given, want } of cases) {
    it(`routes ${given.join(' ')} to ${want.id}`, () => {
      const hit = router.match(given[0], given[1]);
      expect(hit.kind).toBe('found');
      if (hit.kind === 'found') {
        expect(hit.op.id).toBe(want.id);
        expect(hit.params).toEqual(want.params);
      }
    });
  }
  const misses = [
    { given: ['GET', '/sub_accounts/10001/keys/abc/extra'], want: 'not-found' },
    { given: ['GET', '/withdrawals/'], want: 'not-found' },
    { given: ['PUT', '/withdrawals/w1'], want: 'method-not-allowed' },
    { given: ['GET', '/wallet/%E0%A4%A'], want: 'not-found' },
  ] as const;
  for (const { given, want } of misses) {
    it(`does not route ${given.join(' ')} (${want})`, () => {
      expect(router.match(given[0], given[1]).kind).toBe(want);
    });
  }
});
