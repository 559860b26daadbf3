/**
 * Spot flows through the generated client against the mock process (no STP groups here):
 * amend and queue priority, cancel one / all / batch placing, margin orders, the signature
 * choosing the account, and market data (account book, trades, ticker, candlesticks, order book)
 * derived from the same state.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../../generated/src/index.js';
import type { CreateOrderParams } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { A, B, C } from '../exchange/support/given.js';
import { clientFor, idOf, rejection, startPaperMock } from './support/paper-mock.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startPaperMock({ margin: { USDT: '1000' } });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const pair = 'BTC_USDT';
const order = async (
  uid: number,
  side: 'buy' | 'sell',
  price: string,
  amount: string,
  extra: Partial<CreateOrderParams> = {},
) => {
  const placed = await clientFor(mock, uid).spot.createOrder({ currency_pair: pair, side, price, amount, ...extra });
  return { ...placed, id: idOf(placed) };
};
const state = (uid: number, id: string) => clientFor(mock, uid).spot.getOrder({ order_id: id, currency_pair: pair });
const balances = async (uid: number) =>
  Object.fromEntries(
    (await clientFor(mock, uid).spot.listSpotAccounts()).map((b): [string, string] => [
      b.currency ?? '',
      `${b.available}/${b.locked}`,
    ]),
  );

describe('amend keeps or loses time priority as the reference states', () => {
  it('reducing the amount keeps the place: the amended order still fills first', async () => {
    const first = await order(A, 'buy', '99', '1');
    const second = await order(B, 'buy', '99', '1');
    const amended = await clientFor(mock, A).spot.amendOrder({
      order_id: first.id,
      currency_pair: pair,
      amount: '0.5',
    });
    expect([amended.amount, amended.left]).toEqual(['0.5', '0.5']);
    await order(C, 'sell', '99', '0.5');
    expect((await state(A, first.id)).status).toBe('closed');
    expect((await state(B, second.id)).left).toBe('1');
  });

  it('increasing the amount goes to the back of the queue', async () => {
    const first = await order(A, 'buy', '99', '1');
    const second = await order(B, 'buy', '99', '1');
    await clientFor(mock, A).spot.amendOrder({ order_id: first.id, currency_pair: pair, amount: '2' });
    await order(C, 'sell', '99', '1');
    expect((await state(B, second.id)).status).toBe('closed');
    expect((await state(A, first.id)).left).toBe('2');
  });

  it('a new price goes to the back of the new price, and a crossing price trades at once', async () => {
    const mine = await order(A, 'buy', '98', '1');
    await order(B, 'sell', '100', '1');
    const amended = await clientFor(mock, A).spot.amendOrder({ order_id: mine.id, currency_pair: pair, price: '100' });
    expect([amended.status, amended.finish_as, amended.filled_total]).toEqual(['closed', 'filled', '100']);
  });
});

describe('cancel', () => {
  it('cancels one order, releases its lock, and refuses a second cancel with a typed error', async () => {
    const mine = await order(A, 'buy', '99', '1');
    expect((await balances(A))['USDT']).toBe('9901/99');
    const cancelled = await clientFor(mock, A).spot.cancelOrder({ order_id: mine.id, currency_pair: pair });
    expect([cancelled.status, cancelled.finish_as]).toEqual(['cancelled', 'cancelled']);
    expect((await balances(A))['USDT']).toBe('10000/0');
    const again = await rejection(clientFor(mock, A).spot.cancelOrder({ order_id: mine.id, currency_pair: pair }));
    expect(again).toBeInstanceOf(BadRequestError);
    expect(again).toMatchObject({ label: 'ORDER_CANCELLED' });
  });

  it("does not find another account's order (404 ORDER_NOT_FOUND)", async () => {
    const theirs = await order(B, 'buy', '99', '1');
    const error = await rejection(clientFor(mock, A).spot.cancelOrder({ order_id: theirs.id, currency_pair: pair }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, label: 'ORDER_NOT_FOUND' });
    expect((await state(B, theirs.id)).status).toBe('open');
  });

  it('cancels every open order of the caller in a pair', async () => {
    await order(A, 'buy', '97', '1');
    await order(A, 'sell', '120', '1');
    await order(B, 'buy', '96', '1');
    const cancelled = await clientFor(mock, A).spot.cancelOrders({ currency_pair: pair });
    expect(cancelled.map((o) => [o.side, o.status])).toEqual([
      ['buy', 'cancelled'],
      ['sell', 'cancelled'],
    ]);
    expect(await clientFor(mock, A).spot.listOrderBook({ currency_pair: pair })).toMatchObject({
      bids: [['96', '1']],
      asks: [],
    });
  });

  it('places a batch with one result per order, a refused one among them', async () => {
    const results = await clientFor(mock, A).spot.createBatchOrders({
      body: [
        { currency_pair: pair, side: 'buy', price: '99', amount: '1', text: 't-batch-1' },
        { currency_pair: pair, side: 'sell', price: '120', amount: '50', text: 't-batch-2' },
      ],
    });
    expect(results.map((r) => [r.succeeded, r.label, r.text])).toEqual([
      [true, '', 't-batch-1'],
      [false, 'BALANCE_NOT_ENOUGH', 't-batch-2'],
    ]);
    expect(
      (await clientFor(mock, A).spot.listOrders({ currency_pair: pair, status: 'open' })).map((o) => o.text),
    ).toEqual(['t-batch-1']);
  });
});

describe('accounts', () => {
  it('the key that signs decides the account', async () => {
    await order(B, 'buy', '99', '1');
    expect((await balances(B))['USDT']).toBe('9901/99');
    expect((await balances(A))['USDT']).toBe('10000/0');
  });

  it('a margin order trades from the margin wallet of its pair', async () => {
    await order(B, 'sell', '100', '1');
    await order(A, 'buy', '100', '1', { account: 'margin' });
    const [wallet] = await clientFor(mock, A).margin.listMarginAccounts({ currency_pair: pair });
    expect(wallet).toMatchObject({
      currency_pair: pair,
      base: { currency: 'BTC', available: '0.998' },
      quote: { available: '900' },
    });
    expect((await balances(A))['USDT']).toBe('10000/0');
  });
});

describe('market data comes from the same state', () => {
  it('after a trade: account book, my trades, ticker, candlesticks and order book agree', async () => {
    await order(B, 'sell', '100', '2');
    const taken = await order(A, 'buy', '100', '0.5');
    const client = clientFor(mock, A);

    const trades = await client.spot.listMyTrades({ currency_pair: pair });
    expect(trades).toEqual([
      expect.objectContaining({
        order_id: taken.id,
        side: 'buy',
        role: 'taker',
        amount: '0.5',
        price: '100',
        fee: '0.001',
        fee_currency: 'BTC',
      }),
    ]);
    const book = await client.spot.listSpotAccountBook({ currency: 'BTC' });
    expect(book.slice(0, 2).map((e) => [e.type, e.change, e.balance])).toEqual([
      ['fee', '-0.001', '10.499'],
      ['trade', '0.5', '10.5'],
    ]);
    const [ticker] = await client.spot.listTickers({ currency_pair: pair });
    expect(ticker).toMatchObject({
      last: '100',
      lowest_ask: '100',
      lowest_size: '1.5',
      base_volume: '0.5',
      quote_volume: '50',
    });
    const candles = await client.spot.listCandlesticks({ currency_pair: pair, interval: '1m', limit: 2 });
    expect(candles.at(-1)?.slice(1, 7)).toEqual(['50', '100', '100', '100', '100', '0.5']);
    expect(await client.spot.listOrderBook({ currency_pair: pair })).toMatchObject({
      asks: [['100', '1.5']],
      bids: [],
    });
  });
});
