/**
 * One side of the order book as price levels (`mock/exchange/price-levels.ts`): queue order is
 * best price, then time priority; cancelling the head, middle or tail of a level keeps the rest
 * in order; an emptied level leaves the side. The work a cancel, a best-price read or an add at a
 * known price does is counted, and must not grow with the book: the regression guard against
 * scanning.
 */
import { describe, expect, it } from 'vitest';
import { BookSide } from '../../mock/exchange/price-levels.js';
import type { Side } from '../../mock/exchange/types.js';

/** `[id, price, priority]`, added in this order. */
type Add = readonly [string, string, number];

function sideWith(side: Side, adds: readonly Add[]): BookSide {
  const book = new BookSide(side);
  for (const [id, price, priority] of adds) book.add(id, price, priority);
  return book;
}

/** The side as `[price, ...ids]` per level, best first. */
function levelsOf(book: BookSide): string[][] {
  return [...book.levels()].map((level) => [level.price, ...book.idsAt(level)]);
}

interface OrderRow {
  name: string;
  given: { side: Side; adds: readonly Add[] };
  want: string[][];
}

const orderRows: OrderRow[] = [
  {
    name: 'bids: highest price first, then oldest first',
    given: {
      side: 'buy',
      adds: [
        ['a', '99', 1],
        ['b', '101', 2],
        ['c', '99', 3],
        ['d', '100', 4],
        ['e', '101', 5],
      ],
    },
    want: [
      ['101', 'b', 'e'],
      ['100', 'd'],
      ['99', 'a', 'c'],
    ],
  },
  {
    name: 'asks: lowest price first, then oldest first',
    given: {
      side: 'sell',
      adds: [
        ['a', '101', 1],
        ['b', '99.5', 2],
        ['c', '101', 3],
        ['d', '99.5', 4],
      ],
    },
    want: [
      ['99.5', 'b', 'd'],
      ['101', 'a', 'c'],
    ],
  },
  {
    name: 'one price however it is spelled is one level',
    given: {
      side: 'sell',
      adds: [
        ['a', '100.50', 1],
        ['b', '100.5', 2],
      ],
    },
    want: [['100.5', 'a', 'b']],
  },
  {
    name: 'an order with an earlier priority goes ahead of later ones at its price (a state read back)',
    given: {
      side: 'buy',
      adds: [
        ['late', '100', 9],
        ['early', '100', 3],
        ['middle', '100', 5],
      ],
    },
    want: [['100', 'early', 'middle', 'late']],
  },
  {
    name: 'prices compare exactly, past float precision',
    given: {
      side: 'buy',
      adds: [
        ['a', '0.10000000000000001', 1],
        ['b', '0.1', 2],
        ['c', '0.10000000000000002', 3],
      ],
    },
    want: [
      ['0.10000000000000002', 'c'],
      ['0.10000000000000001', 'a'],
      ['0.1', 'b'],
    ],
  },
];

describe('queue order', () => {
  it.each(orderRows)('$name', ({ given, want }) => {
    const book = sideWith(given.side, given.adds);
    expect(levelsOf(book)).toEqual(want);
    expect([...book.ids()]).toEqual(want.flatMap(([, ...ids]) => ids));
    expect(book.best()?.price).toBe(want[0]?.[0]);
  });
});

const level: readonly Add[] = [
  ['x', '100', 1],
  ['y', '100', 2],
  ['z', '100', 3],
  ['w', '101', 4],
];

interface CancelRow {
  name: string;
  given: { adds: readonly Add[]; cancel: readonly string[] };
  want: { levels: string[][]; removed: boolean[]; levelCount: number; best: string | undefined };
}

const cancelRows: CancelRow[] = [
  {
    name: 'the head of a level: the next order leads',
    given: { adds: level, cancel: ['x'] },
    want: {
      levels: [
        ['100', 'y', 'z'],
        ['101', 'w'],
      ],
      removed: [true],
      levelCount: 2,
      best: '100',
    },
  },
  {
    name: 'the middle of a level: its neighbours keep their order',
    given: { adds: level, cancel: ['y'] },
    want: {
      levels: [
        ['100', 'x', 'z'],
        ['101', 'w'],
      ],
      removed: [true],
      levelCount: 2,
      best: '100',
    },
  },
  {
    name: 'the tail of a level: a later order at that price joins behind the new tail',
    given: { adds: [...level, ['v', '100', 5]], cancel: ['z'] },
    want: {
      levels: [
        ['100', 'x', 'y', 'v'],
        ['101', 'w'],
      ],
      removed: [true],
      levelCount: 2,
      best: '100',
    },
  },
  {
    name: 'every order of the best level: the level leaves and the next price is best',
    given: { adds: level, cancel: ['y', 'x', 'z'] },
    want: { levels: [['101', 'w']], removed: [true, true, true], levelCount: 1, best: '101' },
  },
  {
    name: 'the only order: the side is empty',
    given: { adds: [['x', '100', 1]], cancel: ['x'] },
    want: { levels: [], removed: [true], levelCount: 0, best: undefined },
  },
  {
    name: 'an unknown id, or one cancelled already: nothing changes',
    given: { adds: level, cancel: ['nope', 'w', 'w'] },
    want: { levels: [['100', 'x', 'y', 'z']], removed: [false, true, false], levelCount: 1, best: '100' },
  },
];

