/**
 * Property tests over random order streams (fast-check, fixed seeds): whatever the orders,
 * cancels and amendments, after every step
 * - spot and margin: the sum of each currency over every wallet (available + locked) plus the
 *   fees collected equals the sum at the start; no available or locked amount is negative; each
 *   wallet's locked amount is exactly what its open orders hold; the book holds exactly the open
 *   orders and is never crossed;
 * - futures: Σ totals − Σ position costs + fees collected never changes (a position's cost is
 *   the settlement currency it holds at entry value); sizes sum to zero over all accounts;
 *   margins are never negative; the book holds exactly the open orders and is never crossed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, compareDecimal, sign, sub, sum } from '../../mock/decimal.js';
import { MockHttpError } from '../../mock/errors.js';
import { amendFuturesOrder, cancelFuturesOrder } from '../../mock/exchange/futures-manage.js';
import { placeFuturesOrder } from '../../mock/exchange/futures-place.js';
import { futuresTotal } from '../../mock/exchange/futures-wallet.js';
import { amendSpotOrder, cancelSpotOrder, cancelSpotOrders } from '../../mock/exchange/spot-manage.js';
import { placeSpotOrder } from '../../mock/exchange/spot-place.js';
import type { ExchangeState } from '../../mock/exchange/types.js';
import { A, B, C, T, stateOf } from './support/given.js';
import type { Given } from './support/given.js';

const GIVEN: Given = {
  stp: [[A, B]],
  margin: { USDT: '500', BTC: '2' },
  book: [
    [C, 'sell', '101', '1'],
    [C, 'buy', '99', '1'],
  ],
  futuresBook: [
    [C, '101', '-20'],
    [C, '99', '20'],
  ],
};
const RUNS = { seed: 20_240_613, numRuns: 60 };

const uid = fc.constantFrom(A, B, C, C);
const price = fc.integer({ min: 190, max: 210 }).map((n) => (n / 2).toFixed(1));
const amount = fc.integer({ min: 20, max: 30_000 }).map((n) => (n / 10_000).toString());
const tif = fc.constantFrom('gtc', 'gtc', 'ioc', 'poc', 'fok');
const stpAct = fc.constantFrom(undefined, undefined, 'cn', 'co', 'cb');
const pick = fc.nat();

const spotCommand = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      uid,
      side: fc.constantFrom('buy', 'sell'),
      price,
      amount,
      tif,
      stpAct,
      margin: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      uid,
      side: fc.constantFrom('buy', 'sell'),
      amount,
      tif: fc.constantFrom('ioc', 'fok'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelAll' as const), uid }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('amend' as const),
      pick,
      price: fc.option(price),
      amount: fc.option(amount),
    }),
  },
);
type SpotCommand = typeof spotCommand extends fc.Arbitrary<infer C> ? C : never;

const futuresCommand = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      uid,
      size: fc.integer({ min: -30, max: 30 }),
      price,
      tif,
      stpAct,
      reduce: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), uid }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('amend' as const), pick, price }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mark' as const), price }) },
);
type FuturesCommand = typeof futuresCommand extends fc.Arbitrary<infer C> ? C : never;

/** Runs `fn`; a refusal by the exchange (a 4xx) is a normal outcome, anything else fails the property. */
function attempt(fn: () => unknown): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof MockHttpError) || e.status >= 500) throw e;
  }
}

const openSpot = (s: ExchangeState) => Object.values(s.spotOrders).filter((o) => o.status === 'open');
const openFutures = (s: ExchangeState) => Object.values(s.futuresOrders).filter((o) => o.status === 'open');
const withStp = (act: string | undefined, u: number) => (act !== undefined && u !== C ? { stp_act: act } : {});

