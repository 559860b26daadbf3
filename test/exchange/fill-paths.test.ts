/**
 * The engine's fill paths: a plan offered makers one by one (`startMatch`, `offerMaker`,
 * `endMatch`) carries each fill's value; a side's levels visited best first without a generator
 * (`BookSide.visitLevels`) stop where the visitor says; a party's side of a fill (`settleParty`)
 * books the same entries and balances as `spendLocked`, `credit` and `chargeFee` one by one;
 * `takerRests` says which takers rest; a taker that never rests joins no open set
 * (`Lookups.placed`) while its market keeps its place in the account's listing, and locks nothing:
 * it books the same entries and balances as a `gtc` order of the same size cancelled after matching.
 */
import { describe, expect, it } from 'vitest';
import { endMatch, offerMaker, startMatch } from '../../mock/exchange/match.js';
import type { Taker } from '../../mock/exchange/match.js';
import { Lookups } from '../../mock/exchange/order-index.js';
import { BookSide } from '../../mock/exchange/price-levels.js';
import { takerRests } from '../../mock/exchange/spot-match.js';
import type { ExchangeState } from '../../mock/exchange/types.js';
import { chargeFee, credit, settleParty, spendLocked } from '../../mock/exchange/wallets.js';
import type { WalletRef } from '../../mock/exchange/wallets.js';
import { cancelSpotOrder } from '../../mock/exchange/spot-manage.js';
import { placeSpotOrder } from '../../mock/exchange/spot-place.js';
import { A, B, C, T, balancesOf, stateOf } from './support/given.js';
import type { Resting } from './support/given.js';

const taker = (left: string): Taker => ({
  owner: 1,
  stpId: 0,
  stpAct: 'cn',
  side: 'buy',
  limit: '101',
  quantity: { kind: 'base', left },
});

describe('a plan offered makers one by one', () => {
  it.each([
    {
      name: 'each fill carries amount × price',
      given: { left: '3', makers: [['m1', '100.5', '1.5'] as const, ['m2', '101', '2'] as const] },
      want: { values: ['150.75', '151.5'], accepted: [true, true], stop: 'filled' },
    },
    {
      name: 'a maker above the limit stops the plan; later offers are refused',
      given: { left: '3', makers: [['m1', '102', '1'] as const, ['m2', '100', '1'] as const] },
      want: { values: [], accepted: [false, false], stop: 'no-liquidity' },
    },
  ])('$name', ({ given, want }) => {
    const run = startMatch(taker(given.left));
    const accepted = given.makers.map(([id, price, left]) => offerMaker(run, id, 2, 0, price, left));
    const plan = endMatch(run);
    const values = plan.steps.map((s) => (s.kind === 'fill' ? s.value : ''));
    expect({ values, accepted, stop: plan.stop }).toEqual(want);
  });
});

describe('visiting levels best first', () => {
  const prices = ['105', '101', '103', '102', '104', '100', '106'];
  it.each([
    { given: { side: 'sell' as const, stopAt: 99 }, want: ['100', '101', '102', '104', '105', '106'] },
    { given: { side: 'sell' as const, stopAt: 3 }, want: ['100', '101', '102'] },
    { given: { side: 'buy' as const, stopAt: 1 }, want: ['106'] },
    { given: { side: 'buy' as const, stopAt: 4 }, want: ['106', '105', '104', '102'] },
    { given: { side: 'buy' as const, stopAt: 99 }, want: ['106', '105', '104', '102', '101', '100'] },
  ])('$given.side, stop after $given.stopAt', ({ given, want }) => {
    const book = new BookSide(given.side);
    prices.forEach((price, i) => book.add(`o${i}`, price, i));
    book.remove('o5'); // an emptied level (100), then one at its price again
    book.add('o7', '100', 7);
    book.remove('o2'); // an emptied level (103) inside the heap is skipped
    const seen: string[] = [];
    book.visitLevels((level) => {
      seen.push(level.price);
      return seen.length < given.stopAt;
    });
    expect(seen).toEqual(want);
    expect(seen).toEqual([...book.levels()].map((l) => l.price).slice(0, want.length));
  });

  it('visits nothing on an empty side', () => {
    const seen: string[] = [];
    new BookSide('buy').visitLevels((level) => seen.push(level.price) > 0);
    expect(seen).toEqual([]);
  });
});

/** The account book entries and balances of A after `act`, ids left out. */
function booked(act: (state: ExchangeState, ref: WalletRef) => void, ref: WalletRef): unknown {
  const state = stateOf({ margin: { BTC: '1', USDT: '500' } });
  const spot = state.accounts[A]?.spot;
  if (spot?.USDT !== undefined) spot.USDT.locked = '200';
  const margin = state.accounts[A]?.margin['BTC_USDT'];
  if (margin?.USDT !== undefined) margin.USDT.locked = '200';
  const before = state.book.length;
  act(state, ref);
  return {
    entries: state.book.slice(before).map(({ id: _id, ...entry }) => entry),
    spot: state.accounts[A]?.spot,
    margin: state.accounts[A]?.margin,
    fees: state.feesCollected,
  };
}

