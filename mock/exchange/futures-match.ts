/**
 * Applying a matching plan to futures state: each fill moves both positions at the maker's price
 * and charges each side its fee (taker or maker rate on size × multiplier × price); STP cancels
 * makers; what is left of the taker ends or rests. Reduce-only orders never increase a position:
 * after every match the open reduce-only orders of each account involved are checked in queue
 * order against what the position can still be reduced by, and those that would increase it are
 * cancelled (`reduce_only`, or `position_closed` for close orders of a flat position).
 */
import { abs, add, compareDecimal, isZero, mul, neg, sign, sub } from '../decimal.js';
import { leaveBook, oppositeQueue, restOrder, restingOrders, touchBook } from './book.js';
import { bookFutures, futuresWallet } from './futures-wallet.js';
import { applyPositionFill, chargePositionFee, initialMargin, leverageOf, positionOf } from './futures-position.js';
import { takeId } from './ids.js';
import { planMatch } from './match.js';
import type { Maker, MatchPlan } from './match.js';
import { contractKey, futuresBooks, futuresIndex, noteContractTrader } from './order-index.js';
import type { ContractState, ExchangeState, FuturesFinish, FuturesOrderState, Side, StpAct } from './types.js';

/** Buy for a positive size, sell for a negative one. */
export function sideOf(size: string): Side {
  return sign(size) < 0 ? 'sell' : 'buy';
}

/** How much a reduce-only order of `side` may still reduce: |position| when opposite, else 0. */
export function reducible(
  state: ExchangeState,
  order: Pick<FuturesOrderState, 'uid' | 'settle' | 'contract'>,
  side: Side,
): string {
  const size = futuresWallet(state, order.uid, order.settle).positions[order.contract]?.size ?? '0';
  return (side === 'sell' ? sign(size) > 0 : sign(size) < 0) ? abs(size) : '0';
}

/** The resting orders a taker of `side` meets, best first. */
export function* futuresMakers(state: ExchangeState, contract: ContractState, side: Side): Iterable<Maker> {
  const book = oppositeQueue(futuresBooks(state, contract), side);
  for (const o of restingOrders(book, state.futuresOrders)) {
    if (o.status !== 'open') continue;
    yield { id: o.id, owner: o.uid, stpId: o.stpId, price: o.price, left: abs(o.left) };
  }
}

/** Plans `order` (signed `left`, not in the book) against the book of `contract`. */
export function planFutures(
  state: ExchangeState,
  contract: ContractState,
  order: FuturesOrderState,
  stp: StpAct,
): MatchPlan {
  const side = order.side;
  return planMatch(
    {
      owner: order.uid,
      stpId: order.stpId,
      stpAct: stp,
      side,
      limit: isZero(order.price) ? undefined : order.price,
      quantity: { kind: 'base', left: abs(order.left) },
    },
    futuresMakers(state, contract, side),
  );
}

/** Applies `plan` to the taker and its makers, ends or rests the taker, then checks reduce-only orders. */
export function applyFutures(
  state: ExchangeState,
  contract: ContractState,
  order: FuturesOrderState,
  plan: MatchPlan,
  nowMs: number,
): void {
  const owners = new Set([order.uid]);
  for (const step of plan.steps) {
    const maker = state.futuresOrders[step.makerId];
    if (maker === undefined) continue;
    owners.add(maker.uid);
    if (step.kind === 'cancel-maker') finishFutures(state, contract, maker, 'stp', nowMs);
    else settleFill(state, contract, order, maker, step.price, step.amount, nowMs);
  }
  if (plan.stop === 'filled') finishFutures(state, contract, order, 'filled', nowMs);
  else if (plan.stop === 'stp') finishFutures(state, contract, order, 'stp', nowMs);
  else if (isZero(order.price) || order.tif === 'ioc' || order.tif === 'fok') {
    finishFutures(state, contract, order, 'ioc', nowMs);
  } else {
    order.orderMargin = reservedMargin(contract, order, leverageOf(state, order.uid, contract));
    restOrder(futuresBooks(state, contract), contract, order, nowMs);
  }
  for (const uid of owners) checkReduceOnly(state, contract, uid, nowMs);
}

