/**
 * What the paper exchange's HTTP handlers share: the exchange and the caller's account from the
 * handler context, query values (text on named-only operations, typed on shaped ones), paging,
 * and "misses" (an unknown pair, contract or order) that let recorded fixtures answer first.
 */
import { MockHttpError, invalidParam } from '../../errors.js';
import type { ExchangeContext } from './context.js';
import type { HandlerMiss } from '../../handler-contract.js';
import { queryNumber, queryText } from '../../handler-contract.js';
import type { PaperExchange } from '../exchange.js';
import type { ExchangeState } from '../types.js';

/** The mock's paper exchange, or a miss when it is switched off (`exchange: false`). */
export function exchangeOf(ctx: ExchangeContext): PaperExchange | HandlerMiss {
  return (
    ctx.state.exchange ?? {
      miss: new MockHttpError(501, 'NOT_IMPLEMENTED_IN_MOCK', 'The paper exchange is switched off; add a fixture'),
    }
  );
}

/** The uid of the account whose key signed the request. */
export function callerUid(ctx: ExchangeContext): number {
  return ctx.keys.uidOf(ctx.key ?? '');
}

/** A query value as text, `undefined` when absent or empty. */
export function q(ctx: ExchangeContext, name: string): string | undefined {
  return queryText(ctx.query, name);
}

/** The required `status` query of an order list: `open` or `finished` (400 otherwise). */
export function qOrderStatus(ctx: ExchangeContext): 'open' | 'finished' {
  const status = q(ctx, 'status');
  if (status !== 'open' && status !== 'finished') {
    throw new MockHttpError(
      400,
      'INVALID_PARAM_VALUE',
      `Invalid parameter \`status\` with value: ${String(status)} (open or finished)`,
    );
  }
  return status;
}

/** A query value as a whole number within `[min, max]`, `fallback` when absent. */
export function qInt(
  ctx: ExchangeContext,
  name: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = ctx.query[name];
  if (raw === undefined || raw === '') return fallback;
  const n = queryNumber(ctx.query, name);
  if (n === undefined || !Number.isInteger(n) || n < min || n > max) {
    throw invalidParam(name, raw, `a whole number from ${min} to ${max}`);
  }
  return n;
}

/** A query flag (`true` / `"true"`). */
export function qFlag(ctx: ExchangeContext, name: string): boolean {
  const value = ctx.query[name];
  return value === true || value === 'true';
}

/** A miss for something the exchange does not know. */
export function miss(status: number, label: string, message: string): HandlerMiss {
  return { miss: new MockHttpError(status, label, message) };
}

/** Items `offset` to `offset + limit` of `items`. */
export function slice<T>(items: readonly T[], offset: number, limit: number): T[] {
  return items.slice(offset, offset + limit);
}

/** `page` (from 1) and `limit` as an offset and a limit. */
export function paged(ctx: ExchangeContext, defaultLimit = 100, maxLimit = 1000): { offset: number; limit: number } {
  const limit = qInt(ctx, 'limit', defaultLimit, 1, maxLimit);
  const page = qInt(ctx, 'page', 1, 1);
  return { offset: (page - 1) * limit, limit };
}

/** Whether `timeMs` lies in the `from`/`to` query range (Unix seconds, both optional). */
export function inRange(ctx: ExchangeContext, timeMs: number): boolean {
  const from = queryNumber(ctx.query, 'from');
  const to = queryNumber(ctx.query, 'to');
  return (from === undefined || timeMs >= from * 1000) && (to === undefined || timeMs <= to * 1000);
}

/** Runs a change on the exchange for the handler, or passes the miss on. */
export function changed<T>(
  ex: PaperExchange | HandlerMiss,
  fn: (state: ExchangeState, nowMs: number, ex: PaperExchange) => T,
): T | HandlerMiss {
  return 'miss' in ex ? ex : ex.change((state, nowMs) => fn(state, nowMs, ex));
}

/** Runs a read on the exchange for the handler, or passes the miss on. */
export function read<T>(
  ex: PaperExchange | HandlerMiss,
  fn: (state: ExchangeState, nowMs: number, ex: PaperExchange) => T,
): T | HandlerMiss {
  return 'miss' in ex ? ex : ex.read((state, nowMs) => fn(state, nowMs, ex));
}
