/**
 * What the perpetual futures handlers share: the path's settlement currency and contract, the
 * caller's futures wallet (400 USER_NOT_FOUND without one, as the seed describes), answers with
 * optional pagination, and the misses (unknown settlement currency, contract or order) that let
 * recorded fixtures answer first.
 */
import { MockHttpError } from '../../errors.js';
import type { ExchangeContext } from './context.js';
import type { HandlerMiss, HandlerResult } from '../../handler-contract.js';
import type { ContractState, ExchangeState } from '../types.js';
import { callerUid, miss } from './params.js';
import { own } from '../own.js';

/** A success answer; a list with its total, limit and offset for the pagination headers. */
export const ok = (
  ctx: ExchangeContext,
  body: unknown,
  total?: number,
  limit?: number,
  offset?: number,
): HandlerResult => ({
  status: ctx.op.successStatus,
  body,
  ...(total === undefined ? {} : { pagination: { total, limit: limit ?? 100, offset: offset ?? 0 } }),
});
/** The `{settle}` of the path. */
export const settleOf = (ctx: ExchangeContext): string => ctx.pathValues[0] ?? '';
/** 404 ORDER_NOT_FOUND as a miss. */
export const orderNotFound = (id: string) => miss(404, 'ORDER_NOT_FOUND', `Order ${id} not found`);

/** The contracts of the path's settlement currency (`undefined`: none settle in it). */
export function contractsOf(ctx: ExchangeContext, state: ExchangeState): Record<string, ContractState> | undefined {
  return own(state.contracts, settleOf(ctx));
}

/** The miss for a settlement currency no contract settles in. */
export const noSettle = (ctx: ExchangeContext): HandlerMiss =>
  miss(400, 'CONTRACT_NOT_FOUND', `No contracts settle in ${settleOf(ctx)}`);

/** The contract named `name` in the path's settlement currency, or a miss. */
export function contractNamed(
  ctx: ExchangeContext,
  state: ExchangeState,
  name: string | undefined,
): ContractState | HandlerMiss {
  const contracts = contractsOf(ctx, state);
  if (contracts === undefined) return noSettle(ctx);
  return (
    own(contracts, name ?? '') ??
    miss(400, 'CONTRACT_NOT_FOUND', `Contract ${String(name)} not found in ${settleOf(ctx)}`)
  );
}

/** 400 USER_NOT_FOUND when the caller has no futures wallet in the path's settlement currency. */
export function requireWallet(ctx: ExchangeContext, state: ExchangeState): number {
  const uid = callerUid(ctx);
  if (own(own(state.accounts, String(uid))?.futures, settleOf(ctx)) === undefined) {
    throw new MockHttpError(
      400,
      'USER_NOT_FOUND',
      `No futures account in ${settleOf(ctx)} yet: transfer funds to open it`,
    );
  }
  return uid;
}
