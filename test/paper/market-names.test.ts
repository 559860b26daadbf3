/**
 * Names that are also properties of every JavaScript object (`__proto__`, `constructor`,
 * `toString`, `hasOwnProperty`) are unknown markets, contracts, currencies and orders like any
 * other: every endpoint of the paper exchange that takes one answers them exactly as it answers a
 * plainly unknown name (the API's usual 400 label, or an empty list where the name only filters),
 * never a 500. The table lists every such endpoint; a check keeps it complete.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { own, ownOrAdd } from '../../mock/exchange/own.js';
import { exchangeHandlers } from '../../mock/state/handlers.js';
import { A } from '../exchange/support/given.js';
import { send } from '../mock/support/sign.js';
import type { TestResponse } from '../mock/support/sign.js';
import { startPaperMock } from './support/paper-mock.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startPaperMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

/** Names every plain object answers for; each must read as unknown. */
const OBJECT_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
/** A name no market, contract, currency or order has. */
const UNKNOWN = 'NOPE_USDT';

/** One request taking a name (`n` is put where the name goes) and the answer an unknown name gets. */
interface Row {
  method: string;
  path: (n: string) => string;
  query?: (n: string) => string;
  body?: (n: string) => unknown;
  want: { status: number; label?: string };
}

const e = encodeURIComponent;
const spotOrder = (n: string) => ({ currency_pair: n, side: 'buy', price: '100', amount: '1', text: 't-name' });
const futuresOrder = (n: string) => ({ contract: n, size: '1', price: '100' });
const pairMiss = { status: 400, label: 'INVALID_CURRENCY_PAIR' };
const contractMiss = { status: 400, label: 'CONTRACT_NOT_FOUND' };
const orderMiss = { status: 404, label: 'ORDER_NOT_FOUND' };
const emptyList = { status: 200 };

