/**
 * Finding, cancelling and amending futures orders. Amend follows the reference
 * (`FuturesOrderAmendment.size`): `size` is the new total including the filled part, with the
 * order's side; at or below the filled size the order is cancelled; a close order's size cannot
 * change; if the price stays, reducing the size keeps the order's place in the queue and
 * increasing it moves the order to the back at its price; a new price moves it to the back of
 * the new price's queue (and trades at once if it crosses; a `poc` order is refused instead).
 */
import { isLosslessNumber } from 'lossless-json';
import { abs, canonical, compareDecimal, isDecimal, isZero, scaleOf, sign, sub } from '../decimal.js';
import { MockHttpError, invalidParam, missingParam } from '../errors.js';
import { touchBook, unrest } from './book.js';
import { applyFutures, finishFutures, futuresMakers, planFutures, reservedMargin } from './futures-match.js';
import { contractOf } from './futures-place.js';
import { leverageOf } from './futures-position.js';
import { futuresAvailable } from './futures-wallet.js';
import { takePriority } from './ids.js';
import { wouldTake } from './match.js';
import { bodyRecord, checkPrecision, optionalText } from './order-fields.js';
import type { ExchangeState, FuturesOrderState } from './types.js';
import { futuresBooks, futuresIndex } from './order-index.js';
import { own } from './own.js';

/** One result of a batch cancel, in the reference's `FutureCancelOrderResult` shape. */
export interface FuturesCancelResult {
  id: string;
  user_id: number;
  succeeded: boolean;
  message: string;
}

/** How long after an unfilled cancellation a futures order is still found by its `text` (the reference: 60 s). */
const FUTURES_TEXT_LOOKUP_MS = 60_000;

/**
 * The order of `uid` in `settle` with this id (or with this custom `text`: while open; when `nowMs`
 * is given also once filled, and up to 60 s after it ended without a fill).
 */
export function findFuturesOrder(
  state: ExchangeState,
  uid: number,
  settle: string,
  idOrText: string,
  nowMs?: number,
): FuturesOrderState | undefined {
  const byText = (o: FuturesOrderState): boolean =>
    o.text === idOrText &&
    o.uid === uid &&
    (o.status === 'open' ||
      (nowMs !== undefined &&
        (Number(o.filled) !== 0 || nowMs - (o.finishMs ?? o.updateMs) <= FUTURES_TEXT_LOOKUP_MS)));
  const found =
    own(state.futuresOrders, idOrText) ??
    (idOrText.startsWith('t-') ? futuresIndex(state).named(uid, idOrText).find(byText) : undefined);
  return found !== undefined && found.uid === uid && found.settle === settle ? found : undefined;
}

/** 400 ORDER_FINISHED unless the order is open. */
function requireOpenFutures(order: FuturesOrderState): void {
  if (order.status !== 'open') throw new MockHttpError(400, 'ORDER_FINISHED', `Order ${order.id} is finished`);
}

/** Cancels one open order. */
export function cancelFuturesOrder(state: ExchangeState, order: FuturesOrderState, nowMs: number): FuturesOrderState {
  requireOpenFutures(order);
  finishFutures(state, contractOf(state, order.settle, order.contract), order, 'cancelled', nowMs);
  return order;
}

/** Cancels every open order of `uid` in `settle` passing the filters; returns them, oldest first. */
export function cancelFuturesOrders(
  state: ExchangeState,
  uid: number,
  settle: string,
  filter: { contract?: string | undefined; side?: string | undefined; excludeReduceOnly?: boolean },
  nowMs: number,
): FuturesOrderState[] {
  const side = filter.side === 'bid' ? 'buy' : filter.side === 'ask' ? 'sell' : undefined;
  return futuresIndex(state)
    .open(uid, () => true)
    .filter((o) => o.settle === settle && o.status === 'open')
    .filter((o) => filter.contract === undefined || o.contract === filter.contract)
    .filter((o) => side === undefined || o.side === side)
    .filter((o) => !(filter.excludeReduceOnly === true && o.reduceOnly))
    .sort((a, b) => a.priority - b.priority)
    .map((o) => cancelFuturesOrder(state, o, nowMs));
}

/** Cancels a list of order ids; one result per id. */
export function cancelFuturesBatch(
  state: ExchangeState,
  uid: number,
  settle: string,
  ids: unknown,
  nowMs: number,
): FuturesCancelResult[] {
  if (!Array.isArray(ids))
    throw new MockHttpError(400, 'INVALID_REQUEST_BODY', 'Invalid request body: expected a list of ids');
  return ids.map((raw) => {
    const id = String(raw);
    const order = findFuturesOrder(state, uid, settle, id);
    if (order === undefined) return { id, user_id: uid, succeeded: false, message: 'ORDER_NOT_FOUND' };
    if (order.status !== 'open') return { id, user_id: uid, succeeded: false, message: 'ORDER_FINISHED' };
    cancelFuturesOrder(state, order, nowMs);
    return { id, user_id: uid, succeeded: true, message: '' };
  });
}

