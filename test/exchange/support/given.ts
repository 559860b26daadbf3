/**
 * Engine test tables: a compact "given" (accounts, STP groups, the resting book) becomes an
 * exchange state through the real seed check and `createState`, and a state is read back as
 * compact facts (the book as `[uid, price, left]` in queue order, balances, fills).
 */
import { checkSeed } from '../../../mock/exchange/seed-file.js';
import type { Seed } from '../../../mock/exchange/seed-file.js';
import { createState } from '../../../mock/exchange/state.js';
import type { ExchangeState } from '../../../mock/exchange/types.js';
import { MockHttpError } from '../../../mock/errors.js';

/** The time every table runs at. */
export const T = 1_700_000_000_000;

/** Account uids of the tables: A trades, B and C provide the book. */
export const A = 1;
export const B = 2;
export const C = 3;

/** A resting spot order: `[uid, side, price, amount]`. */
export type Resting = readonly [number, 'buy' | 'sell', string, string];
/** A resting futures order: `[uid, price, signed size]`. */
export type RestingFutures = readonly [number, string, string];

/** What a table row starts from. */
export interface Given {
  book?: readonly Resting[];
  futuresBook?: readonly RestingFutures[];
  /** STP groups as lists of uids. */
  stp?: ReadonlyArray<readonly number[]>;
  /** Extra margin balances of A on BTC_USDT. */
  margin?: Record<string, string>;
}

const key = (uid: number): { key: string; secret: string } => ({
  key: `mock-key-test-${uid}`,
  secret: `mock-secret-test-${uid}`,
});

/** The seed a row stands for: three accounts with 10000 USDT and 10 BTC each, BTC_USDT and a BTC_USDT contract. */
export function seedOf(g: Given): Seed {
  return checkSeed({
    fees: { spot: { maker: '0.001', taker: '0.002' }, futures: { maker: '0.0002', taker: '0.0005' } },
    stpGroups: (g.stp ?? []).map((members, i) => ({ id: 100 + i, name: `group-${i}`, members: [...members] })),
    accounts: [A, B, C].map((uid) => ({
      uid,
      name: `account-${uid}`,
      ...key(uid),
      spot: { USDT: '10000', BTC: '10' },
      futures: { usdt: '10000' },
      ...(uid === A && g.margin !== undefined ? { margin: { BTC_USDT: g.margin } } : {}),
    })),
    spot: [
      {
        pair: 'BTC_USDT',
        price: '100',
        amountPrecision: 4,
        pricePrecision: 2,
        minBaseAmount: '0.0001',
        minQuoteAmount: '0.1',
      },
    ],
    futures: [
      {
        settle: 'usdt',
        contract: 'BTC_USDT',
        quantoMultiplier: '0.01',
        markPrice: '100',
        leverage: '10',
        leverageMax: '100',
        maintenanceRate: '0.005',
        orderPriceRound: '0.01',
        orderSizeMin: '1',
        orderSizeMax: '100000',
      },
    ],
    liquidity: [
      ...(g.book ?? []).map(([uid, side, price, amount]) => ({ uid, pair: 'BTC_USDT', side, price, amount })),
      ...(g.futuresBook ?? []).map(([uid, price, size]) => ({
        uid,
        settle: 'usdt',
        contract: 'BTC_USDT',
        price,
        size,
      })),
    ],
  });
}

/** A fresh state for a row. */
export function stateOf(g: Given): ExchangeState {
  return createState(seedOf(g), T);
}

/** The spot book as `[uid, price, left]` per side, in queue order. */
export function bookOf(state: ExchangeState): { bids: string[][]; asks: string[][] } {
  const market = state.spotMarkets['BTC_USDT'];
  const row = (id: string): string[] => {
    const o = state.spotOrders[id];
    return [String(o?.uid), o?.price ?? '', o?.left ?? ''];
  };
  return { bids: (market?.bids ?? []).map(row), asks: (market?.asks ?? []).map(row) };
}

/** The futures book as `[uid, price, left]` per side, in queue order. */
export function futuresBookOf(state: ExchangeState): { bids: string[][]; asks: string[][] } {
  const contract = state.contracts['usdt']?.['BTC_USDT'];
  const row = (id: string): string[] => {
    const o = state.futuresOrders[id];
    return [String(o?.uid), o?.price ?? '', o?.left ?? ''];
  };
  return { bids: (contract?.bids ?? []).map(row), asks: (contract?.asks ?? []).map(row) };
}

/** Spot balances of `uid` as `currency -> "available/locked"`. */
export function balancesOf(
  state: ExchangeState,
  uid: number,
  wallet: 'spot' | 'margin' = 'spot',
): Record<string, string> {
  const account = state.accounts[String(uid)];
  const balances = wallet === 'spot' ? account?.spot : account?.margin['BTC_USDT'];
  return Object.fromEntries(Object.entries(balances ?? {}).map(([c, b]) => [c, `${b.available}/${b.locked}`]));
}

/** The index in the row's `book` of a resting order id (orders were placed in book order). */
export function bookIndex(state: ExchangeState, orderId: string): number {
  return Object.keys(state.spotOrders).sort().indexOf(orderId);
}

/** Spot fills of the state as `[maker book index, price, amount]`. */
export function fillsOf(state: ExchangeState): Array<[number, string, string]> {
  return state.spotTrades.map((t) => [bookIndex(state, t.makerOrderId), t.price, t.amount]);
}

/** The label of the `MockHttpError` that `fn` throws (`undefined` when it throws nothing). */
export const labelOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof MockHttpError ? e.label : 'not a MockHttpError';
  }
  return undefined;
};
