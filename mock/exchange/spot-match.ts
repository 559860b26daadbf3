/**
 * Applying a matching plan to spot state: fills settle at the maker's price (the buyer pays quote
 * from its lock and receives base less its fee; the seller pays base from its lock and receives
 * quote less its fee; the taker pays the taker rate, the maker the maker rate), STP cancels makers,
 * and what is left of the taker ends or rests by its time in force.
 */
import { add, compareDecimal, isZero, mul, sub } from '../decimal.js';
import { crosses, leaveBook, oppositeQueue, restOrder, restingOrders, touchBook } from './book.js';
import { takeId } from './ids.js';
import { endMatch, offerMaker, startMatch } from './match.js';
import type { Maker, MatchPlan } from './match.js';
import { spotBooks, spotIndex } from './order-index.js';
import type { ExchangeState, SpotFinish, SpotMarketState, SpotOrderState, StpAct } from './types.js';
import { settleParty, unlock } from './wallets.js';
import type { WalletRef } from './wallets.js';

/** The wallet an order trades from. */
export function walletOf(order: SpotOrderState): WalletRef {
  return { uid: order.uid, kind: order.account, pair: order.pair };
}

/** The currency an order locks: quote for buys, base for sells. */
export function lockCurrency(market: SpotMarketState, order: Pick<SpotOrderState, 'side'>): string {
  return order.side === 'buy' ? market.quote : market.base;
}

/** The resting orders a taker of `order.side` meets, best first. */
function* spotMakers(state: ExchangeState, market: SpotMarketState, order: SpotOrderState): Iterable<Maker> {
  const side = oppositeQueue(spotBooks(state, market), order.side);
  for (const maker of restingOrders(side, state.spotOrders)) {
    if (maker.status !== 'open') continue;
    yield { id: maker.id, owner: maker.uid, stpId: maker.stpId, price: maker.price, left: maker.left };
  }
}

/** The best resting order a taker of `order.side` would meet first. */
export function bestSpotMaker(state: ExchangeState, market: SpotMarketState, order: SpotOrderState): Maker | undefined {
  for (const maker of spotMakers(state, market, order)) return maker;
  return undefined;
}

/** Plans `order` (created, locked, not in the book) against the book of `market`. */
export function planSpot(state: ExchangeState, market: SpotMarketState, order: SpotOrderState, stp: StpAct): MatchPlan {
  const marketBuy = order.type === 'market' && order.side === 'buy';
  const limit = order.type === 'market' ? undefined : order.price;
  const run = startMatch({
    owner: order.uid,
    stpId: order.stpId,
    stpAct: stp,
    side: order.side,
    limit,
    quantity: marketBuy
      ? { kind: 'quote', budget: order.left, scale: market.amountPrecision }
      : { kind: 'base', left: order.left },
  });
  // When the best opposite price does not cross, no maker does: the book is not walked.
  const side = oppositeQueue(spotBooks(state, market), order.side);
  const best = side.best();
  if (best !== undefined && crosses(order.side, limit, best.price)) {
    const orders = state.spotOrders;
    side.visitLevels((level) => {
      for (let slot = level.head; slot !== undefined; slot = slot.next) {
        const maker = orders[slot.id];
        if (maker === undefined || maker.status !== 'open') continue;
        if (!offerMaker(run, maker.id, maker.uid, maker.stpId, maker.price, maker.left)) return false;
      }
      return true;
    });
  }
  return endMatch(run);
}

/** Whether the taker `order` rests in the book once `plan` is applied (a limit `gtc` or `poc` order the book ran out for). */
export function takerRests(order: Pick<SpotOrderState, 'type' | 'tif'>, plan: Pick<MatchPlan, 'stop'>): boolean {
  return plan.stop === 'no-liquidity' && order.type !== 'market' && order.tif !== 'ioc' && order.tif !== 'fok';
}

/**
 * Applies `plan` to the taker `order` and its makers, then ends or rests the taker. `listed:
 * false` says the taker is neither in the book nor among the open orders yet (a new order), so
 * ending it skips taking it out of them.
 */
