/**
 * Position arithmetic for perpetual futures in single position mode with isolated margin. A fill
 * first reduces an opposite position (realising PnL against the position's cost), then opens or
 * adds with what is left. The cost is kept exactly (Σ size × multiplier × price); a partial close
 * takes its share of the cost, and the same rounded share leaves the cost and enters the PnL, so
 * over all accounts `Σ futures total − Σ position cost + fees collected` never changes.
 */
import { abs, add, compareDecimal, div, isZero, max, mul, neg, sign, sub } from '../decimal.js';
import type { ContractState, ExchangeState, FuturesWallet, PositionState } from './types.js';

/** Decimals kept for divided values (cost shares, margins, prices shown). */
export const FUTURES_SCALE = 12;

/** The position of `contract` in `wallet` (created flat when missing). */
export function positionOf(wallet: FuturesWallet, contract: ContractState, nowMs: number): PositionState {
  return (wallet.positions[contract.name] ??= {
    size: '0',
    cost: '0',
    margin: '0',
    leverage: contract.leverage,
    realisedPnl: '0',
    pnlPnl: '0',
    pnlFee: '0',
    historyPnl: '0',
    lastClosePnl: '0',
    openTimeMs: nowMs,
    updateTimeMs: nowMs,
    updateId: 0,
  });
}

/** The leverage `uid` trades `contract` with: its position's (see futures-leverage.ts), else the contract's default. */
export function leverageOf(state: ExchangeState, uid: number, contract: ContractState): string {
  return state.accounts[String(uid)]?.futures[contract.settle]?.positions[contract.name]?.leverage ?? contract.leverage;
}

/** What a fill did to a position. */
export interface FillEffect {
  /** Signed part of the fill that reduced the position (same sign as the fill). */
  closed: string;
  /** Realised PnL of the reduced part (before fees). */
  realised: string;
}

/** The part of a signed fill `delta` that would reduce a position of `size`. */
function reducingPart(size: string, delta: string): string {
  if (isZero(size) || sign(size) === sign(delta)) return '0';
  return compareDecimal(abs(delta), abs(size)) <= 0 ? delta : neg(size);
}

/** Applies a signed fill of `delta` contracts at `price` to `pos`. */
export function applyPositionFill(
  pos: PositionState,
  contract: ContractState,
  delta: string,
  price: string,
  nowMs: number,
): FillEffect {
  const m = contract.quantoMultiplier;
  const closed = reducingPart(pos.size, delta);
  let realised = '0';
  if (!isZero(closed)) {
    const whole = compareDecimal(abs(closed), abs(pos.size)) === 0;
    const share = whole ? pos.cost : div(mul(pos.cost, abs(closed)), abs(pos.size), FUTURES_SCALE);
    const release = whole ? pos.margin : div(mul(pos.margin, abs(closed)), abs(pos.size), FUTURES_SCALE);
    realised = sub(neg(mul(mul(closed, m), price)), share);
    pos.size = add(pos.size, closed);
    pos.cost = sub(pos.cost, share);
    pos.margin = sub(pos.margin, release);
    pos.pnlPnl = add(pos.pnlPnl, realised);
    pos.realisedPnl = add(pos.realisedPnl, realised);
    if (isZero(pos.size)) closeOut(pos);
  }
  const opened = sub(delta, closed);
  if (!isZero(opened)) {
    if (isZero(pos.size)) pos.openTimeMs = nowMs;
    pos.size = add(pos.size, opened);
    pos.cost = add(pos.cost, mul(mul(opened, m), price));
    pos.margin = add(pos.margin, initialMargin(contract, abs(opened), price, pos.leverage));
  }
  pos.updateTimeMs = nowMs;
  pos.updateId += 1;
  return { closed, realised };
}

/** Books a fee against the position's realised PnL. */
export function chargePositionFee(pos: PositionState, fee: string): void {
  pos.pnlFee = sub(pos.pnlFee, fee);
  pos.realisedPnl = sub(pos.realisedPnl, fee);
}

/** Initial margin of `size` contracts at `price` with `leverage` (rounded up). */
export function initialMargin(contract: ContractState, size: string, price: string, leverage: string): string {
  return div(mul(mul(size, contract.quantoMultiplier), price), leverage, FUTURES_SCALE, 'up');
}

/** Entry price: cost ÷ (size × multiplier); `0` when flat. */
export function entryPrice(pos: PositionState, contract: ContractState): string {
  if (isZero(pos.size)) return '0';
  return div(pos.cost, mul(pos.size, contract.quantoMultiplier), FUTURES_SCALE);
}

/** Unrealised PnL at the contract's mark price: size × multiplier × mark − cost. */
export function unrealisedPnl(pos: PositionState, contract: ContractState): string {
  return sub(mul(mul(pos.size, contract.quantoMultiplier), contract.markPrice), pos.cost);
}

/** Position value at the mark price. */
export function positionValue(pos: PositionState, contract: ContractState): string {
  return mul(mul(abs(pos.size), contract.quantoMultiplier), contract.markPrice);
}

/**
 * Estimated liquidation price (isolated): where the loss eats the margin down to the maintenance
 * margin. For reference only, as in the API; `0` when flat.
 */
export function liquidationPrice(pos: PositionState, contract: ContractState): string {
  if (isZero(pos.size)) return '0';
  const maintenance = mul(positionValue(pos, contract), contract.maintenanceRate);
  const room = div(sub(pos.margin, maintenance), mul(abs(pos.size), contract.quantoMultiplier), FUTURES_SCALE);
  const entry = entryPrice(pos, contract);
  return max('0', sign(pos.size) > 0 ? sub(entry, room) : add(entry, room));
}

function closeOut(pos: PositionState): void {
  pos.lastClosePnl = pos.realisedPnl;
  pos.historyPnl = add(pos.historyPnl, pos.realisedPnl);
  pos.realisedPnl = '0';
  pos.pnlPnl = '0';
  pos.pnlFee = '0';
  pos.cost = '0';
  pos.margin = '0';
}
