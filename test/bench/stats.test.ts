import { describe, expect, it } from 'vitest';
import { median, mediansByKey, nsToMs, percentile, ratio, rotate, StatsError } from '../../bench/stats.js';

describe('median', () => {
  const cases: { given: number[]; want: number }[] = [
    { given: [5], want: 5 },
    { given: [3, 1, 2], want: 2 },
    { given: [4, 1, 3, 2], want: 2.5 },
    { given: [10, 10, 10], want: 10 },
    { given: [-1, 1], want: 0 },
    { given: [100, 1, 2, 3, 4], want: 3 },
  ];
  for (const { given, want } of cases) {
    it(`median(${JSON.stringify(given)}) = ${want}`, () => expect(median(given)).toBe(want));
  }

  it('does not reorder its input', () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
});

describe('percentile', () => {
  const cases: { given: { xs: number[]; p: number }; want: number }[] = [
    { given: { xs: [1, 2, 3, 4, 5], p: 0 }, want: 1 },
    { given: { xs: [1, 2, 3, 4, 5], p: 100 }, want: 5 },
    { given: { xs: [1, 2, 3, 4, 5], p: 50 }, want: 3 },
    { given: { xs: [1, 2, 3, 4, 5], p: 25 }, want: 2 },
    { given: { xs: [0, 10], p: 90 }, want: 9 },
    { given: { xs: Array.from({ length: 101 }, (_, i) => i), p: 99 }, want: 99 },
  ];
  for (const { given, want } of cases) {
    it(`p${given.p} of ${given.xs.length} samples = ${want}`, () =>
      expect(percentile(given.xs, given.p)).toBeCloseTo(want, 10));
  }

  const bad: { given: { xs: number[]; p: number }; want: RegExp }[] = [
    { given: { xs: [], p: 50 }, want: /samples must be a non-empty array/ },
    { given: { xs: [1, Number.NaN], p: 50 }, want: /samples\[1\] must be a finite number \(got NaN\)/ },
    { given: { xs: [1, Number.POSITIVE_INFINITY], p: 50 }, want: /samples\[1\] must be a finite number/ },
    { given: { xs: [1], p: -1 }, want: /p must be a number from 0 to 100 \(got -1\)/ },
    { given: { xs: [1], p: 101 }, want: /p must be a number from 0 to 100 \(got 101\)/ },
  ];
  for (const { given, want } of bad) {
    it(`rejects ${JSON.stringify(given)}`, () => {
      expect(() => percentile(given.xs, given.p)).toThrow(StatsError);
      expect(() => percentile(given.xs, given.p)).toThrow(want);
    });
  }
});

describe('ratio', () => {
  const cases: { given: [number | undefined, number | undefined]; want: number | undefined }[] = [
    { given: [110, 100], want: 1.1 },
    { given: [50, 100], want: 0.5 },
    { given: [0, 100], want: 0 },
    { given: [100, 0], want: undefined },
    { given: [100, -5], want: undefined },
    { given: [undefined, 100], want: undefined },
    { given: [100, undefined], want: undefined },
    { given: [Number.NaN, 100], want: undefined },
  ];
  for (const { given, want } of cases) {
    it(`ratio(${given[0]}, ${given[1]}) = ${want}`, () => {
      const got = ratio(given[0], given[1]);
      if (want === undefined) expect(got).toBeUndefined();
      else expect(got).toBeCloseTo(want, 10);
    });
  }
});

describe('mediansByKey', () => {
  it('takes the median of each key and drops empty ones', () => {
    expect(mediansByKey({ a: [1, 3, 2], b: [4, 6], c: [] })).toEqual({ a: 2, b: 5 });
  });
});

describe('nsToMs', () => {
  const cases: { given: [bigint, bigint]; want: number }[] = [
    { given: [0n, 1_000_000n], want: 1 },
    { given: [5n, 2_500_005n], want: 2.5 },
    { given: [7n, 7n], want: 0 },
  ];
  for (const { given, want } of cases) {
    it(`${given[0]}..${given[1]} ns = ${want} ms`, () => expect(nsToMs(given[0], given[1])).toBe(want));
  }
});

describe('rotate', () => {
  const cases: { given: { items: string[]; round: number }; want: string[] }[] = [
    { given: { items: ['a', 'b', 'c'], round: 0 }, want: ['a', 'b', 'c'] },
    { given: { items: ['a', 'b', 'c'], round: 1 }, want: ['b', 'c', 'a'] },
    { given: { items: ['a', 'b', 'c'], round: 2 }, want: ['c', 'a', 'b'] },
    { given: { items: ['a', 'b', 'c'], round: 3 }, want: ['a', 'b', 'c'] },
    { given: { items: ['a', 'b', 'c'], round: -1 }, want: ['c', 'a', 'b'] },
    { given: { items: [], round: 2 }, want: [] },
  ];
  for (const { given, want } of cases) {
    it(`round ${given.round} of ${given.items.join('')}`, () => expect(rotate(given.items, given.round)).toEqual(want));
  }

  it('puts every item first exactly once over as many rounds as items', () => {
    const items = ['a', 'b', 'c', 'd'];
    const firsts = items.map((_, r) => rotate(items, r)[0]);
    expect(new Set(firsts)).toEqual(new Set(items));
  });
});
