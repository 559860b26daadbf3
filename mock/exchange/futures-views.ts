/**
 * Futures state as the API shows it, field for field as the public reference's models:
 * `FuturesOrder` (and `BatchFuturesOrder`), `Position`, `FuturesAccount`, `MyFuturesTrade`,
 * `FuturesAccountBook`. Ids that are int64 in the reference are written as exact JSON numbers
 * (bigint); times are Unix seconds with milliseconds.
 */
import { abs, div, isZero, mul, sum } from '../decimal.js';
import { futuresAvailable, futuresTotal, orderMargin, positionMargin, futuresWallet } from './futures-wallet.js';
import {
  FUTURES_SCALE,
  entryPrice,
  liquidationPrice,
  positionOf,
  positionValue,
  unrealisedPnl,
} from './futures-position.js';
import { contractKey, futuresIndex } from './order-index.js';
import type { BookEntry, ContractState, ExchangeState, FuturesOrderState, FuturesTradeState } from './types.js';
import { own } from './own.js';

const seconds = (ms: number): number => ms / 1000;

/** An order in the reference's `FuturesOrder` shape. */
export function futuresOrderView(state: ExchangeState, o: FuturesOrderState): Record<string, unknown> {
  return {
    id: BigInt(o.id),
    user: o.uid,
    create_time: seconds(o.createMs),
    update_time: seconds(o.updateMs),
    ...(o.finishMs === undefined ? {} : { finish_time: seconds(o.finishMs), finish_as: o.finishAs }),
    status: o.status,
    contract: o.contract,
    size: o.size,
    iceberg: '0',
    price: o.price,
    close: o.close,
    is_close: o.close,
    reduce_only: o.reduceOnly,
    is_reduce_only: o.reduceOnly,
    is_liq: false,
    tif: o.tif,
    left: o.left,
    fill_price: isZero(o.filled) ? '0' : div(o.filledValue, abs(o.filled), FUTURES_SCALE),
    text: o.text,
    tkfr: state.fees.futures.taker,
    mkfr: state.fees.futures.maker,
    refu: 0,
    stp_id: o.stpId,
    stp_act: o.stpAct ?? '-',
    amend_text: o.amendText,
  };
}

/** A placed order in a batch answer (`BatchFuturesOrder`). */
export function batchFuturesView(state: ExchangeState, o: FuturesOrderState): Record<string, unknown> {
  return { succeeded: true, ...futuresOrderView(state, o) };
}

/** The position of `uid` in `contract` (`Position`; flat when there is none). */
export function positionView(
  state: ExchangeState,
  uid: number,
  c: ContractState,
  nowMs: number,
): Record<string, unknown> {
  const wallet = futuresWallet(state, uid, c.settle);
  const existing = wallet.positions[c.name];
  const pos = existing ?? positionOf({ history: wallet.history, positions: {} }, c, nowMs);
  const value = positionValue(pos, c);
  return {
    user: uid,
    contract: c.name,
    size: pos.size,
    leverage: pos.leverage,
    leverage_max: c.leverageMax,
    maintenance_rate: c.maintenanceRate,
    value,
    margin: pos.margin,
    entry_price: entryPrice(pos, c),
    liq_price: liquidationPrice(pos, c),
    mark_price: c.markPrice,
    maintenance_margin: mul(value, c.maintenanceRate),
    unrealised_pnl: unrealisedPnl(pos, c),
    realised_pnl: pos.realisedPnl,
    pnl_pnl: pos.pnlPnl,
    pnl_fund: '0',
    pnl_fee: pos.pnlFee,
    history_pnl: pos.historyPnl,
    last_close_pnl: pos.lastClosePnl,
    realised_point: '0',
    history_point: '0',
    pending_orders: futuresIndex(state)
      .open(uid, (market) => market === contractKey(c.settle, c.name))
      .filter((o) => o.status === 'open').length,
    mode: 'single',
    cross_leverage_limit: '0',
    update_time: Math.floor(pos.updateTimeMs / 1000),
    update_id: pos.updateId,
    open_time: Math.floor(pos.openTimeMs / 1000),
    pos_margin_mode: 'isolated',
    lever: pos.leverage,
  };
}

/** The futures account of `uid` in `settle` (`FuturesAccount`, classic, single position mode). */
export function futuresAccountView(state: ExchangeState, uid: number, settle: string): Record<string, unknown> {
  const wallet = futuresWallet(state, uid, settle);
  const contracts = own(state.contracts, settle) ?? {};
  const positions = Object.entries(wallet.positions).flatMap(([name, pos]) => {
    const c = contracts[name];
    return c === undefined ? [] : [{ pos, c }];
  });
  const h = wallet.history;
  return {
    user: uid,
    currency: settle.toUpperCase(),
    total: futuresTotal(wallet),
    unrealised_pnl: sum(positions.map(({ pos, c }) => unrealisedPnl(pos, c))),
    position_margin: positionMargin(wallet),
    order_margin: orderMargin(state, uid, settle),
    available: futuresAvailable(state, uid, settle),
    point: '0',
    bonus: '0',
    maintenance_margin: sum(positions.map(({ pos, c }) => mul(positionValue(pos, c), c.maintenanceRate))),
    in_dual_mode: false,
    position_mode: 'single',
    enable_credit: false,
    enable_dual_plus: false,
    enable_new_dual_mode: false,
    enable_evolved_classic: false,
    margin_mode: 0,
    enable_tiered_mm: false,
    history: {
      dnw: h.dnw,
      pnl: h.pnl,
      fee: h.fee,
      refr: h.refr,
      fund: h.fund,
      point_dnw: '0',
      point_fee: '0',
      point_refr: '0',
      bonus_dnw: '0',
      bonus_offset: '0',
    },
  };
}

/** A trade as the owner of `order` sees it (`MyFuturesTrade`; sizes signed by that order's side). */
export function myFuturesTradeView(
  t: FuturesTradeState,
  order: FuturesOrderState,
  c: ContractState,
): Record<string, unknown> {
  const taker = order.id === t.takerOrderId;
  return {
    id: BigInt(t.id),
    create_time: seconds(t.timeMs),
    contract: t.contract,
    order_id: order.id,
    size: order.side === 'buy' ? t.size : `-${t.size}`,
    close_size: taker ? t.takerCloseSize : t.makerCloseSize,
    price: t.price,
    role: taker ? 'taker' : 'maker',
    text: order.text,
    fee: taker ? t.takerFee : t.makerFee,
    point_fee: '0',
    trade_value: mul(mul(t.size, c.quantoMultiplier), t.price),
  };
}

/** A futures account book entry (`FuturesAccountBook`). */
export function futuresBookView(e: BookEntry): Record<string, unknown> {
  return {
    time: seconds(e.timeMs),
    change: e.change,
    balance: e.balance,
    type: e.type,
    text: e.text,
    contract: e.market,
    trade_id: e.tradeId,
    id: e.id,
  };
}
