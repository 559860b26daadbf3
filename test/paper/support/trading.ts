/**
 * One small helper per trading operation, each taking the flat params the typed client methods
 * will take (`{ currency_pair, side, amount, ... }`) and calling the generated client. Today the
 * spec has these operations named-only (`{ query?, body? }`, untyped answers) or not at all (then
 * the generated runtime's `request()` calls them with metadata made from the mock's routes);
 * when the typed surface lands, each body becomes `client.spot.x(params)`: a change in this
 * file only. The answer types are the fields of the public reference's models the tests read.
 */
import { request } from '../../../generated/src/index.js';
import type { ExchangeClient, JsonValue, OpenQuery, OperationMeta } from '../../../generated/src/index.js';
import { REFERENCE_READS, missingReferenceReads } from '../../../mock/exchange/http/reference-operations.js';

/** A spot order (reference `Order`), as far as the tests read it. */
export interface SpotOrder {
  id: string;
  text: string;
  status: 'open' | 'closed' | 'cancelled';
  finish_as: string;
  currency_pair: string;
  side: 'buy' | 'sell';
  amount: string;
  price: string;
  left: string;
  filled_amount: string;
  filled_total: string;
  fee: string;
  fee_currency: string;
  stp_act: string;
  update_time_ms: number | string;
}

/** A personal spot trade (reference `Trade`). */
export interface SpotTrade {
  id: string;
  order_id: string;
  side: string;
  role: 'taker' | 'maker';
  amount: string;
  price: string;
  fee: string;
  fee_currency: string;
}

/** A spot balance (reference `SpotAccount`). */
export interface SpotBalance {
  currency: string;
  available: string;
  locked: string;
}

/** The spot order book (reference `OrderBook`). */
export interface OrderBook {
  asks: Array<[string, string]>;
  bids: Array<[string, string]>;
}

/** A futures order (reference `FuturesOrder`). */
export interface FuturesOrder {
  id: string;
  status: 'open' | 'finished';
  finish_as?: string;
  size: string;
  left: string;
  fill_price: string;
  is_close: boolean;
  is_reduce_only: boolean;
}

/** A position (reference `Position`). */
export interface Position {
  size: string;
  entry_price: string;
  margin: string;
  mark_price: string;
  unrealised_pnl: string;
  realised_pnl: string;
  last_close_pnl: string;
}

type Query = Record<string, string | number | boolean | undefined>;

/** Metadata for an operation the spec does not declare yet (named-only, as the mock routes it). */
function metaOf(id: string): OperationMeta {
  const op = missingReferenceReads([]).find((o) => o.id === id);
  const entry = REFERENCE_READS.find((e) => e.id === id);
  if (op === undefined || entry === undefined) throw new Error(`no reference read ${id}`);
  return {
    id,
    area: op.area,
    method: 'GET',
    path: op.path,
    auth: op.auth,
    shape: 'named-only',
    rateLimit: { bucket: id, requests: op.rateLimit.requests, window: op.rateLimit.window, scope: op.rateLimit.scope },
    retry: 'safe',
    pathParams: op.parameters.map((p) => p.name),
    queryParams: [],
    body: 'none',
    successStatus: 200,
  };
}

/** Calls a read the spec does not declare yet through the generated runtime. */
function read<T>(client: ExchangeClient, id: string, params: Record<string, unknown>): Promise<T> {
  return request<T>(client, metaOf(id), params);
}

