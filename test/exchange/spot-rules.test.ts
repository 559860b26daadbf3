/**
 * The seed's matching rules and the reference's STP on the pure engine, one row per rule:
 * given a book, accounts (10000 USDT and 10 BTC each; maker fee 0.001, taker 0.002) and an
 * order of A, want the fills (maker's index in the given book, price, amount), the order's
 * state, the book after, and balances (`available/locked`). A rejected order changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { MockHttpError } from '../../mock/errors.js';
import { placeSpotOrder } from '../../mock/exchange/spot-place.js';
import { A, B, C, T, balancesOf, bookOf, fillsOf, stateOf } from './support/given.js';
import type { Given } from './support/given.js';

interface Row {
  name: string;
  given: Given;
  order: Record<string, unknown>;
  want: {
    error?: string;
    fills?: Array<[number, string, string]>;
    status?: string;
    finishAs?: string;
    left?: string;
    bids?: string[][];
    asks?: string[][];
    balances?: Record<number, Record<string, string>>;
    margin?: Record<string, string>;
  };
}

const buy = (amount: string, price: string, extra: Record<string, unknown> = {}) => ({
  currency_pair: 'BTC_USDT',
  side: 'buy',
  amount,
  price,
  ...extra,
});
const a = String(A);
const b = String(B);
const c = String(C);

const rows: Row[] = [
  {
    name: 'price priority: the best ask fills first, at its own price; a fully matched order ends',
    given: {
      book: [
        [B, 'sell', '101', '1'],
        [B, 'sell', '100', '1'],
      ],
    },
    order: buy('1', '102'),
    want: {
      fills: [[1, '100', '1']],
      status: 'closed',
      finishAs: 'filled',
      left: '0',
      asks: [[b, '101', '1']],
      bids: [],
      balances: { [A]: { USDT: '9900/0', BTC: '10.998/0' }, [B]: { USDT: '10099.9/0', BTC: '8/1' } },
    },
  },
  {
    name: 'time priority: at one price the older order fills first',
    given: {
      book: [
        [B, 'sell', '100', '1'],
        [C, 'sell', '100', '1'],
      ],
    },
    order: buy('1', '100'),
    want: { fills: [[0, '100', '1']], status: 'closed', asks: [[c, '100', '1']] },
  },
  {
    name: 'partial fill of the maker: its rest keeps its place',
    given: {
      book: [
        [B, 'sell', '100', '2'],
        [C, 'sell', '100', '1'],
      ],
    },
    order: buy('0.5', '100'),
    want: {
      fills: [[0, '100', '0.5']],
      status: 'closed',
      asks: [
        [b, '100', '1.5'],
        [c, '100', '1'],
      ],
      balances: { [A]: { USDT: '9950/0', BTC: '10.499/0' }, [B]: { USDT: '10049.95/0', BTC: '8/1.5' } },
    },
  },
  {
    name: 'a partly matched gtc order rests with its rest at its price',
    given: {
      book: [
        [B, 'sell', '99', '0.4'],
        [C, 'buy', '98', '1'],
      ],
    },
    order: buy('1', '99'),
    want: {
      fills: [[0, '99', '0.4']],
      status: 'open',
      finishAs: 'open',
      left: '0.6',
      bids: [
        [a, '99', '0.6'],
        [c, '98', '1'],
      ],
      asks: [],
      balances: { [A]: { USDT: '9901/59.4', BTC: '10.3992/0' } },
    },
  },
  {
    name: 'an unmatched gtc order rests at the back of the queue at its price',
    given: { book: [[C, 'buy', '98', '1']] },
    order: buy('1', '98'),
    want: {
      fills: [],
      status: 'open',
      bids: [
        [c, '98', '1'],
        [a, '98', '1'],
      ],
      balances: { [A]: { USDT: '9902/98' } },
    },
  },
  {
    name: 'ioc: an unmatched order ends at once',
    given: { book: [[B, 'sell', '101', '1']] },
    order: buy('1', '100', { time_in_force: 'ioc' }),
    want: {
      fills: [],
      status: 'cancelled',
      finishAs: 'ioc',
      left: '1',
      bids: [],
      balances: { [A]: { USDT: '10000/0' } },
    },
  },
  {
    name: 'ioc: a partly matched order ends at once',
    given: { book: [[B, 'sell', '100', '0.4']] },
    order: buy('1', '100', { time_in_force: 'ioc' }),
    want: {
      fills: [[0, '100', '0.4']],
      status: 'cancelled',
      finishAs: 'ioc',
      left: '0.6',
      bids: [],
      balances: { [A]: { USDT: '9960/0', BTC: '10.3992/0' } },
    },
  },
  {
    name: 'poc never takes: POC_FILL_IMMEDIATELY',
    given: { book: [[B, 'sell', '100', '1']] },
    order: buy('1', '100', { time_in_force: 'poc' }),
    want: { error: 'POC_FILL_IMMEDIATELY' },
  },
  {
    name: 'poc that would not take rests as a maker',
    given: { book: [[B, 'sell', '100', '1']] },
    order: buy('1', '99', { time_in_force: 'poc' }),
    want: { fills: [], status: 'open', bids: [[a, '99', '1']], balances: { [A]: { USDT: '9901/99' } } },
  },
  {
    name: 'fok fills completely, over several makers',
    given: {
      book: [
        [B, 'sell', '100', '0.5'],
        [C, 'sell', '101', '0.5'],
      ],
    },
    order: buy('1', '101', { time_in_force: 'fok' }),
    want: {
      fills: [
        [0, '100', '0.5'],
        [1, '101', '0.5'],
      ],
      status: 'closed',
      finishAs: 'filled',
      balances: { [A]: { USDT: '9899.5/0' } },
    },
  },
  {
    name: 'fok that cannot fill completely fills nothing: FOK_NOT_FILL',
    given: { book: [[B, 'sell', '100', '0.5']] },
    order: buy('1', '100', { time_in_force: 'fok' }),
    want: { error: 'FOK_NOT_FILL' },
  },
  {
    name: 'market buy spends a quote amount, best asks first',
    given: {
      book: [
        [B, 'sell', '100', '1'],
        [C, 'sell', '200', '1'],
      ],
    },
    order: { currency_pair: 'BTC_USDT', side: 'buy', type: 'market', amount: '150' },
    want: {
      fills: [
        [0, '100', '1'],
        [1, '200', '0.25'],
      ],
      status: 'closed',
      finishAs: 'filled',
      left: '0',
      balances: { [A]: { USDT: '9850/0', BTC: '11.2475/0' } },
    },
  },
  {
    name: 'market sell takes the bids',
    given: { book: [[C, 'buy', '100', '1']] },
    order: { currency_pair: 'BTC_USDT', side: 'sell', type: 'market', amount: '0.5' },
    want: { fills: [[0, '100', '0.5']], status: 'closed', balances: { [A]: { USDT: '10049.9/0', BTC: '9.5/0' } } },
  },
  {
    name: 'a market order the book cannot fill ends as depth_not_enough',
    given: { book: [[C, 'buy', '100', '0.2']] },
    order: { currency_pair: 'BTC_USDT', side: 'sell', type: 'market', amount: '0.5' },
    want: {
      fills: [[0, '100', '0.2']],
      status: 'cancelled',
      finishAs: 'depth_not_enough',
      left: '0.3',
      balances: { [A]: { BTC: '9.8/0' } },
    },
  },
  {
    name: 'STP cn (the default in a group): the new order is cancelled, the old one stays',
    given: { stp: [[A, B]], book: [[B, 'sell', '100', '1']] },
    order: buy('1', '100'),
    want: {
      fills: [],
      status: 'cancelled',
      finishAs: 'stp',
      asks: [[b, '100', '1']],
      balances: { [A]: { USDT: '10000/0' } },
    },
  },
  {
    name: 'STP co: the old order is cancelled and the new one trades on',
    given: {
      stp: [[A, B]],
      book: [
        [B, 'sell', '100', '1'],
        [C, 'sell', '100', '1'],
      ],
    },
    order: buy('1', '100', { stp_act: 'co' }),
    want: { fills: [[1, '100', '1']], status: 'closed', asks: [], balances: { [B]: { BTC: '10/0' } } },
  },
  {
    name: 'STP cb: both orders are cancelled',
    given: {
      stp: [[A, B]],
      book: [
        [B, 'sell', '100', '1'],
        [C, 'sell', '100', '1'],
      ],
    },
    order: buy('1', '100', { stp_act: 'cb' }),
    want: {
      fills: [],
      status: 'cancelled',
      finishAs: 'stp',
      asks: [[c, '100', '1']],
      balances: { [B]: { BTC: '10/0' } },
    },
  },
  {
    name: 'STP applies only within a group',
    given: { stp: [[A, B]], book: [[C, 'sell', '100', '1']] },
    order: buy('1', '100'),
    want: { fills: [[0, '100', '1']], status: 'closed' },
  },
  {
    name: 'stp_act from an account in no group is rejected',
    given: { book: [[B, 'sell', '100', '1']] },
    order: buy('1', '100', { stp_act: 'cn' }),
    want: { error: 'INVALID_PARAM_VALUE' },
  },
  {
    name: 'an order needs its funds available: BALANCE_NOT_ENOUGH',
    given: {},
    order: buy('1000', '100'),
    want: { error: 'BALANCE_NOT_ENOUGH' },
  },
  {
    name: 'a margin order trades from the margin wallet of its pair',
    given: { margin: { USDT: '1000' }, book: [[B, 'sell', '100', '1']] },
    order: buy('1', '100', { account: 'margin' }),
    want: {
      fills: [[0, '100', '1']],
      status: 'closed',
      margin: { USDT: '900/0', BTC: '0.998/0' },
      balances: { [A]: { USDT: '10000/0', BTC: '10/0' } },
    },
  },
];

describe('spot matching rules on the engine', () => {
  it.each(rows)('$name', ({ given, order, want }) => {
    const state = stateOf(given);
    const before = JSON.stringify(state);
    if (want.error !== undefined) {
      expect(() => placeSpotOrder(state, A, order, T + 1)).toThrow(MockHttpError);
      try {
        placeSpotOrder(state, A, order, T + 1);
      } catch (e) {
        expect((e as MockHttpError).label).toBe(want.error);
      }
      expect(JSON.stringify(state)).toBe(before);
      return;
    }
    const placed = placeSpotOrder(state, A, order, T + 1);
    if (want.fills !== undefined) expect(fillsOf(state)).toEqual(want.fills);
    if (want.status !== undefined) expect(placed.status).toBe(want.status);
    if (want.finishAs !== undefined) expect(placed.finishAs).toBe(want.finishAs);
    if (want.left !== undefined) expect(placed.left).toBe(want.left);
    const book = bookOf(state);
    if (want.bids !== undefined) expect(book.bids).toEqual(want.bids);
    if (want.asks !== undefined) expect(book.asks).toEqual(want.asks);
    for (const [uid, balances] of Object.entries(want.balances ?? {})) {
      expect(balancesOf(state, Number(uid))).toMatchObject(balances);
    }
    if (want.margin !== undefined) expect(balancesOf(state, A, 'margin')).toEqual(want.margin);
  });
});
