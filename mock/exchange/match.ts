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
  { kind: 'fill'; makerId: string; price: string; amount: string } | { kind: 'cancel-maker'; makerId: string };

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
  const steps: MatchStep[] = [];
  let filled = '0';
  let value = '0';
  let left = taker.quantity.kind === 'base' ? taker.quantity.left : taker.quantity.budget;
  let stop: MatchStop | undefined;

  for (const maker of makers) {
    if (isZero(left)) {
      stop = 'filled';
      break;
    }
    if (!crosses(taker.side, taker.limit, maker.price)) {
      stop = 'no-liquidity';
      break;
    }
    if (taker.stpId !== 0 && maker.stpId === taker.stpId) {
      if (taker.stpAct === 'cn') {
        stop = 'stp';
        break;
      }
      steps.push({ kind: 'cancel-maker', makerId: maker.id });
      if (taker.stpAct === 'cb') {
        stop = 'stp';
        break;
      }
      continue;
    }
    const wanted = taker.quantity.kind === 'base' ? left : div(left, maker.price, taker.quantity.scale, 'down');
    const amount = min(wanted, maker.left);
    if (compareDecimal(amount, '0') <= 0) {
      stop = 'filled';
      break;
    }
    const cost = mul(amount, maker.price);
    steps.push({ kind: 'fill', makerId: maker.id, price: maker.price, amount });
    filled = add(filled, amount);
    value = add(value, cost);
    left = sub(left, taker.quantity.kind === 'base' ? amount : cost);
  }
  return { steps, filled, value, left, stop: stop ?? (isZero(left) ? 'filled' : 'no-liquidity') };
}

/** Whether a `poc` taker would take: the best opposite order crosses its limit. */
export function wouldTake(side: Side, limit: string | undefined, best: Maker | undefined): boolean {
  return best !== undefined && crosses(side, limit, best.price);
}
