/**
 * The perpetual futures order and market endpoints answered by the paper exchange
 * (`/futures/{settle}/...`): orders (create, batch create, list, get, amend, cancel one / all /
 * batch), my trades, order book, tickers and contracts. Accounts and positions are in
 * futures-positions.ts.
 */
import { MockHttpError } from '../../errors.js';
import { parseLossless } from '../../json.js';
import type { ExchangeContext, ExchangeHandler, ExchangeHandlerTable } from './context.js';
import type { HandlerMiss } from '../../handler-contract.js';
import { textField } from '../../handler-contract.js';
import {
  amendFuturesBatch,
  amendFuturesOrder,
  cancelFuturesBatch,
  cancelFuturesOrder,
  cancelFuturesOrders,
  findFuturesOrder,
} from '../futures-manage.js';
import { placeFuturesOrder } from '../futures-place.js';
import { batchFuturesView, futuresOrderView, myFuturesTradeView } from '../futures-views.js';
import { contractView, futuresOrderBookView, futuresTickerView } from '../market-views.js';
import type { ExchangeState, FuturesOrderState } from '../types.js';
import { contractNamed, contractsOf, noSettle, ok, orderNotFound, requireWallet, settleOf } from './futures-context.js';
import { callerUid, changed, exchangeOf, q, qFlag, qInt, qOrderStatus, read, slice } from './params.js';
import { futuresIndex } from '../order-index.js';
import { own } from '../own.js';

const createFuturesOrder: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const contract = contractNamed(ctx, state, textField(ctx.body, 'contract'));
    if ('miss' in contract) return contract;
    const order = placeFuturesOrder(state, requireWallet(ctx, state), settleOf(ctx), ctx.body, nowMs);
    return ok(ctx, futuresOrderView(state, order));
  });

const createBatchFuturesOrder: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    if (!Array.isArray(ctx.body))
      throw new MockHttpError(400, 'INVALID_REQUEST_BODY', 'Invalid request body: expected a list of orders');
    const uid = requireWallet(ctx, state);
    return ok(
      ctx,
      ctx.body.map((item: unknown) => {
        try {
          return batchFuturesView(state, placeFuturesOrder(state, uid, settleOf(ctx), item, nowMs));
        } catch (e) {
          if (!(e instanceof MockHttpError)) throw e;
          return { succeeded: false, label: e.label, detail: e.message, text: textField(item, 'text') ?? '' };
        }
      }),
    );
  });

const listFuturesOrders: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const name = q(ctx, 'contract');
    if (name !== undefined) {
      const contract = contractNamed(ctx, state, name);
      if ('miss' in contract) return contract;
    }
    const status = qOrderStatus(ctx);
    const limit = qInt(ctx, 'limit', 100, 1, 1000);
    const offset = qInt(ctx, 'offset', 0);
    const uid = callerUid(ctx);
    const index = futuresIndex(state);
    const orders = (status === 'open' ? index.open(uid, () => true) : index.all(uid))
      .filter((o) => o.settle === settleOf(ctx) && o.status === status)
      .filter((o) => name === undefined || o.contract === name)
      .sort((a, b) => b.priority - a.priority);
    const page = slice(orders, offset, limit).map((o) => futuresOrderView(state, o));
    return ok(ctx, page, orders.length, limit, offset);
  });

/** The caller's order of the path (`{settle}`, `{order_id}`), or a miss. */
function pathOrder(ctx: ExchangeContext, state: ExchangeState, readAtMs?: number): FuturesOrderState | HandlerMiss {
  const id = ctx.pathValues[1] ?? '';
  return findFuturesOrder(state, callerUid(ctx), settleOf(ctx), id, readAtMs) ?? orderNotFound(id);
}

const getFuturesOrder: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const order = pathOrder(ctx, state, nowMs);
    return 'miss' in order ? order : ok(ctx, futuresOrderView(state, order));
  });

const cancelOne: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const order = pathOrder(ctx, state);
    return 'miss' in order ? order : ok(ctx, futuresOrderView(state, cancelFuturesOrder(state, order, nowMs)));
  });

const amendOne: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const order = pathOrder(ctx, state);
    return 'miss' in order ? order : ok(ctx, futuresOrderView(state, amendFuturesOrder(state, order, ctx.body, nowMs)));
  });

