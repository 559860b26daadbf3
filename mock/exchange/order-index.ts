/**
 * What the engine finds orders by, kept beside the exchange state (which stays plain JSON data):
 * each market's order book as price levels, the open orders of each account per market, every
 * order of an account, and an account's orders by their `text` label. An index is built from a
 * state the first time the engine meets that state (a fresh one, a state file, a copy), then kept
 * up to date where an order is placed and where it ends; `book.ts` keeps the books.
 *
 * Once a market's book is built, the market's `bids` and `asks` are read from it (a fresh array of
 * order ids in queue order on each read), so snapshots and state files still carry the queues and
 * a state file is read back the same way.
 */
import { BookSide } from './price-levels.js';
import type { ContractState, ExchangeState, FuturesOrderState, SpotMarketState, SpotOrderState } from './types.js';

/** Both sides of one order book. */
export interface SideBooks {
  bids: BookSide;
  asks: BookSide;
}

/** What an index needs of an order. */
interface Indexed {
  id: string;
  uid: number;
  text: string;
  status: string;
}

/** The lookups of one kind of order (spot or futures): books, open orders, orders by account and by label. */
export class Lookups<O extends Indexed> {
  readonly books = new Map<string, SideBooks>();
  /**
   * Per account: its markets, in the order its first open order in each was placed, with the ids
   * of its open orders there. The ids are filled in the first time the account's open orders are
   * asked for (from its orders still open, in placement order), then kept up to date: accounts
   * never asked for cost one market entry each here.
   */
  readonly #open = new Map<number, OpenOrders>();
  readonly #all = new Map<number, string[]>();
  /**
   * Per account and label: the one order id with it, or the ids (most labels name one order, so no
   * array for them). Made for an account the first time its orders are looked up by label (from
   * its orders in placement order), then kept up to date: accounts never looked up by label cost nothing here.
   */
  readonly #byText = new Map<number, Map<string, string | string[]>>();

  constructor(
    readonly orders: Readonly<Record<string, O>>,
    readonly marketOf: (order: O) => string,
  ) {
    for (const order of Object.values(orders)) this.placed(order);
  }

  /**
   * Notes a placed order (open, or ended already when read from a state). `rests: false` says an
   * open order ends within its placement (a taker that never rests): it joins no open set, though
   * its market still takes its place among the account's markets, so listings keep their order.
   */
  placed(order: O, rests = true): void {
    let all = this.#all.get(order.uid);
    if (all === undefined) this.#all.set(order.uid, (all = [order.id]));
    else all.push(order.id);
    const texts = this.#byText.get(order.uid);
    if (texts !== undefined) addNamed(texts, order.text, order.id);
    if (order.status !== 'open') return;
    const account = this.#openOf(order.uid);
    const ids = openIn(account, this.marketOf(order));
    if (account.filled) {
      if (rests) ids.add(order.id);
    } else if (!rests) {
      account.unlisted.push(all.length - 1);
    }
  }

  /** Notes that an order ended. */
  ended(order: O): void {
    const account = this.#open.get(order.uid);
    if (account?.filled === true) account.markets.get(this.marketOf(order))?.delete(order.id);
  }

  /** Open orders of `uid`, in the markets `market` accepts (in the order they were placed). */
  open(uid: number, market: (key: string) => boolean): O[] {
    const out: O[] = [];
    const account = this.#open.get(uid);
    if (account === undefined) return out;
    if (!account.filled) this.#fillOpen(uid, account);
    for (const [key, ids] of account.markets) if (market(key)) this.#resolve(ids, out);
    return out;
  }

  /** Every order of `uid`, in the order they were placed. */
  all(uid: number): O[] {
    return this.#resolve(this.#all.get(uid));
  }

  /** The orders of `uid` with `text`, in the order they were placed. */
  named(uid: number, text: string): O[] {
    let texts = this.#byText.get(uid);
    if (texts === undefined) {
      texts = new Map<string, string | string[]>();
      for (const id of this.#all.get(uid) ?? []) {
        const order = this.orders[id];
        if (order !== undefined) addNamed(texts, order.text, id);
      }
      this.#byText.set(uid, texts);
    }
    const named = texts.get(text);
    return this.#resolve(typeof named === 'string' ? [named] : named);
  }

  /** The orders of `ids` (those the state still holds), added to `out`. */
  #resolve(ids: Iterable<string> | undefined, out: O[] = []): O[] {
    for (const id of ids ?? []) {
      const order = this.orders[id];
      if (order !== undefined) out.push(order);
    }
    return out;
  }

  #openOf(uid: number): OpenOrders {
    let account = this.#open.get(uid);
    if (account === undefined) {
      this.#open.set(uid, (account = { filled: false, markets: new Map(), unlisted: [] }));
    }
    return account;
  }

  /** Fills in the open order ids of `uid`: its orders still open and placed to rest, in placement order. */
  #fillOpen(uid: number, account: OpenOrders): void {
    const all = this.#all.get(uid) ?? [];
    const unlisted = account.unlisted;
    let skip = 0;
    for (let at = 0; at < all.length; at += 1) {
      if (unlisted[skip] === at) {
        skip += 1;
        continue;
      }
      const id = all[at] as string;
      const order = this.orders[id];
      if (order !== undefined && order.status === 'open') openIn(account, this.marketOf(order)).add(id);
    }
    account.filled = true;
    account.unlisted = [];
  }
}

