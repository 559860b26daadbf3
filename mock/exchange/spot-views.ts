/**
 * Spot and margin state as the API shows it, field for field as the public reference's models:
 * `Order` (and `BatchOrder`, `OrderCancel`), `Trade` (personal), `SpotAccount`, `SpotAccountBook`,
 * `MarginAccount`, `MarginAccountBook`. Amounts and prices are decimal strings.
 */
import { add, div, isZero, mul } from '../decimal.js';
import type { BookSide } from './price-levels.js';
import type { BookEntry, ExchangeState, SpotOrderState, SpotTradeState } from './types.js';
import { own } from './own.js';

/** Decimals of an average price shown. */
const AVERAGE_SCALE = 12;

const seconds = (ms: number): string => String(Math.floor(ms / 1000));

/** An order in the reference's `Order` shape. */
export function orderView(state: ExchangeState, o: SpotOrderState): Record<string, unknown> {
  const market = state.spotMarkets[o.pair];
  return {
    id: o.id,
    text: o.text,
    amend_text: o.amendText,
    create_time: seconds(o.createMs),
    update_time: seconds(o.updateMs),
    create_time_ms: o.createMs,
    update_time_ms: o.updateMs,
    status: o.status,
    currency_pair: o.pair,
    type: o.type,
    account: o.account,
    side: o.side,
    amount: o.amount,
    price: o.price,
    time_in_force: o.tif,
    iceberg: '0',
    left: o.left,
    filled_amount: o.filledAmount,
    fill_price: o.filledTotal,
    filled_total: o.filledTotal,
    avg_deal_price: isZero(o.filledAmount) ? '0' : div(o.filledTotal, o.filledAmount, AVERAGE_SCALE),
    fee: o.fee,
    fee_currency: (o.side === 'buy' ? market?.base : market?.quote) ?? '',
    point_fee: '0',
    gt_fee: '0',
    gt_maker_fee: '0',
    gt_taker_fee: '0',
    gt_discount: false,
    rebated_fee: '0',
    rebated_fee_currency: market?.quote ?? '',
    stp_id: o.stpId,
    stp_act: o.stpAct ?? '-',
    finish_as: o.finishAs,
  };
}

/** A placed order in a batch answer (`BatchOrder`: the order plus `order_id`, `succeeded`, `label`, `message`). */
export function batchOrderView(state: ExchangeState, o: SpotOrderState): Record<string, unknown> {
  return { order_id: o.id, succeeded: true, label: '', message: '', ...orderView(state, o) };
}

/** A refused order in a batch answer. */
export function batchFailureView(item: unknown, label: string, message: string): Record<string, unknown> {
  const given = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
  const text = typeof given['text'] === 'string' ? given['text'] : '';
  const pair = typeof given['currency_pair'] === 'string' ? given['currency_pair'] : '';
  return { order_id: '', text, succeeded: false, label, message, currency_pair: pair };
}

/** A cancelled order in a cancel-all answer (`OrderCancel`). */
export function cancelledView(state: ExchangeState, o: SpotOrderState): Record<string, unknown> {
  return { ...orderView(state, o), succeeded: true, label: '', message: '' };
}

/** A trade as the owner of `order` sees it (the reference's personal `Trade`). */
export function myTradeView(state: ExchangeState, t: SpotTradeState, order: SpotOrderState): Record<string, unknown> {
  const market = state.spotMarkets[t.pair];
  const taker = order.id === t.takerOrderId;
  return {
    id: t.id,
    create_time: seconds(t.timeMs),
    create_time_ms: String(t.timeMs),
    currency_pair: t.pair,
    side: order.side,
    role: taker ? 'taker' : 'maker',
    amount: t.amount,
    price: t.price,
    order_id: order.id,
    fee: taker ? t.takerFee : t.makerFee,
    fee_currency: (order.side === 'buy' ? market?.base : market?.quote) ?? '',
    point_fee: '0',
    gt_fee: '0',
    amend_text: order.amendText,
    sequence_id: String(t.sequence),
    text: order.text,
    deal: mul(t.amount, t.price),
  };
}

/** The spot balances of `uid` (`SpotAccount` items), one currency when given. */
export function spotAccountsView(state: ExchangeState, uid: number, currency?: string): Array<Record<string, unknown>> {
  const wallet = state.accounts[String(uid)]?.spot ?? {};
  return Object.entries(wallet)
    .filter(([c]) => currency === undefined || c === currency)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([c, b]) => ({ currency: c, available: b.available, locked: b.locked }));
}

/** A spot account book entry (`SpotAccountBook`, `time` in ms). */
export function spotBookView(e: BookEntry): Record<string, unknown> {
  return {
    id: e.id,
    time: e.timeMs,
    currency: e.currency,
    change: e.change,
    balance: e.balance,
    type: e.type,
    text: e.text,
  };
}

/** The margin wallets of `uid` (`MarginAccount` items), one pair when given. */
export function marginAccountsView(state: ExchangeState, uid: number, pair?: string): Array<Record<string, unknown>> {
  const wallets = state.accounts[String(uid)]?.margin ?? {};
  return Object.entries(wallets)
    .filter(([p]) => pair === undefined || p === pair)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([p, balances]) => {
      const market = own(state.spotMarkets, p);
      const side = (currency: string): Record<string, unknown> => {
        const b = balances[currency] ?? { available: '0', locked: '0' };
        return { currency, available: b.available, locked: b.locked, borrowed: '0', interest: '0' };
      };
      return {
        currency_pair: p,
        account_type: 'mmr',
        locked: false,
        base: side(market?.base ?? ''),
        quote: side(market?.quote ?? ''),
      };
    });
}

/** A margin account book entry (`MarginAccountBook`: `time` in seconds as text, `time_ms`). */
export function marginBookView(e: BookEntry): Record<string, unknown> {
  return {
    id: e.id,
    time: seconds(e.timeMs),
    time_ms: e.timeMs,
    currency: e.currency,
    currency_pair: e.market,
    change: e.change,
    balance: e.balance,
    type: e.type,
  };
}

/** The first `limit` levels of a book side, best first: `[[price, Σ left], ...]` (only the orders `leftOf` finds count). */
export function levels(
  side: BookSide,
  leftOf: (id: string) => { price: string; left: string } | undefined,
  limit: number,
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const level of side.levels()) {
    if (out.length >= limit) break;
    let total: string | undefined;
    for (const id of side.idsAt(level)) {
      const o = leftOf(id);
      if (o !== undefined) total = total === undefined ? o.left : add(total, o.left);
    }
    if (total !== undefined) out.push([level.price, total]);
  }
  return out;
}
