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

/** The id after `id` (a string of digits): counted as a number while it has at most 15 digits, as a bigint beyond. */
export function nextId(id: string): string {
  if (id.length > 0 && id.length <= 15) {
    let n = 0;
    for (let i = 0; i < id.length; i += 1) {
      const d = id.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return (BigInt(id) + 1n).toString();
      n = n * 10 + d;
    }
    return String(n + 1);
  }
  return (BigInt(id) + 1n).toString();
}

/** Hands out the next time priority (later orders queue behind earlier ones at one price). */
export function takePriority(state: ExchangeState): number {
  state.priority += 1;
  return state.priority;
}
