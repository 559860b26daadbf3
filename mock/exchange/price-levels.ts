/**
 * One side of an order book as price levels. Each level is one price with its resting orders in
 * time priority (a doubly linked FIFO queue); the levels are kept in a binary heap, best price at
 * the root (bids: highest first, asks: lowest first), and in a map by price; every order has a
 * slot found by its id.
 *
 * Why a heap with lazy deletion rather than a sorted array of levels: a sorted array finds a level
 * by binary search but must shift every level behind it when a level appears or empties, which is
 * O(levels) work on the many cancels of a deep book; the heap adds a level in O(log levels),
 * reaches the best price in O(1), and removes an emptied level in O(1) by marking it (the heap
 * drops marked levels when they reach the root, and is rebuilt when they outnumber the live ones).
 * The cost is paid where it is rare: reading levels in price order (matching, depth views) walks
 * the heap best-first with a small side heap, O(log k) per level for the first k levels.
 *
 * Costs, with n orders and L levels on the side: add O(1) at an existing price, O(log L) for a new
 * one; cancel by id O(1); best level O(1) amortised; the first k levels in order O(k log k).
 * Prices are compared exactly (`compareDecimal`); `work` counts comparisons and visited levels so
 * tests can hold the costs to these bounds.
 */
import { canonical, compareDecimal } from '../decimal.js';
import type { Side } from './types.js';

/** An order's place in its level's queue. */
export interface Slot {
  readonly id: string;
  readonly priority: number;
  readonly level: PriceLevel;
  prev: Slot | undefined;
  next: Slot | undefined;
}

/** One price of one side with its orders, oldest first. */
export interface PriceLevel {
  /** The price (canonical decimal). */
  readonly price: string;
  /** Orders resting at this price. */
  count: number;
  /** Whether the level is in the side (an emptied level is dropped lazily). */
  live: boolean;
  head: Slot | undefined;
  tail: Slot | undefined;
}

/** Work done so far, for complexity checks: price comparisons and levels visited in price order. */
export interface BookWork {
  comparisons: number;
  levelsVisited: number;
}

/** Where a walk of a side's levels stands: heap positions to look at next, and the last one returned. */
interface LevelWalk {
  readonly frontier: number[];
  last: number;
}

/** One side of one order book (see the file comment). */
export class BookSide {
  /** Bids (`buy`) or asks (`sell`). */
  readonly side: Side;
  /** Work counters (they only grow). */
  readonly work: BookWork = { comparisons: 0, levelsVisited: 0 };
  #heap: PriceLevel[] = [];
  readonly #levels = new Map<string, PriceLevel>();
  readonly #slots = new Map<string, Slot>();
  #stale = 0;

  /** An empty side. */
  constructor(side: Side) {
    this.side = side;
  }

  /** Number of resting orders. */
  get size(): number {
    return this.#slots.size;
  }

  /** Number of (non-empty) price levels. */
  get levelCount(): number {
    return this.#levels.size;
  }

  /** Whether order `id` rests on this side. */
  has(id: string): boolean {
    return this.#slots.has(id);
  }

  /** The level at `price` (any decimal spelling), if any order rests there. */
  levelAt(price: string): PriceLevel | undefined {
    return this.#levels.get(canonical(price));
  }

