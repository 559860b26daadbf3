/**
 * Amend and cancel on the pure engine. The amend rows follow the public reference (SpotApi
 * `amendOrder`): reducing only the amount keeps the queue place; a new price or a larger amount
 * goes to the back of the queue at the (new) price; an amount at or below the filled part
 * cancels. Cancel releases the order's lock.
 */
import { describe, expect, it } from 'vitest';
import {
  amendSpotOrder,
  cancelSpotBatch,
  cancelSpotOrder,
  cancelSpotOrders,
  findSpotOrder,
} from '../../mock/exchange/spot-manage.js';
import { placeSpotOrder } from '../../mock/exchange/spot-place.js';
import type { ExchangeState, SpotOrderState } from '../../mock/exchange/types.js';
import { A, B, C, T, balancesOf, bookOf, fillsOf, stateOf, labelOf } from './support/given.js';
import type { Given } from './support/given.js';

const a = String(A);
const c = String(C);

/** A's resting buy of `amount` at `price`, placed after the given book. */
function withBid(given: Given, amount: string, price: string, extra: Record<string, unknown> = {}) {
  const state = stateOf(given);
  const order = placeSpotOrder(state, A, { currency_pair: 'BTC_USDT', side: 'buy', amount, price, ...extra }, T + 1);
  return { state, order };
}

interface AmendRow {
  name: string;
  given: Given;
  bid: [string, string] | [string, string, Record<string, unknown>];
  amend: Record<string, unknown>;
  want: { bids?: string[][]; asks?: string[][]; status?: string; finishAs?: string; fills?: number; error?: string };
}

const amendRows: AmendRow[] = [
  {
    name: 'reducing the amount keeps the place in the queue',
    given: { book: [[C, 'buy', '99', '1']] },
    bid: ['1', '99'],
    amend: { amount: '0.5' },
    want: {
      bids: [
        [c, '99', '1'],
        [a, '99', '0.5'],
      ],
    },
  },
  {
    name: 'reducing the amount of the first order keeps it first',
    given: {},
    bid: ['1', '99'],
    amend: { amount: '0.4' },
    want: { bids: [[a, '99', '0.4']] },
  },
  {
    name: 'increasing the amount moves the order to the back of its price',
    given: { book: [[C, 'buy', '99', '1']] },
    bid: ['1', '99'],
    amend: { amount: '2' },
    want: {
      bids: [
        [c, '99', '1'],
        [a, '99', '2'],
      ],
    },
  },
  {
    name: 'a new price moves the order to the back of the new price',
    given: { book: [[C, 'buy', '98', '1']] },
    bid: ['1', '99'],
    amend: { price: '98' },
    want: {
      bids: [
        [c, '98', '1'],
        [a, '98', '1'],
      ],
    },
  },
  {
    name: 'a new price that crosses the book trades at once',
    given: { book: [[B, 'sell', '100', '1']] },
    bid: ['1', '99'],
    amend: { price: '100' },
    want: { status: 'closed', finishAs: 'filled', fills: 1, asks: [], bids: [] },
  },
  {
    name: 'a poc order is refused a crossing price and stays as it was',
    given: { book: [[B, 'sell', '100', '1']] },
    bid: ['1', '99', { time_in_force: 'poc' }],
    amend: { price: '100' },
    want: { error: 'POC_FILL_IMMEDIATELY', bids: [[a, '99', '1']] },
  },
  {
    name: 'an amount at or below the filled part cancels the order',
    given: { book: [[B, 'sell', '99', '0.4']] },
    bid: ['1', '99'],
    amend: { amount: '0.4' },
    want: { status: 'cancelled', finishAs: 'cancelled', bids: [] },
  },
  {
    name: 'an amendment needs its extra funds',
    given: {},
    bid: ['1', '99'],
    amend: { amount: '1000' },
    want: { error: 'BALANCE_NOT_ENOUGH', bids: [[a, '99', '1']] },
  },
];

