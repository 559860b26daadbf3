/**
 * Perpetual futures in single position mode on the pure engine: contract BTC_USDT (multiplier
 * 0.01, mark price 100, leverage 10), accounts with 10000 USDT, maker fee 0.0002, taker 0.0005.
 * Rows: given a futures book and an order of A, want fills, the order's state and A's position;
 * then sequences for PnL against the mark price, reduce-only, close and amend.
 */
import { describe, expect, it } from 'vitest';
import { amendFuturesOrder, cancelFuturesOrder } from '../../mock/exchange/futures-manage.js';
import { placeFuturesOrder } from '../../mock/exchange/futures-place.js';
import { futuresAccountView, positionView } from '../../mock/exchange/futures-views.js';
import type { ExchangeState } from '../../mock/exchange/types.js';
import { A, B, C, T, futuresBookOf, stateOf, labelOf } from './support/given.js';
import type { Given } from './support/given.js';

const order = (size: string, price: string, extra: Record<string, unknown> = {}) => ({
  contract: 'BTC_USDT',
  size,
  price,
  ...extra,
});
const place = (state: ExchangeState, uid: number, body: Record<string, unknown>, at = T + 1) =>
  placeFuturesOrder(state, uid, 'usdt', body, at);
const contract = (state: ExchangeState) => {
  const c = state.contracts['usdt']?.['BTC_USDT'];
  if (c === undefined) throw new Error('no contract');
  return c;
};
const position = (state: ExchangeState, uid: number) => positionView(state, uid, contract(state), T + 5);
const account = (state: ExchangeState, uid: number) => futuresAccountView(state, uid, 'usdt');
interface Row {
  name: string;
  given: Given;
  order: Record<string, unknown>;
  want: {
    error?: string;
    status?: string;
    finishAs?: string;
    left?: string;
    size?: string;
    entry?: string;
    margin?: string;
  };
}

const rows: Row[] = [
  {
    name: 'a buy opens a long at the maker price, with initial margin (value / leverage)',
    given: { futuresBook: [[B, '100', '-10']] },
    order: order('10', '101'),
    want: { status: 'finished', finishAs: 'filled', left: '0', size: '10', entry: '100', margin: '1' },
  },
  {
    name: 'a partly matched gtc order rests with its rest',
    given: { futuresBook: [[B, '100', '-4']] },
    order: order('10', '100'),
    want: { status: 'open', left: '6', size: '4' },
  },
  {
    name: 'market order (price 0, ioc) takes what there is and ends',
    given: { futuresBook: [[B, '100', '-4']] },
    order: order('10', '0', { tif: 'ioc' }),
    want: { status: 'finished', finishAs: 'ioc', left: '6', size: '4' },
  },
  {
    name: 'poc never takes: ORDER_POC_IMMEDIATE',
    given: { futuresBook: [[B, '100', '-4']] },
    order: order('1', '100', { tif: 'poc' }),
    want: { error: 'ORDER_POC_IMMEDIATE' },
  },
  {
    name: 'fok that cannot fill completely fills nothing: ORDER_FOK',
    given: { futuresBook: [[B, '100', '-4']] },
    order: order('10', '100', { tif: 'fok' }),
    want: { error: 'ORDER_FOK' },
  },
  {
    name: 'STP cn in a group: the new order is cancelled',
    given: { stp: [[A, B]], futuresBook: [[B, '100', '-4']] },
    order: order('1', '100'),
    want: { status: 'finished', finishAs: 'stp', size: '0' },
  },
  {
    name: 'reduce-only with no position would increase it: INCREASE_POSITION',
    given: { futuresBook: [[B, '100', '-4']] },
    order: order('1', '100', { reduce_only: true }),
    want: { error: 'INCREASE_POSITION' },
  },
  {
    name: 'close with no position: POSITION_EMPTY',
    given: {},
    order: order('0', '0', { close: true, tif: 'ioc' }),
    want: { error: 'POSITION_EMPTY' },
  },
  {
    name: 'an order that adds to the position needs its margin: INSUFFICIENT_AVAILABLE',
    given: {},
    order: order('100000', '200'),
    want: { error: 'INSUFFICIENT_AVAILABLE' },
  },
];

describe('futures orders on the engine', () => {
  it.each(rows)('$name', ({ given, order: body, want }) => {
    const state = stateOf(given);
    const before = JSON.stringify(state);
    const error = labelOf(() => place(state, A, body));
    expect(error).toBe(want.error);
    if (error !== undefined) {
      expect(JSON.stringify(state)).toBe(before);
      return;
    }
    const placed = Object.values(state.futuresOrders).find((o) => o.uid === A);
    expect(placed).toBeDefined();
    if (want.status !== undefined) expect(placed?.status).toBe(want.status);
    if (want.finishAs !== undefined) expect(placed?.finishAs).toBe(want.finishAs);
    if (want.left !== undefined) expect(placed?.left).toBe(want.left);
    const pos = position(state, A);
    if (want.size !== undefined) expect(pos['size']).toBe(want.size);
    if (want.entry !== undefined) expect(pos['entry_price']).toBe(want.entry);
    if (want.margin !== undefined) expect(pos['margin']).toBe(want.margin);
  });
});

