import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const transfer = (fields: Record<string, unknown>): string =>
  json({ currency: 'USDT', from: 'spot', to: 'margin', amount: '1', currency_pair: 'BTC_USDT', ...fields });
const DAY = 86_400;

describe('request validation', () => {
  for (const amount of ['0', '1.123456789', '-1', 'abc', '1e5', '']) {
    it(`rejects transfer amount ${JSON.stringify(amount)} with 400 INVALID_PARAM_VALUE naming amount`, async () => {
      const res = await t.call({ method: 'POST', path: '/wallet/transfers', body: transfer({ amount }) });
      expect(res.status).toBe(400);
      expect(res.json.label).toBe('INVALID_PARAM_VALUE');
      expect(res.json.message).toContain('`amount`');
    });
  }

  it('accepts an amount with 8 decimals', async () => {
    const res = await t.call({ method: 'POST', path: '/wallet/transfers', body: transfer({ amount: '1.12345678' }) });
    expect(res.status).toBe(200);
  });

  const cases: Array<{ given: string; req: Parameters<TestMock['call']>[0]; want: { label: string; field: string } }> =
    [
      {
        given: 'a missing required body field',
        req: { method: 'POST', path: '/wallet/transfers', body: json({ from: 'spot', to: 'margin', amount: '1' }) },
        want: { label: 'MISSING_REQUIRED_PARAM', field: 'currency' },
      },
      {
        given: 'a missing required query parameter',
        req: { method: 'GET', path: '/wallet/currency_chains', signed: false },
        want: { label: 'MISSING_REQUIRED_PARAM', field: 'currency' },
      },
      {
        given: 'a value outside the enum',
        req: { method: 'POST', path: '/wallet/transfers', body: transfer({ from: 'bank' }) },
        want: { label: 'INVALID_PARAM_VALUE', field: 'from' },
      },
      {
        given: 'a value breaking the pattern',
        req: { method: 'POST', path: '/wallet/transfers', body: transfer({ client_order_id: 'has spaces' }) },
        want: { label: 'INVALID_PARAM_VALUE', field: 'client_order_id' },
      },
      {
        given: 'a limit above the maximum',
        req: { method: 'GET', path: '/wallet/withdrawals', query: 'limit=5000' },
        want: { label: 'INVALID_PARAM_VALUE', field: 'limit' },
      },
      {
        given: 'a non-integer limit',
        req: { method: 'GET', path: '/wallet/withdrawals', query: 'limit=ten' },
        want: { label: 'INVALID_PARAM_VALUE', field: 'limit' },
      },
      {
        given: 'more array items than maxItems',
        req: { method: 'GET', path: '/unified/batch_borrowable', query: 'currencies=A,B,C,D,E,F,G,H,I,J,K' },
        want: { label: 'INVALID_PARAM_VALUE', field: 'currencies' },
      },
      {
        given: 'an empty array item',
        req: { method: 'GET', path: '/unified/batch_borrowable', query: 'currencies=BTC,,ETH' },
        want: { label: 'INVALID_PARAM_VALUE', field: 'currencies[1]' },
      },
      {
        given: 'a non-integer path parameter',
        req: { method: 'GET', path: '/sub_accounts/abc' },
        want: { label: 'INVALID_PARAM_VALUE', field: 'user_id' },
      },
      {
        given: 'a nested field of the wrong type',
        req: {
          method: 'POST',
          path: '/sub_accounts/10001/keys',
          body: json({ perms: [{ name: 'spot', read_only: 'yes' }] }),
        },
        want: { label: 'INVALID_PARAM_VALUE', field: 'perms[0].read_only' },
      },
      {
        given: 'neither field of x-require-any-of',
        req: { method: 'GET', path: '/wallet/order_status' },
        want: { label: 'MISSING_REQUIRED_PARAM', field: 'client_order_id, tx_id' },
      },
      {
        given: 'a time range over 30 days',
        req: { method: 'GET', path: '/wallet/withdrawals', query: `from=${1768478400 - 31 * DAY}&to=1768478400` },
        want: { label: 'INVALID_PARAM_VALUE', field: 'from' },
      },
      {
        given: 'only a from more than 30 days ago',
        req: { method: 'GET', path: '/wallet/withdrawals', query: `from=${1768478400 - 31 * DAY}` },
        want: { label: 'INVALID_PARAM_VALUE', field: 'from' },
      },
      {
        given: 'to before from',
        req: { method: 'GET', path: '/wallet/withdrawals', query: 'from=1768478400&to=1768470000' },
        want: { label: 'INVALID_PARAM_VALUE', field: 'to' },
      },
      {
        given: 'a GET with a body',
        req: { method: 'GET', path: '/wallet/withdrawals', body: json({ currency: 'BTC' }) },
        want: { label: 'INVALID_REQUEST_BODY', field: 'GET' },
      },
      {
        given: 'a DELETE with a body',
        req: { method: 'DELETE', path: '/withdrawals/w1000001', body: json({ reason: 'x' }) },
        want: { label: 'INVALID_REQUEST_BODY', field: 'DELETE' },
      },
      {
        given: 'a body that is not JSON',
        req: { method: 'POST', path: '/wallet/transfers', body: '{"currency":' },
        want: { label: 'INVALID_REQUEST_BODY', field: 'JSON' },
      },
      {
        given: 'a body that is not an object',
        req: { method: 'POST', path: '/wallet/transfers', body: '[1,2]' },
        want: { label: 'INVALID_REQUEST_BODY', field: 'object' },
      },
      {
        given: 'no body where one is required',
        req: { method: 'POST', path: '/wallet/transfers' },
        want: { label: 'INVALID_REQUEST_BODY', field: 'required' },
      },
      {
        given: 'a body on an operation that takes none',
        req: { method: 'POST', path: '/sub_accounts/10001/lock', body: json({ x: 1 }) },
        want: { label: 'INVALID_REQUEST_BODY', field: 'takes no body' },
      },
    ];
  for (const { given, req, want } of cases) {
    it(`answers 400 ${want.label} for ${given}`, async () => {
      const res = await t.call(req);
      expect(res.status).toBe(400);
      expect(res.json.label).toBe(want.label);
      expect(res.json.message).toContain(want.field);
    });
  }

  it('accepts a time range of exactly 30 days', async () => {
    const res = await t.call({
      method: 'GET',
      path: '/wallet/withdrawals',
      query: `from=${1768478400 - 30 * DAY}&to=1768478400`,
    });
    expect(res.status).toBe(200);
  });

  it('never echoes a password value in a validation error', async () => {
    const res = await t.call({
      method: 'POST',
      path: '/sub_accounts',
      body: json({ login_name: 'desk_x', password: 987654321 }),
    });
    expect(res.status).toBe(400);
    expect(res.json.label).toBe('INVALID_PARAM_VALUE');
    expect(res.json.message).toContain('`password`');
    expect(res.text).not.toContain('987654321');
    expect(t.mock.requests.at(-1)?.body).not.toContain('987654321');
  });

  it('validates before signature-free work: an invalid request is not applied', async () => {
    await t.call({ method: 'POST', path: '/wallet/transfers', body: transfer({ amount: '-1' }) });
    expect(t.mock.state.transfers).toHaveLength(0);
  });

  it('lets named-only operations accept any body and query', async () => {
    const odd = await t.call({ method: 'POST', path: '/spot/orders', body: json({ anything: [1, { deep: true }] }) });
    expect(odd.status).toBe(200);
    expect(odd.json).toEqual({ id: '1', status: 'open' });
    const text = await t.call({ method: 'POST', path: '/spot/orders', body: 'not json at all' });
    expect(text.status).toBe(200);
    const fee = await t.call({ method: 'GET', path: '/spot/fee', query: 'whatever=1&x' });
    expect(fee.status).toBe(501);
    expect(fee.json.label).toBe('NOT_IMPLEMENTED_IN_MOCK');
    expect(fee.json.message).toContain('getFee');
  });
});
