/**
 * Type tests of the spot and margin surface, checked by `npm run typecheck` (tsc): a small trading
 * program (place, read, list, amend and cancel orders; the order book; balances; margin borrowing)
 * whose results are fully typed, never `unknown` or `any`, and `@ts-expect-error` lines that must
 * fail (a wrong enum value, a missing required field). Nothing here runs.
 */
import type {
  CreateBatchOrdersResponse,
  CreateOrderParams,
  CreateOrderResponse,
  ExchangeClient,
  GetOrderResponse,
  ListMarginAccountsResponse,
  ListOrderBookResponse,
  ListOrdersItem,
  ListSpotAccountsResponse,
} from '../../generated/src/index.js';

declare const client: ExchangeClient;

/** `true` only when `T` is `any`. */
type IsAny<T> = 0 extends 1 & T ? true : false;
/** `true` only when `T` is `unknown` (and not `any`). */
type IsUnknown<T> = IsAny<T> extends true ? false : unknown extends T ? true : false;
/** `true` when `T` is a real type: neither `any` nor `unknown`. */
type Known<T> = IsAny<T> extends true ? false : IsUnknown<T> extends true ? false : true;
/** Compiles only for `true`. */
const known = <T extends true>(value: T): T => value;

// The main paths carry real types, not `unknown`.
known<Known<CreateOrderParams>>(true);
known<Known<CreateOrderResponse>>(true);
known<Known<GetOrderResponse>>(true);
known<Known<ListOrdersItem>>(true);
known<Known<CreateBatchOrdersResponse[number]>>(true);
known<Known<ListOrderBookResponse>>(true);
known<Known<ListSpotAccountsResponse[number]>>(true);
known<Known<ListMarginAccountsResponse[number]>>(true);
// ...and the helpers really tell `unknown` and `any` apart from a type.
known<IsUnknown<unknown>>(true);
known<IsAny<any>>(true); // eslint-disable-line @typescript-eslint/no-explicit-any
// @ts-expect-error `unknown` is not a known type
known<Known<unknown>>(true);

export async function placeReadAmendCancel(): Promise<void> {
  const order = await client.spot.createOrder({
    text: 't-desk-0001',
    currency_pair: 'BTC_USDT',
    side: 'buy',
    amount: '0.001',
    price: '65000',
    time_in_force: 'poc',
    stp_act: 'cn',
  });
  const id: string | undefined = order.id;
  // int64 times arrive as strings, never rounded numbers
  const createdMs: string | undefined = order.create_time_ms;
  // response enums are open: known values and any other string
  const status: 'open' | 'closed' | 'cancelled' | (string & {}) | undefined = order.status;
  const left: string | undefined = order.left;
  if (id === undefined) return;

  const again = await client.spot.getOrder({ order_id: id, currency_pair: 'BTC_USDT' });
  const filled: string | undefined = again.filled_total;
  const amended = await client.spot.amendOrder({ order_id: id, currency_pair: 'BTC_USDT', price: '64900' });
  const amendText: string | undefined = amended.amend_text;
  const cancelled = await client.spot.cancelOrder({ order_id: id, currency_pair: 'BTC_USDT' });
  const finishAs: string | undefined = cancelled.finish_as;
  void [createdMs, status, left, filled, amendText, finishAs];
}

export async function listAndCancelAll(): Promise<void> {
  // one page, then every open order across pages
  const page = await client.spot.listOrders({ currency_pair: 'BTC_USDT', status: 'open', limit: 100 });
  const first: ListOrdersItem | undefined = page[0];
  for await (const open of client.spot.listOrders({ currency_pair: 'ETH_USDT', status: 'finished', side: 'sell' })) {
    const price: string | undefined = open.price;
    void price;
  }
  const results = await client.spot.cancelOrders({ currency_pair: 'BTC_USDT', side: 'buy' });
  for (const result of results) {
    const ok: boolean | undefined = result.succeeded;
    const label: string | undefined = result.label;
    void [ok, label];
  }
  void first;
}

