/**
 * The matching decision, as a pure function: which resting orders a new order trades with, in
 * what amounts and at what prices, and why it stops. Nothing is changed here; spot and futures
 * apply the plan to their own balances and positions.
 *
 * Rules (the seed's, plus the public reference's self-trade prevention):
 * - makers are visited best price first, then oldest first (the caller passes them in queue order);
 * - a maker trades when its price is at or better than the taker's limit (market: always), at the
 *   maker's price, for the smaller of what both have left;
 * - when the taker's account and the maker's account are in the same STP group, they do not trade:
 *   the taker's `stp_act` decides: `cn` ends the taker, `co` cancels the maker and goes on, `cb`
 *   does both.
 */
import { add, compareDecimal, div, isZero, min, mul, sub } from '../decimal.js';
import { crosses } from './book.js';
import type { Side, StpAct } from './types.js';

/** A resting order as matching sees it. */
export interface Maker {
  id: string;
  /** Owner uid. */
  owner: number;
  /** STP group of the owner; 0 for none. */
  stpId: number;
  price: string;
  /** What it has left, positive, in base units (spot) or contracts (futures). */
  left: string;
}

/** What the taker still wants: a base amount, or (spot market buy) a quote budget. */
type Quantity = { kind: 'base'; left: string } | { kind: 'quote'; budget: string; scale: number };

/** A new order as matching sees it. */
export interface Taker {
  owner: number;
  stpId: number;
  /** The action that applies when STP stops a trade (`cn` when the taker's account is in a group and sent none). */
  stpAct: StpAct;
  side: Side;
  /** Limit price; `undefined` for a market order. */
  limit: string | undefined;
  quantity: Quantity;
}

/** One step of a plan. */
type MatchStep =
  | {
      kind: 'fill';
      makerId: string;
      price: string;
      amount: string;
      /** `amount × price`, computed once for the plan and the fill. */
      value: string;
    }
  | { kind: 'cancel-maker'; makerId: string };

/** Why matching stopped. */
type MatchStop = 'filled' | 'no-liquidity' | 'stp';

/** The outcome of matching one taker. */
export interface MatchPlan {
  steps: MatchStep[];
  /** Base amount (or contracts) filled. */
  filled: string;
  /** Quote value filled (Σ amount × price). */
  value: string;
  /** What is left in the taker's unit: base amount, or quote budget. */
  left: string;
  stop: MatchStop;
}

/** Plans the matching of `taker` against `makers` (in queue order, best first). */
export function planMatch(taker: Taker, makers: Iterable<Maker>): MatchPlan {
  const run = startMatch(taker);
  for (const m of makers) if (!offerMaker(run, m.id, m.owner, m.stpId, m.price, m.left)) break;
  return endMatch(run);
}

/** A plan being made: the taker, the steps so far and what is filled and left. */
export interface MatchRun {
  readonly taker: Taker;
  readonly steps: MatchStep[];
  filled: string;
  value: string;
  left: string;
  stop: MatchStop | undefined;
}

/** Starts planning `taker`; offer it the makers in queue order with `offerMaker`, then `endMatch`. */
export function startMatch(taker: Taker): MatchRun {
  const left = taker.quantity.kind === 'base' ? taker.quantity.left : taker.quantity.budget;
  return { taker, steps: [], filled: '0', value: '0', left, stop: undefined };
}

/**
 * Offers `run` the next maker in queue order (its id, owner uid, STP group, price and what it has
 * left); `false` when matching stopped (this maker or an earlier one ended it), so no more are wanted.
 */
export function offerMaker(
  run: MatchRun,
  id: string,
  owner: number,
  stpId: number,
  price: string,
  makerLeft: string,
): boolean {
  if (run.stop !== undefined) return false;
  const taker = run.taker;
  const left = run.left;
  if (isZero(left)) return stopWith(run, 'filled');
  if (!crosses(taker.side, taker.limit, price)) return stopWith(run, 'no-liquidity');
  if (taker.stpId !== 0 && stpId === taker.stpId) {
    if (taker.stpAct === 'cn') return stopWith(run, 'stp');
    run.steps.push({ kind: 'cancel-maker', makerId: id });
    return taker.stpAct === 'cb' ? stopWith(run, 'stp') : true;
  }
  const quantity = taker.quantity;
  const wanted = quantity.kind === 'base' ? left : div(left, price, quantity.scale, 'down');
  const amount = min(wanted, makerLeft);
  if (compareDecimal(amount, '0') <= 0) return stopWith(run, 'filled');
  const cost = mul(amount, price);
  run.steps.push({ kind: 'fill', makerId: id, price, amount, value: cost });
  run.filled = add(run.filled, amount);
  run.value = add(run.value, cost);
  run.left = sub(left, quantity.kind === 'base' ? amount : cost);
  return true;
}

function stopWith(run: MatchRun, stop: MatchStop): false {
  run.stop = stop;
  return false;
}

/** The plan `run` made (stopped, or out of makers). */
export function endMatch(run: MatchRun): MatchPlan {
  const { steps, filled, value, left, stop } = run;
  return { steps, filled, value, left, stop: stop ?? (isZero(left) ? 'filled' : 'no-liquidity') };
}

/** Whether a `poc` taker would take: the best opposite order crosses its limit. */
export function wouldTake(side: Side, limit: string | undefined, best: Maker | undefined): boolean {
  return best !== undefined && crosses(side, limit, best.price);
}
