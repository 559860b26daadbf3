/**
 * What the paper exchange benchmark trades: its seed (the default one, plus trader accounts so
 * the per-account rate limit of `POST /spot/orders`, 10 a second per account and pair, is never
 * what is measured), the resting book it is given before a run, and the stream of orders it sends.
 * Pure and deterministic: no clock, no I/O.
 */
import type { Seed } from '../mock/index.js';

/** The pair every benchmark order trades. */
export const PAIR = 'BTC_USDT';

/** The seed account that holds the resting book. */
export const PROVIDER_UID = 10009;

/** Trader accounts the orders are spread over (the rate limit allows each 10 orders a second). */
export const TRADERS = 1024;

/** The key pair of trader `n` (0-based): mock-only test keys. */
export function traderKey(n: number): { uid: number; key: string; secret: string } {
  return { uid: 20_000 + n, key: `mock-bench-trader-${n}`, secret: `mock-bench-secret-${n}` };
}

/** The default seed with the trader accounts added and the provider funded for a deep book. */
export function benchSeed(base: Seed): Seed {
  const accounts = base.accounts.map((a) =>
    a.uid === PROVIDER_UID ? { ...a, spot: { ...a.spot, USDT: '1000000000', BTC: '100000' } } : a,
  );
  for (let n = 0; n < TRADERS; n += 1) {
    const { uid, key, secret } = traderKey(n);
    accounts.push({ uid, name: `bench_trader_${n}`, key, secret, spot: { USDT: '100000000', BTC: '10000' } });
  }
  return { ...base, accounts };
}

/** A spot order body. */
export interface OrderBody {
  currency_pair: string;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  time_in_force?: 'ioc';
  text?: string;
}

/**
 * The `i`-th resting order of the book: sides alternate, 10 orders per price level and side,
 * asks from 65100 up and bids from 64900 down in steps of 0.1 (a 100,000-order book spans 500 USDT
 * each side), 0.001 BTC each.
 */
export function restingOrder(i: number): OrderBody {
  const level = Math.floor(i / 20);
  const side = i % 2 === 0 ? 'sell' : 'buy';
  const price = side === 'sell' ? 651_000 + level : 649_000 - level;
  return { currency_pair: PAIR, side, price: tenths(price), amount: '0.001', text: 't-bench-rest' };
}

/**
 * The `i`-th order a benchmark sends, 0.0001 BTC each, four kinds in turn: a buy and a sell that
 * cross the spread and take (immediate or cancel), then a buy and a sell that rest inside the book,
 * spread over 100 USDT of prices just behind the best ones.
 */
export function benchOrder(i: number): OrderBody {
  const step = (i * 7) % 1000;
  const text = `t-bench-${i % 1000}`;
  switch (i % 4) {
    case 0:
      return { currency_pair: PAIR, side: 'buy', price: '65700', amount: '0.0001', time_in_force: 'ioc', text };
    case 1:
      return { currency_pair: PAIR, side: 'sell', price: '64300', amount: '0.0001', time_in_force: 'ioc', text };
    case 2:
      return { currency_pair: PAIR, side: 'buy', price: tenths(648_000 - step), amount: '0.0001', text };
    default:
      return { currency_pair: PAIR, side: 'sell', price: tenths(652_000 + step), amount: '0.0001', text };
  }
}

/** A whole number of tenths as a decimal string: 651003 -> "65100.3". */
function tenths(units: number): string {
  return `${Math.floor(units / 10)}.${units % 10}`;
}
