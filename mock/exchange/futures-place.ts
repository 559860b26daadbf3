/**
 * Placing a perpetual futures order (single position mode): a signed decimal `size` (positive
 * buys, negative sells), a `price` (`0` with `ioc`/`fok` is a market order), `reduce_only`, and
 * `close: true` with `size: "0"` to close the whole position, as the reference models them.
 * Orders that add to a position need the initial margin available. Rejections happen before any
 * change: `poc` that would take (ORDER_POC_IMMEDIATE), `fok` that cannot fill completely
 * (ORDER_FOK), the futures labels of the reference for the seed's two rules.
 */
import { abs, canonical, compareDecimal, isDecimal, isZero, neg, scaleOf, sign } from '../decimal.js';
import { MockHttpError, invalidParam, missingParam } from '../errors.js';
import { futuresAvailable } from './futures-wallet.js';
import { applyFutures, futuresMakers, planFutures, reducible, sideOf } from './futures-match.js';
import { initialMargin, leverageOf } from './futures-position.js';
import { takeId, takePriority } from './ids.js';
import { wouldTake } from './match.js';
import {
  bodyRecord,
  checkPrecision,
  flag,
  oneOf,
  optionalText,
  orderText,
  requiredText,
  stpOf,
} from './order-fields.js';
import type { ContractState, ExchangeState, FuturesOrderState } from './types.js';
import { accountOf } from './wallets.js';
import { futuresIndex } from './order-index.js';
import { own } from './own.js';

/** The contract `name` settled in `settle`, or 400 CONTRACT_NOT_FOUND. */
export function contractOf(state: ExchangeState, settle: string, name: string): ContractState {
  const contract = own(own(state.contracts, settle), name);
  if (contract === undefined) {
    throw new MockHttpError(400, 'CONTRACT_NOT_FOUND', `Contract ${name} not found in settlement currency ${settle}`);
  }
  return contract;
}

/** Places a futures order for `uid` from a request body; returns it as it stands after matching. */
export function placeFuturesOrder(
  state: ExchangeState,
  uid: number,
  settle: string,
  body: unknown,
  nowMs: number,
): FuturesOrderState {
  const b = bodyRecord(body);
  const contract = contractOf(state, settle, requiredText(b, 'contract'));
  const account = accountOf(state, uid);
  const close = flag(b, 'close');
  const size = sizeOf(b, contract, close);
  const given = requiredText(b, 'price');
  if (!isDecimal(given) || sign(given) < 0) throw invalidParam('price', given, 'must be a decimal string, 0 or more');
  const price = canonical(given);
  checkPrecision('price', price, scaleOf(contract.orderPriceRound));
  const tif = oneOf(b, 'tif', ['gtc', 'ioc', 'poc', 'fok'] as const, 'gtc');
  if (isZero(price) && tif !== 'ioc' && tif !== 'fok') {
    throw invalidParam('tif', tif, 'a market order (price 0) takes ioc or fok');
  }
  if (optionalText(b, 'auto_size') !== undefined) throw invalidParam('auto_size', b['auto_size'], 'dual mode only');
  const stp = stpOf(b, account.stpId);

  const order: FuturesOrderState = {
    id: '',
    uid,
    settle,
    contract: contract.name,
    size,
    side: sideOf(size),
    price,
    tif,
    text: orderText(b, 'api'),
    amendText: '-',
    reduceOnly: close || flag(b, 'reduce_only'),
    close,
    stpAct: stp.sent,
    stpId: account.stpId,
    status: 'open',
    finishAs: undefined,
    left: size,
    filled: '0',
    filledValue: '0',
    orderMargin: '0',
    priority: 0,
    createMs: nowMs,
    updateMs: nowMs,
    finishMs: undefined,
  };
  if (close) closeWholePosition(state, order);
  else if (order.reduceOnly) checkReduces(state, order);
  else checkMargin(state, contract, order);

  if (tif === 'poc' && wouldTake(order.side, price, first(futuresMakers(state, contract, order.side)))) {
    throw new MockHttpError(400, 'ORDER_POC_IMMEDIATE', 'Order would match and take immediately, so it is cancelled');
  }
  const plan = planFutures(state, contract, order, stp.applies);
  if (tif === 'fok' && plan.stop !== 'filled') {
    throw new MockHttpError(400, 'ORDER_FOK', 'Order cannot be filled completely at once, so it is cancelled');
  }
  order.id = takeId(state, 'futuresOrder');
  order.priority = takePriority(state);
  state.futuresOrders[order.id] = order;
  futuresIndex(state).placed(order);
  applyFutures(state, contract, order, plan, nowMs);
  return order;
}

function sizeOf(b: Record<string, unknown>, contract: ContractState, close: boolean): string {
  const value = b['size'];
  if (value === undefined || value === null) throw missingParam('size');
  const size = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof size !== 'string' || !isDecimal(size)) throw invalidParam('size', value, 'must be a decimal string');
  if (close) {
    if (!isZero(size)) throw invalidParam('size', size, 'must be 0 when close is true');
    return '0';
  }
  if (isZero(size)) throw invalidParam('size', size, 'must not be 0 (set close: true to close the position)');
  const exact = canonical(size);
  if (scaleOf(exact) > scaleOf(contract.orderSizeMin)) {
    throw invalidParam('size', size, `at most ${scaleOf(contract.orderSizeMin)} decimals on ${contract.name}`);
  }
  if (compareDecimal(abs(exact), contract.orderSizeMin) < 0) {
    throw new MockHttpError(400, 'SIZE_TOO_SMALL', `Size ${size} is below the minimum ${contract.orderSizeMin}`);
  }
  if (compareDecimal(abs(exact), contract.orderSizeMax) > 0) {
    throw new MockHttpError(400, 'SIZE_TOO_LARGE', `Size ${size} is above the maximum ${contract.orderSizeMax}`);
  }
  return exact;
}

/** A close order takes the opposite of the whole position. */
function closeWholePosition(state: ExchangeState, order: FuturesOrderState): void {
  const wallet = state.accounts[String(order.uid)]?.futures[order.settle];
  const position = wallet?.positions[order.contract]?.size ?? '0';
  if (isZero(position)) throw new MockHttpError(400, 'POSITION_EMPTY', `No ${order.contract} position to close`);
  order.left = neg(position);
  order.side = sideOf(order.left);
}

/** A reduce-only order must be opposite to the position and not larger than it. */
function checkReduces(state: ExchangeState, order: FuturesOrderState): void {
  const room = reducible(state, order, order.side);
  if (isZero(room)) {
    throw new MockHttpError(
      400,
      'INCREASE_POSITION',
      `A reduce-only order of size ${order.size} would increase the position`,
    );
  }
  if (compareDecimal(abs(order.size), room) > 0) {
    throw new MockHttpError(400, 'REDUCE_EXCEEDED', `Reduce-only size ${order.size} exceeds the position (${room})`);
  }
}

/** An order that may add to the position needs its initial margin available. */
function checkMargin(state: ExchangeState, contract: ContractState, order: FuturesOrderState): void {
  const price = isZero(order.price) ? contract.markPrice : order.price;
  const needed = initialMargin(contract, abs(order.size), price, leverageOf(state, order.uid, contract));
  const available = futuresAvailable(state, order.uid, order.settle);
  if (compareDecimal(needed, available) > 0) {
    throw new MockHttpError(
      400,
      'INSUFFICIENT_AVAILABLE',
      `Not enough margin available: the order needs ${needed}, ${available} is available`,
    );
  }
}

function first<T>(items: Iterable<T>): T | undefined {
  for (const item of items) return item;
  return undefined;
}
