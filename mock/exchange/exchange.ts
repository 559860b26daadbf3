/**
 * `PaperExchange`: the engine's state with its clock, seed and optional state file, and the
 * control operations (set a price or the mark price, add resting liquidity, reset). Requests
 * change the state through `change()` (saved to the state file afterwards) and read it through
 * `read()`. The clock is injected: the mock passes its server clock, tests pass their own.
 */
import { abs, isZero, mul } from '../decimal.js';
import { fireCountdowns } from './countdown.js';
import { invalidParam } from '../errors.js';
import { contractOf, placeFuturesOrder } from './futures-place.js';
import { bookFutures } from './futures-wallet.js';
import { initialMargin, leverageOf } from './futures-position.js';
import { bodyRecord, decimalField, optionalText, requiredOneOf, requiredText } from './order-fields.js';
import { readStateFile, writeStateFile } from './persist.js';
import { loadSeedFile } from './seed-file.js';
import type { Seed } from './seed-file.js';
import { placeSpotOrder, spotMarket } from './spot-place.js';
import { createState } from './state.js';
import type { ExchangeState, FuturesOrderState, SpotOrderState } from './types.js';
import { credit } from './wallets.js';

/** Options of a {@link PaperExchange}. */
export interface PaperExchangeOptions {
  /** The seed, or the path of a seed file. */
  seed: Seed | string;
  /** Time source, epoch ms. */
  now: () => number;
  /** When given: the state is read from this file at start (if it exists) and written after every change. */
  stateFile?: string | undefined;
}

/** A price to set: a spot pair's price, or a contract's mark price. */
export type PriceUpdate =
  { currency_pair: string; price: string } | { settle: string; contract: string; mark_price: string };

/** A resting order to add: spot (`currency_pair`, `side`, `price`, `amount`) or futures (`settle`, `contract`, `price`, signed `size`). */
export type LiquidityOrder =
  | { uid?: number; currency_pair: string; side: 'buy' | 'sell'; price: string; amount: string }
  | { uid?: number; settle: string; contract: string; price: string; size: string };

/** The paper exchange behind the mock's trading endpoints. */
export class PaperExchange {
  readonly seed: Seed;
  readonly #now: () => number;
  readonly #stateFile: string | undefined;
  #state: ExchangeState;

  /** Loads the seed (checked) and the state file when there is one; otherwise starts from the seed. */
  constructor(options: PaperExchangeOptions) {
    this.seed = typeof options.seed === 'string' ? loadSeedFile(options.seed) : options.seed;
    this.#now = options.now;
    this.#stateFile = options.stateFile;
    this.#state =
      (this.#stateFile === undefined ? undefined : readStateFile(this.#stateFile)) ??
      createState(this.seed, this.#now());
    this.#save();
  }

  /** Key pairs of the seed's accounts: key to secret and uid. */
  accountKeys(): Map<string, { secret: string; uid: number }> {
    return new Map(this.seed.accounts.map((a) => [a.key, { secret: a.secret, uid: a.uid }]));
  }

  /** Reads the state (do not change it here), after firing the countdowns that have ended (countdown.ts). */
  read<T>(fn: (state: ExchangeState, nowMs: number) => T): T {
    const nowMs = this.#now();
    if (fireCountdowns(this.#state, nowMs)) this.#save();
    return fn(this.#state, nowMs);
  }

  /**
   * Changes the state, after firing the countdowns that have ended; the state file (if any) is
   * written afterwards, also when `fn` throws.
   */
  change<T>(fn: (state: ExchangeState, nowMs: number) => T): T {
    const nowMs = this.#now();
    try {
      fireCountdowns(this.#state, nowMs);
      return fn(this.#state, nowMs);
    } finally {
      this.#save();
    }
  }

  /** A deep copy of the state (JSON data). */
  snapshot(): ExchangeState {
    return structuredClone(this.#state);
  }

  /** Back to the seed as of now (the state file is overwritten). */
  reset(): void {
    this.#state = createState(this.seed, this.#now());
    this.#save();
  }

  /** Sets a spot pair's price (tickers show it until the next trade) or a contract's mark price. */
  setPrice(update: PriceUpdate | Readonly<Record<string, unknown>>): void {
    const b = bodyRecord(update, 'a price');
    this.change((state, nowMs) => {
      if (b['currency_pair'] !== undefined) {
        const market = spotMarket(state, requiredText(b, 'currency_pair'));
        market.referencePrice = decimalField(b, 'price', 'positive');
        market.referenceMs = nowMs;
        return;
      }
      const contract = contractOf(state, requiredText(b, 'settle'), requiredText(b, 'contract'));
      contract.markPrice = decimalField(b, 'mark_price', 'positive');
      contract.referencePrice = contract.markPrice;
      contract.referenceMs = nowMs;
    });
  }

  /**
   * Adds a resting order for `uid` (default: the seed's liquidity provider). The funds the order
   * needs are deposited to that account first (an account book `deposit` / `dnw` entry), so it can
   * always be placed; it then matches like any order.
   */
  addLiquidity(order: LiquidityOrder | Readonly<Record<string, unknown>>): SpotOrderState | FuturesOrderState {
    const b = bodyRecord(order, 'a liquidity order');
    const uid = typeof b['uid'] === 'number' ? b['uid'] : this.liquidityProvider();
    const text = optionalText(b, 'text') ?? 't-liquidity';
    const info = { type: 'deposit', text: 'liquidity' };
    return this.change((state, nowMs) => {
      if (b['currency_pair'] !== undefined) {
        const market = spotMarket(state, requiredText(b, 'currency_pair'));
        const side = requiredOneOf(b, 'side', ['buy', 'sell'] as const);
        const price = decimalField(b, 'price', 'positive');
        const amount = decimalField(b, 'amount', 'positive');
        const [currency, needed] = side === 'buy' ? [market.quote, mul(amount, price)] : [market.base, amount];
        credit(state, { uid, kind: 'spot', pair: '' }, currency, needed, info, nowMs);
        return placeSpotOrder(state, uid, { currency_pair: market.pair, side, price, amount, text }, nowMs);
      }
      const settle = requiredText(b, 'settle');
      const contract = contractOf(state, settle, requiredText(b, 'contract'));
      const price = decimalField(b, 'price', 'positive');
      const size = decimalField(b, 'size', 'any');
      if (isZero(size)) throw invalidParam('size', size, 'must not be 0');
      const margin = initialMargin(contract, abs(size), price, leverageOf(state, uid, contract));
      bookFutures(
        state,
        uid,
        settle,
        'dnw',
        margin,
        { contract: contract.name, text: 'liquidity', tradeId: '' },
        nowMs,
      );
      return placeFuturesOrder(state, uid, settle, { contract: contract.name, size, price, text }, nowMs);
    });
  }

  /** The account that holds the seed's resting liquidity (the first liquidity entry's, else the last account). */
  liquidityProvider(): number {
    return this.seed.liquidity[0]?.uid ?? this.seed.accounts.at(-1)?.uid ?? 0;
  }

  /** Writes the state file now (also done after every change). */
  flush(): void {
    this.#save();
  }

  #save(): void {
    if (this.#stateFile !== undefined) writeStateFile(this.#stateFile, this.#state);
  }
}
