/**
 * Order book moves: an order rests on its side (behind every order of its price it does not beat
 * in time priority), leaves it, and the book's change stamp follows. Bids by price high to low,
 * asks low to high; the sides are price levels (`price-levels.ts`), reached through the state's
 * index (`order-index.ts`).
 */
import { compareDecimal } from '../decimal.js';
import type { SideBooks } from './order-index.js';
import type { BookSide } from './price-levels.js';
import type { Side } from './types.js';

/** The side a resting order of `side` joins. */
function queueOf<T>(book: { bids: T; asks: T }, side: Side): T {
  return side === 'buy' ? book.bids : book.asks;
}

/** The side a taker of `side` matches against. */
export function oppositeQueue<T>(book: { bids: T; asks: T }, side: Side): T {
  return side === 'buy' ? book.asks : book.bids;
}

/** A book's change stamp (on a spot market or a futures contract). */
export interface BookStamp {
  bookVersion: number;
  bookUpdateMs: number;
}

/** What resting needs of an order. */
export interface RestingOrder {
  id: string;
  side: Side;
  price: string;
  priority: number;
}

/** Marks the order book changed. */
export function touchBook(stamp: BookStamp, nowMs: number): void {
  stamp.bookVersion += 1;
  stamp.bookUpdateMs = nowMs;
}

/** Rests `order` on its side of `books` and marks the book changed. */
export function restOrder(books: SideBooks, stamp: BookStamp, order: RestingOrder, nowMs: number): void {
  queueOf(books, order.side).add(order.id, order.price, order.priority);
  touchBook(stamp, nowMs);
}

/** Takes a resting order off its side without marking the book (no-op when not resting). */
export function unrest(books: SideBooks, order: { id: string; side: Side }): boolean {
  return queueOf(books, order.side).remove(order.id);
}

/** Takes a resting order off its side and marks the book changed (no-op when not resting). */
export function leaveBook(books: SideBooks, stamp: BookStamp, order: { id: string; side: Side }, nowMs: number): void {
  if (unrest(books, order)) touchBook(stamp, nowMs);
}

/** The resting orders of `side` best first (price, then time), as `orders` holds them. */
export function* restingOrders<O>(side: BookSide, orders: Readonly<Record<string, O>>): Generator<O, void, undefined> {
  for (const level of side.levels()) {
    for (let slot = level.head; slot !== undefined; slot = slot.next) {
      const order = orders[slot.id];
      if (order !== undefined) yield order;
    }
  }
}

/** Whether a taker of `side` with `limit` (undefined: market) would trade with a maker at `makerPrice`. */
export function crosses(side: Side, limit: string | undefined, makerPrice: string): boolean {
  if (limit === undefined) return true;
  const c = compareDecimal(makerPrice, limit);
  return side === 'buy' ? c <= 0 : c >= 0;
}