  /** Rests order `id` at `price`, behind every order of that price with a smaller or equal priority. */
  add(id: string, price: string, priority: number): void {
    if (this.#slots.has(id)) throw new Error(`order ${id} already rests on the ${this.side} side`);
    const key = canonical(price);
    let level = this.#levels.get(key);
    if (level === undefined) {
      level = { price: key, count: 0, live: true, head: undefined, tail: undefined };
      this.#levels.set(key, level);
      this.#push(level);
    }
    let after = level.tail;
    while (after !== undefined && after.priority > priority) after = after.prev;
    const before = after === undefined ? level.head : after.next;
    const slot: Slot = { id, priority, level, prev: after, next: before };
    if (after === undefined) level.head = slot;
    else after.next = slot;
    if (before === undefined) level.tail = slot;
    else before.prev = slot;
    level.count += 1;
    this.#slots.set(id, slot);
  }

  /** Takes order `id` off this side; `false` when it does not rest here. An emptied level goes with it. */
  remove(id: string): boolean {
    const slot = this.#slots.get(id);
    if (slot === undefined) return false;
    this.#slots.delete(id);
    const level = slot.level;
    if (slot.prev === undefined) level.head = slot.next;
    else slot.prev.next = slot.next;
    if (slot.next === undefined) level.tail = slot.prev;
    else slot.next.prev = slot.prev;
    level.count -= 1;
    if (level.count === 0) {
      level.live = false;
      this.#levels.delete(level.price);
      this.#stale += 1;
      if (this.#stale > 32 && this.#stale > this.#levels.size) this.#rebuild();
    }
    return true;
  }

  /** The best level (highest bid, lowest ask), if any. */
  best(): PriceLevel | undefined {
    this.#dropStaleRoot();
    return this.#heap[0];
  }

  /** The levels best first. Do not change the side while iterating. */
  *levels(): Generator<PriceLevel, void, undefined> {
    const walk = this.#walk();
    for (let level = this.#next(walk); level !== undefined; level = this.#next(walk)) yield level;
  }

  /**
   * Calls `visit` with the levels best first until it returns `false` (as `levels()`, without a
   * generator: matching's walk). Do not change the side while visiting.
   */
  visitLevels(visit: (level: PriceLevel) => boolean): void {
    const walk = this.#walk();
    for (let level = this.#next(walk); level !== undefined; level = this.#next(walk)) if (!visit(level)) return;
  }

  /** A walk of the levels best first, from the best one. */
  #walk(): LevelWalk {
    this.#dropStaleRoot();
    return { frontier: this.#heap.length > 0 ? [0] : [], last: -1 };
  }

  /**
   * The next level of `walk`, or undefined at the end. The children of the level it returned last
   * join the frontier only now, when the next level is asked for (a taker mostly stops in the first).
   */
  #next(walk: LevelWalk): PriceLevel | undefined {
    const heap = this.#heap;
    const frontier = walk.frontier;
    for (;;) {
      const left = 2 * walk.last + 1;
      if (walk.last >= 0 && left < heap.length) this.#pushFrontier(frontier, left);
      if (walk.last >= 0 && left + 1 < heap.length) this.#pushFrontier(frontier, left + 1);
      if (frontier.length === 0) return undefined;
      walk.last = this.#popFrontier(frontier);
      const level = heap[walk.last];
      if (level?.live === true) {
        this.work.levelsVisited += 1;
        return level;
      }
    }
  }

  /** The order ids of one level, oldest first. */
  *idsAt(level: PriceLevel): Generator<string, void, undefined> {
    for (let slot = level.head; slot !== undefined; slot = slot.next) yield slot.id;
  }

  /** Every order id in queue order: best price first, then oldest first. */
  *ids(): Generator<string, void, undefined> {
    for (const level of this.levels()) yield* this.idsAt(level);
  }

  /** Whether level `a` comes before level `b` on this side. */
  #before(a: PriceLevel, b: PriceLevel): boolean {
    this.work.comparisons += 1;
    const c = compareDecimal(a.price, b.price);
    return this.side === 'buy' ? c > 0 : c < 0;
  }

  #push(level: PriceLevel): void {
    const heap = this.#heap;
    heap.push(level);
    this.#siftUp(heap.length - 1);
  }

  #siftUp(start: number): void {
    const heap = this.#heap;
    let at = start;
    const level = heap[at] as PriceLevel;
    while (at > 0) {
      const parentAt = (at - 1) >> 1;
      const parent = heap[parentAt] as PriceLevel;
      if (!this.#before(level, parent)) break;
      heap[at] = parent;
      at = parentAt;
    }
    heap[at] = level;
  }

  #siftDown(start: number): void {
    const heap = this.#heap;
    const n = heap.length;
    let at = start;
    const level = heap[at] as PriceLevel;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      if (right < n && this.#before(heap[right] as PriceLevel, heap[left] as PriceLevel)) child = right;
      const candidate = heap[child] as PriceLevel;
      if (!this.#before(candidate, level)) break;
      heap[at] = candidate;
      at = child;
    }
    heap[at] = level;
  }

  /** Pops emptied levels off the root until a live one (or nothing) is there. */
  #dropStaleRoot(): void {
    const heap = this.#heap;
    while (heap.length > 0 && !(heap[0] as PriceLevel).live) {
      const last = heap.pop() as PriceLevel;
      this.#stale -= 1;
      if (heap.length > 0) {
        heap[0] = last;
        this.#siftDown(0);
      }
    }
  }

  /** Rebuilds the heap from the live levels only (Floyd's heapify, O(L)). */
  #rebuild(): void {
    this.#heap = [...this.#levels.values()];
    this.#stale = 0;
    for (let at = (this.#heap.length >> 1) - 1; at >= 0; at -= 1) this.#siftDown(at);
  }

  /** Best-first traversal of the heap: a side heap of heap positions, ordered by their levels. */
  #pushFrontier(frontier: number[], position: number): void {
    const heap = this.#heap;
    let at = frontier.length;
    frontier.push(position);
    while (at > 0) {
      const parentAt = (at - 1) >> 1;
      const parent = frontier[parentAt] as number;
      if (!this.#before(heap[position] as PriceLevel, heap[parent] as PriceLevel)) break;
      frontier[at] = parent;
      at = parentAt;
    }
    frontier[at] = position;
  }

  #popFrontier(frontier: number[]): number {
    const heap = this.#heap;
    const top = frontier[0] as number;
    const last = frontier.pop() as number;
    const n = frontier.length;
    if (n === 0) return top;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      const l = frontier[left] as number;
      if (right < n && this.#before(heap[frontier[right] as number] as PriceLevel, heap[l] as PriceLevel)) {
        child = right;
      }
      const candidate = frontier[child] as number;
      if (!this.#before(heap[candidate] as PriceLevel, heap[last] as PriceLevel)) break;
      frontier[at] = candidate;
      at = child;
    }
    frontier[at] = last;
    return top;
  }
}
