/**
 * The spot and margin endpoints answered by the paper exchange: orders (create, batch create,
 * list, open orders, get, amend, cancel one / all / batch), accounts, account book, my trades,
 * fee, order book, tickers, candlesticks, margin accounts and account book. Each handler reads
 * the request, calls the engine and returns the reference's shape; an unknown pair or order is a
 * miss (recorded fixtures may answer it).
 */
import { MockHttpError } from '../../errors.js';
import type { ExchangeContext, ExchangeHandler, ExchangeHandlerTable } from './context.js';
import type { HandlerResult } from '../../handler-contract.js';
import { textField } from '../../handler-contract.js';
import { candlesticksView, spotOrderBookView, spotTickerView } from '../market-views.js';
import { amendSpotOrder, cancelSpotBatch, cancelSpotOrder, cancelSpotOrders, findSpotOrder } from '../spot-manage.js';
import { placeSpotOrder } from '../spot-place.js';
import {
  batchFailureView,
  batchOrderView,
  cancelledView,
  marginAccountsView,
  marginBookView,
  myTradeView,
  orderView,
  spotAccountsView,
  spotBookView,
} from '../spot-views.js';
import type { ExchangeState, SpotOrderState } from '../types.js';
import {
  callerUid,
  changed,
  exchangeOf,
  inRange,
  miss,
  paged,
  q,
  qFlag,
  qInt,
  qOrderStatus,
  read,
  slice,
} from './params.js';
import { spotIndex } from '../order-index.js';
import { own } from '../own.js';

const ok = (ctx: ExchangeContext, body: unknown): HandlerResult => ({ status: ctx.op.successStatus, body });
const unknownPair = (pair: string) => miss(400, 'INVALID_CURRENCY_PAIR', `Invalid currency pair: ${pair}`);
const orderNotFound = (id: string) => miss(404, 'ORDER_NOT_FOUND', `Order ${id} not found`);
const knows = (state: ExchangeState, pair: string | undefined): boolean =>
  pair === undefined || own(state.spotMarkets, pair) !== undefined;

const createOrder: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const pair = textField(ctx.body, 'currency_pair');
    if (!knows(state, pair)) return unknownPair(pair ?? '');
    return ok(ctx, orderView(state, placeSpotOrder(state, callerUid(ctx), ctx.body, nowMs)));
  });

const createBatchOrders: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    if (!Array.isArray(ctx.body))
      throw new MockHttpError(400, 'INVALID_REQUEST_BODY', 'Invalid request body: expected a list of orders');
    const uid = callerUid(ctx);
    return ok(
      ctx,
      ctx.body.map((item: unknown) => {
        try {
          return batchOrderView(state, placeSpotOrder(state, uid, item, nowMs));
        } catch (e) {
          if (!(e instanceof MockHttpError)) throw e;
          return batchFailureView(item, e.label, e.message);
        }
      }),
    );
  });

/** The caller's orders, newest first, with the list filters of `GET /spot/orders`. */
const listOrders: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const pair = q(ctx, 'currency_pair');
    if (!knows(state, pair)) return unknownPair(pair ?? '');
    const status = qOrderStatus(ctx);
    const { offset, limit } = paged(ctx, 100, status === 'open' ? 100 : 1000);
    const uid = callerUid(ctx);
    const side = q(ctx, 'side');
    const account = q(ctx, 'account');
    const index = spotIndex(state);
    const candidates = status === 'open' ? index.open(uid, (p) => pair === undefined || p === pair) : index.all(uid);
    const orders = candidates
      .filter((o) => pair === undefined || o.pair === pair)
      .filter((o) => (status === 'open' ? o.status === 'open' : o.status !== 'open'))
      .filter((o) => (side === undefined || o.side === side) && (account === undefined || o.account === account))
      .filter((o) => status === 'open' || inRange(ctx, o.updateMs))
      .sort((a, b) => b.priority - a.priority);
    return ok(
      ctx,
      slice(orders, offset, limit).map((o) => orderView(state, o)),
    );
  });

