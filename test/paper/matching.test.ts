/**
 * The matching rules as scenarios through the generated client against the mock process: each
 * row resets the paper exchange, places the given book through the makers' own clients, then
 * the taker's order, and reads back through the API: the taker's trades (price, amount, role),
 * the taker's order, the makers' orders, the order book and balances. Accounts A and B share an
 * STP group; C is in none (C takes in the plain rows). Every row runs on the `fetch` transport,
 * the rows marked `both` on `node` too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BadRequestError } from '../../generated/src/index.js';
import type { CreateOrderParams } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { A, B, C } from '../exchange/support/given.js';
import { clientFor, idOf, rejection, startPaperMock } from './support/paper-mock.js';
import type { Transport } from './support/paper-mock.js';

type Rest = readonly [number, 'buy' | 'sell', string, string];

interface Row {
  name: string;
  both?: true;
  book: Rest[];
  taker: number;
  order: CreateOrderParams;
  want: {
    error?: string;
    trades?: Array<[string, string]>;
    status?: string;
    finishAs?: string;
    left?: string;
    makers?: string[];
    asks?: Array<[string, string]>;
    bids?: Array<[string, string]>;
    balances?: Record<string, string>;
  };
}

const buy = (amount: string, price: string, extra: Partial<CreateOrderParams> = {}): CreateOrderParams => ({
  currency_pair: 'BTC_USDT',
  side: 'buy',
  amount,
  price,
  ...extra,
});

const rows: Row[] = [
  {
    name: 'price priority; fills at the resting price; a fully matched order ends',
    both: true,
    book: [
      [A, 'sell', '101', '1'],
      [B, 'sell', '100', '1'],
    ],
    taker: C,
    order: buy('1', '102'),
    want: {
      trades: [['100', '1']],
      status: 'closed',
      finishAs: 'filled',
      left: '0',
      makers: ['open', 'closed'],
      asks: [['101', '1']],
      balances: { USDT: '9900/0', BTC: '10.998/0' },
    },
  },
  {
    name: 'time priority at one price',
    book: [
      [A, 'sell', '100', '1'],
      [B, 'sell', '100', '1'],
    ],
    taker: C,
    order: buy('1', '100'),
    want: { trades: [['100', '1']], makers: ['closed', 'open'], asks: [['100', '1']] },
  },
  {
    name: 'a partial fill leaves the maker open with its rest',
    book: [[A, 'sell', '100', '2']],
    taker: C,
    order: buy('0.5', '100'),
    want: { trades: [['100', '0.5']], status: 'closed', makers: ['open'], asks: [['100', '1.5']] },
  },
  {
    name: 'a partly matched gtc order rests with its rest at its price',
    book: [
      [A, 'sell', '99', '0.4'],
      [B, 'buy', '98', '1'],
    ],
    taker: C,
    order: buy('1', '99'),
    want: {
      trades: [['99', '0.4']],
      status: 'open',
      left: '0.6',
      bids: [
        ['99', '0.6'],
        ['98', '1'],
      ],
      balances: { USDT: '9901/59.4' },
    },
  },
  {
    name: 'ioc: an unmatched order ends at once',
    book: [[A, 'sell', '101', '1']],
    taker: C,
    order: buy('1', '100', { time_in_force: 'ioc' }),
    want: { trades: [], status: 'cancelled', finishAs: 'ioc', bids: [], balances: { USDT: '10000/0' } },
  },
  {
    name: 'ioc: a partly matched order ends at once',
    book: [[A, 'sell', '100', '0.4']],
    taker: C,
    order: buy('1', '100', { time_in_force: 'ioc' }),
    want: { trades: [['100', '0.4']], status: 'cancelled', finishAs: 'ioc', left: '0.6', bids: [] },
  },
  {
    name: 'poc never takes: POC_FILL_IMMEDIATELY',
    both: true,
    book: [[A, 'sell', '100', '1']],
    taker: C,
    order: buy('1', '100', { time_in_force: 'poc' }),
    want: { error: 'POC_FILL_IMMEDIATELY', asks: [['100', '1']], balances: { USDT: '10000/0' } },
  },
  {
    name: 'poc that would not take rests as a maker',
    book: [[A, 'sell', '100', '1']],
    taker: C,
    order: buy('1', '99.5', { time_in_force: 'poc' }),
    want: { trades: [], status: 'open', bids: [['99.5', '1']] },
  },
  {
    name: 'fok fills completely over several makers',
    book: [
      [A, 'sell', '100', '0.5'],
      [B, 'sell', '101', '0.5'],
    ],
    taker: C,
    order: buy('1', '101', { time_in_force: 'fok' }),
    want: {
      trades: [
        ['100', '0.5'],
        ['101', '0.5'],
      ],
      status: 'closed',
      finishAs: 'filled',
      makers: ['closed', 'closed'],
    },
  },
  {
    name: 'fok that cannot fill completely fills nothing: FOK_NOT_FILL',
    both: true,
    book: [[A, 'sell', '100', '0.5']],
    taker: C,
    order: buy('1', '100', { time_in_force: 'fok' }),
    want: { error: 'FOK_NOT_FILL', asks: [['100', '0.5']], makers: ['open'] },
  },
  {
    name: 'market buy spends a quote amount, best asks first',
    book: [
      [A, 'sell', '100', '1'],
      [B, 'sell', '200', '1'],
    ],
    taker: C,
    order: { currency_pair: 'BTC_USDT', side: 'buy', type: 'market', amount: '150', time_in_force: 'ioc' },
    want: {
      trades: [
        ['100', '1'],
        ['200', '0.25'],
      ],
      status: 'closed',
      finishAs: 'filled',
      asks: [['200', '0.75']],
    },
  },
  {
    name: 'a market sell beyond the book ends as depth_not_enough',
    book: [[A, 'buy', '100', '0.2']],
    taker: C,
    order: { currency_pair: 'BTC_USDT', side: 'sell', type: 'market', amount: '0.5', time_in_force: 'ioc' },
    want: { trades: [['100', '0.2']], status: 'cancelled', finishAs: 'depth_not_enough', bids: [] },
  },
  {
    name: 'STP cn (default in a group): the new order is cancelled, the old stays',
    both: true,
    book: [[B, 'sell', '100', '1']],
    taker: A,
    order: buy('1', '100'),
    want: { trades: [], status: 'cancelled', finishAs: 'stp', makers: ['open'], asks: [['100', '1']] },
  },
  {
    name: 'STP co: the old order is cancelled, the new one trades on',
    book: [
      [B, 'sell', '100', '1'],
      [C, 'sell', '100', '1'],
    ],
    taker: A,
    order: buy('1', '100', { stp_act: 'co' }),
    want: { trades: [['100', '1']], status: 'closed', makers: ['cancelled', 'closed'], asks: [] },
  },
  {
    name: 'STP cb: both are cancelled',
    book: [
      [B, 'sell', '100', '1'],
      [C, 'sell', '100', '1'],
    ],
    taker: A,
    order: buy('1', '100', { stp_act: 'cb' }),
    want: { trades: [], status: 'cancelled', finishAs: 'stp', makers: ['cancelled', 'open'], asks: [['100', '1']] },
  },
  {
    name: 'stp_act from an account in no STP group is rejected',
    book: [[A, 'sell', '100', '1']],
    taker: C,
    order: buy('1', '100', { stp_act: 'co' }),
    want: { error: 'INVALID_PARAM_VALUE', makers: ['open'] },
  },
  // Rule choices where the seed is silent (mock/README.md, "Rule choices").
  {
    name: 'funds are checked before poc: an unfunded poc that would take is BALANCE_NOT_ENOUGH',
    book: [[A, 'sell', '100', '1']],
    taker: C,
    order: buy('200', '100', { time_in_force: 'poc' }),
    want: { error: 'BALANCE_NOT_ENOUGH', makers: ['open'], asks: [['100', '1']] },
  },
  {
    name: 'funds are checked before fok: an unfunded fok that cannot fill is BALANCE_NOT_ENOUGH',
    book: [[A, 'sell', '100', '1']],
    taker: C,
    order: buy('200', '100', { time_in_force: 'fok' }),
    want: { error: 'BALANCE_NOT_ENOUGH', makers: ['open'], asks: [['100', '1']] },
  },
  {
    name: 'fok counts only what STP lets it trade; refused, it cancels nothing (not even with co)',
    book: [
      [B, 'sell', '100', '1'],
      [C, 'sell', '100', '0.5'],
    ],
    taker: A,
    order: buy('1', '100', { time_in_force: 'fok', stp_act: 'co' }),
    want: { error: 'FOK_NOT_FILL', makers: ['open', 'open'], asks: [['100', '1.5']] },
  },
  {
    name: 'fok with co fills from the liquidity STP allows, cancelling the same-group order',
    book: [
      [B, 'sell', '100', '1'],
      [C, 'sell', '100', '1'],
    ],
    taker: A,
    order: buy('1', '100', { time_in_force: 'fok', stp_act: 'co' }),
    want: { trades: [['100', '1']], status: 'closed', makers: ['cancelled', 'closed'], asks: [] },
  },
  {
    name: 'a poc crossing only same-group liquidity is refused: POC_FILL_IMMEDIATELY',
    book: [[B, 'sell', '100', '1']],
    taker: A,
    order: buy('1', '100', { time_in_force: 'poc' }),
    want: { error: 'POC_FILL_IMMEDIATELY', makers: ['open'], asks: [['100', '1']] },
  },
  {
    name: 'an account in no STP group trades with itself',
    book: [[C, 'sell', '100', '1']],
    taker: C,
    order: buy('1', '100'),
    want: {
      status: 'closed',
      finishAs: 'filled',
      makers: ['closed'],
      asks: [],
      balances: { USDT: '9999.9/0', BTC: '9.998/0' },
    },
  },
];

let mock: MockServer;
beforeAll(async () => {
  mock = await startPaperMock({ stp: [[A, B]] });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

async function run(row: Row, transport: Transport): Promise<void> {
  const client = (uid: number) => clientFor(mock, uid, transport);
  const makers = [];
  for (const [uid, side, price, amount] of row.book) {
    makers.push({ uid, order: await client(uid).spot.createOrder({ currency_pair: 'BTC_USDT', side, price, amount }) });
  }
  const taker = client(row.taker);
  const { want } = row;
  if (want.error !== undefined) {
    const error = await rejection(taker.spot.createOrder(row.order));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, label: want.error });
  } else {
    const placed = await taker.spot.createOrder(row.order);
    const order = await taker.spot.getOrder({ order_id: idOf(placed), currency_pair: 'BTC_USDT' });
    expect(order).toEqual(placed);
    if (want.status !== undefined) expect(order.status).toBe(want.status);
    if (want.finishAs !== undefined) expect(order.finish_as).toBe(want.finishAs);
    if (want.left !== undefined) expect(order.left).toBe(want.left);
    const trades = await taker.spot.listMyTrades({ currency_pair: 'BTC_USDT' });
    if (want.trades !== undefined) {
      expect(trades.map((t) => [t.price, t.amount]).reverse()).toEqual(want.trades);
      expect(trades.every((t) => t.role === 'taker' && t.order_id === placed.id)).toBe(true);
    }
  }
  if (want.makers !== undefined) {
    const states = await Promise.all(
      makers.map(({ uid, order }) => client(uid).spot.getOrder({ order_id: idOf(order), currency_pair: 'BTC_USDT' })),
    );
    expect(states.map((o) => o.status)).toEqual(want.makers);
  }
  const book = await taker.spot.listOrderBook({ currency_pair: 'BTC_USDT' });
  if (want.asks !== undefined) expect(book.asks).toEqual(want.asks);
  if (want.bids !== undefined) expect(book.bids).toEqual(want.bids);
  if (want.balances !== undefined) {
    const balances = await taker.spot.listSpotAccounts({});
    const shown = Object.fromEntries(
      balances.map((b): [string, string] => [b.currency ?? '', `${b.available}/${b.locked}`]),
    );
    expect(shown).toMatchObject(want.balances);
  }
}

describe('matching rules through the client (fetch)', () => {
  it.each(rows)('$name', (row) => run(row, 'fetch'));
});

describe('matching rules through the client (node transport)', () => {
  it.each(rows.filter((r) => r.both === true))('$name', (row) => run(row, 'node'));
});
