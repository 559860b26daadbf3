import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_KEY, MOCK_SECRET } from '../../mock/index.js';
import { constantTimeEqual, signaturePayload } from '../../mock/verify-signature.js';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock({ keys: { [MOCK_KEY]: MOCK_SECRET, 'second-test-key': 'second-test-secret' } });
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const transferBody = json({ currency: 'USDT', from: 'spot', to: 'margin', amount: '1.5', currency_pair: 'BTC_USDT' });

describe('signature verification', () => {
  it('accepts a correctly signed GET with a query and logs it as verified', async () => {
    const res = await t.call({ method: 'GET', path: '/wallet/withdrawals', query: 'currency=BTC&limit=5' });
    expect(res.status).toBe(200);
    expect(t.mock.requests.at(-1)).toMatchObject({
      verified: true,
      operationId: 'listWithdrawals',
      status: 200,
      query: 'currency=BTC&limit=5',
    });
  });

  it('accepts a correctly signed POST with a body, and a second configured key', async () => {
    expect((await t.call({ method: 'POST', path: '/wallet/transfers', body: transferBody })).status).toBe(200);
    const other = await t.call({
      method: 'POST',
      path: '/wallet/transfers',
      body: transferBody,
      key: 'second-test-key',
      secret: 'second-test-secret',
    });
    expect(other.status).toBe(200);
  });

  it('needs no signature on a public operation', async () => {
    const res = await t.call({ method: 'GET', path: '/wallet/currency_chains', query: 'currency=ETH', signed: false });
    expect(res.status).toBe(200);
    expect(t.mock.requests.at(-1)?.verified).toBe(false);
  });

  const failures: Array<{ given: string; req: Parameters<TestMock['call']>[0]; want: string }> = [
    {
      given: 'the wrong secret',
      req: { method: 'GET', path: '/wallet/withdrawals', secret: 'not-the-secret' },
      want: 'INVALID_SIGNATURE',
    },
    {
      given: 'a body other than the one signed',
      req: {
        method: 'POST',
        path: '/wallet/transfers',
        body: transferBody,
        signBody: json({ currency: 'USDT', from: 'spot', to: 'margin', amount: '2', currency_pair: 'BTC_USDT' }),
      },
      want: 'INVALID_SIGNATURE',
    },
    {
      given: 'a query signed with %2C but sent with a comma',
      req: {
        method: 'GET',
        path: '/unified/batch_borrowable',
        query: 'currencies=BTC,ETH',
        signQuery: 'currencies=BTC%2CETH',
      },
      want: 'INVALID_SIGNATURE',
    },
    {
      given: 'a query signed with a comma but sent with %2C',
      req: {
        method: 'GET',
        path: '/unified/batch_borrowable',
        query: 'currencies=BTC%2CETH',
        signQuery: 'currencies=BTC,ETH',
      },
      want: 'INVALID_SIGNATURE',
    },
    {
      given: 'a query signed in another order',
      req: {
        method: 'GET',
        path: '/wallet/withdrawals',
        query: 'limit=5&currency=BTC',
        signQuery: 'currency=BTC&limit=5',
      },
      want: 'INVALID_SIGNATURE',
    },
    {
      given: 'an unknown key',
      req: { method: 'GET', path: '/wallet/withdrawals', key: 'unknown-key', secret: MOCK_SECRET },
      want: 'INVALID_KEY',
    },
    {
      given: 'no signature headers',
      req: { method: 'GET', path: '/wallet/withdrawals', signed: false },
      want: 'MISSING_REQUIRED_HEADER',
    },
    {
      given: 'a SIGN header of another length',
      req: { method: 'GET', path: '/wallet/withdrawals', headers: { SIGN: 'abc' } },
      want: 'INVALID_SIGNATURE',
    },
    {
      given: 'a Timestamp in milliseconds',
      req: { method: 'GET', path: '/wallet/withdrawals', timestamp: String(Date.UTC(2026, 0, 15, 12)) },
      want: 'REQUEST_EXPIRED',
    },
  ];
  for (const { given, req, want } of failures) {
    it(`answers 401 ${want} for ${given}`, async () => {
      const res = await t.call(req);
      expect(res.status).toBe(401);
      expect(res.json.label).toBe(want);
      expect(t.mock.requests.at(-1)).toMatchObject({ verified: false, status: 401, label: want });
    });
  }

  it('names the missing header', async () => {
    const res = await t.call({
      method: 'GET',
      path: '/wallet/withdrawals',
      signed: false,
      headers: { KEY: MOCK_KEY, Timestamp: '1' },
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ label: 'MISSING_REQUIRED_HEADER', message: 'Missing required header: SIGN' });
  });

  it('accepts a query sent and signed with %2C (the values still split on the comma)', async () => {
    const res = await t.call({ method: 'GET', path: '/unified/batch_borrowable', query: 'currencies=BTC%2CETH' });
    expect(res.status).toBe(200);
  });

  it('rejects a Timestamp 61 s away from the server clock and accepts 59 s', async () => {
    const now = Math.floor(t.mock.clock.now() / 1000);
    for (const skew of [61, -61]) {
      const res = await t.call({ method: 'GET', path: '/wallet/withdrawals', timestamp: String(now + skew) });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        label: 'REQUEST_EXPIRED',
        message: 'gap between request Timestamp and server time exceeds 60',
      });
    }
    for (const skew of [59, -59]) {
      expect((await t.call({ method: 'GET', path: '/wallet/withdrawals', timestamp: String(now + skew) })).status).toBe(
        200,
      );
    }
  });

  it('checks the skew against the server clock, which tests can move', async () => {
    const before = String(Math.floor(t.mock.clock.now() / 1000));
    t.mock.clock.advance(120_000);
    const stale = await t.call({ method: 'GET', path: '/wallet/withdrawals', timestamp: before });
    expect(stale.json.label).toBe('REQUEST_EXPIRED');
    const server = await t.call({ method: 'GET', path: '/spot/time', signed: false });
    const fresh = await t.call({
      method: 'GET',
      path: '/wallet/withdrawals',
      timestamp: String(Math.floor(Number(server.json.server_time) / 1000)),
    });
    expect(fresh.status).toBe(200);
  });
});

describe('signature helpers', () => {
  const cases = [
    { given: ['abc', 'abc'], want: true },
    { given: ['abc', 'abd'], want: false },
    { given: ['abc', 'ab'], want: false },
    { given: ['abc', 'abcd'], want: false },
    { given: ['', ''], want: true },
  ] as const;
  for (const { given, want } of cases) {
    it(`constantTimeEqual(${JSON.stringify(given[0])}, ${JSON.stringify(given[1])}) is ${want}`, () => {
      expect(constantTimeEqual(given[0], given[1])).toBe(want);
    });
  }

  it('builds the five-line payload with the empty-body hash', () => {
    const payload = signaturePayload(
      { separator: '\n' },
      { method: 'GET', path: '/api/v4/spot/time', query: 'a=1', body: '', timestamp: '1700000000' },
    );
    expect(payload.split('\n')).toEqual([
      'GET',
      '/api/v4/spot/time',
      'a=1',
      'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
      '1700000000',
    ]);
  });
});
