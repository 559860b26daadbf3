/**
 * The order lookups by label (`Lookups.named`): the orders of one account with one `text`, in the
 * order they were placed, whether they were placed before the account's first lookup by label or
 * after it (the label index of an account is made on its first lookup, then kept up to date).
 */
import { describe, expect, it } from 'vitest';
import { Lookups } from '../../mock/exchange/order-index.js';

interface Order {
  id: string;
  uid: number;
  text: string;
  status: string;
  pair: string;
}

const order = (id: string, uid: number, text: string): Order => ({ id, uid, text, status: 'open', pair: 'BTC_USDT' });

/** Places `before` (the first one read from the state already), looks up, places `after`, looks up again. */
function lookups(before: Order[], after: Order[], uid: number, text: string): [string[], string[]] {
  const orders: Record<string, Order> = {};
  const [first, ...rest] = before;
  if (first !== undefined) orders[first.id] = first;
  const index = new Lookups(orders, (o) => o.pair);
  const place = (o: Order): void => {
    orders[o.id] = o;
    index.placed(o);
  };
  rest.forEach(place);
  const was = index.named(uid, text).map((o) => o.id);
  after.forEach(place);
  return [was, index.named(uid, text).map((o) => o.id)];
}

describe('orders by label', () => {
  it.each([
    {
      name: 'one order per label',
      given: { before: [order('1', 7, 't-a'), order('2', 7, 't-b')], after: [], uid: 7, text: 't-a' },
      want: [['1'], ['1']],
    },
    {
      name: 'several orders of one label, before and after the first lookup, in placement order',
      given: {
        before: [order('1', 7, 't-a'), order('2', 7, 't-b'), order('3', 7, 't-a')],
        after: [order('4', 7, 't-a'), order('5', 7, 't-c'), order('6', 7, 't-a')],
        uid: 7,
        text: 't-a',
      },
      want: [
        ['1', '3'],
        ['1', '3', '4', '6'],
      ],
    },
    {
      name: 'a label first used after the lookup',
      given: { before: [order('1', 7, 't-a')], after: [order('2', 7, 't-new')], uid: 7, text: 't-new' },
      want: [[], ['2']],
    },
    {
      name: "another account's orders with the same label are not this account's",
      given: {
        before: [order('1', 7, 't-a'), order('2', 8, 't-a')],
        after: [order('3', 8, 't-a'), order('4', 7, 't-a')],
        uid: 8,
        text: 't-a',
      },
      want: [['2'], ['2', '3']],
    },
    {
      name: 'an account with no orders',
      given: { before: [], after: [order('1', 9, 't-a')], uid: 9, text: 't-a' },
      want: [[], ['1']],
    },
  ])('$name', ({ given, want }) => {
    expect(lookups(given.before, given.after, given.uid, given.text)).toEqual(want);
  });
});