describe('positions against the mark price', () => {
  it('values the position at the mark price; unrealised PnL moves with it, for both sides', () => {
    const state = stateOf({ futuresBook: [[B, '100', '-10']] });
    place(state, A, order('10', '100'));
    expect([position(state, A)['unrealised_pnl'], position(state, B)['unrealised_pnl']]).toEqual(['0', '0']);
    contract(state).markPrice = '110';
    expect(position(state, A)).toMatchObject({ size: '10', value: '11', unrealised_pnl: '1', mark_price: '110' });
    expect(position(state, B)).toMatchObject({ size: '-10', unrealised_pnl: '-1' });
    expect(account(state, A)).toMatchObject({ unrealised_pnl: '1', position_margin: '1', total: '9999.995' });
    expect(account(state, A)['available']).toBe('9998.995');
  });

  it('reducing realises PnL against the entry and releases margin pro rata', () => {
    const state = stateOf({ futuresBook: [[B, '100', '-10']] });
    place(state, A, order('10', '100'));
    place(state, C, order('4', '120'));
    place(state, A, order('-4', '120'), T + 2);
    expect(position(state, A)).toMatchObject({ size: '6', entry_price: '100', margin: '0.6', pnl_pnl: '0.8' });
    // fees: open 10 × 0.01 × 100 × 0.0005, reduce 4 × 0.01 × 120 × 0.0005
    expect(position(state, A)['realised_pnl']).toBe('0.7926');
    expect(account(state, A)['history']).toMatchObject({ pnl: '0.8', fee: '-0.0074' });
  });

  it('close (size 0, close: true) flattens the whole position and books the result', () => {
    const state = stateOf({
      futuresBook: [
        [B, '100', '-10'],
        [C, '99', '20'],
      ],
    });
    place(state, A, order('10', '100'));
    const close = place(state, A, order('0', '0', { close: true, tif: 'ioc' }), T + 2);
    expect([close.status, close.finishAs, close.size, close.filled]).toEqual(['finished', 'filled', '0', '-10']);
    expect(position(state, A)).toMatchObject({
      size: '0',
      margin: '0',
      last_close_pnl: '-0.10995',
      history_pnl: '-0.10995',
    });
    expect(account(state, A)['total']).toBe('9999.89005');
  });

  it('a reduce-only order cannot exceed the position: REDUCE_EXCEEDED', () => {
    const state = stateOf({ futuresBook: [[B, '100', '-10']] });
    place(state, A, order('10', '100'));
    expect(labelOf(() => place(state, A, order('-20', '150', { reduce_only: true })))).toBe('REDUCE_EXCEEDED');
    expect(labelOf(() => place(state, A, order('5', '150', { reduce_only: true })))).toBe('INCREASE_POSITION');
  });

  it('a resting reduce-only order is cancelled once its position is gone', () => {
    const state = stateOf({
      futuresBook: [
        [B, '100', '-10'],
        [C, '99', '10'],
      ],
    });
    place(state, A, order('10', '100'));
    const reduce = place(state, A, order('-10', '150', { reduce_only: true }), T + 2);
    expect(reduce.status).toBe('open');
    place(state, A, order('-10', '99'), T + 3);
    expect(position(state, A)['size']).toBe('0');
    expect([reduce.status, reduce.finishAs]).toEqual(['finished', 'reduce_only']);
    expect(futuresBookOf(state).asks).toEqual([]);
  });

  it('reduce-only orders together never exceed the position: a later one that would is cancelled', () => {
    const state = stateOf({ futuresBook: [[B, '100', '-10']] });
    place(state, A, order('10', '100'));
    const first = place(state, A, order('-6', '120', { reduce_only: true }), T + 2);
    const second = place(state, A, order('-6', '121', { reduce_only: true }), T + 2);
    expect([first.status, second.status, second.finishAs]).toEqual(['open', 'finished', 'reduce_only']);
    place(state, C, order('20', '130'), T + 3);
    expect(position(state, A)['size']).toBe('4');
  });
});

describe('futures amend and cancel', () => {
  it('reducing the size keeps the place, increasing it goes to the back', () => {
    const state = stateOf({});
    const mine = place(state, A, order('10', '99'));
    place(state, C, order('5', '99'));
    amendFuturesOrder(state, mine, { size: '8' }, T + 2);
    expect(futuresBookOf(state).bids).toEqual([
      [String(A), '99', '8'],
      [String(C), '99', '5'],
    ]);
    amendFuturesOrder(state, mine, { size: '12' }, T + 3);
    expect(futuresBookOf(state).bids).toEqual([
      [String(C), '99', '5'],
      [String(A), '99', '12'],
    ]);
  });

  it('cancel ends the order and releases its margin; a finished order cannot be cancelled', () => {
    const state = stateOf({});
    const mine = place(state, A, order('10', '99'));
    expect(account(state, A)['order_margin']).toBe('0.99');
    cancelFuturesOrder(state, mine, T + 2);
    expect([mine.status, mine.finishAs]).toEqual(['finished', 'cancelled']);
    expect(account(state, A)).toMatchObject({ order_margin: '0', available: '10000' });
    expect(labelOf(() => cancelFuturesOrder(state, mine, T + 3))).toBe('ORDER_FINISHED');
  });
});