/** `METHOD /template` of the handler table the row stands for, then the row. */
const rows: ReadonlyArray<readonly [string, Row]> = [
  ['POST /spot/orders', { method: 'POST', path: () => '/spot/orders', body: spotOrder, want: pairMiss }],
  [
    'POST /spot/batch_orders',
    { method: 'POST', path: () => '/spot/batch_orders', body: (n) => [spotOrder(n)], want: { status: 200 } },
  ],
  [
    'GET /spot/orders',
    { method: 'GET', path: () => '/spot/orders', query: (n) => `currency_pair=${e(n)}&status=open`, want: pairMiss },
  ],
  [
    'DELETE /spot/orders',
    { method: 'DELETE', path: () => '/spot/orders', query: (n) => `currency_pair=${e(n)}`, want: pairMiss },
  ],
  [
    'GET /spot/orders/{}',
    { method: 'GET', path: (n) => `/spot/orders/${e(n)}`, query: () => 'currency_pair=BTC_USDT', want: orderMiss },
  ],
  [
    'GET /spot/orders/{} (pair)',
    { method: 'GET', path: () => '/spot/orders/1', query: (n) => `currency_pair=${e(n)}`, want: orderMiss },
  ],
  [
    'PATCH /spot/orders/{}',
    {
      method: 'PATCH',
      path: (n) => `/spot/orders/${e(n)}`,
      query: () => 'currency_pair=BTC_USDT',
      body: () => ({ currency_pair: 'BTC_USDT', amount: '1' }),
      want: orderMiss,
    },
  ],
  [
    'DELETE /spot/orders/{}',
    { method: 'DELETE', path: (n) => `/spot/orders/${e(n)}`, query: () => 'currency_pair=BTC_USDT', want: orderMiss },
  ],
  [
    'POST /spot/countdown_cancel_all',
    {
      method: 'POST',
      path: () => '/spot/countdown_cancel_all',
      body: (n) => ({ timeout: 10, currency_pair: n }),
      want: pairMiss,
    },
  ],
  [
    'POST /spot/cancel_batch_orders',
    {
      method: 'POST',
      path: () => '/spot/cancel_batch_orders',
      body: (n) => [{ currency_pair: n, id: '1' }],
      want: { status: 200 },
    },
  ],
  [
    'GET /spot/accounts',
    { method: 'GET', path: () => '/spot/accounts', query: (n) => `currency=${e(n)}`, want: emptyList },
  ],
  [
    'GET /spot/account_book',
    { method: 'GET', path: () => '/spot/account_book', query: (n) => `currency=${e(n)}`, want: emptyList },
  ],
  [
    'GET /spot/my_trades',
    { method: 'GET', path: () => '/spot/my_trades', query: (n) => `currency_pair=${e(n)}`, want: pairMiss },
  ],
  ['GET /spot/fee', { method: 'GET', path: () => '/spot/fee', query: (n) => `currency_pair=${e(n)}`, want: pairMiss }],
  [
    'GET /spot/order_book',
    { method: 'GET', path: () => '/spot/order_book', query: (n) => `currency_pair=${e(n)}`, want: pairMiss },
  ],
  [
    'GET /spot/tickers',
    { method: 'GET', path: () => '/spot/tickers', query: (n) => `currency_pair=${e(n)}`, want: pairMiss },
  ],
  [
    'GET /spot/candlesticks',
    { method: 'GET', path: () => '/spot/candlesticks', query: (n) => `currency_pair=${e(n)}`, want: pairMiss },
  ],
  [
    'GET /margin/accounts',
    { method: 'GET', path: () => '/margin/accounts', query: (n) => `currency_pair=${e(n)}`, want: emptyList },
  ],
  [
    'GET /margin/account_book',
    {
      method: 'GET',
      path: () => '/margin/account_book',
      query: (n) => `currency=${e(n)}&currency_pair=${e(n)}`,
      want: emptyList,
    },
  ],
  [
    'POST /futures/{}/orders',
    { method: 'POST', path: () => '/futures/usdt/orders', body: futuresOrder, want: contractMiss },
  ],
  [
    'GET /futures/{}/orders',
    {
      method: 'GET',
      path: () => '/futures/usdt/orders',
      query: (n) => `contract=${e(n)}&status=open`,
      want: contractMiss,
    },
  ],
  [
    'DELETE /futures/{}/orders',
    { method: 'DELETE', path: () => '/futures/usdt/orders', query: (n) => `contract=${e(n)}`, want: emptyList },
  ],
  [
    'POST /futures/{}/batch_orders',
    { method: 'POST', path: () => '/futures/usdt/batch_orders', body: (n) => [futuresOrder(n)], want: { status: 200 } },
  ],
  [
    'POST /futures/{}/batch_cancel_orders',
    { method: 'POST', path: () => '/futures/usdt/batch_cancel_orders', body: (n) => [n], want: { status: 200 } },
  ],
  [
    'POST /futures/{}/batch_amend_orders',
    {
      method: 'POST',
      path: () => '/futures/usdt/batch_amend_orders',
      body: (n) => [{ text: n, price: '100' }],
      want: { status: 200 },
    },
  ],
  [
    'POST /futures/{}/countdown_cancel_all',
    {
      method: 'POST',
      path: () => '/futures/usdt/countdown_cancel_all',
      body: (n) => ({ timeout: 10, contract: n }),
      want: contractMiss,
    },
  ],
  ['GET /futures/{}/orders/{}', { method: 'GET', path: (n) => `/futures/usdt/orders/${e(n)}`, want: orderMiss }],
  [
    'PUT /futures/{}/orders/{}',
    { method: 'PUT', path: (n) => `/futures/usdt/orders/${e(n)}`, body: () => ({ size: '2' }), want: orderMiss },
  ],
  ['DELETE /futures/{}/orders/{}', { method: 'DELETE', path: (n) => `/futures/usdt/orders/${e(n)}`, want: orderMiss }],
  [
    'GET /futures/{}/my_trades',
    { method: 'GET', path: () => '/futures/usdt/my_trades', query: (n) => `contract=${e(n)}`, want: emptyList },
  ],
  [
    'GET /futures/{}/order_book',
    { method: 'GET', path: () => '/futures/usdt/order_book', query: (n) => `contract=${e(n)}`, want: contractMiss },
  ],
  [
    'GET /futures/{}/tickers',
    { method: 'GET', path: () => '/futures/usdt/tickers', query: (n) => `contract=${e(n)}`, want: contractMiss },
  ],
  [
    'GET /futures/{}/contracts/{}',
    { method: 'GET', path: (n) => `/futures/usdt/contracts/${e(n)}`, want: contractMiss },
  ],
  [
    'GET /futures/{}/account_book',
    { method: 'GET', path: () => '/futures/usdt/account_book', query: (n) => `contract=${e(n)}`, want: emptyList },
  ],
  [
    'GET /futures/{}/positions/{}',
    { method: 'GET', path: (n) => `/futures/usdt/positions/${e(n)}`, want: contractMiss },
  ],
  [
    'POST /futures/{}/positions/{}/leverage',
    {
      method: 'POST',
      path: (n) => `/futures/usdt/positions/${e(n)}/leverage`,
      query: () => 'leverage=5',
      want: contractMiss,
    },
  ],
  [
    'POST /futures/{}/positions/{}/set_leverage',
    {
      method: 'POST',
      path: (n) => `/futures/usdt/positions/${e(n)}/set_leverage`,
      query: () => 'leverage=5&margin_mode=isolated',
      want: contractMiss,
    },
  ],
];

