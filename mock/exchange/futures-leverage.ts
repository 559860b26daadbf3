/**
 * The leverage of a futures position (isolated margin only). New positions and open orders use
 * the contract's default until the account sets its own; setting it on an open position recomputes
 * the position's margin at the entry price (more margin must be available, less is released), and
 * the margin reserved by the account's open orders on that contract follows the new leverage.
 */
import { abs, canonical, compareDecimal, isDecimal, isZero, sub, sum } from '../decimal.js';
import { MockHttpError, invalidParam } from '../errors.js';
import { reservedMargin } from './futures-match.js';
import { entryPrice, initialMargin, positionOf } from './futures-position.js';
import { futuresAvailable, futuresWallet } from './futures-wallet.js';
import { contractKey, futuresIndex } from './order-index.js';
import type { ContractState, ExchangeState } from './types.js';

/**
 * Sets the isolated-margin leverage of `uid`'s position in `contract`. `leverage` `0` (cross
 * margin) is refused: the paper exchange keeps every position isolated.
 */
export function setLeverage(
  state: ExchangeState,
  uid: number,
  contract: ContractState,
  leverage: string,
  nowMs: number,
): void {
  if (!isDecimal(leverage)) throw invalidParam('leverage', leverage, 'must be a decimal string');
  if (isZero(leverage)) {
    throw invalidParam('leverage', leverage, 'cross margin is not supported: positions are isolated, leverage from 1');
  }
  if (compareDecimal(leverage, contract.leverageMin) < 0) {
    throw new MockHttpError(400, 'LEVERAGE_TOO_LOW', `Leverage ${leverage} is below ${contract.leverageMin}`);
  }
  if (compareDecimal(leverage, contract.leverageMax) > 0) {
    throw new MockHttpError(400, 'LEVERAGE_TOO_HIGH', `Leverage ${leverage} is above ${contract.leverageMax}`);
  }
  const pos = positionOf(futuresWallet(state, uid, contract.settle), contract, nowMs);
  const key = contractKey(contract.settle, contract.name);
  const orders = futuresIndex(state)
    .open(uid, (market) => market === key)
    .filter((o) => o.status === 'open');
  const margin = isZero(pos.size) ? '0' : initialMargin(contract, abs(pos.size), entryPrice(pos, contract), leverage);
  const reserved = orders.map((o) => reservedMargin(contract, o, canonical(leverage)));
  const extra = sub(sum([margin, ...reserved]), sum([pos.margin, ...orders.map((o) => o.orderMargin)]));
  const available = futuresAvailable(state, uid, contract.settle);
  if (compareDecimal(extra, available) > 0) {
    throw new MockHttpError(
      400,
      'INSUFFICIENT_AVAILABLE',
      `Not enough margin available for leverage ${leverage}: it needs ${extra} more, ${available} is available`,
    );
  }
  pos.leverage = canonical(leverage);
  pos.margin = margin;
  orders.forEach((o, i) => (o.orderMargin = reserved[i] ?? '0'));
  pos.updateTimeMs = nowMs;
  pos.updateId += 1;
}