/** Drops undefined values (an open query sends what it is given). */
function q(values: Query): OpenQuery {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

const body = (value: object): JsonValue => value as JsonValue;

/** Spot and margin operations. */
export const spot = {
  createOrder: (c: ExchangeClient, p: Record<string, unknown>) =>
    c.spot.createOrder({ body: body(p) }) as Promise<unknown> as Promise<SpotOrder>,
  createBatchOrders: (c: ExchangeClient, orders: Array<Record<string, unknown>>) =>
    c.spot.createBatchOrders({ body: body(orders) }) as Promise<unknown> as Promise<
      Array<Partial<SpotOrder> & { succeeded: boolean; label: string }>
    >,
  getOrder: (c: ExchangeClient, p: { order_id: string; currency_pair: string }) =>
    read<SpotOrder>(c, 'getOrder', { order_id: p.order_id, query: q({ currency_pair: p.currency_pair }) }),
  listOrders: (
    c: ExchangeClient,
    p: { currency_pair: string; status: 'open' | 'finished'; page?: number; limit?: number },
  ) => read<SpotOrder[]>(c, 'listOrders', { query: q(p) }),
  amendOrder: (c: ExchangeClient, p: { order_id: string; currency_pair: string; amount?: string; price?: string }) => {
    const { order_id, currency_pair, ...change } = p;
    return c.spot.amendOrder({
      order_id,
      query: q({ currency_pair }),
      body: body(change),
    }) as Promise<unknown> as Promise<SpotOrder>;
  },
  cancelOrder: (c: ExchangeClient, p: { order_id: string; currency_pair: string }) =>
    c.spot.cancelOrder({
      order_id: p.order_id,
      query: q({ currency_pair: p.currency_pair }),
    }) as Promise<unknown> as Promise<SpotOrder>,
  cancelOrders: (c: ExchangeClient, p: { currency_pair?: string; side?: string }) =>
    c.spot.cancelOrders({ query: q(p) }) as Promise<unknown> as Promise<SpotOrder[]>,
  listMyTrades: (c: ExchangeClient, p: { currency_pair?: string; order_id?: string } = {}) =>
    read<SpotTrade[]>(c, 'listMyTrades', { query: q(p) }),
  listSpotAccounts: (c: ExchangeClient, p: { currency?: string } = {}) =>
    read<SpotBalance[]>(c, 'listSpotAccounts', { query: q(p) }),
  listSpotAccountBook: (c: ExchangeClient, p: { currency?: string; type?: string } = {}) =>
    read<Array<{ currency: string; change: string; balance: string; type: string }>>(c, 'listSpotAccountBook', {
      query: q(p),
    }),
  listOrderBook: (c: ExchangeClient, p: { currency_pair: string; limit?: number }) =>
    c.spot.listOrderBook({ query: q(p) }) as Promise<unknown> as Promise<OrderBook>,
  listTickers: (c: ExchangeClient, p: { currency_pair?: string } = {}) =>
    read<Array<Record<string, string>>>(c, 'listTickers', { query: q(p) }),
  listCandlesticks: (c: ExchangeClient, p: { currency_pair: string; interval?: string; limit?: number }) =>
    read<string[][]>(c, 'listCandlesticks', { query: q(p) }),
  listMarginAccounts: (c: ExchangeClient, p: { currency_pair?: string } = {}) =>
    c.margin.listMarginAccounts({ query: q(p) }) as Promise<unknown> as Promise<
      Array<{ currency_pair: string; base: SpotBalance; quote: SpotBalance }>
    >,
};

/** Perpetual futures operations (`settle` defaults to `usdt`). */
export const futures = {
  createFuturesOrder: (c: ExchangeClient, p: Record<string, unknown>) =>
    c.futures.createFuturesOrder({ settle: 'usdt', body: body(p) }) as Promise<unknown> as Promise<FuturesOrder>,
  getFuturesOrder: (c: ExchangeClient, p: { order_id: string }) =>
    read<FuturesOrder>(c, 'getFuturesOrder', { settle: 'usdt', order_id: p.order_id }),
  amendFuturesOrder: (c: ExchangeClient, p: { order_id: string; size?: string; price?: string }) => {
    const { order_id, ...change } = p;
    return c.futures.amendFuturesOrder({
      settle: 'usdt',
      order_id,
      body: body(change),
    }) as Promise<unknown> as Promise<FuturesOrder>;
  },
  cancelFuturesOrder: (c: ExchangeClient, p: { order_id: string }) =>
    c.futures.cancelFuturesOrder({ settle: 'usdt', order_id: p.order_id }) as Promise<unknown> as Promise<FuturesOrder>,
  getPosition: (c: ExchangeClient, p: { contract: string }) =>
    read<Position>(c, 'getPosition', { settle: 'usdt', contract: p.contract }),
  listFuturesAccounts: (c: ExchangeClient) =>
    c.futures.listFuturesAccounts({ settle: 'usdt' }) as Promise<unknown> as Promise<Record<string, unknown>>,
  getMyTrades: (c: ExchangeClient, p: { contract?: string } = {}) =>
    read<Array<Record<string, unknown>>>(c, 'getMyTrades', { settle: 'usdt', query: q(p) }),
};
