/**
 * Futures wallets: the total is the sum of the cumulative flows (deposits, realised PnL, fees);
 * available is the total less position margins and the margin reserved by open orders. Every
 * flow is written to the account book; fees go to `futuresFeesCollected`.
 */
import { add, sub, sum } from '../decimal.js';
import { takeId } from './ids.js';
import type { ExchangeState, FuturesWallet } from './types.js';
import { futuresIndex } from './order-index.js';
import { accountOf } from './wallets.js';
import { ownOrAdd } from './own.js';

/** The kinds of flow a futures wallet records (the reference's account book types). */
export type FuturesFlow = 'dnw' | 'pnl' | 'fee';

/** The futures wallet of `uid` in `settle` (created empty when missing). */
export function futuresWallet(state: ExchangeState, uid: number, settle: string): FuturesWallet {
  const account = accountOf(state, uid);
  return ownOrAdd(account.futures, settle, () => ({
    history: { dnw: '0', pnl: '0', fee: '0', refr: '0', fund: '0' },
    positions: {},
  }));
}

/** Total: dnw + pnl + fee + refr + fund. */
export function futuresTotal(wallet: FuturesWallet): string {
  const h = wallet.history;
  return sum([h.dnw, h.pnl, h.fee, h.refr, h.fund]);
}

/** Σ margin of the wallet's positions. */
export function positionMargin(wallet: FuturesWallet): string {
  return sum(Object.values(wallet.positions).map((p) => p.margin));
}

/** Σ margin reserved by the open orders of `uid` in `settle`. */
export function orderMargin(state: ExchangeState, uid: number, settle: string): string {
  return sum(
    futuresIndex(state)
      .open(uid, () => true)
      .filter((o) => o.settle === settle && o.status === 'open')
      .map((o) => o.orderMargin),
  );
}

/** Available: total − position margin − order margin. */
export function futuresAvailable(state: ExchangeState, uid: number, settle: string): string {
  const wallet = futuresWallet(state, uid, settle);
  return sub(sub(futuresTotal(wallet), positionMargin(wallet)), orderMargin(state, uid, settle));
}

/** Records a flow: history, account book and (fees) the fees collected. */
export function bookFutures(
  state: ExchangeState,
  uid: number,
  settle: string,
  flow: FuturesFlow,
  change: string,
  info: { contract: string; text: string; tradeId: string },
  nowMs: number,
): void {
  const wallet = futuresWallet(state, uid, settle);
  wallet.history[flow] = add(wallet.history[flow], change);
  if (flow === 'fee') state.futuresFeesCollected[settle] = sub(state.futuresFeesCollected[settle] ?? '0', change);
  state.book.push({
    id: takeId(state, 'bookEntry'),
    uid,
    timeMs: nowMs,
    wallet: 'futures',
    currency: settle.toUpperCase(),
    market: info.contract,
    change,
    balance: futuresTotal(wallet),
    type: flow,
    text: info.text,
    tradeId: info.tradeId,
  });
}
