/**
 * Finding, cancelling and amending spot orders. Amend follows the public reference (SpotApi
 * `amendOrder`, "About matching priority"): reducing only the amount keeps the order's place in
 * the queue; changing the price or increasing the amount moves it to the back of the queue at its
 * (new) price; an amount at or below what already filled cancels the order. A new price that
 * crosses the book trades at once, as a new order would (a `poc` order is refused instead).
 */
import { compareDecimal, isZero, mul, sub } from '../decimal.js';
import { MockHttpError, missingParam } from '../errors.js';
import { touchBook, unrest } from './book.js';
import { takePriority } from './ids.js';
import { wouldTake } from './match.js';
import { bodyRecord, checkPrecision, decimalField, optionalText } from './order-fields.js';
import { applySpot, finishSpot, lockCurrency, planSpot, bestSpotMaker, walletOf } from './spot-match.js';
import { spotMarket } from './spot-place.js';
import type { ExchangeState, SpotOrderState } from './types.js';
import { hasAvailable, lock, unlock } from './wallets.js';
import { spotBooks, spotIndex } from './order-index.js';
import { own } from './own.js';

/** Filters for cancelling every open order. */
export interface SpotCancelFilter {
  pair?: string | undefined;
  side?: string | undefined;
  account?: string | undefined;
}

/** One result of a batch cancel, in the reference's `CancelOrderResult` shape. */
export interface CancelResult {
  currency_pair: string;
  id: string;
  text: string;
  succeeded: boolean;
  label: string;
  message: string;
  account: string;
}

/** How long after it ended a spot order is still found by its `text` (the reference: an hour). */
const SPOT_TEXT_LOOKUP_MS = 3_600_000;

/**
 * The order of account `uid` with id `idOrText` (or with that custom `text`: while open and, when
 * `nowMs` is given, up to an hour after it ended), in `pair` when given; `undefined` when there is none.
 */
export function findSpotOrder(
  state: ExchangeState,
  uid: number,
  idOrText: string,
  pair?: string,
  nowMs?: number,
): SpotOrderState | undefined {
  const byText = (o: SpotOrderState): boolean =>
    o.text === idOrText &&
    o.uid === uid &&
    (o.status === 'open' || (nowMs !== undefined && nowMs - o.updateMs <= SPOT_TEXT_LOOKUP_MS));
  const found =
    own(state.spotOrders, idOrText) ??
    (idOrText.startsWith('t-') ? spotIndex(state).named(uid, idOrText).find(byText) : undefined);
  if (found === undefined || found.uid !== uid) return undefined;
  if (pair !== undefined && pair !== found.pair) return undefined;
  return found;
}

/** 400 ORDER_CLOSED / ORDER_CANCELLED unless the order is open. */
function requireOpen(order: SpotOrderState): void {
  if (order.status === 'closed') throw new MockHttpError(400, 'ORDER_CLOSED', `Order ${order.id} is closed`);
  if (order.status === 'cancelled') throw new MockHttpError(400, 'ORDER_CANCELLED', `Order ${order.id} is cancelled`);
}

/** Cancels one open order; returns it. */
export function cancelSpotOrder(state: ExchangeState, order: SpotOrderState, nowMs: number): SpotOrderState {
  requireOpen(order);
  finishSpot(state, spotMarket(state, order.pair), order, 'cancelled', nowMs);
  return order;
}

/** Cancels every open order of `uid` that passes `filter`; returns them, oldest first. */
export function cancelSpotOrders(
  state: ExchangeState,
  uid: number,
  filter: SpotCancelFilter,
  nowMs: number,
): SpotOrderState[] {
  const side = filter.side === 'bid' ? 'buy' : filter.side === 'ask' ? 'sell' : filter.side;
  const open = spotIndex(state)
    .open(uid, (pair) => filter.pair === undefined || pair === filter.pair)
    .filter(
      (o) =>
        o.status === 'open' &&
        (side === undefined || o.side === side) &&
        (filter.account === undefined || o.account === filter.account),
    );
  open.sort((a, b) => a.priority - b.priority);
  return open.map((o) => cancelSpotOrder(state, o, nowMs));
}

