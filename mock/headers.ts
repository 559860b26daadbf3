/**
 * The headers every mock response carries, named by the IR (`ir.headers.response`): a fresh trace
 * id, the in/out times (Unix microseconds on the server clock), the rate-limit counters (and the
 * reset second when over the limit), and on list responses of paginated operations the
 * pagination headers.
 */
import { randomBytes } from 'node:crypto';
import type { IRResponseHeaders, ResponseHeaderRole } from '../generator/ir/types.js';
import type { RateDecision } from './rate-limit.js';

/** What the pagination headers report for one list response. */
export interface PaginationInfo {
  limit: number;
  offset: number;
  /** Total matching entries, when known. */
  total?: number;
}

/** Inputs of {@link responseHeaders}. */
export interface HeaderInputs {
  traceId: string;
  /** Server time the request arrived, epoch ms. */
  inMs: number;
  /** Server time the response leaves, epoch ms. */
  outMs: number;
  /** Rate-limit state of the request's bucket (absent when no operation matched). */
  rate?: RateDecision | undefined;
  pagination?: PaginationInfo | undefined;
}

/** A fresh trace id (32 hex characters). */
export function newTraceId(): string {
  return randomBytes(16).toString('hex');
}

/** Unix microseconds from epoch milliseconds. */
export function toMicros(ms: number): string {
  return String(Math.round(ms * 1000));
}

/**
 * The response headers, by the names the IR gives; with `live`, a role that has aliases (the live
 * service's `X-Gate-*` names) is sent under its first alias instead.
 */
export function responseHeaders(names: IRResponseHeaders, inputs: HeaderInputs, live = false): Record<string, string> {
  const name = (role: ResponseHeaderRole): string => (live ? names.aliases?.[role]?.[0] : undefined) ?? names[role];
  const headers: Record<string, string> = {
    [name('traceId')]: inputs.traceId,
    [name('inTime')]: toMicros(inputs.inMs),
    [name('outTime')]: toMicros(inputs.outMs),
  };
  if (inputs.rate !== undefined) {
    headers[name('rateLimitLimit')] = String(inputs.rate.limit);
    headers[name('rateLimitRemaining')] = String(inputs.rate.remaining);
    if (inputs.rate.resetSeconds !== undefined) headers[name('rateLimitReset')] = String(inputs.rate.resetSeconds);
  }
  if (inputs.pagination !== undefined) {
    headers[name('paginationLimit')] = String(inputs.pagination.limit);
    headers[name('paginationOffset')] = String(inputs.pagination.offset);
    if (inputs.pagination.total !== undefined) headers[name('paginationTotal')] = String(inputs.pagination.total);
  }
  return headers;
}

/**
 * The limit and offset a paginated list request applied: offset style reads `limit` + `offset`,
 * page style reads `limit` + `page` (offset = (page - 1) * limit).
 */
export function appliedPage(
  pagination: { style: 'page' | 'offset'; defaultLimit: number },
  query: Readonly<Record<string, unknown>>,
): { limit: number; offset: number } {
  const limit = typeof query['limit'] === 'number' ? query['limit'] : pagination.defaultLimit;
  if (pagination.style === 'page') {
    const page = typeof query['page'] === 'number' ? query['page'] : 1;
    return { limit, offset: (page - 1) * limit };
  }
  return { limit, offset: typeof query['offset'] === 'number' ? query['offset'] : 0 };
}