function runSpot(s: ExchangeState, c: SpotCommand, at: number): void {
  const open = openSpot(s);
  const chosen = 'pick' in c ? open[c.pick % Math.max(open.length, 1)] : undefined;
  attempt(() => {
    if (c.kind === 'limit') {
      const account = c.margin && c.uid === A ? { account: 'margin' } : {};
      const body = { currency_pair: 'BTC_USDT', side: c.side, price: c.price, amount: c.amount, time_in_force: c.tif };
      placeSpotOrder(s, c.uid, { ...body, ...account, ...withStp(c.stpAct, c.uid) }, at);
    } else if (c.kind === 'market') {
      const quote = c.side === 'buy' ? (Number(c.amount) * 100).toFixed(2) : c.amount;
      placeSpotOrder(
        s,
        c.uid,
        { currency_pair: 'BTC_USDT', side: c.side, type: 'market', amount: quote, time_in_force: c.tif },
        at,
      );
    } else if (c.kind === 'cancelAll') cancelSpotOrders(s, c.uid, { pair: 'BTC_USDT' }, at);
    else if (chosen !== undefined && c.kind === 'cancel') cancelSpotOrder(s, chosen, at);
    else if (chosen !== undefined && c.kind === 'amend') {
      amendSpotOrder(
        s,
        chosen,
        { ...(c.price === null ? {} : { price: c.price }), amount: c.amount ?? chosen.amount },
        at,
      );
    }
  });
}

function runFutures(s: ExchangeState, c: FuturesCommand, at: number): void {
  const open = openFutures(s);
  const chosen = 'pick' in c ? open[c.pick % Math.max(open.length, 1)] : undefined;
  attempt(() => {
    const contract = s.contracts['usdt']?.['BTC_USDT'];
    if (c.kind === 'order' && c.size !== 0) {
      const body = { contract: 'BTC_USDT', size: String(c.size), price: c.price, tif: c.tif, reduce_only: c.reduce };
      placeFuturesOrder(s, c.uid, 'usdt', { ...body, ...withStp(c.stpAct, c.uid) }, at);
    } else if (c.kind === 'close') {
      placeFuturesOrder(s, c.uid, 'usdt', { contract: 'BTC_USDT', size: '0', close: true, price: '0', tif: 'ioc' }, at);
    } else if (c.kind === 'mark' && contract !== undefined) contract.markPrice = c.price;
    else if (chosen !== undefined && c.kind === 'cancel') cancelFuturesOrder(s, chosen, at);
    else if (chosen !== undefined && c.kind === 'amend') amendFuturesOrder(s, chosen, { price: c.price }, at);
  });
}

/** Σ available + locked over spot and margin wallets, plus fees collected, per currency. */
function spotTotals(s: ExchangeState): Record<string, string> {
  const totals: Record<string, string> = {};
  for (const account of Object.values(s.accounts)) {
    for (const wallet of [account.spot, ...Object.values(account.margin)]) {
      for (const [currency, b] of Object.entries(wallet))
        totals[currency] = add(totals[currency] ?? '0', add(b.available, b.locked));
    }
  }
  for (const [currency, fee] of Object.entries(s.feesCollected)) totals[currency] = add(totals[currency] ?? '0', fee);
  return totals;
}

function checkSpot(s: ExchangeState, start: Record<string, string>): void {
  expect(spotTotals(s)).toEqual(start);
  const market = s.spotMarkets['BTC_USDT'];
  for (const account of Object.values(s.accounts)) {
    const wallets = [
      ['spot', account.spot],
      ...Object.entries(account.margin).map(([, w]) => ['margin', w] as const),
    ] as const;
    for (const [kind, wallet] of wallets) {
      for (const [currency, b] of Object.entries(wallet)) {
        expect(sign(b.available), `${account.uid} ${kind} ${currency} available ${b.available}`).toBeGreaterThanOrEqual(
          0,
        );
        const held = openSpot(s)
          .filter((o) => o.uid === account.uid && o.account === kind)
          .filter((o) => (o.side === 'buy' ? market?.quote : market?.base) === currency)
          .map((o) => o.locked);
        expect(b.locked, `${account.uid} ${kind} ${currency} locked`).toBe(sum(held));
      }
    }
  }
  const booked = [...(market?.bids ?? []), ...(market?.asks ?? [])].sort();
  expect(booked).toEqual(
    openSpot(s)
      .map((o) => o.id)
      .sort(),
  );
  const bid = s.spotOrders[market?.bids[0] ?? '']?.price;
  const ask = s.spotOrders[market?.asks[0] ?? '']?.price;
  if (bid !== undefined && ask !== undefined) expect(compareDecimal(bid, ask)).toBe(-1);
}

