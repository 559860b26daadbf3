/**
 * Ids and time priority. Ids are strings of digits counted up from the values in `state.next`;
 * futures order ids start above 2^53, so a client that reads them as floats loses digits and the
 * tests notice.
 */
import type { ExchangeState } from './types.js';

/** First id of each kind in a fresh state. */
export const FIRST_IDS: ExchangeState['next'] = {
  spotOrder: '700000000001',
  spotTrade: '5000000001',
  futuresOrder: '36028797018964001',
  futuresTrade: '90000001',
  bookEntry: '8000000001',
};

/** Hands out the next id of `kind`. */
export function takeId(state: ExchangeState, kind: keyof ExchangeState['next']): string {
  const id = state.next[kind];
  state.next[kind] = nextId(id);
  return id;
}

/** Hands out the next time priority (later orders queue behind earlier ones at one price). */
export function takePriority(state: ExchangeState): number {
  state.priority += 1;
  return state.priority;
}

const ZERO = 48;
const NINE = 57;

/**
 * The id after `id` (a string of digits, no leading zero), exactly: the last digit counted up in
 * the text when it is not a 9, else counted as a number while it has at most 15 digits, as a
 * bigint beyond (and for anything else, which `BigInt` reads or refuses).
 */
export function nextId(id: string): string {
  const n = id.length;
  if (n === 0 || (n > 1 && id.charCodeAt(0) === ZERO)) return (BigInt(id) + 1n).toString();
  let units = 0;
  for (let i = 0; i < n; i += 1) {
    const c = id.charCodeAt(i);
    if (c < ZERO || c > NINE) return (BigInt(id) + 1n).toString();
    units = units * 10 + (c - ZERO);
  }
  const last = id.charCodeAt(n - 1);
  if (last !== NINE) return id.slice(0, n - 1) + String.fromCharCode(last + 1);
  return n <= 15 ? String(units + 1) : (BigInt(id) + 1n).toString();
}