export async function batches(): Promise<void> {
  const placed = await client.spot.createBatchOrders({
    body: [
      { text: 't-batch-1', currency_pair: 'BTC_USDT', side: 'buy', amount: '0.001', price: '64000' },
      { text: 't-batch-2', currency_pair: 'BTC_USDT', side: 'sell', amount: '0.001', price: '70000' },
    ],
  });
  const failed = placed.filter((r) => r.succeeded === false).map((r) => `${r.text ?? ''}: ${r.label ?? ''}`);
  const cancelled = await client.spot.cancelBatchOrders({ body: [{ currency_pair: 'BTC_USDT', id: '849303441843' }] });
  const amended = await client.spot.amendBatchOrders({
    body: [{ order_id: '849303441842', currency_pair: 'BTC_USDT', amount: '0.002' }],
  });
  void [failed, cancelled[0]?.succeeded, amended[0]?.order_id];
}

export async function bookAndBalances(): Promise<void> {
  const book = await client.spot.listOrderBook({ currency_pair: 'BTC_USDT', limit: 20, with_id: true });
  const bestAsk: string | undefined = book.asks[0]?.[0];
  const bestBid: string | undefined = book.bids[0]?.[0];
  const version: string | undefined = book.id;
  const balances = await client.spot.listSpotAccounts({ currency: 'USDT' });
  const available: string | undefined = balances[0]?.available;
  const margin = await client.margin.listMarginAccounts({ currency_pair: 'BTC_USDT' });
  const borrowed: string | undefined = margin[0]?.quote?.borrowed;
  void [bestAsk, bestBid, version, available, borrowed];
}

export async function marginTrading(): Promise<void> {
  const { borrowable } = await client.margin.getUniBorrowable({ currency: 'USDT', currency_pair: 'BTC_USDT' });
  const nothing: void = await client.margin.createUniLoan({
    currency: 'USDT',
    type: 'borrow',
    amount: borrowable,
    currency_pair: 'BTC_USDT',
  });
  const order = await client.spot.createOrder({
    currency_pair: 'BTC_USDT',
    account: 'margin',
    side: 'buy',
    type: 'market',
    amount: '100',
    time_in_force: 'ioc',
    auto_borrow: true,
  });
  const legacy = await client.spot.createOrder({
    currency_pair: 'BTC_USDT',
    account: 'cross_margin',
    side: 'sell',
    amount: '0.001',
    price: '70000',
  });
  void [nothing, order.account, legacy.account];
}

export async function wrongEnums(): Promise<void> {
  const limitBuy = { currency_pair: 'BTC_USDT', side: 'buy', amount: '1', price: '1' } as const;
  await client.spot.createOrder({ ...limitBuy, time_in_force: 'fok', account: 'unified', stp_act: 'cb' });
  // @ts-expect-error `long` is not a side
  await client.spot.createOrder({ ...limitBuy, side: 'long' });
  // @ts-expect-error `day` is not a time in force (gtc, ioc, poc, fok)
  await client.spot.createOrder({ ...limitBuy, time_in_force: 'day' });
  // @ts-expect-error `futures` is not an order account
  await client.spot.createOrder({ ...limitBuy, account: 'futures' });
  // @ts-expect-error STP actions are cn, co, cb (`-` is only ever reported)
  await client.spot.createOrder({ ...limitBuy, stp_act: '-' });
  // @ts-expect-error order lists are `open` or `finished`
  await client.spot.listOrders({ currency_pair: 'BTC_USDT', status: 'closed' });
  // @ts-expect-error a loan is borrowed or repaid
  await client.margin.createUniLoan({ currency: 'USDT', type: 'lend', amount: '1', currency_pair: 'BTC_USDT' });
}

export async function missingFields(): Promise<void> {
  // @ts-expect-error `amount` is required
  await client.spot.createOrder({ currency_pair: 'BTC_USDT', side: 'buy', price: '65000' });
  // @ts-expect-error `currency_pair` is required to read an order
  await client.spot.getOrder({ order_id: '849303441842' });
  // @ts-expect-error every order of a batch needs its `text`
  await client.spot.createBatchOrders({ body: [{ currency_pair: 'BTC_USDT', side: 'buy', amount: '1', price: '1' }] });
  // @ts-expect-error the order book needs its `currency_pair`
  await client.spot.listOrderBook({ limit: 10 });
  // @ts-expect-error an isolated-margin loan names its `currency_pair`
  await client.margin.createUniLoan({ currency: 'USDT', type: 'borrow', amount: '1' });
  // @ts-expect-error amounts are decimal strings, never numbers
  await client.spot.createOrder({ currency_pair: 'BTC_USDT', side: 'buy', amount: 0.001, price: '65000' });
}
