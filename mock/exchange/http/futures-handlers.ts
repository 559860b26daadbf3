/**
 * The perpetual futures endpoints answered by the paper exchange (`/futures/{settle}/...`):
 * orders (create, batch create, list, get, amend, cancel one / all / batch), account, account
 * book, positions, my trades, order book, tickers and contracts. An unknown settlement currency,
 * contract or order is a miss (recorded fixtures may answer it); an account without a futures
 * wallet in that settlement currency gets 400 USER_NOT_FOUND, as the seed describes.
 */
import { MockHttpError } from '../../errors.js';
import type { Handler, HandlerContext, HandlerMiss, HandlerResult, HandlerTable } from '../../state/handler.js';
import { textField } from '../../state/handler.js';
import {
  amendFuturesOrder,
  cancelFuturesBatch,
  cancelFuturesOrder,
  cancelFuturesOrders,
  findFuturesOrder,
} from '../futures-manage.js';
import { placeFuturesOrder } from '../futures-place.js';
import {
  batchFuturesView,
  futuresAccountView,
  futuresBookView,
  futuresOrderView,
  myFuturesTradeView,
  positionView,
} from '../futures-views.js';
import { contractView, futuresOrderBookView, futuresTickerView } from '../market-views.js';
import type { ContractState, ExchangeState, FuturesOrderState } from '../types.js';
import { callerUid, changed, exchangeOf, miss, q, qFlag, qInt, read, slice } from './params.js';

const ok = (ctx: HandlerContext, body: unknown, total?: number, limit?: number, offset?: number): HandlerResult => ({
  status: ctx.op.successStatus,
  body,
  ...(total === undefined ? {} : { pagination: { total, limit: limit ?? 100, offset: offset ?? 0 } }),
});
const settleOf = (ctx: HandlerContext): string => ctx.pathValues[0] ?? '';
const orderNotFound = (id: string) => miss(404, 'ORDER_NOT_FOUND', `Order ${id} not found`);

/** The contracts of the path's settlement currency (`undefined`: none settle in it). */
function contractsOf(ctx: HandlerContext, state: ExchangeState): Record<string, ContractState> | undefined {
  return state.contracts[settleOf(ctx)];
}

/** The miss for a settlement currency no contract settles in. */
const noSettle = (ctx: HandlerContext): HandlerMiss =>
  miss(400, 'CONTRACT_NOT_FOUND', `No contracts settle in ${settleOf(ctx)}`);

/** The contract named `name` in the path's settlement currency, or a miss. */
function contractNamed(
  ctx: HandlerContext,
  state: ExchangeState,
  name: string | undefined,
): ContractState | HandlerMiss {
  const contracts = contractsOf(ctx, state);
  if (contracts === undefined) return noSettle(ctx);
  return (
    contracts[name ?? ''] ?? miss(400, 'CONTRACT_NOT_FOUND', `Contract ${String(name)} not found in ${settleOf(ctx)}`)
  );
}

/** 400 USER_NOT_FOUND when the caller has no futures wallet in the path's settlement currency. */
function requireWallet(ctx: HandlerContext, state: ExchangeState): number {
  const uid = callerUid(ctx);
  if (state.accounts[String(uid)]?.futures[settleOf(ctx)] === undefined) {
    throw new MockHttpError(
      400,
      'USER_NOT_FOUND',
      `No futures account in ${settleOf(ctx)} yet: transfer funds to open it`,
    );
  }
  return uid;
}

const createFuturesOrder: Handler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const contract = contractNamed(ctx, state, textField(ctx.body, 'contract'));
    if ('miss' in contract) return contract;
    const order = placeFuturesOrder(state, requireWallet(ctx, state), settleOf(ctx), ctx.body, nowMs);
    return ok(ctx, futuresOrderView(state, order));
  });

const createBatchFuturesOrder: Handler = (ctx) =>
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

const listFuturesOrders: Handler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const name = q(ctx, 'contract');
    if (name !== undefined) {
      const contract = contractNamed(ctx, state, name);
      if ('miss' in contract) return contract;
    }
    const status = q(ctx, 'status');
    if (status !== 'open' && status !== 'finished') {
      throw new MockHttpError(
        400,
        'INVALID_PARAM_VALUE',
        `Invalid parameter \`status\` with value: ${String(status)} (open or finished)`,
      );
    }
    const limit = qInt(ctx, 'limit', 100, 1, 1000);
    const offset = qInt(ctx, 'offset', 0);
    const uid = callerUid(ctx);
    const orders = Object.values(state.futuresOrders)
      .filter((o) => o.uid === uid && o.settle === settleOf(ctx) && o.status === status)
      .filter((o) => name === undefined || o.contract === name)
      .sort((a, b) => b.priority - a.priority);
    const page = slice(orders, offset, limit).map((o) => futuresOrderView(state, o));
    return ok(ctx, page, orders.length, limit, offset);
  });

/** The caller's order of the path (`{settle}`, `{order_id}`), or a miss. */
function pathOrder(ctx: HandlerContext, state: ExchangeState): FuturesOrderState | HandlerMiss {
  const id = ctx.pathValues[1] ?? '';
  return findFuturesOrder(state, callerUid(ctx), settleOf(ctx), id) ?? orderNotFound(id);
}

