import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_KEY, MOCK_SECRET } from '../../mock/index.js';
import { marketsOf } from '../../mock/pipeline.js';
import { RateLimiter, scopeKey } from '../../mock/rate-limit.js';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock({
    keys: { [MOCK_KEY]: MOCK_SECRET, 'second-test-key': 'second-test-secret' },
    edit: ({ ir }) => {
      for (const op of ir.operations) {
        if (op.id === 'listCurrencyChains') op.rateLimit = { ...op.rateLimit, requests: 2 };
        if (op.id === 'createOrder') op.rateLimit = { ...op.rateLimit, requests: 1 };
      }
    },
  });
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const withdrawal = json({
  currency: 'USDT',
  amount: '10',
  chain: 'TRX',
  address: 'TYDzsYUEpvnYmQk4zGP9sWWcTEd2MiAtW6',
});
const withdraw = (extra: Partial<Parameters<TestMock['call']>[0]> = {}) =>
  t.call({ method: 'POST', path: '/withdrawals', body: withdrawal, ...extra });

describe('rate limits', () => {
  it('refuses a second POST /withdrawals within 3 s with 429 and the reset second, then allows it after 3 s', async () => {
    const first = await withdraw();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-svc-ratelimit-limit')).toBe('1');
    expect(first.headers.get('x-svc-ratelimit-requests-remain')).toBe('0');

    t.mock.clock.advance(2_999);
    const second = await withdraw();
    expect(second.status).toBe(429);
    expect(second.json).toEqual({ label: 'TOO_MANY_REQUESTS', message: 'Request Rate Limit Exceeded' });
    expect(second.headers.get('x-svc-ratelimit-limit')).toBe('1');
    expect(second.headers.get('x-svc-ratelimit-requests-remain')).toBe('0');
    const t0 = t.mock.requests[0]?.at ?? 0;
    expect(second.headers.get('x-svc-ratelimit-reset-timestamp')).toBe(String(Math.ceil((t0 + 3_000) / 1000)));
    expect(t.mock.state.withdrawals.filter((w) => w.status === 'REQUEST')).toHaveLength(1);

    t.mock.clock.advance(1);
    expect((await withdraw()).status).toBe(200);
  });

  it('takes no slot for a request refused by the signature check or validation', async () => {
    expect((await withdraw({ secret: 'wrong' })).status).toBe(401);
    expect((await withdraw({ body: json({ currency: 'USDT', amount: '0', chain: 'TRX', address: 'x' }) })).status).toBe(
      400,
    );
    expect((await withdraw()).status).toBe(200);
  });

  it('counts private limits per key', async () => {
    expect((await withdraw()).status).toBe(200);
    expect((await withdraw({ key: 'second-test-key', secret: 'second-test-secret' })).status).toBe(200);
    expect((await withdraw()).status).toBe(429);
  });

  it('counts public limits per address', async () => {
    const chains = () =>
      t.call({ method: 'GET', path: '/wallet/currency_chains', query: 'currency=ETH', signed: false });
    expect((await chains()).headers.get('x-svc-ratelimit-requests-remain')).toBe('1');
    expect((await chains()).status).toBe(200);
    const third = await chains();
    expect(third.status).toBe(429);
    expect(third.headers.get('x-svc-ratelimit-reset-timestamp')).toBe(
      String(Math.ceil((t.mock.clock.now() + 10_000) / 1000)),
    );
  });

  it('counts uid+market limits per key and currency pair', async () => {
    const order = (pair: string) =>
      t.call({ method: 'POST', path: '/spot/orders', body: json({ currency_pair: pair, amount: '1' }) });
    expect((await order('BTC_USDT')).status).toBe(200);
    expect((await order('BTC_USDT')).status).toBe(429);
    expect((await order('ETH_USDT')).status).toBe(200);
  });
});

describe('marketsOf', () => {
  const op = {
    rateLimit: { bucket: 'spot-place', requests: 10, window: 1, scope: 'uid+market' as const, market: 'currency_pair' },
  };
  it.each([
    { name: 'a body field', given: { body: { currency_pair: 'BTC_USDT' }, query: {} }, want: ['BTC_USDT'] },
    { name: 'a query field', given: { body: undefined, query: { currency_pair: 'ETH_USDT' } }, want: ['ETH_USDT'] },
    {
      name: 'a list body: every distinct pair, sorted',
      given: {
        body: [{ currency_pair: 'GT_USDT' }, { currency_pair: 'BTC_USDT' }, { currency_pair: 'GT_USDT' }],
        query: {},
      },
      want: ['BTC_USDT', 'GT_USDT'],
    },
    { name: 'none', given: { body: [{ side: 'buy' }], query: {} }, want: [] },
  ])('$name', ({ given, want }) => {
    expect(marketsOf(op, given.body, given.query)).toEqual(want);
  });
});

describe('RateLimiter (units)', () => {
  const limit = { bucket: 'b', requests: 1, window: 1, scope: 'uid+market' as const, market: 'currency_pair' };
  it('takes one slot per market; reports the fullest window', () => {
    const rl = new RateLimiter();
    const subject = (...markets: string[]) => ({ ip: '127.0.0.1', key: 'k', markets });
    expect(rl.take(limit, subject('A', 'B'), 0)).toEqual({ allowed: true, limit: 1, remaining: 0 });
    expect(rl.take(limit, subject('C', 'A'), 10).allowed).toBe(false);
    expect(rl.take(limit, subject('C'), 20)).toEqual({ allowed: true, limit: 1, remaining: 0 });
  });
});

describe('RateLimiter', () => {
  const limit = { bucket: 'b', requests: 2, window: 10, scope: 'uid' as const };
  const subject = { ip: '127.0.0.1', key: 'k' };

  it('slides the window: a slot frees exactly one window after the request that took it', () => {
    const rl = new RateLimiter();
    expect(rl.take(limit, subject, 0)).toEqual({ allowed: true, limit: 2, remaining: 1 });
    expect(rl.take(limit, subject, 4_000)).toEqual({ allowed: true, limit: 2, remaining: 0 });
    expect(rl.take(limit, subject, 9_999)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 10 });
    expect(rl.take(limit, subject, 10_000).allowed).toBe(true);
    expect(rl.take(limit, subject, 13_999)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 14 });
    expect(rl.peek(limit, subject, 14_000)).toEqual({ allowed: true, limit: 2, remaining: 1 });
  });

  const scopes = [
    {
      given: { scope: 'ip' as const, subject: { ip: '10.0.0.1', key: 'k', markets: ['BTC_USDT'] } },
      want: 'ip:10.0.0.1',
    },
    { given: { scope: 'uid' as const, subject: { ip: '10.0.0.1', key: 'k', markets: ['BTC_USDT'] } }, want: 'key:k' },
    {
      given: { scope: 'uid+market' as const, subject: { ip: '10.0.0.1', key: 'k', markets: ['BTC_USDT'] } },
      want: 'key:k|market:BTC_USDT',
    },
    { given: { scope: 'uid+market' as const, subject: { ip: '10.0.0.1', key: 'k' } }, want: 'key:k|market:' },
  ];
  for (const { given, want } of scopes) {
    it(`keys scope ${given.scope} as ${want}`, () => {
      expect(scopeKey({ scope: given.scope }, given.subject)).toBe(want);
    });
  }
});
