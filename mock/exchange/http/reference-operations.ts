/**
 * Reads of the public reference that the paper exchange answers and `spec/` does not declare yet
 * (spot orders by id, order lists, balances, trades, tickers, candlesticks; futures positions,
 * trades, order book, tickers). Until the spec declares them, the mock routes them as
 * named-only operations (open query, untyped answer) so the paper exchange can be used in full;
 * each is added only when the served IR lacks an operation with that method and path, so once
 * the spec declares them this list adds nothing. Delete it when every entry is in the spec.
 */
import type { IROperation, IRParameter, IRResponse } from '../../../generator/ir/types.js';

interface Entry {
  id: string;
  area: 'spot' | 'futures';
  path: string;
  auth: 'public' | 'private';
  summary: string;
}

/** Operation id, path and access of each read, as the reference names them. */
export const REFERENCE_READS: readonly Entry[] = [
  { id: 'listTickers', area: 'spot', path: '/spot/tickers', auth: 'public', summary: 'Spot tickers' },
  { id: 'listCandlesticks', area: 'spot', path: '/spot/candlesticks', auth: 'public', summary: 'Spot candlesticks' },
  { id: 'listSpotAccounts', area: 'spot', path: '/spot/accounts', auth: 'private', summary: 'Spot balances' },
  {
    id: 'listSpotAccountBook',
    area: 'spot',
    path: '/spot/account_book',
    auth: 'private',
    summary: 'Spot account book',
  },
  { id: 'listAllOpenOrders', area: 'spot', path: '/spot/open_orders', auth: 'private', summary: 'Open orders by pair' },
  { id: 'listOrders', area: 'spot', path: '/spot/orders', auth: 'private', summary: 'Spot orders' },
  { id: 'getOrder', area: 'spot', path: '/spot/orders/{order_id}', auth: 'private', summary: 'One spot order' },
  { id: 'listMyTrades', area: 'spot', path: '/spot/my_trades', auth: 'private', summary: 'Personal spot trades' },
  {
    id: 'listFuturesOrderBook',
    area: 'futures',
    path: '/futures/{settle}/order_book',
    auth: 'public',
    summary: 'Futures order book',
  },
  {
    id: 'listFuturesTickers',
    area: 'futures',
    path: '/futures/{settle}/tickers',
    auth: 'public',
    summary: 'Futures tickers',
  },
  {
    id: 'getFuturesContract',
    area: 'futures',
    path: '/futures/{settle}/contracts/{contract}',
    auth: 'public',
    summary: 'One contract',
  },
  { id: 'listPositions', area: 'futures', path: '/futures/{settle}/positions', auth: 'private', summary: 'Positions' },
  {
    id: 'getPosition',
    area: 'futures',
    path: '/futures/{settle}/positions/{contract}',
    auth: 'private',
    summary: 'One position',
  },
  {
    id: 'getFuturesOrder',
    area: 'futures',
    path: '/futures/{settle}/orders/{order_id}',
    auth: 'private',
    summary: 'One futures order',
  },
  {
    id: 'getMyTrades',
    area: 'futures',
    path: '/futures/{settle}/my_trades',
    auth: 'private',
    summary: 'Personal futures trades',
  },
];

const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

function operation(e: Entry): IROperation {
  const parameters: IRParameter[] = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1] ?? '',
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const errors: IRResponse[] = ['400', ...(e.auth === 'private' ? ['401'] : []), '404', '429', '5XX'].map((status) => ({
    status,
    description: 'Error',
    schema: ref('Error'),
  }));
  return {
    id: e.id,
    area: e.area,
    method: 'GET',
    path: e.path,
    summary: `${e.summary} (paper exchange; not yet in the spec)`,
    deprecated: false,
    shape: 'named-only',
    source: 'named-only',
    auth: e.auth,
    ...(e.auth === 'private' ? { permission: { area: e.area, access: 'read' as const } } : {}),
    rateLimit: { bucket: e.id, requests: 200, window: 10, scope: e.auth === 'public' ? 'ip' : 'uid' },
    retry: 'safe',
    nestedList: false,
    parameters,
    responses: [{ status: '200', description: 'Success', schema: ref('OpenValue') }, ...errors],
    successStatus: 200,
    int64: { request: [], response: [] },
  };
}

/** The reads `served` lacks (same method and path), as named-only operations. */
export function missingReferenceReads(served: readonly IROperation[]): IROperation[] {
  const have = new Set(served.map((op) => `${op.method} ${op.path.replace(/\{[^}]*\}/g, '{}')}`));
  return REFERENCE_READS.filter((e) => !have.has(`GET ${e.path.replace(/\{[^}]*\}/g, '{}')}`)).map(operation);
}
