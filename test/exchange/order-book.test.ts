/**
 * The engine on its price-level book: partial fills keep the maker's place, a swept level leaves
 * the book, cancels at the head, middle and tail of a level keep the others' places, STP acts on
 * the orders of a level in time order, and futures rest on the same structure. Then the
 * regression guard: the book work of a cancel and of a taker does not grow with the resting book,
 * and every open-order lookup reads the index, not every order.
 */
import { describe, expect, it } from 'vitest';
import { cancelFuturesOrder } from '../../mock/exchange/futures-manage.js';
import { placeFuturesOrder } from '../../mock/exchange/futures-place.js';
import { contractTraders, futuresBooks, spotBooks, spotIndex } from '../../mock/exchange/order-index.js';
import { cancelSpotOrder, cancelSpotOrders, findSpotOrder } from '../../mock/exchange/spot-manage.js';
import { placeSpotOrder } from '../../mock/exchange/spot-place.js';
import type { ExchangeState, SpotMarketState } from '../../mock/exchange/types.js';
import { A, B, C, T, bookOf, futuresBookOf, stateOf } from './support/given.js';
import type { Given } from './support/given.js';

const [a, b, c] = [String(A), String(B), String(C)];
const PAIR = 'BTC_USDT';

/** A three-order ask level at 100 (B, C, B) and one ask at 101 (C). */
const askLevel: Given = {
  book: [
    [B, 'sell', '100', '1'],
    [C, 'sell', '100', '1'],
    [B, 'sell', '100', '1'],
    [C, 'sell', '101', '1'],
  ],
};

/** The resting ids of the given book, in the order they were placed. */
const restingIds = (state: ExchangeState): string[] => Object.keys(state.spotOrders).sort();

interface TakeRow {
  name: string;
  given: Given;
  /** A's order: `[side, amount, price, extra]`. */
  take: readonly ['buy' | 'sell', string, string, Record<string, unknown>?];
  want: { asks: string[][]; bids?: string[][]; status: string; finishAs: string };
}

const takeRows: TakeRow[] = [
  {
    name: 'a partial fill of the head keeps it first with what is left',
    given: askLevel,
    take: ['buy', '0.4', '100'],
    want: {
      asks: [
        [b, '100', '0.6'],
        [c, '100', '1'],
        [b, '100', '1'],
        [c, '101', '1'],
      ],
      status: 'closed',
      finishAs: 'filled',
    },
  },
  {
    name: 'sweeping a level removes it; the rest of the taker fills at the next level',
    given: askLevel,
    take: ['buy', '3.5', '101'],
    want: { asks: [[c, '101', '0.5']], status: 'closed', finishAs: 'filled' },
  },
  {
    name: 'a limit that reaches one level only: the remainder rests as the best bid',
    given: askLevel,
    take: ['buy', '3.5', '100'],
    want: { asks: [[c, '101', '1']], bids: [[a, '100', '0.5']], status: 'open', finishAs: 'open' },
  },
  {
    name: 'STP co in the middle of a level: the group member is cancelled where it stands, time order holds',
    given: { ...askLevel, stp: [[A, C]] },
    take: ['buy', '1.5', '100', { stp_act: 'co' }],
    want: {
      asks: [
        [b, '100', '0.5'],
        [c, '101', '1'],
      ],
      status: 'closed',
      finishAs: 'filled',
    },
  },
  {
    name: 'STP cn at the second order of a level: the first fills, the taker ends, the level stays',
    given: { ...askLevel, stp: [[A, C]] },
    take: ['buy', '2', '100'],
    want: {
      asks: [
        [c, '100', '1'],
        [b, '100', '1'],
        [c, '101', '1'],
      ],
      status: 'cancelled',
      finishAs: 'stp',
    },
  },
  {
    name: 'STP cb at the second order of a level: that maker and the taker end, the tail stays',
    given: { ...askLevel, stp: [[A, C]] },
    take: ['buy', '2', '100', { stp_act: 'cb' }],
    want: {
      asks: [
        [b, '100', '1'],
        [c, '101', '1'],
      ],
      status: 'cancelled',
      finishAs: 'stp',
    },
  },
];

describe('taking from the book', () => {
  it.each(takeRows)('$name', ({ given, take, want }) => {
    const state = stateOf(given);
    const [side, amount, price, extra] = take;
    const order = placeSpotOrder(state, A, { currency_pair: PAIR, side, amount, price, ...extra }, T + 1);
    expect(bookOf(state).asks).toEqual(want.asks);
    expect(bookOf(state).bids).toEqual(want.bids ?? []);
    expect({ status: order.status, finishAs: order.finishAs }).toEqual({
      status: want.status,
      finishAs: want.finishAs,
    });
  });
});

interface CancelRow {
  name: string;
  /** Indexes (in placing order) of the resting orders to cancel. */
  cancel: number[];
  want: string[][];
}

const cancelRows: CancelRow[] = [
  {
    name: 'the head of a level',
    cancel: [0],
    want: [
      [c, '100', '1'],
      [b, '100', '1'],
      [c, '101', '1'],
    ],
  },
  {
    name: 'the middle of a level',
    cancel: [1],
    want: [
      [b, '100', '1'],
      [b, '100', '1'],
      [c, '101', '1'],
    ],
  },
  {
    name: 'the tail of a level',
    cancel: [2],
    want: [
      [b, '100', '1'],
      [c, '100', '1'],
      [c, '101', '1'],
    ],
  },
  { name: 'a whole level: the next price is best', cancel: [1, 0, 2], want: [[c, '101', '1']] },
];

