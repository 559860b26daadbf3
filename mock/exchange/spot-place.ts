/**
 * Placing a spot or margin order: the body is read and checked (pair, side, type, account, amount,
 * price, time in force, text, STP), funds are locked, then the order is matched at once. Rules
 * that reject the whole order are checked before anything changes: `poc` never takes
 * (POC_FILL_IMMEDIATELY), `fok` fills completely or not at all (FOK_NOT_FILL).
 */
import { compareDecimal, mul } from '../decimal.js';
import { MockHttpError, invalidParam } from '../errors.js';
import { takeId, takePriority } from './ids.js';
import { wouldTake } from './match.js';
import {
  bodyRecord,
  checkPrecision,
  decimalField,
  flag,
  oneOf,
  optionalText,
  orderText,
  requiredOneOf,
  requiredText,
  stpOf,
} from './order-fields.js';
import { applySpot, lockCurrency, planSpot, bestSpotMaker, takerRests, walletOf } from './spot-match.js';
import type { ExchangeState, SpotMarketState, SpotOrderState, StpAct } from './types.js';
import { accountOf, balanceOf, lockIn } from './wallets.js';
import { spotIndex } from './order-index.js';
import { own } from './own.js';

/** The spot market of `pair`, or 400 INVALID_CURRENCY_PAIR. */
export function spotMarket(state: ExchangeState, pair: string): SpotMarketState {
  const market = own(state.spotMarkets, pair);
  if (market === undefined) throw new MockHttpError(400, 'INVALID_CURRENCY_PAIR', `Invalid currency pair: ${pair}`);
  return market;
}

/** A checked order, not yet placed. */
interface Draft {
  order: SpotOrderState;
  market: SpotMarketState;
  stp: StpAct;
  lockAmount: string;
}

/** Places an order for account `uid` from a request body; returns it as it stands after matching. */
export function placeSpotOrder(state: ExchangeState, uid: number, body: unknown, nowMs: number): SpotOrderState {
  const draft = readSpotOrder(state, uid, body, nowMs);
  const { order, market } = draft;
  const currency = lockCurrency(market, order);
  // One balance lookup for the check and the lock.
  const balance = balanceOf(state, walletOf(order), currency);
  if (compareDecimal(balance.available, draft.lockAmount) < 0) {
    const label = order.account === 'margin' ? 'MARGIN_BALANCE_NOT_ENOUGH' : 'BALANCE_NOT_ENOUGH';
    throw new MockHttpError(400, label, `Not enough ${currency} available: the order needs ${draft.lockAmount}`);
  }
  if (order.tif === 'poc' && wouldTake(order.side, order.price, bestSpotMaker(state, market, order))) {
    throw new MockHttpError(400, 'POC_FILL_IMMEDIATELY', 'Order would match and take immediately, so it is cancelled');
  }
  const plan = planSpot(state, market, order, draft.stp);
  if (order.tif === 'fok' && plan.stop !== 'filled') {
    throw new MockHttpError(400, 'FOK_NOT_FILL', 'Order cannot be filled completely at once, so it is cancelled');
  }

  order.id = takeId(state, 'spotOrder');
  order.priority = takePriority(state);
  state.spotOrders[order.id] = order;
  const rests = takerRests(order, plan);
  spotIndex(state).placed(order, rests);
  // Only an order that may rest locks its funds; a taker that never rests pays its fills from what is available.
  if (rests) {
    lockIn(balance, draft.lockAmount);
    order.locked = draft.lockAmount;
  }
  applySpot(state, market, order, plan, nowMs, false);
  return order;
}

const SIDES = ['buy', 'sell'] as const;
const TYPES = ['limit', 'market'] as const;
const TIMES_IN_FORCE = ['gtc', 'ioc', 'poc', 'fok'] as const;

function readSpotOrder(state: ExchangeState, uid: number, body: unknown, nowMs: number): Draft {
  const b = bodyRecord(body);
  const market = spotMarket(state, requiredText(b, 'currency_pair'));
  const side = requiredOneOf(b, 'side', SIDES);
  const type = oneOf(b, 'type', TYPES, 'limit');
  const accountType = optionalText(b, 'account') ?? 'spot';
  if (accountType !== 'spot' && accountType !== 'margin') {
    throw invalidParam('account', accountType, 'the paper exchange trades the spot and margin accounts');
  }
  if (flag(b, 'auto_borrow')) throw invalidParam('auto_borrow', true, 'borrowing is not simulated');
  const iceberg = optionalText(b, 'iceberg');
  if (iceberg !== undefined && compareDecimal(iceberg, '0') !== 0) {
    throw invalidParam('iceberg', iceberg, 'iceberg orders are not simulated');
  }
  const tif = oneOf(b, 'time_in_force', TIMES_IN_FORCE, type === 'market' ? 'ioc' : 'gtc');
  const amount = decimalField(b, 'amount', 'positive');
  const marketBuy = type === 'market' && side === 'buy';
  checkPrecision('amount', amount, marketBuy ? market.pricePrecision + market.amountPrecision : market.amountPrecision);

  let price = '0';
  if (type === 'limit') {
    price = decimalField(b, 'price', 'positive');
    checkPrecision('price', price, market.pricePrecision);
  } else if (tif !== 'ioc' && tif !== 'fok') {
    throw invalidParam('time_in_force', tif, 'a market order takes ioc or fok');
  }
  const base = marketBuy ? undefined : amount;
  const quote = type === 'limit' ? mul(amount, price) : marketBuy ? amount : undefined;
  if (base !== undefined && compareDecimal(base, market.minBaseAmount) < 0) {
    throw new MockHttpError(400, 'AMOUNT_TOO_LITTLE', `Amount ${base} is below the minimum ${market.minBaseAmount}`);
  }
  if (quote !== undefined && compareDecimal(quote, market.minQuoteAmount) < 0) {
    throw new MockHttpError(
      400,
      'AMOUNT_TOO_LITTLE',
      `Order total ${quote} is below the minimum ${market.minQuoteAmount}`,
    );
  }

  const account = accountOf(state, uid);
  const stp = stpOf(b, account.stpId);
  const order: SpotOrderState = {
    id: '',
    uid,
    pair: market.pair,
    account: accountType,
    type,
    side,
    amount,
    price,
    tif,
    text: orderText(b, 'apiv4'),
    amendText: '-',
    stpAct: stp.sent,
    stpId: account.stpId,
    status: 'open',
    finishAs: 'open',
    left: amount,
    filledAmount: '0',
    filledTotal: '0',
    fee: '0',
    locked: '0',
    priority: 0,
    createMs: nowMs,
    updateMs: nowMs,
  };
  const lockAmount = side === 'sell' ? amount : type === 'limit' ? (quote as string) : amount;
  return { order, market, stp: stp.applies, lockAmount };
}