/** One refused item of a batch amendment, in the reference's `BatchFuturesOrder` shape. */
export interface FuturesAmendRefusal {
  succeeded: false;
  label: string;
  detail: string;
  /** The order id the item named (as an exact integer), when it named one. */
  id?: bigint;
  /** The label the item named the order by, when it did. */
  text?: string;
}

/** The order id of a batch item (`order_id`: a number, exact or lossless, or a string of digits), if it names one. */
function itemOrderId(item: Record<string, unknown>): string | undefined {
  const raw = item['order_id'];
  const digits = isLosslessNumber(raw)
    ? raw.value
    : typeof raw === 'number' && Number.isSafeInteger(raw)
      ? String(raw)
      : raw;
  return typeof digits === 'string' && /^\d+$/.test(digits) ? digits : undefined;
}

/**
 * Amends a list of orders of `uid`, each named by `order_id` or `text`, item by item with the rules
 * of {@link amendFuturesOrder}: an amended order, or a refusal carrying the error's label (a
 * refused item changes nothing). A body that is not a list is refused whole.
 */
export function amendFuturesBatch(
  state: ExchangeState,
  uid: number,
  settle: string,
  body: unknown,
  nowMs: number,
): ({ order: FuturesOrderState } | FuturesAmendRefusal)[] {
  if (!Array.isArray(body))
    throw new MockHttpError(400, 'INVALID_REQUEST_BODY', 'Invalid request body: expected a list of amendments');
  return body.map((raw: unknown) => {
    const item = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const id = itemOrderId(item);
    const text = optionalText(item, 'text');
    const named = { ...(id === undefined ? {} : { id: BigInt(id) }), ...(text === undefined ? {} : { text }) };
    try {
      const key = id ?? text;
      if (key === undefined) throw missingParam('order_id or text');
      const order = findFuturesOrder(state, uid, settle, key);
      if (order === undefined) throw new MockHttpError(404, 'ORDER_NOT_FOUND', `Order ${key} not found`);
      return { order: amendFuturesOrder(state, order, item, nowMs) };
    } catch (e) {
      if (!(e instanceof MockHttpError)) throw e;
      return { succeeded: false, label: e.label, detail: e.message, ...named };
    }
  });
}

/** Amends an open order's size and/or price (see the file comment). */
export function amendFuturesOrder(
  state: ExchangeState,
  order: FuturesOrderState,
  body: unknown,
  nowMs: number,
): FuturesOrderState {
  const b = bodyRecord(body, 'an amendment');
  const sizeText = optionalText(b, 'size');
  const priceText = optionalText(b, 'price');
  if (sizeText === undefined && priceText === undefined) throw missingParam('size or price');
  requireOpenFutures(order);
  const contract = contractOf(state, order.settle, order.contract);
  if (sizeText !== undefined && order.close) throw invalidParam('size', sizeText, 'a close order keeps its size');
  const size = sizeText === undefined ? order.size : isDecimal(sizeText) ? canonical(sizeText) : sizeText;
  const price = priceText === undefined ? order.price : isDecimal(priceText) ? canonical(priceText) : priceText;
  if (!isDecimal(size) || (!order.close && sign(size) !== sign(order.size))) {
    throw invalidParam('size', size, 'a decimal string with the side of the order');
  }
  if (!isDecimal(price) || sign(price) <= 0) throw invalidParam('price', price, 'must be greater than 0');
  checkPrecision('price', price, scaleOf(contract.orderPriceRound));
  const amendText = optionalText(b, 'amend_text') ?? order.amendText;
  if (!order.close && compareDecimal(abs(size), abs(order.filled)) <= 0) {
    order.amendText = amendText;
    finishFutures(state, contract, order, 'cancelled', nowMs);
    return order;
  }

  const left = order.close ? order.left : sub(size, order.filled);
  const priceChanged = compareDecimal(price, order.price) !== 0;
  if (order.tif === 'poc' && priceChanged) {
    for (const best of futuresMakers(state, contract, order.side)) {
      if (wouldTake(order.side, price, best)) {
        throw new MockHttpError(
          400,
          'ORDER_POC_IMMEDIATE',
          'The new price would take liquidity; the order is unchanged',
        );
      }
      break;
    }
  }
  const margin = reservedMargin(contract, { ...order, left, price }, leverageOf(state, order.uid, contract));
  const more = sub(margin, order.orderMargin);
  if (compareDecimal(more, '0') > 0 && compareDecimal(more, futuresAvailable(state, order.uid, order.settle)) > 0) {
    throw new MockHttpError(
      400,
      'INSUFFICIENT_AVAILABLE',
      `Not enough margin available for the amendment (${more} more)`,
    );
  }
  const keepsPlace = !priceChanged && compareDecimal(abs(size), abs(order.size)) < 0;
  Object.assign(order, { size, price, left, amendText, orderMargin: margin, updateMs: nowMs });
  touchBook(contract, nowMs);
  if (keepsPlace || isZero(left)) return order;

  unrest(futuresBooks(state, contract), order);
  order.priority = takePriority(state);
  applyFutures(state, contract, order, planFutures(state, contract, order, order.stpAct ?? 'cn'), nowMs);
  return order;
}
