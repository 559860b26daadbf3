/**
 * Spot and margin wallets: lock funds for an order, release them, spend locked funds on a fill,
 * credit proceeds and charge fees. Every change of a wallet's total is written to the account
 * book; every fee goes to `feesCollected`, so the sum of each currency over all wallets plus the
 * fees collected never changes.
 */
import { add, compareDecimal, isZero, neg, sub } from '../decimal.js';
import { MockHttpError } from '../errors.js';
import { takeId } from './ids.js';
import type { AccountState, Balance, ExchangeState, SpotAccountType } from './types.js';
import { ownOrAdd } from './own.js';

/** Which wallet: an account's spot wallet, or its margin wallet of one pair. */
export interface WalletRef {
  uid: number;
  kind: SpotAccountType;
  /** The pair (margin wallets are per pair). */
  pair: string;
}

/** What a book entry says about a change. */
export interface EntryInfo {
  type: string;
  text: string;
  tradeId?: string;
}

/** The account with `uid`; 400 USER_NOT_FOUND when the seed has none (a key acting for an account the seed lacks). */
export function accountOf(state: ExchangeState, uid: number): AccountState {
  // A number key is the same property as its text (`String(uid)`), read without making the text.
  const account = Object.hasOwn(state.accounts, uid) ? state.accounts[uid] : undefined;
  if (account === undefined) {
    throw new MockHttpError(400, 'USER_NOT_FOUND', `No paper exchange account ${uid}: add it to the seed file`);
  }
  return account;
}

/** The wallet's balances by currency (a margin wallet created empty when missing). */
function walletOf(state: ExchangeState, ref: WalletRef): Record<string, Balance> {
  const account = accountOf(state, ref.uid);
  return ref.kind === 'spot' ? account.spot : ownOrAdd(account.margin, ref.pair, emptyWallet);
}

/** The market a wallet's book entries name: the pair of a margin wallet, none for the spot one. */
const marketOf = (ref: WalletRef): string => (ref.kind === 'margin' ? ref.pair : '');

/** The balance of `currency` in the wallet (created at zero when missing). */
export function balanceOf(state: ExchangeState, ref: WalletRef, currency: string): Balance {
  return ownOrAdd(walletOf(state, ref), currency, emptyBalance);
}

const emptyWallet = (): Record<string, Balance> => ({});
const emptyBalance = (): Balance => ({ available: '0', locked: '0' });

/** Whether the wallet has `amount` of `currency` available. */
export function hasAvailable(state: ExchangeState, ref: WalletRef, currency: string, amount: string): boolean {
  return compareDecimal(balanceOf(state, ref, currency).available, amount) >= 0;
}

/** Moves `amount` from available to locked (the caller checked it is there). */
export function lock(state: ExchangeState, ref: WalletRef, currency: string, amount: string): void {
  lockIn(balanceOf(state, ref, currency), amount);
}

/** Moves `amount` of balance `b` from available to locked (the caller checked it is there). */
export function lockIn(b: Balance, amount: string): void {
  b.available = sub(b.available, amount);
  b.locked = add(b.locked, amount);
}

/** Moves `amount` from locked back to available. */
export function unlock(state: ExchangeState, ref: WalletRef, currency: string, amount: string): void {
  const b = balanceOf(state, ref, currency);
  b.locked = sub(b.locked, amount);
  b.available = add(b.available, amount);
}

/** Takes `amount` out of the locked funds (a fill paid from an order's lock). */
export function spendLocked(
  state: ExchangeState,
  ref: WalletRef,
  currency: string,
  amount: string,
  info: EntryInfo,
  nowMs: number,
): void {
  const b = balanceOf(state, ref, currency);
  b.locked = sub(b.locked, amount);
  record(state, ref, currency, b, neg(amount), info, nowMs);
}

/** Adds `amount` (negative: takes it) to the available funds. */
export function credit(
  state: ExchangeState,
  ref: WalletRef,
  currency: string,
  amount: string,
  info: EntryInfo,
  nowMs: number,
): void {
  const b = balanceOf(state, ref, currency);
  b.available = add(b.available, amount);
  record(state, ref, currency, b, amount, info, nowMs);
}

/** Charges a fee from the available funds into `feesCollected`. */
export function chargeFee(
  state: ExchangeState,
  ref: WalletRef,
  currency: string,
  fee: string,
  info: EntryInfo,
  nowMs: number,
): void {
  if (compareDecimal(fee, '0') === 0) return;
  credit(state, ref, currency, neg(fee), info, nowMs);
  collect(state, currency, fee);
}

/** Adds `fee` to the fees the exchange collected in `currency`. */
function collect(state: ExchangeState, currency: string, fee: string): void {
  state.feesCollected[currency] = add(state.feesCollected[currency] ?? '0', fee);
}

function record(
  state: ExchangeState,
  ref: WalletRef,
  currency: string,
  b: Balance,
  change: string,
  info: EntryInfo,
  nowMs: number,
): void {
  entry(state, ref.uid, ref.kind, marketOf(ref), currency, b, change, info.type, info.text, info.tradeId ?? '', nowMs);
}

/** Writes one account book entry: `change` to `b` (already applied), with the balance after it. */
function entry(
  state: ExchangeState,
  uid: number,
  wallet: SpotAccountType,
  market: string,
  currency: string,
  b: Balance,
  change: string,
  type: string,
  text: string,
  tradeId: string,
  nowMs: number,
): void {
  state.book.push({
    id: takeId(state, 'bookEntry'),
    uid,
    timeMs: nowMs,
    wallet,
    currency,
    market,
    change,
    balance: add(b.available, b.locked),
    type,
    text,
    tradeId,
  });
}

/**
 * One party's side of a fill, as `spendLocked` of `paid` in `paidCurrency`, `credit` of `got` in
 * `gotCurrency` and `chargeFee` of `fee` from it would book it (the same entries in that order),
 * with the account and wallet looked up once. `text` is the order id of the party. `fromLocked:
 * false` pays from the available funds instead (a taker that never rests locks nothing: the
 * balance it is booked with, available plus locked, is the same).
 */
export function settleParty(
  state: ExchangeState,
  ref: WalletRef,
  paidCurrency: string,
  paid: string,
  gotCurrency: string,
  got: string,
  fee: string,
  text: string,
  tradeId: string,
  nowMs: number,
  fromLocked = true,
): void {
  const wallet = walletOf(state, ref);
  const market = marketOf(ref);
  const from = ownOrAdd(wallet, paidCurrency, emptyBalance);
  if (fromLocked) from.locked = sub(from.locked, paid);
  else from.available = sub(from.available, paid);
  entry(state, ref.uid, ref.kind, market, paidCurrency, from, neg(paid), 'trade', text, tradeId, nowMs);
  const to = ownOrAdd(wallet, gotCurrency, emptyBalance);
  to.available = add(to.available, got);
  entry(state, ref.uid, ref.kind, market, gotCurrency, to, got, 'trade', text, tradeId, nowMs);
  if (isZero(fee)) return;
  to.available = sub(to.available, fee);
  entry(state, ref.uid, ref.kind, market, gotCurrency, to, neg(fee), 'fee', text, tradeId, nowMs);
  collect(state, gotCurrency, fee);
}