/** Margin an open order reserves: its open size at its price over `leverage` (none for reduce-only). */
export function reservedMargin(contract: ContractState, order: FuturesOrderState, leverage: string): string {
  if (order.reduceOnly || isZero(order.price)) return '0';
  return initialMargin(contract, abs(order.left), order.price, leverage);
}

/** Ends an order: out of the book, its margin released, `finish_as` set. */
export function finishFutures(
  state: ExchangeState,
  contract: ContractState,
  order: FuturesOrderState,
  finishAs: FuturesFinish,
  nowMs: number,
): void {
  leaveBook(futuresBooks(state, contract), contract, order, nowMs);
  futuresIndex(state).ended(order);
  Object.assign(order, { status: 'finished', finishAs, orderMargin: '0', updateMs: nowMs, finishMs: nowMs });
}

/** Cancels the open reduce-only orders of `uid` on `contract` that would now increase its position. */
function checkReduceOnly(state: ExchangeState, contract: ContractState, uid: number, nowMs: number): void {
  const key = contractKey(contract.settle, contract.name);
  const open = futuresIndex(state)
    .open(uid, (market) => market === key)
    .filter((o) => o.status === 'open' && o.reduceOnly)
    .sort((a, b) => a.priority - b.priority);
  const budgets = new Map<Side, string>();
  for (const o of open) {
    const side = o.side;
    const budget = budgets.get(side) ?? reducible(state, o, side);
    if (compareDecimal(abs(o.left), budget) > 0) {
      finishFutures(state, contract, o, o.close && isZero(budget) ? 'position_closed' : 'reduce_only', nowMs);
    } else budgets.set(side, sub(budget, abs(o.left)));
  }
}

function settleFill(
  state: ExchangeState,
  contract: ContractState,
  taker: FuturesOrderState,
  maker: FuturesOrderState,
  price: string,
  size: string,
  nowMs: number,
): void {
  const tradeId = takeId(state, 'futuresTrade');
  const notional = mul(mul(size, contract.quantoMultiplier), price);
  const takerDelta = taker.side === 'buy' ? size : neg(size);
  const closes: string[] = [];
  const fees: string[] = [];
  for (const [o, delta, rate] of [
    [taker, takerDelta, state.fees.futures.taker],
    [maker, neg(takerDelta), state.fees.futures.maker],
  ] as const) {
    const fee = mul(notional, rate);
    const pos = positionOf(futuresWallet(state, o.uid, o.settle), contract, nowMs);
    const info = { contract: contract.name, text: `${contract.name}:${o.id}`, tradeId };
    chargePositionFee(pos, fee);
    if (!isZero(fee)) bookFutures(state, o.uid, o.settle, 'fee', neg(fee), info, nowMs);
    const effect = applyPositionFill(pos, contract, delta, price, nowMs);
    noteContractTrader(state, contract, o.uid);
    if (!isZero(effect.closed)) bookFutures(state, o.uid, o.settle, 'pnl', effect.realised, info, nowMs);
    o.left = sub(o.left, delta);
    o.filled = add(o.filled, delta);
    o.filledValue = add(o.filledValue, mul(size, price));
    o.updateMs = nowMs;
    closes.push(effect.closed);
    fees.push(fee);
  }
  maker.orderMargin = reservedMargin(contract, maker, leverageOf(state, maker.uid, contract));
  state.futuresTrades.push({
    id: tradeId,
    settle: contract.settle,
    contract: contract.name,
    timeMs: nowMs,
    price,
    size,
    takerOrderId: taker.id,
    makerOrderId: maker.id,
    takerSide: taker.side,
    takerFee: fees[0] ?? '0',
    makerFee: fees[1] ?? '0',
    takerCloseSize: closes[0] ?? '0',
    makerCloseSize: closes[1] ?? '0',
  });
  if (isZero(maker.left)) finishFutures(state, contract, maker, 'filled', nowMs);
  else touchBook(contract, nowMs);
}
