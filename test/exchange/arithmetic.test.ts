/**
 * Exact decimal arithmetic on decimal strings (bigint inside, canonical text out) and the pure
 * matching planner's decisions.
 */
import { describe, expect, it } from 'vitest';
import { add, canonical, div, mul, roundTo, sub } from '../../mock/decimal.js';
import { planMatch } from '../../mock/exchange/match.js';
import type { Maker, Taker } from '../../mock/exchange/match.js';

describe('decimal arithmetic', () => {
  it.each([
    { given: () => add('0.1', '0.2'), want: '0.3' },
    { given: () => add('1.50', '-1.5'), want: '0' },
    { given: () => sub('0', '0.000000000000000001'), want: '-0.000000000000000001' },
    { given: () => sub('100000000000000000000', '0.00000001'), want: '99999999999999999999.99999999' },
    { given: () => mul('0.001', '0.002'), want: '0.000002' },
    { given: () => mul('-1.5', '2'), want: '-3' },
    { given: () => div('10', '3', 4), want: '3.3333' },
    { given: () => div('10', '3', 4, 'up'), want: '3.3334' },
    { given: () => div('-10', '3', 2, 'up'), want: '-3.34' },
    { given: () => div('1', '8', 2), want: '0.12' },
    { given: () => roundTo('1.23456', 3, 'up'), want: '1.235' },
    { given: () => roundTo('1.2', 3), want: '1.2' },
    { given: () => canonical('-0.000'), want: '0' },
  ])('$want', ({ given, want }) => {
    expect(given()).toBe(want);
  });

  it('refuses what is not a decimal string and division by zero', () => {
    expect(() => add('1e3', '1')).toThrow(RangeError);
    expect(() => div('1', '0', 2)).toThrow(/division by zero/);
  });
});

const maker = (id: string, price: string, left: string, stpId = 0): Maker => ({
  id,
  owner: Number(id),
  stpId,
  price,
  left,
});
const taker = (over: Partial<Taker> = {}): Taker => ({
  owner: 1,
  stpId: 0,
  stpAct: 'cn',
  side: 'buy',
  limit: '101',
  quantity: { kind: 'base', left: '3' },
  ...over,
});

describe('the matching planner', () => {
  it.each([
    {
      name: "fills up to the limit, at the makers' prices, then stops for lack of liquidity",
      given: { taker: taker(), makers: [maker('2', '100', '1'), maker('3', '101', '1'), maker('4', '102', '5')] },
      want: {
        steps: [
          ['fill', '2', '100', '1'],
          ['fill', '3', '101', '1'],
        ],
        filled: '2',
        value: '201',
        left: '1',
        stop: 'no-liquidity',
      },
    },
    {
      name: 'stops when filled',
      given: { taker: taker({ quantity: { kind: 'base', left: '0.5' } }), makers: [maker('2', '100', '1')] },
      want: { steps: [['fill', '2', '100', '0.5']], filled: '0.5', value: '50', left: '0', stop: 'filled' },
    },
    {
      name: 'a market taker ignores prices',
      given: { taker: taker({ limit: undefined }), makers: [maker('2', '100', '1'), maker('3', '500', '5')] },
      want: {
        steps: [
          ['fill', '2', '100', '1'],
          ['fill', '3', '500', '2'],
        ],
        filled: '3',
        value: '1100',
        left: '0',
        stop: 'filled',
      },
    },
    {
      name: 'a quote budget buys what it can at each price, down to the amount precision',
      given: {
        taker: taker({ limit: undefined, quantity: { kind: 'quote', budget: '250', scale: 2 } }),
        makers: [maker('2', '100', '1'), maker('3', '300', '5')],
      },
      want: {
        steps: [
          ['fill', '2', '100', '1'],
          ['fill', '3', '300', '0.5'],
        ],
        filled: '1.5',
        value: '250',
        left: '0',
        stop: 'filled',
      },
    },
    {
      name: 'STP cn ends the taker at the first maker of its group',
      given: { taker: taker({ stpId: 7 }), makers: [maker('2', '100', '1'), maker('3', '100', '1', 7)] },
      want: { steps: [['fill', '2', '100', '1']], filled: '1', value: '100', left: '2', stop: 'stp' },
    },
    {
      name: 'STP co cancels the group maker and goes on',
      given: { taker: taker({ stpId: 7, stpAct: 'co' }), makers: [maker('3', '100', '1', 7), maker('2', '100', '1')] },
      want: {
        steps: [
          ['cancel-maker', '3'],
          ['fill', '2', '100', '1'],
        ],
        filled: '1',
        value: '100',
        left: '2',
        stop: 'no-liquidity',
      },
    },
    {
      name: 'STP cb cancels the group maker and ends the taker',
      given: { taker: taker({ stpId: 7, stpAct: 'cb' }), makers: [maker('3', '100', '1', 7), maker('2', '100', '1')] },
      want: { steps: [['cancel-maker', '3']], filled: '0', value: '0', left: '3', stop: 'stp' },
    },
    {
      name: 'an account in no group (stp id 0) never triggers STP',
      given: { taker: taker(), makers: [maker('3', '100', '1', 0)] },
      want: { steps: [['fill', '3', '100', '1']], filled: '1', value: '100', left: '2', stop: 'no-liquidity' },
    },
  ])('$name', ({ given, want }) => {
    const plan = planMatch(given.taker, given.makers);
    expect(
      plan.steps.map((s) => (s.kind === 'fill' ? [s.kind, s.makerId, s.price, s.amount] : [s.kind, s.makerId])),
    ).toEqual(want.steps);
    expect({ filled: plan.filled, value: plan.value, left: plan.left, stop: plan.stop }).toEqual({
      filled: want.filled,
      value: want.value,
      left: want.left,
      stop: want.stop,
    });
  });
});
