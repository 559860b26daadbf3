/**
 * A batch with one bad order never leaves the client: the generated client against the mock, on
 * both transports, with the mock's request log as the witness. The bad batch takes no rate-limit
 * slot (the limiter's clock is frozen, so ten good batches after any number of refused ones still
 * fit the 10 r/s spot placement bucket, and the eleventh does not; a hundred fit the 100 r/s
 * futures placement bucket), and a good batch round-trips. Spot and perpetual futures batches
 * (orders and cancels) alike.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimiter, ValidationError, type ExchangeClient } from '../../generated/src/index.js';
import type { CreateBatchFuturesOrderParams, CreateBatchOrdersParams } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { mockClient } from '../support/mock-client.js';
import { startContractMock } from './support/harness.js';

const TRANSPORTS = ['fetch', 'node'] as const;
type Order = CreateBatchOrdersParams['body'][number];

const order = (i: number): Order => ({
  text: `t-batch-${i}`,
  currency_pair: 'BTC_USDT',
  type: 'limit',
  side: 'buy',
  amount: '0.001',
  price: '64000',
});
const good = Array.from({ length: 3 }, (_, i) => order(i));
/** The good batch with item 1 replaced: typed loosely, as a caller's untyped input would be. */
const bad = (item: Record<string, unknown>): { body: Order[] } => ({
  body: [good[0], { ...order(1), ...item }, good[2]] as Order[],
});