/** Open orders grouped by pair (`OpenOrders`), `limit` per pair. */
const listAllOpenOrders: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const { offset, limit } = paged(ctx, 100, 100);
    const uid = callerUid(ctx);
    const account = q(ctx, 'account');
    const byPair = new Map<string, SpotOrderState[]>();
    for (const o of spotIndex(state).open(uid, () => true)) {
      if (o.status !== 'open' || (account !== undefined && o.account !== account)) continue;
      byPair.set(o.pair, [...(byPair.get(o.pair) ?? []), o]);
    }
    const groups = [...byPair.entries()].sort(([a], [b]) => a.localeCompare(b));
    return ok(
      ctx,
      groups.map(([pair, orders]) => ({
        currency_pair: pair,
        total: orders.length,
        orders: slice(
          orders.sort((a, b) => b.priority - a.priority),
          offset,
          limit,
        ).map((o) => orderView(state, o)),
      })),
    );
  });

/** `{order_id}` of the path and the pair (body first, then query) of an order request. */
function target(ctx: ExchangeContext): { id: string; pair: string | undefined } {
  return { id: ctx.pathValues[0] ?? '', pair: textField(ctx.body, 'currency_pair') ?? q(ctx, 'currency_pair') };
}

const getOrder: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const { id, pair } = target(ctx);
    const order = findSpotOrder(state, callerUid(ctx), id, pair, nowMs);
    return order === undefined ? orderNotFound(id) : ok(ctx, orderView(state, order));
  });

const cancelOrder: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const { id, pair } = target(ctx);
    const order = findSpotOrder(state, callerUid(ctx), id, pair);
    return order === undefined ? orderNotFound(id) : ok(ctx, orderView(state, cancelSpotOrder(state, order, nowMs)));
  });

const amendOrder: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const { id, pair } = target(ctx);
    const order = findSpotOrder(state, callerUid(ctx), id, pair);
    return order === undefined
      ? orderNotFound(id)
      : ok(ctx, orderView(state, amendSpotOrder(state, order, ctx.body, nowMs)));
  });

const cancelOrders: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const pair = q(ctx, 'currency_pair');
    if (!knows(state, pair)) return unknownPair(pair ?? '');
    const filter = { pair, side: q(ctx, 'side'), account: q(ctx, 'account') };
    return ok(
      ctx,
      cancelSpotOrders(state, callerUid(ctx), filter, nowMs).map((o) => cancelledView(state, o)),
    );
  });

const cancelBatchOrders: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => ok(ctx, cancelSpotBatch(state, callerUid(ctx), ctx.body, nowMs)));

const listSpotAccounts: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => ok(ctx, spotAccountsView(state, callerUid(ctx), q(ctx, 'currency'))));

/** Account book entries of one wallet kind, newest first, filtered by currency, type and time. */
function entries(ctx: ExchangeContext, state: ExchangeState, wallet: 'spot' | 'margin') {
  const uid = callerUid(ctx);
  const currency = q(ctx, 'currency');
  const pair = wallet === 'margin' && currency !== undefined ? q(ctx, 'currency_pair') : undefined;
  const type = q(ctx, 'type');
  return state.book
    .filter((e) => e.uid === uid && e.wallet === wallet)
    .filter((e) => (currency === undefined || e.currency === currency) && (pair === undefined || e.market === pair))
    .filter((e) => (type === undefined || e.type === type) && inRange(ctx, e.timeMs))
    .reverse();
}

const listSpotAccountBook: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const { offset, limit } = paged(ctx);
    return ok(ctx, slice(entries(ctx, state, 'spot'), offset, limit).map(spotBookView));
  });