function futuresLedger(s: ExchangeState): string {
  let total = s.futuresFeesCollected['usdt'] ?? '0';
  for (const account of Object.values(s.accounts)) {
    const wallet = account.futures['usdt'];
    if (wallet === undefined) continue;
    total = add(total, futuresTotal(wallet));
    for (const pos of Object.values(wallet.positions)) total = sub(total, pos.cost);
  }
  return total;
}

function checkFutures(s: ExchangeState, start: string): void {
  expect(futuresLedger(s)).toBe(start);
  const positions = Object.values(s.accounts).flatMap((a) => Object.values(a.futures['usdt']?.positions ?? {}));
  expect(sum(positions.map((p) => p.size))).toBe('0');
  for (const p of positions) expect(sign(p.margin)).toBeGreaterThanOrEqual(0);
  for (const o of openFutures(s)) expect(sign(o.orderMargin)).toBeGreaterThanOrEqual(0);
  const contract = s.contracts['usdt']?.['BTC_USDT'];
  expect([...(contract?.bids ?? []), ...(contract?.asks ?? [])].sort()).toEqual(
    openFutures(s)
      .map((o) => o.id)
      .sort(),
  );
  const bid = s.futuresOrders[contract?.bids[0] ?? '']?.price;
  const ask = s.futuresOrders[contract?.asks[0] ?? '']?.price;
  if (bid !== undefined && ask !== undefined) expect(compareDecimal(bid, ask)).toBe(-1);
}

describe('balances are conserved over random order streams', () => {
  it('spot and margin: every currency summed over wallets plus fees never changes, nothing goes negative', () => {
    fc.assert(
      fc.property(fc.array(spotCommand, { minLength: 1, maxLength: 60 }), (commands) => {
        const s = stateOf(GIVEN);
        const start = spotTotals(s);
        commands.forEach((c, i) => {
          runSpot(s, c, T + i);
          checkSpot(s, start);
        });
      }),
      RUNS,
    );
  });

  it('futures: totals less position costs plus fees never change; positions net to zero', () => {
    fc.assert(
      fc.property(fc.array(futuresCommand, { minLength: 1, maxLength: 60 }), (commands) => {
        const s = stateOf(GIVEN);
        const start = futuresLedger(s);
        commands.forEach((c, i) => {
          runFutures(s, c, T + i);
          checkFutures(s, start);
        });
      }),
      RUNS,
    );
  });

  it('the streams trade: fills, STP cancels, every time in force, closes and reduce-only cancels happen', () => {
    const s = stateOf(GIVEN);
    const sample = fc.sample(fc.array(spotCommand, { minLength: 60, maxLength: 60 }), { seed: RUNS.seed, numRuns: 5 });
    sample.flat().forEach((c, i) => runSpot(s, c, T + i));
    const finishes = new Set(Object.values(s.spotOrders).map((o) => o.finishAs));
    expect(s.spotTrades.length).toBeGreaterThan(10);
    for (const f of ['filled', 'stp', 'ioc', 'cancelled']) expect(finishes).toContain(f);

    const f = stateOf(GIVEN);
    const futures = fc.sample(fc.array(futuresCommand, { minLength: 60, maxLength: 60 }), {
      seed: RUNS.seed,
      numRuns: 5,
    });
    futures.flat().forEach((c, i) => runFutures(f, c, T + i));
    expect(f.futuresTrades.filter((t) => t.takerCloseSize !== '0' || t.makerCloseSize !== '0').length).toBeGreaterThan(
      10,
    );
    expect(new Set(Object.values(f.futuresOrders).map((o) => o.finishAs))).toContain('reduce_only');
  });
});
