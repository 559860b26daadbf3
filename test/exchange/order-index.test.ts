/**
 * The order lookups by label (`Lookups.named`): the orders of one account with one `text`, in the
 * order they were placed, whether they were placed before the account's first lookup by label or
 * after it (the label index of an account is made on its first lookup, then kept up to date); and
 * the open orders of an account (`Lookups.open`), filled in on its first listing the same way.
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

/** A step: place an order (`rests: false`: it never rests), end one, or list the open orders of account 7. */
type Step = { place: string; pair: string; rests?: boolean; uid?: number } | { end: string } | 'list';

/** Runs `steps` on a fresh index; what each `list` step answered (order ids). */
function openListings(steps: readonly Step[]): string[][] {
  const orders: Record<string, Order> = {};
  const index = new Lookups(orders, (o) => o.pair);
  const out: string[][] = [];
  for (const step of steps) {
    if (step === 'list') out.push(index.open(7, () => true).map((o) => o.id));
    else if ('end' in step) {
      const o = orders[step.end] as Order;
      index.ended(o);
      o.status = 'closed';
    } else {
      const o = { ...order(step.place, step.uid ?? 7, 't-a'), pair: step.pair };
      orders[o.id] = o;
      index.placed(o, step.rests ?? true);
    }
  }
  return out;
}

describe('open orders, filled in on the first listing', () => {
  it.each<{ name: string; given: Step[]; want: string[][] }>([
    {
      name: 'orders placed and ended before the first listing: the ones still open, markets in first-placed order',
      given: [
        { place: '1', pair: 'ETH_USDT' },
        { place: '2', pair: 'BTC_USDT' },
        { place: '3', pair: 'ETH_USDT' },
        { end: '1' },
        'list',
      ],
      want: [['3', '2']],
    },
    {
      name: 'orders placed and ended after the first listing are kept up to date',
      given: [
        { place: '1', pair: 'BTC_USDT' },
        'list',
        { place: '2', pair: 'BTC_USDT' },
        { place: '3', pair: 'ETH_USDT' },
        { end: '1' },
        'list',
      ],
      want: [['1'], ['2', '3']],
    },
    {
      name: 'an order placed not to rest is not listed, before or after the first listing',
      given: [
        { place: '1', pair: 'BTC_USDT', rests: false },
        { place: '2', pair: 'BTC_USDT' },
        { place: '3', pair: 'BTC_USDT', rests: false },
        'list',
        { place: '4', pair: 'BTC_USDT', rests: false },
        { place: '5', pair: 'BTC_USDT' },
        'list',
      ],
      want: [['2'], ['2', '5']],
    },
    {
      name: "another account's open orders are not listed",
      given: [{ place: '1', pair: 'BTC_USDT', uid: 8 }, { place: '2', pair: 'BTC_USDT' }, 'list'],
      want: [['2']],
    },
    { name: 'an account with no orders', given: ['list'], want: [[]] },
  ])('$name', ({ given, want }) => {
    expect(openListings(given)).toEqual(want);
  });
});