const listMyTrades: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const pair = q(ctx, 'currency_pair');
    if (!knows(state, pair)) return unknownPair(pair ?? '');
    const { offset, limit } = paged(ctx);
    const uid = callerUid(ctx);
    const orderId = q(ctx, 'order_id');
    const mine = state.spotTrades
      .filter((t) => (pair === undefined || t.pair === pair) && inRange(ctx, t.timeMs))
      .flatMap((t) =>
        [t.takerOrderId, t.makerOrderId]
          .map((id) => state.spotOrders[id])
          .filter(
            (o): o is SpotOrderState => o !== undefined && o.uid === uid && (orderId === undefined || o.id === orderId),
          )
          .map((o) => myTradeView(state, t, o)),
      )
      .reverse();
    return ok(ctx, slice(mine, offset, limit));
  });

/** The seed's spot rates; `debit_fee` 3: fees are charged at those rates, never in GT or points. */
const getFee: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const pair = q(ctx, 'currency_pair');
    if (!knows(state, pair)) return unknownPair(pair ?? '');
    return ok(ctx, {
      user_id: callerUid(ctx),
      taker_fee: state.fees.spot.taker,
      maker_fee: state.fees.spot.maker,
      rpi_maker_fee: '0',
      gt_discount: false,
      gt_taker_fee: '0',
      gt_maker_fee: '0',
      loan_fee: '0',
      point_type: '0',
      currency_pair: pair ?? '',
      debit_fee: 3,
      rpi_mm: 0,
    });
  });

const listOrderBook: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const pair = q(ctx, 'currency_pair') ?? '';
    const market = own(state.spotMarkets, pair);
    if (market === undefined) return unknownPair(pair);
    return ok(ctx, spotOrderBookView(state, market, qInt(ctx, 'limit', 10, 1, 100), qFlag(ctx, 'with_id'), nowMs));
  });

const listTickers: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const pair = q(ctx, 'currency_pair');
    if (!knows(state, pair)) return unknownPair(pair ?? '');
    const markets = Object.values(state.spotMarkets).filter((m) => pair === undefined || m.pair === pair);
    return ok(
      ctx,
      markets.map((m) => spotTickerView(state, m, pair !== undefined, nowMs)),
    );
  });

const listCandlesticks: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const pair = q(ctx, 'currency_pair') ?? '';
    const market = own(state.spotMarkets, pair);
    if (market === undefined) return unknownPair(pair);
    const number = (name: string): number | undefined => (q(ctx, name) === undefined ? undefined : qInt(ctx, name, 0));
    const query = {
      interval: q(ctx, 'interval') ?? '30m',
      limit: number('limit'),
      from: number('from'),
      to: number('to'),
    };
    return ok(ctx, candlesticksView(state, market, query, nowMs));
  });

const listMarginAccounts: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => ok(ctx, marginAccountsView(state, callerUid(ctx), q(ctx, 'currency_pair'))));

const listMarginAccountBook: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const { offset, limit } = paged(ctx);
    return ok(ctx, slice(entries(ctx, state, 'margin'), offset, limit).map(marginBookView));
  });

/** Spot and margin handlers by `METHOD /template/{}`. */
export const spotHandlers: ExchangeHandlerTable = {
  'POST /spot/orders': createOrder,
  'GET /spot/orders': listOrders,
  'DELETE /spot/orders': cancelOrders,
  'POST /spot/batch_orders': createBatchOrders,
  'GET /spot/open_orders': listAllOpenOrders,
  'GET /spot/orders/{}': getOrder,
  'PATCH /spot/orders/{}': amendOrder,
  'DELETE /spot/orders/{}': cancelOrder,
  'POST /spot/cancel_batch_orders': cancelBatchOrders,
  'GET /spot/accounts': listSpotAccounts,
  'GET /spot/account_book': listSpotAccountBook,
  'GET /spot/my_trades': listMyTrades,
  'GET /spot/fee': getFee,
  'GET /spot/order_book': listOrderBook,
  'GET /spot/tickers': listTickers,
  'GET /spot/candlesticks': listCandlesticks,
  'GET /margin/accounts': listMarginAccounts,
  'GET /margin/account_book': listMarginAccountBook,
};