/** The open orders of one account by market; `filled`: the id sets are filled in (see `Lookups.#open`). */
interface OpenOrders {
  filled: boolean;
  readonly markets: Map<string, Set<string>>;
  /** Until filled: the places among the account's orders of those placed not to rest (`placed(o, false)`), ascending. */
  unlisted: number[];
}

/** The open order ids of `account` in market `key` (an empty set the first time the market is met). */
function openIn(account: OpenOrders, key: string): Set<string> {
  let ids = account.markets.get(key);
  if (ids === undefined) account.markets.set(key, (ids = new Set<string>()));
  return ids;
}

/** Adds order `id` to the ids labelled `text`. */
function addNamed(texts: Map<string, string | string[]>, text: string, id: string): void {
  const named = texts.get(text);
  if (named === undefined) texts.set(text, id);
  else if (typeof named === 'string') texts.set(text, [named, id]);
  else named.push(id);
}

/** The market key of a futures contract: `settle/name`. */
export const contractKey = (settle: string, name: string): string => `${settle}/${name}`;

interface OrderIndex {
  spot: Lookups<SpotOrderState>;
  futures: Lookups<FuturesOrderState>;
  /** Accounts that ever traded each contract (only they can hold a position in it), by contract key. */
  traders: Map<string, Set<number>>;
}

const indexes = new WeakMap<ExchangeState, OrderIndex>();

function indexOf(state: ExchangeState): OrderIndex {
  let index = indexes.get(state);
  if (index === undefined) {
    index = {
      spot: new Lookups(state.spotOrders, (o) => o.pair),
      futures: new Lookups(state.futuresOrders, (o) => contractKey(o.settle, o.contract)),
      traders: new Map(),
    };
    for (const t of state.futuresTrades) {
      for (const id of [t.takerOrderId, t.makerOrderId]) {
        const uid = state.futuresOrders[id]?.uid;
        if (uid !== undefined) traderSet(index, contractKey(t.settle, t.contract)).add(uid);
      }
    }
    indexes.set(state, index);
  }
  return index;
}

function traderSet(index: OrderIndex, key: string): Set<number> {
  let uids = index.traders.get(key);
  if (uids === undefined) index.traders.set(key, (uids = new Set<number>()));
  return uids;
}

/** Notes that `uid` traded `contract` (so it may hold a position in it). */
export function noteContractTrader(state: ExchangeState, contract: ContractState, uid: number): void {
  traderSet(indexOf(state), contractKey(contract.settle, contract.name)).add(uid);
}

/** The accounts that ever traded `contract`: the only ones that can hold a position in it. */
export function contractTraders(state: ExchangeState, contract: ContractState): ReadonlySet<number> {
  return traderSet(indexOf(state), contractKey(contract.settle, contract.name));
}

/** The spot lookups of `state`. */
export function spotIndex(state: ExchangeState): Lookups<SpotOrderState> {
  return indexOf(state).spot;
}

/** The futures lookups of `state`. */
export function futuresIndex(state: ExchangeState): Lookups<FuturesOrderState> {
  return indexOf(state).futures;
}

/** The order book of a spot market. */
export function spotBooks(state: ExchangeState, market: SpotMarketState): SideBooks {
  return booksOf(spotIndex(state), market.pair, market, state.spotOrders);
}

/** The order book of a futures contract. */
export function futuresBooks(state: ExchangeState, contract: ContractState): SideBooks {
  return booksOf(futuresIndex(state), contractKey(contract.settle, contract.name), contract, state.futuresOrders);
}

/** The books of `key`: built from the market's queues the first time, which from then on read from them. */
function booksOf<O extends Indexed>(
  lookups: Lookups<O>,
  key: string,
  market: SpotMarketState | ContractState,
  orders: Readonly<Record<string, O & { price: string; priority: number }>>,
): SideBooks {
  const found = lookups.books.get(key);
  if (found !== undefined) return found;
  const books: SideBooks = { bids: new BookSide('buy'), asks: new BookSide('sell') };
  for (const side of ['bids', 'asks'] as const) {
    for (const id of market[side]) {
      const order = orders[id];
      if (order !== undefined) books[side].add(id, order.price, order.priority);
    }
    const book = books[side];
    Object.defineProperty(market, side, { get: () => [...book.ids()], enumerable: true, configurable: true });
  }
  lookups.books.set(key, books);
  return books;
}
