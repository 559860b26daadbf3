/**
 * The perpetual futures account and position endpoints answered by the paper exchange: the
 * futures account, its account book, positions, one position, and setting a position's leverage
 * (both forms of the reference: `.../leverage` and `.../set_leverage`; isolated margin only).
 */
import { invalidParam } from '../../errors.js';
import type { ExchangeHandler, ExchangeHandlerTable } from './context.js';
import { setLeverage } from '../futures-leverage.js';
import { futuresAccountView, futuresBookView, positionView } from '../futures-views.js';
import { contractNamed, contractsOf, noSettle, ok, requireWallet, settleOf } from './futures-context.js';
import { callerUid, changed, exchangeOf, q, qFlag, qInt, read, slice } from './params.js';
import { own } from '../own.js';

const listFuturesAccounts: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    return ok(ctx, futuresAccountView(state, requireWallet(ctx, state), settleOf(ctx)));
  });

const listFuturesAccountBook: ExchangeHandler = (ctx) =>
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

const listPositions: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const contracts = contractsOf(ctx, state);
    if (contracts === undefined) return noSettle(ctx);
    const uid = requireWallet(ctx, state);
    const positions = own(own(state.accounts, String(uid))?.futures, settleOf(ctx))?.positions ?? {};
    const rows = Object.entries(positions)
      .filter(([, p]) => !qFlag(ctx, 'holding') || p.size !== '0')
      .flatMap(([name]) => {
        const contract = contracts[name];
        return contract === undefined ? [] : [positionView(state, uid, contract, nowMs)];
      });
    return ok(ctx, slice(rows, qInt(ctx, 'offset', 0), qInt(ctx, 'limit', 100, 1, 1000)));
  });

const getPosition: ExchangeHandler = (ctx) =>
  read(exchangeOf(ctx), (state, nowMs) => {
    const contract = contractNamed(ctx, state, ctx.pathValues[1]);
    if ('miss' in contract) return contract;
    return ok(ctx, positionView(state, requireWallet(ctx, state), contract, nowMs));
  });

/**
 * Sets the leverage of the path's contract (`leverage` in the query) and answers the position.
 * Cross margin (`leverage` 0, or `margin_mode: cross`) is refused: positions are isolated.
 */
const setPositionLeverage: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const contract = contractNamed(ctx, state, ctx.pathValues[1]);
    if ('miss' in contract) return contract;
    const uid = requireWallet(ctx, state);
    if (q(ctx, 'margin_mode') === 'cross') {
      throw invalidParam('margin_mode', 'cross', 'cross margin is not supported: positions are isolated');
    }
    setLeverage(state, uid, contract, q(ctx, 'leverage') ?? '', nowMs);
    return ok(ctx, positionView(state, uid, contract, nowMs));
  });

/** Futures account and position handlers by `METHOD /template/{}`. */
export const futuresPositionHandlers: ExchangeHandlerTable = {
  'GET /futures/{}/accounts': listFuturesAccounts,
  'GET /futures/{}/account_book': listFuturesAccountBook,
  'GET /futures/{}/positions': listPositions,
  'GET /futures/{}/positions/{}': getPosition,
  'POST /futures/{}/positions/{}/leverage': setPositionLeverage,
  'POST /futures/{}/positions/{}/set_leverage': setPositionLeverage,
};