const getFuturesOrder: Handler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const order = pathOrder(ctx, state);
    return 'miss' in order ? order : ok(ctx, futuresOrderView(state, order));
  });

const cancelOne: Handler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const order = pathOrder(ctx, state);
    return 'miss' in order ? order : ok(ctx, futuresOrderView(state, cancelFuturesOrder(state, order, nowMs)));
  });

const amendOne: Handler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const order = pathOrder(ctx, state);
    return 'miss' in order ? order : ok(ctx, futuresOrderView(state, amendFuturesOrder(state, order, ctx.body, nowMs)));
  });

const cancelAll: Handler = (ctx) =>
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

const cancelBatch: Handler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) =>
    ok(ctx, cancelFuturesBatch(state, callerUid(ctx), settleOf(ctx), ctx.body, nowMs)),
  );

const listFuturesAccounts: Handler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    return ok(ctx, futuresAccountView(state, requireWallet(ctx, state), settleOf(ctx)));
  });

const listFuturesAccountBook: Handler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const uid = callerUid(ctx);
    const [contract, type] = [q(ctx, 'contract'), q(ctx, 'type')];
    const from = qInt(ctx, 'from', 0);
    const to = qInt(ctx, 'to', Number.MAX_SAFE_INTEGER);
    const rows = state.book
      .filter((e) => e.uid === uid && e.wallet === 'futures' && e.currency === settleOf(ctx).toUpperCase())
      .filter((e) => (contract === undefined || e.market === contract) && (type === undefined || e.type === type))
      .filter((e) => e.timeMs >= from * 1000 && e.timeMs <= to * 1000)
      .reverse();
    return ok(ctx, slice(rows, qInt(ctx, 'offset', 0), qInt(ctx, 'limit', 100, 1, 1000)).map(futuresBookView));
  });

const listPositions: Handler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const uid = requireWallet(ctx, state);
    const positions = state.accounts[String(uid)]?.futures[settleOf(ctx)]?.positions ?? {};
    const rows = Object.entries(positions)
      .filter(([, p]) => !qFlag(ctx, 'holding') || p.size !== '0')
      .flatMap(([name]) => {
        const contract = contracts[name];
        return contract === undefined ? [] : [positionView(state, uid, contract, nowMs)];
      });
    return ok(ctx, slice(rows, qInt(ctx, 'offset', 0), qInt(ctx, 'limit', 100, 1, 1000)));
  });

const getPosition: Handler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const contract = contractNamed(ctx, state, ctx.pathValues[1]);
    if ('miss' in contract) return contract;
    return ok(ctx, positionView(state, requireWallet(ctx, state), contract, nowMs));
  });

const getMyTrades: Handler = (ctx) =>
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

const listFuturesOrderBook: Handler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const contract = contractNamed(ctx, state, q(ctx, 'contract'));
    if ('miss' in contract) return contract;
    return ok(ctx, futuresOrderBookView(state, contract, qInt(ctx, 'limit', 10, 1, 100), qFlag(ctx, 'with_id'), nowMs));
  });

const listFuturesTickers: Handler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const name = q(ctx, 'contract');
    if (name !== undefined && contracts[name] === undefined) return contractNamed(ctx, state, name) as HandlerMiss;
    const chosen = Object.values(contracts).filter((c) => name === undefined || c.name === name);
    return ok(
      ctx,
      chosen.map((c) => futuresTickerView(state, c, nowMs)),
    );
  });

const listFuturesContracts: Handler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const all = Object.values(contracts).map((c) => contractView(state, c));
    return ok(ctx, slice(all, qInt(ctx, 'offset', 0), qInt(ctx, 'limit', 100, 1, 1000)));
  });

const getFuturesContract: Handler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const contract = contractNamed(ctx, state, ctx.pathValues[1]);
    return 'miss' in contract ? contract : ok(ctx, contractView(state, contract));
  });

/** Futures handlers by `METHOD /template/{}`. */
export const futuresHandlers: HandlerTable = {
  'POST /futures/{}/orders': createFuturesOrder,
  'GET /futures/{}/orders': listFuturesOrders,
  'DELETE /futures/{}/orders': cancelAll,
  'POST /futures/{}/batch_orders': createBatchFuturesOrder,
  'POST /futures/{}/batch_cancel_orders': cancelBatch,
  'GET /futures/{}/orders/{}': getFuturesOrder,
  'PUT /futures/{}/orders/{}': amendOne,
  'DELETE /futures/{}/orders/{}': cancelOne,
  'GET /futures/{}/accounts': listFuturesAccounts,
  'GET /futures/{}/account_book': listFuturesAccountBook,
  'GET /futures/{}/positions': listPositions,
  'GET /futures/{}/positions/{}': getPosition,
  'GET /futures/{}/my_trades': getMyTrades,
  'GET /futures/{}/order_book': listFuturesOrderBook,
  'GET /futures/{}/tickers': listFuturesTickers,
  'GET /futures/{}/contracts': listFuturesContracts,
  'GET /futures/{}/contracts/{}': getFuturesContract,
};
