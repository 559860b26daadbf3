/**
 * The paper exchange's state: plain JSON data (every amount a canonical decimal string, every
 * 64-bit id a string of digits), so a snapshot is `JSON.stringify` and a state file is its text.
 * Field names follow the public API reference where a value is shown on the wire.
 */

/** Order side. */
export type Side = 'buy' | 'sell';
/** Time in force. */
type Tif = 'gtc' | 'ioc' | 'poc' | 'fok';
/** Self-trade prevention action: cancel new, cancel old, cancel both. */
export type StpAct = 'cn' | 'co' | 'cb';
/** Spot wallet an order trades from. */
export type SpotAccountType = 'spot' | 'margin';

/** One currency's funds in a wallet. */
export interface Balance {
  available: string;
  locked: string;
}

/** A perpetual futures position (single position mode, isolated margin). */
export interface PositionState {
  /** Signed size in contracts: positive long, negative short. */
  size: string;
  /** Signed cost of the open size (size × multiplier × fill prices); entry price = cost / (size × multiplier). */
  cost: string;
  /** Isolated margin held by the position. */
  margin: string;
  /** Leverage of the position (isolated). */
  leverage: string;
  /** Realised PnL of the current position: closing PnL plus fees. */
  realisedPnl: string;
  pnlPnl: string;
  pnlFee: string;
  /** Realised PnL of positions closed before. */
  historyPnl: string;
  lastClosePnl: string;
  openTimeMs: number;
  updateTimeMs: number;
  updateId: number;
}

/** An account's futures wallet in one settlement currency. */
export interface FuturesWallet {
  /** Cumulative flows; `total` is their sum (dnw + pnl + fee + refr + fund). */
  history: { dnw: string; pnl: string; fee: string; refr: string; fund: string };
  /** Positions by contract name. */
  positions: Record<string, PositionState>;
}

/** A trading account: one key pair, spot, margin and futures wallets, an optional STP group. */
export interface AccountState {
  uid: number;
  name: string;
  /** STP group id; 0 when the account is in no group. */
  stpId: number;
  /** Spot wallet by currency. */
  spot: Record<string, Balance>;
  /** Isolated margin wallets by currency pair, then currency. */
  margin: Record<string, Record<string, Balance>>;
  /** Futures wallets by settlement currency (lower case, as in the path). */
  futures: Record<string, FuturesWallet>;
}

/** How a spot order ended (the reference's `finish_as`). */
export type SpotFinish = 'open' | 'filled' | 'cancelled' | 'ioc' | 'fok' | 'stp' | 'depth_not_enough';

/** A spot or margin order. */
export interface SpotOrderState {
  id: string;
  uid: number;
  pair: string;
  account: SpotAccountType;
  type: 'limit' | 'market';
  side: Side;
  /** As placed: base amount (limit, market sell) or quote amount (market buy). */
  amount: string;
  /** Limit price; `0` for market orders. */
  price: string;
  tif: Tif;
  text: string;
  amendText: string;
  /** As sent; `undefined` when the order did not set it. */
  stpAct: StpAct | undefined;
  stpId: number;
  status: 'open' | 'closed' | 'cancelled';
  finishAs: SpotFinish;
  /** Still to fill, in the unit of `amount`. */
  left: string;
  filledAmount: string;
  filledTotal: string;
  fee: string;
  /** Funds still locked for this order (quote for buys, base for sells). */
  locked: string;
  /** Time priority: a larger number queues behind a smaller one at the same price. */
  priority: number;
  createMs: number;
  updateMs: number;
}

/** A spot fill between a taker and a maker order. */
export interface SpotTradeState {
  id: string;
  /** Consecutive trade number within the market. */
  sequence: number;
  pair: string;
  timeMs: number;
  price: string;
  /** Base amount. */
  amount: string;
  takerOrderId: string;
  makerOrderId: string;
  /** Side of the taker. */
  takerSide: Side;
  takerFee: string;
  makerFee: string;
}

/** A spot currency pair and its order book (order ids in queue order, best first). */
export interface SpotMarketState {
  pair: string;
  base: string;
  quote: string;
  /** Decimals allowed in amounts and prices. */
  amountPrecision: number;
  pricePrecision: number;
  minBaseAmount: string;
  minQuoteAmount: string;
  /** Price set through the control API (or the seed); tickers show it until a trade happens after it. */
  referencePrice: string;
  referenceMs: number;
  /** Resting order ids in queue order (best price, then oldest first): read from the order book, a fresh array on each read. */
  readonly bids: readonly string[];
  readonly asks: readonly string[];
  /** Order book version, bumped on every change; `updateMs` is when it last changed. */
  bookVersion: number;
  bookUpdateMs: number;
  tradeCount: number;
}

