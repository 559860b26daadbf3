/**
 * Market data derived from the same state as the orders: order books from the resting orders,
 * tickers and candlesticks from the trades (the last price is the latest trade, or the price set
 * through the control API when that is newer). Shapes as the reference's `OrderBook`, `Ticker`,
 * spot candlesticks (`[time, quote volume, close, high, low, open, base volume, closed]`),
 * `FuturesOrderBook`, `FuturesTicker` and `Contract`.
 */
import { abs, compareDecimal, div, isZero, max, min, mul, sub, sum } from '../decimal.js';
import { invalidParam } from '../errors.js';
import { contractTraders, futuresBooks, spotBooks } from './order-index.js';
import type { BookSide } from './price-levels.js';
import { levels } from './spot-views.js';
import type { ContractState, ExchangeState, SpotMarketState } from './types.js';
import { own } from './own.js';

const DAY_MS = 86_400_000;

/** A trade as market data sees it. */
interface Print {
  timeMs: number;
  price: string;
  /** Base amount (spot) or contracts (futures). */
  amount: string;
  /** Quote value. */
  value: string;
}

function spotPrints(state: ExchangeState, pair: string): Print[] {
  return state.spotTrades
    .filter((t) => t.pair === pair)
    .map((t) => ({ timeMs: t.timeMs, price: t.price, amount: t.amount, value: mul(t.amount, t.price) }));
}

function futuresPrints(state: ExchangeState, c: ContractState): Print[] {
  return state.futuresTrades
    .filter((t) => t.settle === c.settle && t.contract === c.name)
    .map((t) => ({
      timeMs: t.timeMs,
      price: t.price,
      amount: t.size,
      value: mul(mul(t.size, c.quantoMultiplier), t.price),
    }));
}

/** The last price: the latest trade, unless a price set later through the control API. */
function lastPrice(prints: readonly Print[], market: { referencePrice: string; referenceMs: number }): string {
  const last = prints.at(-1);
  return last !== undefined && last.timeMs >= market.referenceMs ? last.price : market.referencePrice;
}

/** 24 h statistics: change against the last price 24 h ago, high, low, volumes. */
function day(prints: readonly Print[], market: { referencePrice: string; referenceMs: number }, nowMs: number) {
  const since = nowMs - DAY_MS;
  const recent = prints.filter((p) => p.timeMs > since);
  const last = lastPrice(prints, market);
  const before = prints.filter((p) => p.timeMs <= since).at(-1)?.price ?? recent[0]?.price ?? last;
  const prices = [last, ...recent.map((p) => p.price)];
  return {
    last,
    change: isZero(before) ? '0' : div(mul(sub(last, before), '100'), before, 2),
    high: prices.reduce(max),
    low: prices.reduce(min),
    amount: sum(recent.map((p) => p.amount)),
    value: sum(recent.map((p) => p.value)),
  };
}

/** The spot order book (`OrderBook`), `limit` levels a side; `id` only when asked for. */
export function spotOrderBookView(
  state: ExchangeState,
  m: SpotMarketState,
  limit: number,
  withId: boolean,
  nowMs: number,
) {
  const leftOf = (id: string) => state.spotOrders[id];
  return {
    ...(withId ? { id: m.bookVersion } : {}),
    current: nowMs,
    update: m.bookUpdateMs,
    asks: levels(spotBooks(state, m).asks, leftOf, limit),
    bids: levels(spotBooks(state, m).bids, leftOf, limit),
  };
}

/** A spot ticker (`Ticker`); best sizes only for a single pair, as in the API. */
export function spotTickerView(state: ExchangeState, m: SpotMarketState, single: boolean, nowMs: number) {
  const leftOf = (id: string) => state.spotOrders[id];
  const [ask] = levels(spotBooks(state, m).asks, leftOf, 1);
  const [bid] = levels(spotBooks(state, m).bids, leftOf, 1);
  const d = day(spotPrints(state, m.pair), m, nowMs);
  return {
    currency_pair: m.pair,
    last: d.last,
    lowest_ask: ask?.[0] ?? '',
    ...(single ? { lowest_size: ask?.[1] ?? '' } : {}),
    highest_bid: bid?.[0] ?? '',
    ...(single ? { highest_size: bid?.[1] ?? '' } : {}),
    change_percentage: d.change,
    base_volume: d.amount,
    quote_volume: d.value,
    high_24h: d.high,
    low_24h: d.low,
  };
}

/** Candlestick intervals and their length in seconds. */
const INTERVALS: Readonly<Record<string, number>> = {
  '10s': 10,
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14_400,
  '8h': 28_800,
  '1d': 86_400,
  '7d': 604_800,
};