describe('a party’s side of a fill', () => {
  it.each([
    { given: { kind: 'spot' as const, paid: '100.5', got: '1.5', fee: '0.003' } },
    { given: { kind: 'spot' as const, paid: '100.5', got: '1.5', fee: '0' } },
    { given: { kind: 'margin' as const, paid: '50', got: '0.5', fee: '0.00100' } },
  ])('$given.kind wallet, fee $given.fee: as spendLocked, credit and chargeFee', ({ given }) => {
    const ref: WalletRef = { uid: A, kind: given.kind, pair: 'BTC_USDT' };
    const want = booked((state) => {
      spendLocked(state, ref, 'USDT', given.paid, { type: 'trade', text: '42', tradeId: '7' }, T);
      credit(state, ref, 'BTC', given.got, { type: 'trade', text: '42', tradeId: '7' }, T);
      chargeFee(state, ref, 'BTC', given.fee, { type: 'fee', text: '42', tradeId: '7' }, T);
    }, ref);
    const got = booked(
      (state) => settleParty(state, ref, 'USDT', given.paid, 'BTC', given.got, given.fee, '42', '7', T),
      ref,
    );
    expect(got).toEqual(want);
  });
});

describe('which takers rest', () => {
  it.each([
    { given: { type: 'limit', tif: 'gtc', stop: 'no-liquidity' }, want: true },
    { given: { type: 'limit', tif: 'poc', stop: 'no-liquidity' }, want: true },
    { given: { type: 'limit', tif: 'ioc', stop: 'no-liquidity' }, want: false },
    { given: { type: 'limit', tif: 'fok', stop: 'no-liquidity' }, want: false },
    { given: { type: 'market', tif: 'ioc', stop: 'no-liquidity' }, want: false },
    { given: { type: 'limit', tif: 'gtc', stop: 'filled' }, want: false },
    { given: { type: 'limit', tif: 'gtc', stop: 'stp' }, want: false },
  ] as const)('$given.type $given.tif, $given.stop', ({ given, want }) => {
    expect(takerRests({ type: given.type, tif: given.tif }, { stop: given.stop })).toBe(want);
  });
});

describe('a taker that never rests', () => {
  it('joins no open set, and its market keeps its place in the listing', () => {
    const orders: Record<string, { id: string; uid: number; text: string; status: string; pair: string }> = {};
    const index = new Lookups(orders, (o) => o.pair);
    const place = (id: string, pair: string, rests: boolean): void => {
      const o = { id, uid: 7, text: 't', status: 'open', pair };
      orders[id] = o;
      index.placed(o, rests);
    };
    place('1', 'ETH_USDT', false);
    place('2', 'BTC_USDT', true);
    place('3', 'ETH_USDT', true);
    place('4', 'BTC_USDT', false);
    expect(index.open(7, () => true).map((o) => o.id)).toEqual(['3', '2']);
  });
});

/** A's account book entries (without ids) and balances after placing `body`, then cancelling what rests of it. */
function takerBooks(body: Record<string, string>, book: readonly Resting[]): unknown {
  const state = stateOf({ book });
  const before = state.book.length;
  const order = placeSpotOrder(state, A, { currency_pair: 'BTC_USDT', ...body }, T);
  if (order.status === 'open') cancelSpotOrder(state, order, T);
  const entries = state.book.slice(before).map(({ id: _id, ...entry }) => entry);
  return { entries, balances: balancesOf(state, A), order: [order.left, order.locked, order.filledTotal, order.fee] };
}

describe('a taker that never rests locks nothing', () => {
  const book: Resting[] = [
    [B, 'sell', '100.5', '0.3'],
    [C, 'sell', '101', '0.4'],
    [B, 'buy', '99.5', '0.3'],
    [C, 'buy', '99', '0.4'],
  ];
  it.each([
    { given: { side: 'buy', price: '102', amount: '1' } },
    { given: { side: 'buy', price: '100.7', amount: '0.2' } },
    { given: { side: 'sell', price: '98', amount: '1' } },
    { given: { side: 'sell', price: '99.4', amount: '0.25' } },
  ])('an ioc $given.side books what a gtc order cancelled after matching books', ({ given }) => {
    const ioc = takerBooks({ ...given, time_in_force: 'ioc' }, book);
    const gtc = takerBooks({ ...given, time_in_force: 'gtc' }, book);
    expect(ioc).toEqual(gtc);
  });

  it.each([{ given: { side: 'buy', amount: '60' } }, { given: { side: 'sell', amount: '0.5' } }])(
    'a market $given.side ends with nothing locked',
    ({ given }) => {
      const state = stateOf({ book });
      placeSpotOrder(state, A, { currency_pair: 'BTC_USDT', type: 'market', time_in_force: 'ioc', ...given }, T);
      const { USDT, BTC } = balancesOf(state, A);
      expect([USDT?.split('/')[1], BTC?.split('/')[1]]).toEqual(['0', '0']);
    },
  );
});
