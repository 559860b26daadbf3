/**
 * Type tests of a futures trading program written against `client.futures` (checked by
 * `npm run typecheck`; nothing here runs). `typed(value)` compiles only when `value` is neither
 * `any` nor `unknown`, so every value read on the main paths (orders, positions, order book,
 * account) is proven to carry a real type. Every `@ts-expect-error` line must be an error.
 */
import type {
  CreateBatchFuturesOrderParams,
  ExchangeClient,
  FuturesBatchCancelResult,
  FuturesBatchOrderResult,
  ListFuturesOrdersItem,
  Position,
} from '../../generated/src/index.js';

declare const client: ExchangeClient;

type IsAny<T> = 0 extends 1 & T ? true : false;
type IsUnknown<T> = IsAny<T> extends true ? false : unknown extends T ? true : false;

/** Returns a value whose type is neither `any` nor `unknown`; the parameter becomes `never` otherwise. */
function typed<T>(value: IsAny<T> extends true ? never : IsUnknown<T> extends true ? never : T): T {
  return value;
}

export async function placeAmendCancel(): Promise<void> {
  const order = await client.futures.createFuturesOrder({
    settle: 'usdt',
    contract: 'BTC_USDT',
    size: '0.5',
    price: '65000',
    tif: 'poc',
    text: 't-desk-0001',
    stp_act: 'cn',
  });
  // int64 ids come back as strings, sizes and prices as decimal strings.
  const id: string | undefined = typed(order.id);
  const size: string | undefined = typed(order.size);
  const left: string | undefined = typed(order.left);
  // Response enums are open: the known values narrow, a later value still compiles.
  const status = typed(order.status);
  if (status === 'open' || status === 'finished' || status === 'a-status-added-later') void status;
  if (id === undefined) return;

  const got = await client.futures.getFuturesOrder({ settle: 'usdt', order_id: id });
  typed(got.fill_price);
  typed(got.finish_as);
  const amended = await client.futures.amendFuturesOrder({ settle: 'usdt', order_id: id, price: '64950' });
  typed(amended.price);
  const cancelled = await client.futures.cancelFuturesOrder({ settle: 'usdt', order_id: id });
  typed(cancelled.finish_time);
  // Fields with a service-side default (tif: gtc) stay optional.
  const reduce = await client.futures.createFuturesOrder({
    settle: 'btc',
    contract: 'BTC_USD',
    size: '-1',
    price: '0',
    reduce_only: true,
  });
  typed(reduce.is_reduce_only);
  const all = await client.futures.cancelFuturesOrders({ settle: 'usdt', contract: 'BTC_USDT', side: 'bid' });
  typed(all[0]?.id);
  void [size, left];
}

export async function batchPlaceAndCancel(): Promise<void> {
  // Each item of a futures batch is a `FuturesOrderRequest`; the answer is one result per item.
  const placed = await client.futures.createBatchFuturesOrder({
    settle: 'usdt',
    body: [
      { contract: 'BTC_USDT', size: '0.5', price: '65000', tif: 'gtc', text: 't-desk-0001' },
      { contract: 'BTC_USDT', size: '-0.5', price: '70000', tif: 'poc', stp_act: 'co' },
    ],
  });
  const result: FuturesBatchOrderResult | undefined = placed[0];
  const succeeded: boolean | undefined = typed(result?.succeeded);
  const label = typed(result?.label);
  // int64 ids come back as strings: the id a batch cancel takes.
  const id: string | undefined = typed(result?.id);
  if (result?.status === 'open' || result?.status === 'a-status-added-later') void result.left;
  const cancelled = await client.futures.cancelBatchFutureOrders({
    settle: 'usdt',
    body: id === undefined ? [] : [id],
  });
  const one: FuturesBatchCancelResult | undefined = cancelled[0];
  const userId: string | undefined = typed(one?.user_id);
  typed(one?.message);
  void [succeeded, label, userId];
}

export async function wrongBatchItems(): Promise<void> {
  type Item = CreateBatchFuturesOrderParams['body'][number];
  const good: Item = { contract: 'BTC_USDT', size: '1', price: '1' };
  // @ts-expect-error sizes are decimal strings, never numbers, in a batch too
  await client.futures.createBatchFuturesOrder({ settle: 'usdt', body: [good, { ...good, size: 1 }] });
  // @ts-expect-error `day` is not a time in force
  await client.futures.createBatchFuturesOrder({ settle: 'usdt', body: [{ ...good, tif: 'day' }] });
  // @ts-expect-error every item needs its `contract`
  await client.futures.createBatchFuturesOrder({ settle: 'usdt', body: [{ size: '1', price: '1' }] });
  // @ts-expect-error `-` appears in answers only, never in a request
  await client.futures.createBatchFuturesOrder({ settle: 'usdt', body: [{ ...good, stp_act: '-' }] });
  // @ts-expect-error order ids are strings (64-bit ids written as text), never numbers
  await client.futures.cancelBatchFutureOrders({ settle: 'usdt', body: [58828013512] });
  // @ts-expect-error a batch cancel takes ids, not orders
  await client.futures.cancelBatchFutureOrders({ settle: 'usdt', body: [good] });
}