describe('cancelling resting orders', () => {
  it.each(cancelRows)('$name', ({ cancel, want }) => {
    const state = stateOf(askLevel);
    const ids = restingIds(state);
    for (const i of cancel) cancelSpotOrder(state, state.spotOrders[ids[i] ?? ''] as never, T + 1);
    expect(bookOf(state).asks).toEqual(want);
  });

  it('futures: a cancel in the middle of a level keeps the others in time order', () => {
    const state = stateOf({
      futuresBook: [
        [B, '100', '-1'],
        [C, '100', '-2'],
        [B, '100', '-3'],
      ],
    });
    const middle = Object.values(state.futuresOrders).find((o) => o.size === '-2');
    cancelFuturesOrder(state, middle as never, T + 1);
    expect(futuresBookOf(state).asks).toEqual([
      [b, '100', '-1'],
      [b, '100', '-3'],
    ]);
    placeFuturesOrder(state, A, 'usdt', { contract: PAIR, size: '2', price: '100' }, T + 2);
    expect(futuresBookOf(state).asks).toEqual([[b, '100', '-2']]);
    expect(futuresBooks(state, state.contracts['usdt']?.['BTC_USDT'] as never).asks.levelCount).toBe(1);
  });
});

describe('open interest reads the accounts that traded the contract', () => {
  it('knows the traders of a fill, also in a copy of the state', () => {
    const state = stateOf({ futuresBook: [[B, '100', '-2']] });
    const contract = state.contracts['usdt']?.['BTC_USDT'] as never;
    expect([...contractTraders(state, contract)]).toEqual([]);
    placeFuturesOrder(state, A, 'usdt', { contract: PAIR, size: '1', price: '100' }, T + 1);
    expect([...contractTraders(state, contract)].sort()).toEqual([A, B]);
    const copy = JSON.parse(JSON.stringify(state)) as ExchangeState;
    expect([...contractTraders(copy, copy.contracts['usdt']?.['BTC_USDT'] as never)].sort()).toEqual([A, B]);
  });
});

/** A state with `n` resting asks of C over `n / 10` prices from 101 up, and A's bid at 90. */
function deepBook(n: number): { state: ExchangeState; market: SpotMarketState; mine: string } {
  const state = stateOf({});
  const market = state.spotMarkets[PAIR] as SpotMarketState;
  for (let i = 0; i < n; i += 1) {
    const price = String(101 + (i % (n / 10)));
    placeSpotOrder(state, C, { currency_pair: PAIR, side: 'sell', amount: '0.001', price, text: 't-deep' }, T);
  }
  const mine = placeSpotOrder(state, A, { currency_pair: PAIR, side: 'buy', amount: '0.002', price: '90' }, T);
  return { state, market, mine: mine.id };
}

/** Book work (both sides of the spot book) while `act` runs. */
function bookWork(state: ExchangeState, market: SpotMarketState, act: () => void): number[] {
  const books = spotBooks(state, market);
  const total = () => [books.asks, books.bids].map((s) => s.work.comparisons + s.work.levelsVisited);
  const before = total();
  act();
  return total().map((x, i) => x - (before[i] ?? 0));
}

describe('the engine does not scan the book', () => {
  const sizes = [100, 5_000];
  const deep = sizes.map((n) => ({ n, ...deepBook(n) }));

  it('cancelling a resting order compares no prices and visits no levels', () => {
    const work = deep.map(({ state, market, mine }) =>
      bookWork(state, market, () => cancelSpotOrder(state, state.spotOrders[mine] as never, T + 1)),
    );
    expect(work).toEqual(sizes.map(() => [0, 0]));
  });

  it('a taker that fills at the best price visits the same levels at any depth', () => {
    const work = deep.map(({ state, market }) =>
      bookWork(state, market, () =>
        placeSpotOrder(state, A, { currency_pair: PAIR, side: 'buy', amount: '0.002', price: '101' }, T + 2),
      ),
    );
    expect(work[0]).toEqual(work[1]);
  });

  it('open orders of an account and orders by label come from the index', () => {
    for (const { n, state } of deep) {
      expect(spotIndex(state).open(C, (p) => p === PAIR)).toHaveLength(n - 2);
      expect(spotIndex(state).open(A, () => true)).toHaveLength(0);
      expect(findSpotOrder(state, C, 't-deep', PAIR)?.status).toBe('open');
      expect(findSpotOrder(state, A, 't-deep', PAIR)).toBeUndefined();
    }
    const { state } = deep[0] as (typeof deep)[number];
    expect(cancelSpotOrders(state, C, { pair: PAIR }, T + 3)).toHaveLength(98);
    expect(bookOf(state).asks).toEqual([]);
    expect(spotIndex(state).open(C, () => true)).toHaveLength(0);
  });

  it('a copy of the state (as from a state file) rebuilds the same book and index', () => {
    const { state } = deep[1] as (typeof deep)[number];
    const copy = JSON.parse(JSON.stringify(state)) as ExchangeState;
    expect(copy.spotMarkets[PAIR]?.asks).toEqual(state.spotMarkets[PAIR]?.asks);
    expect(bookOf(copy)).toEqual(bookOf(state));
    const market = copy.spotMarkets[PAIR] as SpotMarketState;
    expect(spotBooks(copy, market).asks.size).toBe(state.spotMarkets[PAIR]?.asks.length);
    expect(spotIndex(copy).open(C, () => true)).toHaveLength(spotIndex(state).open(C, () => true).length);
  });
});