let mock: MockServer;
beforeAll(async () => {
  mock = await startContractMock();
  mock.fixtures.add([
    {
      operationId: 'createBatchOrders',
      name: 'any batch: every order placed',
      response: { status: 200, body: [{ succeeded: true }, { succeeded: true }, { succeeded: true }] },
    },
    {
      operationId: 'createBatchFuturesOrder',
      name: 'any futures batch: every order placed',
      response: { status: 200, body: [{ succeeded: true }, { succeeded: true }, { succeeded: true }] },
    },
  ]);
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

describe.each(TRANSPORTS)('%s: POST /spot/batch_orders with a bad order', (transport) => {
  it('is refused before any I/O, naming the item, the field, the value and the rule', async () => {
    const client = mockClient(mock.url, { transport, rateLimit: 'off', maxRetries: 0 });
    const cases = [
      { item: { side: 'BUY' }, want: ['body[1].side', 'enum', 'BUY'] },
      { item: { amount: '1e-3' }, want: ['body[1].amount', 'decimal', '1e-3'] },
      { item: { text: 'desk-1' }, want: ['body[1].text', 'pattern', 'desk-1'] },
      { item: { currency_pair: undefined }, want: ['body[1].currency_pair', 'required', undefined] },
    ];
    for (const { item, want } of cases) {
      const error = await client.spot.createBatchOrders(bad(item)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      const { field, rule, value } = error as ValidationError;
      expect([field, rule, value]).toEqual(want);
    }
    expect(mock.requests).toHaveLength(0);
  });

  it('reports every bad order at once (the first as field, value and rule), sending nothing', async () => {
    const client = mockClient(mock.url, { transport, rateLimit: 'off', maxRetries: 0 });
    const body = [good[0], { ...order(1), side: 'BUY' }, { ...order(2), amount: '1e-3' }] as Order[];
    const error = await client.spot.createBatchOrders({ body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const { field, rule, issues, message } = error as ValidationError;
    expect([field, rule]).toEqual(['body[1].side', 'enum']);
    expect(issues?.map((i) => [i.field, i.rule, i.value])).toEqual([
      ['body[1].side', 'enum', 'BUY'],
      ['body[2].amount', 'decimal', '1e-3'],
    ]);
    expect(message).toMatch(/; 1 more bad item: body\[2\]\.amount$/);
    expect(mock.requests).toHaveLength(0);
  });

  it('takes no rate-limit slot, and a good batch still round-trips', async () => {
    const frozen = Date.now();
    const limiter = new RateLimiter({ mode: 'reject', now: () => frozen });
    const client = mockClient(mock.url, { transport, limiter, rateLimit: 'reject', maxRetries: 0 });
    for (let i = 0; i < 12; i++) {
      await expect(client.spot.createBatchOrders(bad({ amount: 'x' }))).rejects.toBeInstanceOf(ValidationError);
    }
    expect(mock.requests).toHaveLength(0);
    for (let i = 0; i < 10; i++) {
      const placed = await client.spot.createBatchOrders({ body: good });
      expect(placed.map((r) => r.succeeded)).toEqual([true, true, true]);
    }
    expect(mock.requests).toHaveLength(10);
    expect(JSON.parse(mock.requests[0]?.body ?? '')).toEqual(good);
    await expect(client.spot.createBatchOrders({ body: good })).rejects.toMatchObject({
      label: 'RATE_LIMITED_LOCALLY',
    });
    expect(mock.requests).toHaveLength(10);
  });
});

type FuturesOrder = CreateBatchFuturesOrderParams['body'][number];

const futuresOrder = (i: number): FuturesOrder => ({
  contract: 'BTC_USDT',
  size: i % 2 === 0 ? '0.5' : '-0.5',
  price: i % 2 === 0 ? '60000' : '70000',
  tif: 'gtc',
  text: `t-fbatch-${i}`,
});
const goodFutures = Array.from({ length: 3 }, (_, i) => futuresOrder(i));
/** Typed loosely, as a caller's untyped input would be. */
const loose = (body: unknown[]): FuturesOrder[] => body as FuturesOrder[];
const withoutContract = Object.fromEntries(Object.entries(futuresOrder(0)).filter(([k]) => k !== 'contract'));
const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(36028813724316576n + BigInt(i)));

describe.each(TRANSPORTS)(
  '%s: POST /futures/{settle}/batch_orders and batch_cancel_orders with a bad item',
  (transport) => {
    const cases: Array<{ given: string; call: (c: ExchangeClient) => Promise<unknown>; want: unknown[] }> = [
      {
        given: '11 orders (at most 10)',
        call: (c) =>
          c.futures.createBatchFuturesOrder({
            settle: 'usdt',
            body: Array.from({ length: 11 }, (_, i) => futuresOrder(i)),
          }),
        want: ['body', 'maxItems', Array.from({ length: 11 }, (_, i) => futuresOrder(i))],
      },
      {
        given: 'no order (at least 1)',
        call: (c) => c.futures.createBatchFuturesOrder({ settle: 'usdt', body: [] }),
        want: ['body', 'minItems', []],
      },
      {
        given: 'a size that is a number, not a decimal string',
        call: (c) =>
          c.futures.createBatchFuturesOrder({
            settle: 'usdt',
            body: loose([...goodFutures.slice(0, 2), { ...futuresOrder(2), size: 5 }]),
          }),
        want: ['body[2].size', 'type', 5],
      },
      {
        given: 'a size that is not a plain decimal',
        call: (c) =>
          c.futures.createBatchFuturesOrder({
            settle: 'usdt',
            body: [...goodFutures.slice(0, 2), { ...futuresOrder(2), size: '1e3' }],
          }),
        want: ['body[2].size', 'decimal', '1e3'],
      },
      {
        given: 'an order without its contract',
        call: (c) =>
          c.futures.createBatchFuturesOrder({
            settle: 'usdt',
            body: loose([withoutContract, ...goodFutures.slice(1)]),
          }),
        want: ['body[0].contract', 'required', undefined],
      },
      {
        given: 'a self-trade action only answers carry',
        call: (c) =>
          c.futures.createBatchFuturesOrder({
            settle: 'usdt',
            body: loose([goodFutures[0], { ...futuresOrder(1), stp_act: '-' }]),
          }),
        want: ['body[1].stp_act', 'enum', '-'],
      },
      {
        given: '21 ids (at most 20)',
        call: (c) => c.futures.cancelBatchFutureOrders({ settle: 'usdt', body: ids(21) }),
        want: ['body', 'maxItems', ids(21)],
      },
      {
        given: 'an id that is a number, not a string',
        call: (c) =>
          c.futures.cancelBatchFutureOrders({
            settle: 'usdt',
            body: loose([ids(1)[0], 58828013599]) as unknown as string[],
          }),
        want: ['body[1]', 'type', 58828013599],
      },
    ];

    it('is refused before any I/O, naming the item, the field, the value and the rule', async () => {
      const client = mockClient(mock.url, { transport, rateLimit: 'off', maxRetries: 0 });
      for (const { given, call, want } of cases) {
        const error = await call(client).catch((e: unknown) => e);
        expect(error, given).toBeInstanceOf(ValidationError);
        const { field, rule, value } = error as ValidationError;
        expect([field, rule, value], given).toEqual(want);
        expect((error as ValidationError).message, given).toContain(`${field} `);
      }
      expect(mock.requests).toHaveLength(0);
    });

    it('takes no rate-limit slot, and a good batch still round-trips', async () => {
      const frozen = Date.now();
      const limiter = new RateLimiter({ mode: 'reject', now: () => frozen });
      const client = mockClient(mock.url, { transport, limiter, rateLimit: 'reject', maxRetries: 0 });
      for (let i = 0; i < 20; i++) {
        for (const { call } of cases) await expect(call(client)).rejects.toBeInstanceOf(ValidationError);
      }
      expect(mock.requests).toHaveLength(0);
      // The futures placement bucket holds 100 per second: all of them are still free.
      for (let i = 0; i < 100; i++) {
        const placed = await client.futures.createBatchFuturesOrder({ settle: 'usdt', body: goodFutures });
        expect(placed.map((r) => r.succeeded)).toEqual([true, true, true]);
      }
      expect(mock.requests).toHaveLength(100);
      expect(JSON.parse(mock.requests[0]?.body ?? '')).toEqual(goodFutures);
      await expect(client.futures.createBatchFuturesOrder({ settle: 'usdt', body: goodFutures })).rejects.toMatchObject(
        {
          label: 'RATE_LIMITED_LOCALLY',
        },
      );
      expect(mock.requests).toHaveLength(100);
    });

    it('sends a good cancel batch as the list of string ids, with a typed answer', async () => {
      const client = mockClient(mock.url, { transport, rateLimit: 'off', maxRetries: 0 });
      const body = ['36028813724316576', '36028813724316599'];
      const results = await client.futures.cancelBatchFutureOrders({ settle: 'usdt', body });
      expect(mock.requests.map((r) => [r.path, r.body])).toEqual([
        ['/api/v4/futures/usdt/batch_cancel_orders', JSON.stringify(body)],
      ]);
      // The mock knows no such orders: one typed result per id, the 64-bit user id as a string.
      expect(results.map((r) => [r.id, typeof r.user_id, r.succeeded, r.message])).toEqual([
        ['36028813724316576', 'string', false, 'ORDER_NOT_FOUND'],
        ['36028813724316599', 'string', false, 'ORDER_NOT_FOUND'],
      ]);
    });
  },
);
