/**
 * A fresh exchange state from a seed: accounts and their deposits (written to the account book),
 * spot pairs, contracts, then the seed's resting liquidity placed through the engine like any
 * order (so it locks its owner's funds).
 */
import { MockHttpError } from '../errors.js';
import { bookFutures } from './futures-wallet.js';
import { placeFuturesOrder } from './futures-place.js';
import { FIRST_IDS } from './ids.js';
import { SeedError } from './seed-file.js';
import type { Seed } from './seed-file.js';
import { placeSpotOrder } from './spot-place.js';
import type { ExchangeState } from './types.js';
import { credit } from './wallets.js';

/** A state with the seed's accounts, markets and liquidity, as of `nowMs`. */
export function createState(seed: Seed, nowMs: number): ExchangeState {
  const state: ExchangeState = {
    version: 1,
    fees: { spot: { ...seed.fees.spot }, futures: { ...seed.fees.futures } },
    accounts: {},
    spotMarkets: {},
    spotOrders: {},
    spotTrades: [],
    contracts: {},
    futuresOrders: {},
    futuresTrades: [],
    book: [],
    feesCollected: {},
    futuresFeesCollected: {},
    next: { ...FIRST_IDS },
    priority: 0,
  };
  for (const p of seed.spot) {
    const [base = '', quote = ''] = p.pair.split('_');
    state.spotMarkets[p.pair] = {
      pair: p.pair,
      base,
      quote,
      amountPrecision: p.amountPrecision,
      pricePrecision: p.pricePrecision,
      minBaseAmount: p.minBaseAmount,
      minQuoteAmount: p.minQuoteAmount,
      referencePrice: p.price,
      referenceMs: nowMs,
      bids: [],
      asks: [],
      bookVersion: 1,
      bookUpdateMs: nowMs,
      tradeCount: 0,
    };
  }
  for (const c of seed.futures) {
    (state.contracts[c.settle] ??= {})[c.contract] = {
      name: c.contract,
      settle: c.settle,
      quantoMultiplier: c.quantoMultiplier,
      markPrice: c.markPrice,
      referencePrice: c.markPrice,
      referenceMs: nowMs,
      leverageMin: '1',
      leverageMax: c.leverageMax,
      leverage: c.leverage,
      maintenanceRate: c.maintenanceRate,
      orderPriceRound: c.orderPriceRound,
      orderSizeMin: c.orderSizeMin,
      orderSizeMax: c.orderSizeMax,
      bids: [],
      asks: [],
      bookVersion: 1,
      bookUpdateMs: nowMs,
    };
  }
  const stpOf = new Map(seed.stpGroups.flatMap((g) => g.members.map((uid) => [uid, g.id] as const)));
  for (const a of seed.accounts) {
    state.accounts[String(a.uid)] = {
      uid: a.uid,
      name: a.name,
      stpId: stpOf.get(a.uid) ?? 0,
      spot: {},
      margin: {},
      futures: {},
    };
    const deposit = { type: 'deposit', text: 'seed' };
    for (const [currency, amount] of Object.entries(a.spot ?? {})) {
      credit(state, { uid: a.uid, kind: 'spot', pair: '' }, currency, amount, deposit, nowMs);
    }
    for (const [pair, balances] of Object.entries(a.margin ?? {})) {
      for (const [currency, amount] of Object.entries(balances)) {
        credit(state, { uid: a.uid, kind: 'margin', pair }, currency, amount, deposit, nowMs);
      }
    }
    for (const [settle, amount] of Object.entries(a.futures ?? {})) {
      bookFutures(state, a.uid, settle, 'dnw', amount, { contract: '', text: 'seed', tradeId: '' }, nowMs);
    }
  }
  seed.liquidity.forEach((l, i) => {
    try {
      if ('pair' in l) {
        placeSpotOrder(
          state,
          l.uid,
          { currency_pair: l.pair, side: l.side, price: l.price, amount: l.amount, text: 't-seed' },
          nowMs,
        );
      } else {
        placeFuturesOrder(
          state,
          l.uid,
          l.settle,
          { contract: l.contract, size: l.size, price: l.price, text: 't-seed' },
          nowMs,
        );
      }
    } catch (e) {
      if (!(e instanceof MockHttpError)) throw e;
      throw new SeedError(`seed: /liquidity/${i} cannot be placed: ${e.label}: ${e.message}`);
    }
  });
  return state;
}
