/**
 * The countdown that cancels open orders (`POST /spot/countdown_cancel_all`,
 * `POST /futures/{settle}/countdown_cancel_all`): a dead man's switch per account and market
 * (spot, or one settle currency of futures), narrowed to one currency pair or contract when given.
 * Each call starts a new countdown of `timeout` seconds on the mock clock; `timeout: 0` stops it.
 * A countdown whose end has passed fires before anything else reads or changes the state: the
 * account's open orders in its scope are cancelled as of the countdown's end. No timer runs, so
 * tests drive it with the mock clock alone.
 */
import { MockHttpError } from '../errors.js';
import { cancelFuturesOrders } from './futures-manage.js';
import { cancelSpotOrders } from './spot-manage.js';
import type { CountdownState, ExchangeState } from './types.js';

/** Whose orders a countdown cancels: an account's spot orders, or its futures orders in one settle currency. */
export type CountdownScope = Omit<CountdownState, 'endsAtMs'>;

const keyOf = (c: CountdownScope): string => [c.market, c.uid, c.settle ?? '', c.only ?? ''].join(' ');

/**
 * Starts (or, with `timeout` 0, stops) the countdown of `scope`; returns when it ends (epoch ms),
 * `0` once stopped. 400 INVALID_PARAM_VALUE for a timeout other than 0 or a whole number of at
 * least 5 seconds.
 */
export function setCountdown(state: ExchangeState, scope: CountdownScope, timeout: unknown, nowMs: number): number {
  if (typeof timeout !== 'number' || !Number.isInteger(timeout) || (timeout !== 0 && timeout < 5)) {
    throw new MockHttpError(400, 'INVALID_PARAM_VALUE', `Invalid parameter \`timeout\` with value: ${String(timeout)}`);
  }
  const countdowns = (state.countdowns ??= {});
  const key = keyOf(scope);
  if (timeout === 0) {
    delete countdowns[key];
    return 0;
  }
  const endsAtMs = nowMs + timeout * 1000;
  countdowns[key] = { ...scope, endsAtMs };
  return endsAtMs;
}

/** Fires every countdown that has ended by `nowMs`, oldest end first; returns whether any fired. */
export function fireCountdowns(state: ExchangeState, nowMs: number): boolean {
  const countdowns = state.countdowns;
  if (countdowns === undefined) return false;
  const ended = Object.entries(countdowns)
    .filter(([, c]) => c.endsAtMs <= nowMs)
    .sort(([, a], [, b]) => a.endsAtMs - b.endsAtMs);
  for (const [key, c] of ended) {
    delete countdowns[key];
    if (c.market === 'spot') cancelSpotOrders(state, c.uid, { pair: c.only }, c.endsAtMs);
    else cancelFuturesOrders(state, c.uid, c.settle ?? '', { contract: c.only }, c.endsAtMs);
  }
  return ended.length > 0;
}