/** How a futures order ended. */
export type FuturesFinish = 'filled' | 'cancelled' | 'ioc' | 'reduce_only' | 'position_closed' | 'stp';

/** A perpetual futures order. */
export interface FuturesOrderState {
  id: string;
  uid: number;
  settle: string;
  contract: string;
  /** Signed size as placed (`0` for a close order). */
  size: string;
  /** Buy for a positive size (or a close of a short), sell otherwise. */
  side: Side;
  /** Limit price; `0` for a market order. */
  price: string;
  tif: Tif;
  text: string;
  amendText: string;
  reduceOnly: boolean;
  close: boolean;
  stpAct: StpAct | undefined;
  stpId: number;
  status: 'open' | 'finished';
  finishAs: FuturesFinish | undefined;
  /** Signed size still to fill. */
  left: string;
  /** Signed filled size and the filled value (Σ size × price) for the average fill price. */
  filled: string;
  filledValue: string;
  /** Initial margin reserved for the open part. */
  orderMargin: string;
  priority: number;
  createMs: number;
  updateMs: number;
  finishMs: number | undefined;
}

/** A futures fill. */
export interface FuturesTradeState {
  id: string;
  settle: string;
  contract: string;
  timeMs: number;
  price: string;
  /** Unsigned size in contracts. */
  size: string;
  takerOrderId: string;
  makerOrderId: string;
  takerSide: Side;
  takerFee: string;
  makerFee: string;
  /** Signed part of each side's fill that reduced its position. */
  takerCloseSize: string;
  makerCloseSize: string;
}

/** A perpetual contract and its order book. */
export interface ContractState {
  name: string;
  settle: string;
  quantoMultiplier: string;
  /** Mark price: unrealised PnL and position value use it; the control API moves it. */
  markPrice: string;
  referencePrice: string;
  referenceMs: number;
  leverageMin: string;
  leverageMax: string;
  /** Default leverage of new positions. */
  leverage: string;
  maintenanceRate: string;
  orderPriceRound: string;
  orderSizeMin: string;
  orderSizeMax: string;
  /** Resting order ids in queue order (best price, then oldest first): read from the order book, a fresh array on each read. */
  readonly bids: readonly string[];
  readonly asks: readonly string[];
  bookVersion: number;
  bookUpdateMs: number;
}

/** One balance change, as the account book endpoints list it. */
export interface BookEntry {
  id: string;
  uid: number;
  timeMs: number;
  wallet: 'spot' | 'margin' | 'futures';
  currency: string;
  /** Margin entries: the pair; futures entries: the contract. */
  market: string;
  change: string;
  /** Wallet balance (available + locked, or futures total) after the change. */
  balance: string;
  type: string;
  text: string;
  tradeId: string;
}

/** Maker and taker fee rates. */
interface FeeRates {
  maker: string;
  taker: string;
}

/** Everything the paper exchange knows. */
/** A running countdown that cancels an account's open orders when it ends (countdown.ts). */
export interface CountdownState {
  uid: number;
  market: 'spot' | 'futures';
  /** Futures: the settle currency (lower case, as in the path). */
  settle?: string | undefined;
  /** Only this currency pair (spot) or contract (futures); every one when absent. */
  only?: string | undefined;
  /** When it fires, epoch ms. */
  endsAtMs: number;
}

export interface ExchangeState {
  version: 1;
  fees: { spot: FeeRates; futures: FeeRates };
  /** Accounts by uid. */
  accounts: Record<string, AccountState>;
  spotMarkets: Record<string, SpotMarketState>;
  spotOrders: Record<string, SpotOrderState>;
  spotTrades: SpotTradeState[];
  /** Contracts by settlement currency, then name. */
  contracts: Record<string, Record<string, ContractState>>;
  futuresOrders: Record<string, FuturesOrderState>;
  futuresTrades: FuturesTradeState[];
  book: BookEntry[];
  /** Spot and margin fees collected by the exchange, by currency. */
  feesCollected: Record<string, string>;
  /** Futures fees collected, by settlement currency (lower case, as in the path). */
  futuresFeesCollected: Record<string, string>;
  /** Running countdowns by account and scope (absent in states saved before they existed). */
  countdowns?: Record<string, CountdownState>;
  /** Next ids (digits) and the priority counter. */
  next: { spotOrder: string; spotTrade: string; futuresOrder: string; futuresTrade: string; bookEntry: string };
  priority: number;
}
