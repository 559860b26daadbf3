import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixtureError } from '../../mock/index.js';
import type { Fixture } from '../../mock/index.js';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock({ fixturesDir: FIXTURES });
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const chains = (currency: string) =>
  t.call({ method: 'GET', path: '/wallet/currency_chains', query: `currency=${currency}`, signed: false });
const order = (body: Record<string, unknown>) => t.call({ method: 'POST', path: '/spot/orders', body: json(body) });

describe('fixture replay', () => {
  it('loads every file of the folder, in path order', () => {
    const sources = t.mock.fixtures.list().map((f) => f.source);
    expect(sources).toHaveLength(12);
    expect(sources).toEqual([...sources].sort());
  });

  it('answers with the fixture whose query matches, adding its headers to the mock headers', async () => {
    const res = await chains('BTC');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ chain: 'BTC', name_en: 'Bitcoin', is_disabled: 0, decimal: '8' }]);
    expect(res.headers.get('x-recorded-from')).toBe('testnet');
    expect(res.headers.get('x-svc-trace-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('replays recorded error answers', async () => {
    const res = await chains('OLDCOIN');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ label: 'INVALID_CURRENCY', message: 'Invalid currency OLDCOIN' });
  });

  it('falls back to the spec example when no fixture matches', async () => {
    const res = await chains('ETH');
    expect(res.json).toEqual([{ chain: 'ETH', name_en: 'Ethereum', is_disabled: 0, decimal: '18' }]);
  });

  it('prefers the most specific fixture and keeps 64-bit numbers exact', async () => {
    const any = await order({ currency_pair: 'BTC_USDT', amount: 2 });
    expect(any.text).toContain('"id":36028813724316572');
    const ioc = await order({ currency_pair: 'BTC_USDT', time_in_force: 'ioc', amount: 1, price: '1' });
    expect(ioc.text).toContain('"id":36028813724316573');
    const otherAmount = await order({ currency_pair: 'BTC_USDT', time_in_force: 'ioc', amount: 1.0 });
    expect(otherAmount.text).toContain('"id":36028813724316573');
  });

  it('compares body numbers by their text and matches null only against null', async () => {
    const asText = await order({ currency_pair: 'BTC_USDT', time_in_force: 'ioc', amount: '1' });
    expect(asText.text).toContain('"id":36028813724316572');
    expect((await order({ currency_pair: 'ETH_USDT', account: null })).json).toEqual({ id: 1, status: 'open' });
    expect((await order({ currency_pair: 'ETH_USDT' })).json).toEqual({ id: '1', status: 'open' });
  });

  it('matches a query value of null only when the parameter is absent', async () => {
    const hit = await t.call({ method: 'GET', path: '/wallet/order_status', query: 'client_order_id=rec-1' });
    expect(hit.json).toEqual({ tx_id: '777', status: 'FAIL' });
    const miss = await t.call({ method: 'GET', path: '/wallet/order_status', query: 'client_order_id=rec-1&tx_id=5' });
    expect(miss.status).toBe(404);
    expect(miss.json.label).toBe('ORDER_NOT_FOUND');
  });

  it('replays a `once` sequence in file order and rearms it on reset()', async () => {
    const look = () => t.call({ method: 'GET', path: '/wallet/order_status', query: 'tx_id=12345678901234567890' });
    expect((await look()).json.status).toBe('PENDING');
    expect((await look()).json.status).toBe('SUCCESS');
    expect((await look()).json.status).toBe('SUCCESS');
    t.mock.reset();
    expect((await look()).json.status).toBe('PENDING');
  });

  it('lets the state answer first and fixtures answer what the state does not know', async () => {
    const time = await t.call({ method: 'GET', path: '/spot/time', signed: false });
    expect(time.json.server_time).toBe(t.mock.clock.now());
    const seeded = await t.call({ method: 'GET', path: '/sub_accounts/10001' });
    expect(seeded.json.login_name).toBe('desk_mm_01');
    const recorded = await t.call({ method: 'GET', path: '/sub_accounts/20001' });
    expect(recorded.json.login_name).toBe('recorded_sub');
    expect((await t.call({ method: 'GET', path: '/sub_accounts/20002' })).json.label).toBe('SUB_ACCOUNT_NOT_FOUND');
  });

  it('replays a recorded error for a stateful operation, but lets the state answer successes', async () => {
    const body = (amount: string) =>
      json({ currency: 'USDT', amount, chain: 'TRX', address: 'TYDzsYUEpvnYmQk4zGP9sWWcTEd2MiAtW6' });
    const over = await t.call({ method: 'POST', path: '/withdrawals', body: body('750000') });
    expect(over.status).toBe(400);
    expect(over.json.label).toBe('WITHDRAWAL_OVER_LIMIT');
    expect(t.mock.state.withdrawals.filter((w) => w.status === 'REQUEST')).toHaveLength(0);
    t.mock.clock.advance(3_000);
    const ok = await t.call({ method: 'POST', path: '/withdrawals', body: body('5') });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: 'REQUEST', amount: '5' });
    expect(t.mock.state.withdrawals.filter((w) => w.status === 'REQUEST')).toHaveLength(1);
  });

  it('takes fixtures added at run time', async () => {
    t.mock.fixtures.add({
      operationId: 'getFee',
      name: 'fee',
      response: { status: 200, body: { maker_fee: '0.001' } },
    });
    const res = await t.call({ method: 'GET', path: '/spot/fee' });
    expect(res.json).toEqual({ maker_fee: '0.001' });
  });
});

