/**
 * The TypeScript and the Python client, generated from the same IR, put the same bytes on the wire:
 * the same signed call through each, against one mock, leaves identical paths, raw query strings
 * and bodies in the mock's log, both with a verified signature. The asyncio Python client too.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeClient } from '../../generated/src/index.js';
import type { IR, IROperation } from '../../generator/ir/types.js';
import type { MockServer, RequestRecord } from '../../mock/index.js';
import { callOperation, contractClient, startContractMock } from '../contract/support/harness.js';
import { GENERATED } from '../fixtures-coverage/spec-validator.js';
import { PYTHON_CLIENTS, startRunner, type PythonClientKind, type PythonRunner } from './support/runner.js';

const ir = JSON.parse(readFileSync(GENERATED.ir, 'utf8')) as IR;
const op = (id: string): IROperation => {
  const found = ir.operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

const CALLS: Array<{ name: string; id: string; params: Record<string, unknown> }> = [
  { name: 'comma-joined list', id: 'getUnifiedBorrowableList', params: { currencies: ['BTC', 'GT', 'USDT'] } },
  {
    name: 'query in spec order with a time range',
    id: 'listWithdrawals',
    params: { limit: 5, to: 1_700_086_400, from: 1_700_000_000, withdraw_order_id: 'a.b-c_d', currency: 'USDT' },
  },
  {
    name: 'JSON body in schema order',
    id: 'transfer',
    params: {
      client_order_id: 'same-1',
      amount: '1.5',
      currency_pair: 'BTC_USDT',
      to: 'margin',
      from: 'spot',
      currency: 'USDT',
    },
  },
  {
    name: 'unicode, quotes and backslashes in a body',
    id: 'createUnifiedLoan',
    params: { currency: 'BTC', type: 'borrow', amount: '0.1', text: 'café 日本€ "q" \\ / \u2028' },
  },
  {
    name: 'nested list body and a path parameter',
    id: 'createSubAccountKeys',
    params: {
      user_id: 10001,
      name: 'desk key',
      mode: 1,
      perms: [
        { name: 'wallet', read_only: false },
        { name: 'spot', read_only: true },
      ],
      ip_whitelist: ['127.0.0.1'],
    },
  },
  {
    name: 'reserved characters in a query value',
    id: 'listFuturesOrders',
    params: { settle: 'usdt', status: 'open', contract: 'BTC_USDT', last_id: "a&b=c €+%!'()* 日本" },
  },
  {
    name: 'a list of string ids next to a path parameter',
    id: 'cancelBatchFutureOrders',
    params: { settle: 'usdt', body: ['36028813724316576', '1', 't-fbatch-0001'] },
  },
  {
    name: 'a typed list body',
    id: 'createBatchOrders',
    params: {
      body: [
        { currency_pair: 'BTC_USDT', side: 'buy', amount: '0.001', price: '65000.5', text: 't-a.b_c-1' },
        { currency_pair: 'ETH_USDT', side: 'sell', amount: '2', price: '3000', time_in_force: 'ioc', text: 't-2' },
      ],
    },
  },
  {
    name: 'a typed futures list body with a 64-bit integer',
    id: 'createBatchFuturesOrder',
    params: {
      settle: 'usdt',
      body: [
        { contract: 'BTC_USDT', size: '0.001', price: '65000', text: 't-fb.1', pid: 36028813724316572n },
        { contract: 'ETH_USDT', size: '-2', price: '0', tif: 'ioc', reduce_only: true, stp_act: 'cb', text: 't-fb.2' },
      ],
    },
  },
  {
    name: 'a typed body with upper-case enums',
    id: 'createCrossexOrder',
    params: { symbol: 'BINANCE_SPOT_BTC_USDT', side: 'BUY', qty: '0.001', price: '64900', text: 'cx-1' },
  },
];

let mock: MockServer;
let ts: ExchangeClient;
const python = {} as Record<PythonClientKind, PythonRunner>;

beforeAll(async () => {
  mock = await startContractMock();
  ({ client: ts } = contractClient(mock));
  for (const kind of PYTHON_CLIENTS) python[kind] = startRunner(mock.url, undefined, undefined, kind);
});
afterAll(async () => {
  await Promise.all(PYTHON_CLIENTS.map((kind) => python[kind].close()));
  await mock.close();
});
beforeEach(() => mock.reset());

const wire = (r: RequestRecord | undefined): Record<string, unknown> => ({
  method: r?.method,
  path: r?.path,
  query: r?.query,
  body: r?.body,
  bodySha512: r?.bodySha512,
  verified: r?.verified,
});

describe.each(PYTHON_CLIENTS)('TypeScript and Python (%s) send byte-identical requests', (kind) => {
  it.each(CALLS)('$name ($id)', async ({ id, params }) => {
    // What the mock answers does not matter here (an open body may match no fixture): what arrived does.
    await callOperation(ts, op(id), params).catch(() => undefined);
    const fromTs = mock.requests.at(-1);
    mock.reset();
    await python[kind].call({ op: id, params });
    const fromPython = mock.requests.at(-1);
    expect(fromTs?.operationId).toBe(id);
    expect(fromTs?.verified).toBe(true);
    expect(wire(fromPython)).toEqual(wire(fromTs));
  });
});
