/**
 * Order book queues: order ids per side, best first. Bids by price high to low, asks low to high;
 * at one price, by time priority (a smaller priority number first). Pure helpers over arrays.
 */
import { compareDecimal } from '../decimal.js';
import type { Side } from './types.js';

/** What a queue orders by. */
export interface QueueKey {
  price: string;
  priority: number;
}

/** The queue a resting order of `side` joins. */
export function queueOf<T>(book: { bids: T; asks: T }, side: Side): T {
  return side === 'buy' ? book.bids : book.asks;
}

/** The queue a taker of `side` matches against. */
export function oppositeQueue<T>(book: { bids: T; asks: T }, side: Side): T {
  return side === 'buy' ? book.asks : book.bids;
}

/** A book with its change stamp (a spot market or a futures contract). */
export interface StampedBook {
  bids: string[];
  asks: string[];
  bookVersion: number;
  bookUpdateMs: number;
}

/** Marks the order book changed. */
export function touchBook(book: { bookVersion: number; bookUpdateMs: number }, nowMs: number): void {
  book.bookVersion += 1;
  book.bookUpdateMs = nowMs;
}

/** Takes a resting order out of its side of the book and marks the book changed (no-op when not resting). */
export function leaveBook(book: StampedBook, order: { id: string; side: Side }, nowMs: number): void {
  const queue = queueOf(book, order.side);
  if (!queue.includes(order.id)) return;
  dequeue(queue, order.id);
  touchBook(book, nowMs);
}

/** Whether `a` comes before `b` in the queue of `side`. */
export function ahead(side: Side, a: QueueKey, b: QueueKey): boolean {
  const byPrice = compareDecimal(a.price, b.price);
  if (byPrice !== 0) return side === 'buy' ? byPrice > 0 : byPrice < 0;
  return a.priority < b.priority;
}

/** Inserts `id` into `queue` (of `side`) behind every order it does not beat. */
export function enqueue(queue: string[], side: Side, id: string, key: QueueKey, keyOf: (id: string) => QueueKey): void {
  const at = queue.findIndex((other) => ahead(side, key, keyOf(other)));
  if (at < 0) queue.push(id);
  else queue.splice(at, 0, id);
}

/** Removes `id` from `queue` (no-op when absent). */
export function dequeue(queue: string[], id: string): void {
  const at = queue.indexOf(id);
  if (at >= 0) queue.splice(at, 1);
}

/** Whether a taker of `side` with `limit` (undefined: market) would trade with a maker at `makerPrice`. */
export function crosses(side: Side, limit: string | undefined, makerPrice: string): boolean {
  if (limit === undefined) return true;
  const c = compareDecimal(makerPrice, limit);
  return side === 'buy' ? c <= 0 : c >= 0;
}