describe('fixture checks', () => {
  const ok = { operationId: 'listCurrencyChains', name: 'x', response: { status: 200, body: [] } };
  const bad: Array<{ given: string; fixture: unknown; want: string }> = [
    {
      given: 'an unknown operation',
      fixture: { ...ok, operationId: 'noSuchOp' },
      want: 'unknown operationId "noSuchOp"',
    },
    { given: 'an unknown field', fixture: { ...ok, respones: {} }, want: 'unknown field "respones"' },
    { given: 'no name', fixture: { ...ok, name: '' }, want: '"name" must be a non-empty string' },
    {
      given: 'a status that is not HTTP',
      fixture: { ...ok, response: { status: 2000 } },
      want: '"response.status" must be an HTTP status',
    },
    {
      given: 'an undeclared success status',
      fixture: { ...ok, response: { status: 201, body: [] } },
      want: 'status 201 is not declared',
    },
    {
      given: 'a body the schema rejects',
      fixture: { ...ok, response: { status: 200, body: [{ is_disabled: 7 }] } },
      want: 'does not match the spec at "/0/is_disabled"',
    },
    {
      given: 'an error body without a label',
      fixture: { ...ok, response: { status: 400, body: { message: 'x' } } },
      want: 'does not match the spec',
    },
    {
      given: 'an undeclared query parameter',
      fixture: { ...ok, request: { query: { currencyy: 'BTC' } } },
      want: 'query parameter "currencyy" is not declared',
    },
    {
      given: 'a query value that is a number',
      fixture: { ...ok, request: { query: { currency: 1 } } },
      want: '"request.query.currency" must be a string or null',
    },
    {
      given: 'an unknown path parameter',
      fixture: { ...ok, request: { path: { id: '1' } } },
      want: 'path parameter "id" is not in',
    },
    {
      given: 'a 204 with a body',
      fixture: { operationId: 'lockSubAccount', name: 'x', response: { status: 204, body: {} } },
      want: 'a 204 response has no body',
    },
    { given: 'a 200 without a body', fixture: { ...ok, response: { status: 200 } }, want: 'status 200 needs a body' },
  ];
  for (const { given, fixture, want } of bad) {
    it(`refuses a fixture with ${given}`, () => {
      let error: unknown;
      try {
        t.mock.fixtures.add(fixture as Fixture, 'inline-test');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(FixtureError);
      expect((error as Error).message).toContain('inline-test');
      expect((error as Error).message).toContain(want);
    });
  }

  it('accepts a nested list body for an operation whose samples nest the list', () => {
    expect(() =>
      t.mock.fixtures.add({
        operationId: 'listWithdrawals',
        name: 'nested',
        response: { status: 200, body: [[{ id: 'w1', status: 'DONE' }]] },
      }),
    ).not.toThrow();
  });

  it('refuses to start on a folder holding a bad fixture, naming the file', async () => {
    const dir = fileURLToPath(new URL('./fixtures-bad/', import.meta.url));
    await expect(startTestMock({ fixturesDir: dir })).rejects.toThrow(/broken\.json.*unknown operationId/);
  });
});