describe('amend on the engine', () => {
  it.each(amendRows)('$name', ({ given, bid, amend, want }) => {
    const { state, order } = withBid(given, bid[0], bid[1], bid[2]);
    const fillsBefore = state.spotTrades.length;
    const error = labelOf(() => amendSpotOrder(state, order, amend, T + 2));
    expect(error).toBe(want.error);
    const book = bookOf(state);
    if (want.bids !== undefined) expect(book.bids).toEqual(want.bids);
    if (want.asks !== undefined) expect(book.asks).toEqual(want.asks);
    if (want.status !== undefined) expect(order.status).toBe(want.status);
    if (want.finishAs !== undefined) expect(order.finishAs).toBe(want.finishAs);
    if (want.fills !== undefined) expect(state.spotTrades.length - fillsBefore).toBe(want.fills);
  });

  it('keeps the lock equal to what the rest of the order needs', () => {
    const { state, order } = withBid({}, '1', '99');
    amendSpotOrder(state, order, { amount: '2', price: '50' }, T + 2);
    expect(balancesOf(state, A)['USDT']).toBe('9900/100');
    amendSpotOrder(state, order, { amount: '0.5' }, T + 3);
    expect(balancesOf(state, A)['USDT']).toBe('9975/25');
  });
});

describe('cancel on the engine', () => {
  const open = (state: ExchangeState, price: string): SpotOrderState =>
    placeSpotOrder(state, A, { currency_pair: 'BTC_USDT', side: 'buy', amount: '1', price }, T + 1);

  it('cancels an open order and releases its lock', () => {
    const state = stateOf({});
    const order = open(state, '99');
    expect(balancesOf(state, A)['USDT']).toBe('9901/99');
    cancelSpotOrder(state, order, T + 2);
    expect([order.status, order.finishAs]).toEqual(['cancelled', 'cancelled']);
    expect(balancesOf(state, A)['USDT']).toBe('10000/0');
    expect(bookOf(state).bids).toEqual([]);
  });

  it('refuses to cancel a finished order, naming how it finished', () => {
    const state = stateOf({ book: [[B, 'sell', '99', '1']] });
    const filled = open(state, '99');
    expect(labelOf(() => cancelSpotOrder(state, filled, T + 2))).toBe('ORDER_CLOSED');
    const cancelled = open(state, '98');
    cancelSpotOrder(state, cancelled, T + 2);
    expect(labelOf(() => cancelSpotOrder(state, cancelled, T + 3))).toBe('ORDER_CANCELLED');
  });

  it('cancels every open order of the caller in a pair, and only those', () => {
    const state = stateOf({ book: [[C, 'buy', '90', '1']] });
    open(state, '97');
    open(state, '98');
    placeSpotOrder(state, A, { currency_pair: 'BTC_USDT', side: 'sell', amount: '1', price: '120' }, T + 1);
    const cancelled = cancelSpotOrders(state, A, { pair: 'BTC_USDT', side: 'buy' }, T + 2);
    expect(cancelled.map((o) => o.price)).toEqual(['97', '98']);
    expect(bookOf(state).bids).toEqual([[c, '90', '1']]);
    expect(bookOf(state).asks).toEqual([[a, '120', '1']]);
  });

  it('cancels a batch, one result per item', () => {
    const state = stateOf({ book: [[C, 'buy', '90', '1']] });
    const mine = open(state, '97');
    const theirs = state.spotMarkets['BTC_USDT']?.bids.find((id) => id !== mine.id) ?? '';
    const results = cancelSpotBatch(
      state,
      A,
      [
        { currency_pair: 'BTC_USDT', id: mine.id },
        { currency_pair: 'BTC_USDT', id: theirs },
      ],
      T + 2,
    );
    expect(results.map((r) => [r.succeeded, r.label])).toEqual([
      [true, ''],
      [false, 'ORDER_NOT_FOUND'],
    ]);
    expect(fillsOf(state)).toEqual([]);
  });

  it('finds an open order by its custom text, and only the caller finds it', () => {
    const state = stateOf({});
    const order = placeSpotOrder(
      state,
      A,
      { currency_pair: 'BTC_USDT', side: 'buy', amount: '1', price: '90', text: 't-mine' },
      T,
    );
    expect(findSpotOrder(state, A, 't-mine')?.id).toBe(order.id);
    expect(findSpotOrder(state, B, order.id)).toBeUndefined();
    expect(findSpotOrder(state, A, order.id, 'ETH_USDT')).toBeUndefined();
  });
});