export async function listOrders(): Promise<void> {
  // `await` gives one page, `for await` every order across pages.
  const page = await client.futures.listFuturesOrders({ settle: 'usdt', status: 'open', limit: 50 });
  const first: ListFuturesOrdersItem | undefined = page[0];
  typed(first?.contract);
  for await (const order of client.futures.listFuturesOrders({ settle: 'btc', status: 'finished' })) {
    typed(order.tif);
    typed(order.stp_act);
  }
  const { response } = await client.futures.listFuturesOrders({ settle: 'usdt', status: 'open' }).withResponse();
  const total: number | undefined = typed(response.pagination.total);
  void total;
}

export async function positions(): Promise<void> {
  const list = await client.futures.listPositions({ settle: 'usdt', holding: true });
  const position: Position | undefined = list[0];
  typed(position?.size);
  typed(position?.pos_margin_mode);
  typed(position?.lever);
  typed(position?.pid);
  const one = await client.futures.getPosition({ settle: 'usdt', contract: 'BTC_USDT' });
  typed(one.liq_price);
  typed(one.close_order?.price);
  const leverage = await client.futures.updateContractPositionLeverage({
    settle: 'usdt',
    contract: 'BTC_USDT',
    leverage: '10',
    margin_mode: 'isolated',
  });
  typed(leverage.leverage);
  const margin = await client.futures.updatePositionMargin({ settle: 'usdt', contract: 'BTC_USDT', change: '-25' });
  typed(margin.margin);
  const lever = await client.futures.getLeverage({
    settle: 'usdt',
    contract: 'BTC_USDT',
    pos_margin_mode: 'cross',
    dual_side: 'dual_short',
  });
  typed(lever.Lever);
}

export async function marketAndAccount(): Promise<void> {
  const book = await client.futures.listFuturesOrderBook({ settle: 'usdt', contract: 'BTC_USDT', limit: 5 });
  const bestBid: string | undefined = typed(book.bids[0]?.p);
  const bestAskSize: string | undefined = typed(book.asks[0]?.s);
  const account = await client.futures.listFuturesAccounts({ settle: 'usdt' });
  typed(account.available);
  typed(account.position_mode);
  typed(account.enable_dual_plus);
  typed(account.history?.pnl);
  const mode = await client.futures.setPositionMode({ settle: 'usdt', position_mode: 'dual_plus' });
  typed(mode.in_dual_mode);
  void [bestBid, bestAskSize];
}

export async function wrongEnumsAndMissingFields(): Promise<void> {
  // @ts-expect-error `day` is not a time in force
  await client.futures.createFuturesOrder({ settle: 'usdt', contract: 'BTC_USDT', size: '1', price: '1', tif: 'day' });
  const order = { settle: 'usdt', contract: 'BTC_USDT', size: '1', price: '1' } as const;
  // @ts-expect-error `keep` is not a self-trade prevention action
  await client.futures.createFuturesOrder({ ...order, stp_act: 'keep' });
  // @ts-expect-error `eth` is not a settlement currency
  await client.futures.listPositions({ settle: 'eth' });
  // @ts-expect-error `price` is required
  await client.futures.createFuturesOrder({ settle: 'usdt', contract: 'BTC_USDT', size: '1' });
  // @ts-expect-error sizes are decimal strings since v4.106.0, never numbers
  await client.futures.createFuturesOrder({ settle: 'usdt', contract: 'BTC_USDT', size: 1, price: '0' });
  // @ts-expect-error `status` is required when listing orders
  await client.futures.listFuturesOrders({ settle: 'usdt' });
  // @ts-expect-error `split` is not a position mode
  await client.futures.setPositionMode({ settle: 'usdt', position_mode: 'split' });
  // @ts-expect-error `margin_mode` is required when setting the leverage
  await client.futures.updateContractPositionLeverage({ settle: 'usdt', contract: 'BTC_USDT', leverage: '10' });
  // @ts-expect-error the order book needs a contract
  await client.futures.listFuturesOrderBook({ settle: 'usdt' });
  // @ts-expect-error options amendments must name the contract
  await client.options.amendOptionsOrder({ order_id: 1, price: '1', size: 1 });
  // @ts-expect-error options amendments carry both the price and the size
  await client.options.amendOptionsOrder({ order_id: 1, contract: 'BTC_USDT-20261225-70000-C', price: '1' });
}

export function typedRejectsUnknown(): void {
  const untyped: unknown = 1;
  const anything: any = 1; // eslint-disable-line @typescript-eslint/no-explicit-any
  // @ts-expect-error an `unknown` value is not typed
  typed(untyped);
  // @ts-expect-error an `any` value is not typed
  typed(anything); // eslint-disable-line @typescript-eslint/no-unsafe-argument
  typed(1);
}