/** Sends the row's request for the name `n`, signed as account A. */
function call(row: Row, n: string): Promise<TestResponse> {
  const account = mock.exchange?.seed.accounts.find((a) => a.uid === A);
  if (account === undefined) throw new Error('no account A in the seed');
  return send(mock.url, {
    method: row.method,
    path: row.path(n),
    query: row.query?.(n) ?? '',
    ...(row.body === undefined ? {} : { body: JSON.stringify(row.body(n)) }),
    key: account.key,
    secret: account.secret,
  });
}

/** What the table compares: the status, the label of an error, and a list answer's length. */
function gist(res: TestResponse): unknown {
  const body = res.json as unknown;
  if (Array.isArray(body)) {
    // A batch answers item by item: each item's failure label (or `placed`).
    return {
      status: res.status,
      items: body.map(
        (item: Record<string, unknown>) => item['label'] ?? (item['succeeded'] === false ? 'failed' : 'ok'),
      ),
    };
  }
  return { status: res.status, label: (body as Record<string, unknown> | undefined)?.['label'] };
}

describe('own-property lookups', () => {
  const record: Record<string, number> = { BTC_USDT: 1 };
  const rows: Array<{ given: string; want: number | undefined }> = [
    { given: 'BTC_USDT', want: 1 },
    { given: 'NOPE_USDT', want: undefined },
    ...OBJECT_NAMES.map((given) => ({ given, want: undefined })),
  ];
  for (const { given, want } of rows) {
    it(`own(record, ${JSON.stringify(given)}) is ${String(want)}`, () => {
      expect(own(record, given)).toBe(want);
    });
  }

  it('adds a missing name as an own property, never on Object.prototype', () => {
    const map: Record<string, { n: number }> = {};
    for (const name of OBJECT_NAMES) ownOrAdd(map, name, () => ({ n: 1 })).n += 1;
    expect(OBJECT_NAMES.map((name) => own(map, name)?.n)).toEqual([2, 2, 2, 2]);
    expect(Object.keys(map)).toEqual(OBJECT_NAMES);
    expect(({} as Record<string, unknown>)['n']).toBeUndefined();
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
  });
});

describe('names that every object has are unknown names', () => {
  it('covers every handler that takes a pair, contract, currency or order id', () => {
    // These take no name but the path's settlement currency, an enum the validation checks.
    const nameless = [
      'GET /spot/open_orders',
      'GET /futures/{}/accounts',
      'GET /futures/{}/positions',
      'GET /futures/{}/contracts',
    ];
    const covered = new Set(rows.map(([key]) => key.replace(/ \(.*\)$/, '')));
    const missing = Object.keys(exchangeHandlers).filter((key) => !nameless.includes(key) && !covered.has(key));
    expect(missing).toEqual([]);
  });

  for (const [key, row] of rows) {
    it(`${key}: an unknown name answers ${row.want.status} ${row.want.label ?? ''}`, async () => {
      const unknown = await call(row, UNKNOWN);
      expect(unknown.status).toBe(row.want.status);
      if (row.want.label !== undefined) expect(unknown.json).toMatchObject({ label: row.want.label });
      if (row.want.status === 200 && Array.isArray(unknown.json) && row.body === undefined)
        expect(unknown.json).toEqual([]);
      for (const name of OBJECT_NAMES) {
        const res = await call(row, name);
        expect({ name, ...(gist(res) as object) }).toEqual({ name, ...(gist(unknown) as object) });
      }
    });
  }
});

describe('the control API reads names the same way', () => {
  const rows = [
    { given: { currency_pair: '__proto__', price: '1' }, want: 'INVALID_CURRENCY_PAIR' },
    { given: { currency_pair: 'constructor', price: '1' }, want: 'INVALID_CURRENCY_PAIR' },
    { given: { settle: 'usdt', contract: '__proto__', mark_price: '1' }, want: 'CONTRACT_NOT_FOUND' },
    { given: { settle: 'constructor', contract: 'BTC_USDT', mark_price: '1' }, want: 'CONTRACT_NOT_FOUND' },
  ];
  for (const { given, want } of rows) {
    it(`POST /__mock/exchange/price ${JSON.stringify(given)}: 400 ${want}`, async () => {
      const res = await fetch(`${mock.url.replace(/\/api\/v4$/, '')}/__mock/exchange/price`, {
        method: 'POST',
        body: JSON.stringify(given),
      });
      expect({ status: res.status, body: (await res.json()) as unknown }).toMatchObject({
        status: 400,
        body: { label: want },
      });
    });
  }
});
