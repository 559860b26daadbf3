/**
 * What every stateful handler shares, whatever state it answers from: the request as it sees it
 * (after signature checks, validation and the rate limit), its answer, a miss that lets recorded
 * fixtures answer first, and readers of body and query values. The flows' handlers
 * (`state/handler.ts`) and the paper exchange's (`exchange/http/`) both build on it, so neither
 * folder imports the other's handler types.
 */
import { isObject } from '../spec/lint/support/json.js';
import type { IROperation } from '../generator/ir/types.js';
import type { MockHttpError } from './errors.js';
import type { PaginationInfo } from './headers.js';
import type { KeyRing } from './keys.js';

/** What a handler sees of a request, apart from the state it answers from. */
export interface RequestContext {
  op: IROperation;
  /** Decoded path parameter values in template order (handlers do not rely on their names). */
  pathValues: readonly string[];
  /** Declared query parameters that were sent, typed per the spec. */
  query: Readonly<Record<string, unknown>>;
  /** The parsed JSON body, if any. */
  body: unknown;
  /** The body as sent, when the server passes it: for ids above 2^53 that `body` cannot hold exactly. */
  bodyText?: string;
  /** API key of a private request. */
  key: string | undefined;
  /** Server time, epoch ms. */
  nowMs: number;
  keys: KeyRing;
}

/** A handler's answer. Errors are thrown as `MockHttpError`. */
export interface HandlerResult {
  status: number;
  /** JSON body (`bigint` values are written as exact JSON numbers); omit for 204. */
  body?: unknown;
  /** For list responses of paginated operations: what the pagination headers report. */
  pagination?: PaginationInfo;
}

/**
 * A lookup the state cannot answer (unknown id): recorded fixtures get a chance to answer it, and
 * when none matches, `error` is the answer.
 */
export interface HandlerMiss {
  miss: MockHttpError;
}

/** The body's field `name` when it is a non-empty string. */
export function textField(body: unknown, name: string): string | undefined {
  if (!isObject(body)) return undefined;
  const value = body[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The body as a plain object (`{}` when it is not one). */
export function bodyObject(body: unknown): Record<string, unknown> {
  return isObject(body) ? body : {};
}

/** A query value as text (`undefined` when absent or empty; a list comma-joined, as on the wire). */
export function queryText(query: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map((item) => queryText({ item }, 'item') ?? '').join(',');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** A query value as a number (`undefined` when absent or not numeric). */
export function queryNumber(query: Readonly<Record<string, unknown>>, name: string): number | undefined {
  const value = query[name];
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}