/** The body with every number's digits kept (order ids above 2^53), read from the text when there is one. */
function exactBody(ctx: ExchangeContext): unknown {
  return ctx.bodyText === undefined || ctx.bodyText === '' ? ctx.body : parseLossless(ctx.bodyText);
}

const amendBatch: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) =>
    ok(
      ctx,
      amendFuturesBatch(state, callerUid(ctx), settleOf(ctx), exactBody(ctx), nowMs).map((r) =>
        'order' in r ? batchFuturesView(state, r.order) : r,
      ),
    ),
  );

const cancelAll: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const filter = {
      contract: q(ctx, 'contract'),
      side: q(ctx, 'side'),
      excludeReduceOnly: qFlag(ctx, 'exclude_reduce_only'),
    };
    const cancelled = cancelFuturesOrders(state, callerUid(ctx), settleOf(ctx), filter, nowMs);
    return ok(
      ctx,
      cancelled.map((o) => futuresOrderView(state, o)),
    );
  });

const cancelBatch: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) =>
    ok(ctx, cancelFuturesBatch(state, callerUid(ctx), settleOf(ctx), ctx.body, nowMs)),
  );

const getMyTrades: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const uid = callerUid(ctx);
    const [contract, orderId] = [q(ctx, 'contract'), q(ctx, 'order')];
    const rows = state.futuresTrades
      .filter((t) => t.settle === settleOf(ctx) && (contract === undefined || t.contract === contract))
      .flatMap((t) =>
        [t.takerOrderId, t.makerOrderId]
          .map((id) => state.futuresOrders[id])
          .filter(
            (o): o is FuturesOrderState =>
              o !== undefined && o.uid === uid && (orderId === undefined || o.id === orderId),
          )
          .flatMap((o) => {
            const contract = contracts[t.contract];
            return contract === undefined ? [] : [myFuturesTradeView(t, o, contract)];
          }),
      )
      .reverse();
    return ok(ctx, slice(rows, qInt(ctx, 'offset', 0), qInt(ctx, 'limit', 100, 1, 1000)));
  });

const listFuturesOrderBook: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const contract = contractNamed(ctx, state, q(ctx, 'contract'));
    if ('miss' in contract) return contract;
    return ok(ctx, futuresOrderBookView(state, contract, qInt(ctx, 'limit', 10, 1, 100), qFlag(ctx, 'with_id'), nowMs));
  });

const listFuturesTickers: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const name = q(ctx, 'contract');
    if (name !== undefined && own(contracts, name) === undefined) return contractNamed(ctx, state, name) as HandlerMiss;
    const chosen = Object.values(contracts).filter((c) => name === undefined || c.name === name);
    return ok(
      ctx,
      chosen.map((c) => futuresTickerView(state, c, nowMs)),
    );
  });

const listFuturesContracts: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const all = Object.values(contracts).map((c) => contractView(state, c));
    return ok(ctx, slice(all, qInt(ctx, 'offset', 0), qInt(ctx, 'limit', 100, 1, 1000)));
  });

const getFuturesContract: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const contract = contractNamed(ctx, state, ctx.pathValues[1]);
    return 'miss' in contract ? contract : ok(ctx, contractView(state, contract));
  });

/** Futures order and market handlers by `METHOD /template/{}`. */
export const futuresOrderHandlers: ExchangeHandlerTable = {
  'POST /futures/{}/orders': createFuturesOrder,
  'GET /futures/{}/orders': listFuturesOrders,
  'DELETE /futures/{}/orders': cancelAll,
  'POST /futures/{}/batch_orders': createBatchFuturesOrder,
  'POST /futures/{}/batch_cancel_orders': cancelBatch,
  'POST /futures/{}/batch_amend_orders': amendBatch,
  'GET /futures/{}/orders/{}': getFuturesOrder,
  'PUT /futures/{}/orders/{}': amendOne,
  'DELETE /futures/{}/orders/{}': cancelOne,
  'GET /futures/{}/my_trades': getMyTrades,
  'GET /futures/{}/order_book': listFuturesOrderBook,
  'GET /futures/{}/tickers': listFuturesTickers,
  'GET /futures/{}/contracts': listFuturesContracts,
  'GET /futures/{}/contracts/{}': getFuturesContract,
};
