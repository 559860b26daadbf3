/**
 * The pure parts of the paper exchange benchmark: its seed passes the mock's seed check, its
 * orders are valid orders of the pair that the engine accepts, and the targets of issue 29 are
 * judged on medians. No timing here.
 */
import { describe, expect, it } from 'vitest';
import { PaperExchange } from '../../mock/exchange/exchange.js';
import { DEFAULT_SEED_FILE, checkSeed, loadSeedFile } from '../../mock/exchange/seed-file.js';
import { placeSpotOrder } from '../../mock/exchange/spot-place.js';
import { PROVIDER_UID, TRADERS, benchOrder, benchSeed, restingOrder, traderKey } from '../../bench/paper-orders.js';
import { paperTargets, rateOf, renderPaperSection } from '../../bench/paper-report.js';
import type { PaperMeasurement, PaperResults } from '../../bench/paper-report.js';

describe('the benchmark seed and orders', () => {
  const seed = benchSeed(loadSeedFile(DEFAULT_SEED_FILE));

  it('passes the seed check with one mock-only key pair per trader', () => {
    expect(() => checkSeed(structuredClone(seed))).not.toThrow();
    expect(seed.accounts.filter((a) => a.key.startsWith('mock-bench-trader-'))).toHaveLength(TRADERS);
    expect(traderKey(3)).toEqual({ uid: 20_003, key: 'mock-bench-trader-3', secret: 'mock-bench-secret-3' });
  });

  it('rests 1,000 orders in 10-order levels, then takes and rests the stream as planned', () => {
    const exchange = new PaperExchange({ seed, now: () => 1_700_000_000_000 });
    const outcomes = exchange.change((state, nowMs) => {
      for (let i = 0; i < 1000; i += 1) placeSpotOrder(state, PROVIDER_UID, restingOrder(i), nowMs);
      const market = state.spotMarkets['BTC_USDT'];
      expect(market?.asks.length).toBeGreaterThanOrEqual(500);
      expect(state.spotOrders[market?.asks[0] ?? '']?.price).toBe('65010');
      return Array.from({ length: 8 }, (_, n) => {
        const o = placeSpotOrder(state, traderKey(n).uid, benchOrder(n), nowMs);
        return `${o.side} ${o.status} ${o.finishAs}`;
      });
    });
    expect(outcomes).toEqual([
      'buy closed filled',
      'sell closed filled',
      'buy open open',
      'sell open open',
      'buy closed filled',
      'sell closed filled',
      'buy open open',
      'sell open open',
    ]);
    expect(restingOrder(41)).toMatchObject({ side: 'buy', price: '64899.8' });
    expect(benchOrder(6)).toMatchObject({ side: 'buy', price: '64795.8' });
  });
});

const m = (resting: number, mode: PaperMeasurement['mode'], ordersPerSecond: number[]): PaperMeasurement => ({
  resting,
  mode,
  ordersPerSecond,
  serverCpuMs: [0.4, 0.5],
  failures: 0,
});

const results = (deep: number[], empty: number[], engine: number[]): PaperResults => ({
  rounds: 2,
  secondsPerRun: 1.5,
  loadBefore: [1, 1, 1],
  loadAfter: [2, 2, 2],
  durationMs: 40_000,
  measurements: [m(0, 16, empty), m(100_000, 16, deep), m(100_000, 'engine', engine)],
});

interface TargetRow {
  name: string;
  given: PaperResults;
  want: Array<boolean | undefined>;
}

const rows: TargetRow[] = [
  {
    name: 'all met on medians',
    given: results([2100, 2300], [2400, 2500], [120_000, 90_000, 130_000]),
    want: [true, true, true],
  },
  {
    name: 'a deep book 25 % slower than the empty one',
    given: results([2000, 2000], [2700, 2700], [99_000]),
    want: [true, false, false],
  },
  { name: 'nothing measured', given: results([], [], []), want: [undefined, undefined, undefined] },
];

describe('paperTargets', () => {
  it.each(rows)('$name', ({ given, want }) => {
    expect(paperTargets(given).map((t) => t.met)).toEqual(want);
  });

  it('takes the median of the rounds and renders the section with the load average', () => {
    const r = results([2100, 2300], [2400, 2500], [120_000]);
    expect(rateOf(r, 100_000, 16)).toBe(2200);
    const text = renderPaperSection(r);
    expect(text).toContain('| 100,000 | 120,000/s | — | 2,200/s | 0.450 ms | 0.450 ms |');
    expect(text).toContain('Load average before: 1.00 / 1.00 / 1.00; after: 2.00 / 2.00 / 2.00');
  });
});