describe('cancel by id', () => {
  it.each(cancelRows)('$name', ({ given, want }) => {
    const book = sideWith('sell', given.adds);
    const removed = given.cancel.map((id) => book.remove(id));
    expect(removed).toEqual(want.removed);
    expect(levelsOf(book)).toEqual(want.levels);
    expect(book.levelCount).toBe(want.levelCount);
    expect(book.best()?.price).toBe(want.best);
    for (const id of given.cancel) expect(book.has(id)).toBe(false);
  });

  it('an emptied level that fills again is a new level at the back of nothing', () => {
    const book = sideWith('buy', level);
    for (const id of ['x', 'y', 'z']) book.remove(id);
    expect(book.levelAt('100')).toBeUndefined();
    book.add('again', '100', 9);
    expect(levelsOf(book)).toEqual([
      ['101', 'w'],
      ['100', 'again'],
    ]);
  });

  it('many emptied levels (dropped lazily, then rebuilt) leave the order of the rest exact', () => {
    const book = new BookSide('sell');
    for (let i = 0; i < 500; i += 1) book.add(`o${i}`, String(1000 - i), i);
    for (let i = 0; i < 500; i += 1) if (i % 7 !== 0) book.remove(`o${i}`);
    const kept = Array.from({ length: 500 }, (_, i) => i).filter((i) => i % 7 === 0);
    expect([...book.ids()]).toEqual(kept.reverse().map((i) => `o${i}`));
    expect(book.levelCount).toBe(kept.length);
  });

  it('adding an id that rests already is refused', () => {
    const book = sideWith('buy', level);
    expect(() => book.add('x', '90', 10)).toThrow(/already rests/);
  });
});

/** A side of `n` orders over `n / 10` prices, and its work counters after `act`. */
function workFor(n: number, act: (book: BookSide) => void): { comparisons: number; levelsVisited: number } {
  const book = new BookSide('sell');
  for (let i = 0; i < n; i += 1) book.add(`o${i}`, String(1000 + (i % (n / 10))), i);
  book.best();
  const before = { ...book.work };
  act(book);
  return {
    comparisons: book.work.comparisons - before.comparisons,
    levelsVisited: book.work.levelsVisited - before.levelsVisited,
  };
}

const SIZES = [1_000, 10_000, 100_000];

describe('work does not grow with the book', () => {
  it('a cancel (head, middle or tail of a level, or its last order) compares no prices', () => {
    for (const n of SIZES) {
      const middle = workFor(n, (book) => book.remove(`o${n / 2}`));
      const wholeLevel = workFor(n, (book) => {
        for (let k = 0; k < 10; k += 1) book.remove(`o${3 + k * (n / 10)}`);
      });
      expect({ n, middle, wholeLevel }).toEqual({
        n,
        middle: { comparisons: 0, levelsVisited: 0 },
        wholeLevel: { comparisons: 0, levelsVisited: 0 },
      });
    }
  });

  it('an order at a price that has a level compares no prices; reading the best compares none', () => {
    for (const n of SIZES) {
      const known = workFor(n, (book) => {
        book.add('new', '1005', n);
        book.best();
      });
      expect({ n, known }).toEqual({ n, known: { comparisons: 0, levelsVisited: 0 } });
    }
  });

  it('a new price level costs at most about log2(levels) comparisons', () => {
    for (const n of SIZES) {
      const fresh = workFor(n, (book) => book.add('new', '999.5', n));
      expect(fresh.comparisons).toBeLessThanOrEqual(Math.ceil(Math.log2(n / 10)) + 1);
    }
  });

  it('reading only the best level in order compares no prices (a taker that fills there)', () => {
    for (const n of SIZES) {
      const first = workFor(n, (book) => {
        for (const level of book.levels()) if (level.price !== '') break;
      });
      expect({ n, first }).toEqual({ n, first: { comparisons: 0, levelsVisited: 1 } });
    }
  });

  it('reading the first 5 levels in order visits 5 levels, whatever the depth', () => {
    for (const n of SIZES) {
      const top = workFor(n, (book) => {
        let seen = 0;
        for (const _ of book.levels()) if (++seen === 5) break;
      });
      expect(top.levelsVisited).toBe(5);
      expect(top.comparisons).toBeLessThanOrEqual(5 * 2 * 4);
    }
  });
});
