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
  state.next[kind] = (BigInt(id) + 1n).toString();
  return id;
}

/** Hands out the next time priority (later orders queue behind earlier ones at one price). */
export function takePriority(state: ExchangeState): number {
  state.priority += 1;
  return state.priority;
}