/** Which candles: an interval, and either `limit` recent ones or a `from`/`to` range (seconds). */
export interface CandleQuery {
  interval: string;
  limit?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Spot candlesticks from the trades, oldest first, starting at the first candle with a trade;
 * a window without trades repeats the previous close with zero volume.
 */
export function candlesticksView(state: ExchangeState, m: SpotMarketState, q: CandleQuery, nowMs: number): string[][] {
  const step = own(INTERVALS, q.interval);
  if (step === undefined) throw invalidParam('interval', q.interval, `one of ${Object.keys(INTERVALS).join(', ')}`);
  if (q.limit !== undefined && (q.from !== undefined || q.to !== undefined)) {
    throw invalidParam('limit', q.limit, 'cannot be combined with from or to');
  }
  const to = Math.floor((q.to ?? nowMs / 1000) / step) * step;
  const from = Math.floor((q.from ?? to - ((q.limit ?? 100) - 1) * step) / step) * step;
  const prints = spotPrints(state, m.pair);
  const out: string[][] = [];
  let close: string | undefined = prints.filter((p) => p.timeMs < from * 1000).at(-1)?.price;
  for (let t = from; t <= to && out.length < 1000; t += step) {
    const inside = prints.filter((p) => p.timeMs >= t * 1000 && p.timeMs < (t + step) * 1000);
    const open = inside[0]?.price ?? close;
    if (open === undefined) continue;
    const prices = inside.map((p) => p.price);
    close = inside.at(-1)?.price ?? close ?? open;
    out.push([
      String(t),
      sum(inside.map((p) => p.value)),
      close,
      [open, ...prices].reduce(max),
      [open, ...prices].reduce(min),
      open,
      sum(inside.map((p) => p.amount)),
      String((t + step) * 1000 <= nowMs),
    ]);
  }
  return out;
}

/** The futures order book (`FuturesOrderBook`, levels as `{p, s}`). */
export function futuresOrderBookView(
  state: ExchangeState,
  c: ContractState,
  limit: number,
  withId: boolean,
  nowMs: number,
) {
  const leftOf = (id: string) => {
    const o = state.futuresOrders[id];
    return o === undefined ? undefined : { price: o.price, left: abs(o.left) };
  };
  const asLevels = (side: BookSide) => levels(side, leftOf, limit).map(([p, s]) => ({ p, s }));
  return {
    ...(withId ? { id: c.bookVersion } : {}),
    current: nowMs / 1000,
    update: c.bookUpdateMs / 1000,
    asks: asLevels(futuresBooks(state, c).asks),
    bids: asLevels(futuresBooks(state, c).bids),
  };
}

/** Σ long sizes of a contract (open interest). */
function openInterest(state: ExchangeState, c: ContractState): string {
  return sum(
    [...contractTraders(state, c)].map((uid) => {
      const size = state.accounts[String(uid)]?.futures[c.settle]?.positions[c.name]?.size ?? '0';
      return compareDecimal(size, '0') > 0 ? size : '0';
    }),
  );
}

/** A futures ticker (`FuturesTicker`). */
export function futuresTickerView(state: ExchangeState, c: ContractState, nowMs: number) {
  const leftOf = (id: string) => {
    const o = state.futuresOrders[id];
    return o === undefined ? undefined : { price: o.price, left: abs(o.left) };
  };
  const [ask] = levels(futuresBooks(state, c).asks, leftOf, 1);
  const [bid] = levels(futuresBooks(state, c).bids, leftOf, 1);
  const d = day(futuresPrints(state, c), c, nowMs);
  return {
    contract: c.name,
    last: d.last,
    change_percentage: d.change,
    total_size: openInterest(state, c),
    low_24h: d.low,
    high_24h: d.high,
    volume_24h: d.amount,
    volume_24h_base: mul(d.amount, c.quantoMultiplier),
    volume_24h_quote: d.value,
    volume_24h_settle: d.value,
    mark_price: c.markPrice,
    index_price: c.markPrice,
    funding_rate: '0',
    lowest_ask: ask?.[0] ?? '',
    lowest_size: ask?.[1] ?? '',
    highest_bid: bid?.[0] ?? '',
    highest_size: bid?.[1] ?? '',
  };
}

/** A contract (`Contract`) with its current mark and last price. */
export function contractView(state: ExchangeState, c: ContractState) {
  return {
    name: c.name,
    type: 'direct',
    quanto_multiplier: c.quantoMultiplier,
    leverage_min: c.leverageMin,
    leverage_max: c.leverageMax,
    maintenance_rate: c.maintenanceRate,
    mark_type: 'index',
    mark_price: c.markPrice,
    index_price: c.markPrice,
    last_price: lastPrice(futuresPrints(state, c), c),
    maker_fee_rate: state.fees.futures.maker,
    taker_fee_rate: state.fees.futures.taker,
    order_price_round: c.orderPriceRound,
    mark_price_round: c.orderPriceRound,
    funding_rate: '0',
    order_size_min: c.orderSizeMin,
    order_size_max: c.orderSizeMax,
    enable_decimal: true,
    position_size: openInterest(state, c),
    in_delisting: false,
    status: 'trading',
  };
}