export function applySpot(
  state: ExchangeState,
  market: SpotMarketState,
  order: SpotOrderState,
  plan: MatchPlan,
  nowMs: number,
  listed = true,
): void {
  // A taker placed without a lock (it never rests) pays its fills from its available funds.
  const takerLocked = !isZero(order.locked);
  for (const step of plan.steps) {
    const maker = state.spotOrders[step.makerId];
    if (maker === undefined) continue;
    if (step.kind === 'cancel-maker') finishSpot(state, market, maker, 'stp', nowMs);
    else settleFill(state, market, order, takerLocked, maker, step.price, step.amount, step.value, nowMs);
  }
  releaseImprovement(state, market, order);
  if (takerRests(order, plan)) return restOrder(spotBooks(state, market), market, order, nowMs);
  if (plan.stop === 'filled') return finishSpot(state, market, order, 'filled', nowMs, listed);
  if (plan.stop === 'stp') return finishSpot(state, market, order, 'stp', nowMs, listed);
  if (order.type === 'market') return finishSpot(state, market, order, 'depth_not_enough', nowMs, listed);
  if (order.tif === 'ioc' || order.tif === 'fok') return finishSpot(state, market, order, order.tif, nowMs, listed);
}

/**
 * Ends an order: out of the book and the open orders (`listed: false`: it is in neither), its
 * remaining lock released, status and `finish_as` set.
 */
export function finishSpot(
  state: ExchangeState,
  market: SpotMarketState,
  order: SpotOrderState,
  finishAs: SpotFinish,
  nowMs: number,
  listed = true,
): void {
  if (listed) {
    leaveBook(spotBooks(state, market), market, order, nowMs);
    spotIndex(state).ended(order);
  }
  if (!isZero(order.locked)) unlock(state, walletOf(order), lockCurrency(market, order), order.locked);
  order.locked = '0';
  order.status = finishAs === 'filled' ? 'closed' : 'cancelled';
  order.finishAs = finishAs;
  order.updateMs = nowMs;
}

/** A limit buy that filled below its limit keeps locked only what its remainder needs. */
function releaseImprovement(state: ExchangeState, market: SpotMarketState, order: SpotOrderState): void {
  if (order.type !== 'limit' || order.side !== 'buy' || isZero(order.locked)) return;
  const excess = sub(order.locked, mul(order.left, order.price));
  if (compareDecimal(excess, '0') <= 0) return;
  unlock(state, walletOf(order), market.quote, excess);
  order.locked = sub(order.locked, excess);
}

function settleFill(
  state: ExchangeState,
  market: SpotMarketState,
  taker: SpotOrderState,
  takerLocked: boolean,
  maker: SpotOrderState,
  price: string,
  amount: string,
  value: string,
  nowMs: number,
): void {
  const takerBuys = taker.side === 'buy';
  const buyer = takerBuys ? taker : maker;
  const seller = takerBuys ? maker : taker;
  const buyerFee = mul(amount, takerBuys ? state.fees.spot.taker : state.fees.spot.maker);
  const sellerFee = mul(value, takerBuys ? state.fees.spot.maker : state.fees.spot.taker);
  const tradeId = takeId(state, 'spotTrade');
  market.tradeCount += 1;
  state.spotTrades.push({
    id: tradeId,
    sequence: market.tradeCount,
    pair: market.pair,
    timeMs: nowMs,
    price,
    amount,
    takerOrderId: taker.id,
    makerOrderId: maker.id,
    takerSide: taker.side,
    takerFee: takerBuys ? buyerFee : sellerFee,
    makerFee: takerBuys ? sellerFee : buyerFee,
  });

  const buyerLocked = buyer !== taker || takerLocked;
  const sellerLocked = seller !== taker || takerLocked;
  const { base, quote } = market;
  settleParty(state, walletOf(buyer), quote, value, base, amount, buyerFee, buyer.id, tradeId, nowMs, buyerLocked);
  settleParty(state, walletOf(seller), base, amount, quote, value, sellerFee, seller.id, tradeId, nowMs, sellerLocked);

  if (buyerLocked) buyer.locked = sub(buyer.locked, value);
  if (sellerLocked) seller.locked = sub(seller.locked, amount);
  fillOrder(buyer, amount, value, buyerFee, nowMs);
  fillOrder(seller, amount, value, sellerFee, nowMs);
  if (compareDecimal(maker.left, '0') <= 0) finishSpot(state, market, maker, 'filled', nowMs);
  else touchBook(market, nowMs);
}

/** Counts a fill of `amount` worth `value` on order `o`, which paid `fee`. */
function fillOrder(o: SpotOrderState, amount: string, value: string, fee: string, nowMs: number): void {
  o.filledAmount = add(o.filledAmount, amount);
  o.filledTotal = add(o.filledTotal, value);
  o.fee = add(o.fee, fee);
  o.left = sub(o.left, o.type === 'market' && o.side === 'buy' ? value : amount);
  o.updateMs = nowMs;
}
