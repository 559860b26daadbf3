/**
 * Locking funds with one balance lookup (`balanceOf` then `lockIn`): the balance found is the
 * wallet's own (created at zero when missing), and locking moves the amount from available to
 * locked exactly, as `lock` does.
 */
import { describe, expect, it } from 'vitest';
import { balanceOf, lock, lockIn } from '../../mock/exchange/wallets.js';
import type { WalletRef } from '../../mock/exchange/wallets.js';
import { A, stateOf } from './support/given.js';

const spot: WalletRef = { uid: A, kind: 'spot', pair: 'BTC_USDT' };
const margin: WalletRef = { uid: A, kind: 'margin', pair: 'BTC_USDT' };

describe('lockIn', () => {
  it.each([
    { given: { available: '10', locked: '0', amount: '2.5' }, want: { available: '7.5', locked: '2.5' } },
    { given: { available: '0.3', locked: '0.1', amount: '0.2' }, want: { available: '0.1', locked: '0.3' } },
    { given: { available: '5', locked: '1', amount: '5' }, want: { available: '0', locked: '6' } },
    {
      given: { available: '99999993.49871234', locked: '0.00000001', amount: '0.00000002' },
      want: { available: '99999993.49871232', locked: '0.00000003' },
    },
  ])('$given.available/$given.locked lock $given.amount', ({ given, want }) => {
    const b = { available: given.available, locked: given.locked };
    lockIn(b, given.amount);
    expect(b).toEqual(want);
  });
});

describe('balanceOf', () => {
  it.each([
    { given: { ref: spot, currency: 'USDT', amount: '3' } },
    { given: { ref: margin, currency: 'USDT', amount: '3' } },
    { given: { ref: spot, currency: 'NEW', amount: '0' } },
  ])('is the balance lock changes: $given.ref.kind $given.currency', ({ given }) => {
    const once = stateOf({ margin: { USDT: '10' } });
    lockIn(balanceOf(once, given.ref, given.currency), given.amount);
    const twice = stateOf({ margin: { USDT: '10' } });
    lock(twice, given.ref, given.currency, given.amount);
    expect(once.accounts[A]).toEqual(twice.accounts[A]);
    expect(balanceOf(once, given.ref, given.currency)).toBe(balanceOf(once, given.ref, given.currency));
  });
});