/** Cancels a list of `{currency_pair, id}`; one result per item, in order. */
export function cancelSpotBatch(state: ExchangeState, uid: number, items: unknown, nowMs: number): CancelResult[] {
  if (!Array.isArray(items))
    throw new MockHttpError(400, 'INVALID_REQUEST_BODY', 'Invalid request body: expected a list');
  return items.map((item) => {
    const b = bodyRecord(item, 'a list item');
    const pair = optionalText(b, 'currency_pair') ?? '';
    const id = optionalText(b, 'id') ?? '';
    const order = findSpotOrder(state, uid, id, pair === '' ? undefined : pair);
    const base = { currency_pair: pair, id, text: order?.text ?? '', account: order?.account ?? '' };
    try {
      if (order === undefined) throw new MockHttpError(404, 'ORDER_NOT_FOUND', 'Order not found');
      cancelSpotOrder(state, order, nowMs);
      return { ...base, succeeded: true, label: '', message: '' };
    } catch (e) {
      if (!(e instanceof MockHttpError)) throw e;
      return { ...base, succeeded: false, label: e.label, message: e.message };
    }
  });
}

/** Amends an open order's amount and/or price (see the file comment for the priority rule). */
export function amendSpotOrder(
  state: ExchangeState,
  order: SpotOrderState,
  body: unknown,
  nowMs: number,
): SpotOrderState {
  const b = bodyRecord(body, 'an amendment');
  if (b['amount'] === undefined && b['price'] === undefined) throw missingParam('amount or price');
  requireOpen(order);
  const market = spotMarket(state, order.pair);
  const amount = b['amount'] === undefined ? order.amount : decimalField(b, 'amount', 'positive');
  const price = b['price'] === undefined ? order.price : decimalField(b, 'price', 'positive');
  checkPrecision('amount', amount, market.amountPrecision);
  checkPrecision('price', price, market.pricePrecision);
  order.amendText = optionalText(b, 'amend_text') ?? order.amendText;
  if (compareDecimal(amount, order.filledAmount) <= 0) {
    finishSpot(state, market, order, 'cancelled', nowMs);
    return order;
  }

  const left = sub(amount, order.filledAmount);
  const needed = order.side === 'buy' ? mul(left, price) : left;
  const delta = sub(needed, order.locked);
  const currency = lockCurrency(market, order);
  if (compareDecimal(delta, '0') > 0 && !hasAvailable(state, walletOf(order), currency, delta)) {
    throw new MockHttpError(
      400,
      'BALANCE_NOT_ENOUGH',
      `Not enough ${currency} available: the amendment needs ${delta} more`,
    );
  }
  const priceChanged = compareDecimal(price, order.price) !== 0;
  if (order.tif === 'poc' && priceChanged && wouldTake(order.side, price, bestSpotMaker(state, market, order))) {
    throw new MockHttpError(400, 'POC_FILL_IMMEDIATELY', 'The new price would take liquidity; the order is unchanged');
  }

  if (compareDecimal(delta, '0') > 0) lock(state, walletOf(order), currency, delta);
  else if (!isZero(delta)) unlock(state, walletOf(order), currency, sub('0', delta));
  const keepsPlace = !priceChanged && compareDecimal(amount, order.amount) < 0;
  Object.assign(order, { amount, price, left, locked: needed, updateMs: nowMs });
  touchBook(market, nowMs);
  if (keepsPlace) return order;

  unrest(spotBooks(state, market), order);
  order.priority = takePriority(state);
  applySpot(state, market, order, planSpot(state, market, order, order.stpAct ?? 'cn'), nowMs);
  return order;
}
