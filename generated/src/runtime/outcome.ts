/*
 * Copied by exchange-v4 from templates/typescript/runtime/outcome.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Writes whose outcome is unknown. When a write may have been applied and no definitive answer
 * came, the request loop looks it up by its idempotency id (when the operation has a read that
 * finds it) or throws `UnknownOutcomeError`, which carries the id the request actually used and
 * what `resolveOutcome` needs to ask again later. `resolveOutcome` answers applied / not applied /
 * still unknown, and says "not applied" only when the service's own rules make that certain.
 */

import { isObject } from './json.js';
import type { WithResponse } from './api-promise.js';
import type { Core } from './core.js';
import { contextOf, type Executor } from './context.js';
import {
  ApiError,
  AuthenticationError,
  ExchangeError,
  NotFoundError,
  UnknownOutcomeError,
  type ErrorContext,
} from './errors.js';
import {
  isAbortError,
  isApiError,
  isConnectionError,
  isRateLimitError,
  isRedirectError,
  isUnknownOutcomeError,
  isValidationError,
} from './error-guards.js';
import type { OperationMeta } from './metadata.js';
import type { Outcome } from './options.js';

/** What identifies a write and how to find it again. */
export interface OutcomeRecord {
  /** operationId of the write. */
  readonly operation: string;
  /** Idempotency field and value the write carried, when the operation has one. */
  readonly field: string | undefined;
  readonly value: string | undefined;
  /** The service refuses a second write with this id. */
  readonly dedupes: boolean;
  /** The read that finds the write by that value. */
  readonly lookup: { readonly operation: OperationMeta; readonly param: string } | undefined;
  /** Server-corrected epoch ms at which the write was first sent. */
  readonly sentAtMs: number;
}

/** A registered symbol, so an error thrown by another copy of the package can be resolved too. */
const RECORD = Symbol.for('exchange-v4.outcome-record');

/** Shortest and longest wait `resolveOutcome` suggests before asking again (ms). */
export const RESOLVE_RETRY_MIN_MS = 1_000;
export const RESOLVE_RETRY_MAX_MS = 30_000;

/** The lookup data attached (non-enumerably) to an `UnknownOutcomeError`. */
export function outcomeRecordOf(error: unknown): OutcomeRecord | undefined {
  if (!isUnknownOutcomeError(error)) return undefined;
  return (error as unknown as { [RECORD]?: OutcomeRecord })[RECORD];
}

/** What identifies a write of `meta` that carried `idempotency` and was first sent at `sentAtMs`. */
export function outcomeRecord(
  meta: OperationMeta,
  idempotency: { readonly field: string; readonly value: string } | undefined,
  sentAtMs: number,
): OutcomeRecord {
  return {
    operation: meta.id,
    field: idempotency?.field,
    value: idempotency?.value,
    dedupes: meta.idempotency?.dedupes === true,
    lookup: idempotency ? meta.idempotency?.lookup : undefined,
    sentAtMs,
  };
}

/**
 * Builds the `UnknownOutcomeError` of a write: public `idempotency` {field, value} (the id the
 * request carried) and, hidden from enumeration, what `resolveOutcome` needs.
 */
export function unknownOutcomeError(
  meta: OperationMeta,
  idempotency: { readonly field: string; readonly value: string } | undefined,
  sentAtMs: number,
  context: ErrorContext,
  why: string,
): UnknownOutcomeError {
  const record = outcomeRecord(meta, idempotency, sentAtMs);
  const lookup = record.lookup;
  const hint = idempotency
    ? `; it carried ${idempotency.field}=${idempotency.value}${lookup ? ': resolveOutcome(error) looks it up' : ''}`
    : '';
  const error = new UnknownOutcomeError(`${meta.id}: ${why}; the write may or may not have been applied${hint}`, {
    ...context,
    idempotency: idempotency ? { ...idempotency } : undefined,
  });
  Object.defineProperty(error, RECORD, { value: record, enumerable: false });
  return error;
}

/** An id value as text (ids arrive as strings, or as numbers where the spec says int64). */
function idText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? String(value)
    : JSON.stringify(value);
}

/**
 * Finds the write in a lookup answer. A list: the item whose `field` equals `value` (or the
 * only item, when items do not carry the field). An object: found unless it is empty or names
 * another value in `field`.
 */
export function pickLookupResult(
  data: unknown,
  field: string,
  value: string,
): { found: true; data: unknown } | { found: false } {
  if (Array.isArray(data)) {
    const match: unknown = data.find(
      (item) => isObject(item) && item[field] !== undefined && idText(item[field]) === value,
    );
    if (match !== undefined) return { found: true, data: match };
    const carriesField = data.some((item) => isObject(item) && item[field] !== undefined);
    if (!carriesField && data.length === 1 && isObject(data[0])) return { found: true, data: data[0] };
    return { found: false };
  }
  if (isObject(data)) {
    if (Object.keys(data).length === 0) return { found: false };
    if (data[field] !== undefined && idText(data[field]) !== value) return { found: false };
    return { found: true, data };
  }
  return { found: false };
}

/** A lookup answer that means "no such write". */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof NotFoundError ||
    (error instanceof ApiError && error.status < 500 && /NOT_FOUND$/.test(error.label))
  );
}

/**
 * The lookup's params: the id, and for a time-ranged list (withdrawals) a range that starts a
 * little before the write was sent, so the record is found however long ago that was.
 */
function lookupParams(record: OutcomeRecord, nowMs: number): Record<string, unknown> {
  const lookup = record.lookup as NonNullable<OutcomeRecord['lookup']>;
  const params: Record<string, unknown> = { [lookup.param]: record.value };
  const range = lookup.operation.timeRange;
  if (range !== undefined) {
    const from = Math.floor(record.sentAtMs / 1000) - 600;
    params[range.from] = from;
    params[range.to] = Math.max(from, Math.min(Math.floor(nowMs / 1000), from + range.maxDays * 86_400 - 1));
  }
  return params;
}

/**
 * Runs the lookup of a write. Resolves with the found record (and the lookup's response), or
 * `undefined` when the server has no such write; rethrows any other failure.
 */
export async function lookupWrite(
  execute: Executor,
  record: OutcomeRecord,
  nowMs: number,
  options: { signal?: AbortSignal | undefined; timeout?: number | undefined },
): Promise<WithResponse<unknown> | undefined> {
  if (!record.lookup || record.field === undefined || record.value === undefined) return undefined;
  let answer: WithResponse<unknown>;
  try {
    answer = await execute(record.lookup.operation, lookupParams(record, nowMs), options);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  const picked = pickLookupResult(answer.data, record.field, record.value);
  return picked.found ? { data: picked.data, response: answer.response } : undefined;
}

/** Settled without I/O: errors whose very kind says the write was not applied. */
function notAppliedByKind(error: unknown): string | undefined {
  if (isValidationError(error)) return 'it broke a rule of the spec and nothing was sent';
  if (isConnectionError(error) && !error.requestSent) return 'it was never sent';
  if (isAbortError(error)) return 'the call was aborted before the request was sent';
  if (isRateLimitError(error)) return 'it was refused for the rate limit before processing';
  if (error instanceof AuthenticationError || (isApiError(error) && error.status === 401))
    return 'authentication failed, so it was not processed';
  if (isRedirectError(error)) return `the server answered ${error.status}, which means it did not process it`;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return `the service refused it (${error.label})`;
  if (isApiError(error) && error.status === 501) return 'the server does not implement it';
  return undefined;
}

/**
 * Finds out whether a write that failed was applied. Any error of a write call can be given:
 * `UnknownOutcomeError` is looked up by the id the request carried; the other errors of a write
 * already say it was not applied (nothing sent, or refused before processing). See {@link Outcome}.
 */
export async function resolveOutcome<T = unknown>(core: Core, error: unknown): Promise<Outcome<T>> {
  const settled = notAppliedByKind(error);
  if (settled !== undefined) return { status: 'not-applied', resend: 'safe', reason: settled };
  const record = outcomeRecordOf(error);
  if (!record) {
    throw new ExchangeError('resolveOutcome: expected an error of a write call of this client', {
      operation: error instanceof ExchangeError ? error.operation : undefined,
    });
  }
  const ctx = contextOf(core);
  if (!record.lookup || record.field === undefined || record.value === undefined) {
    const id = record.field === undefined ? 'it carried no id' : `find ${record.field}=${record.value}`;
    return {
      status: 'unknown',
      retryAfterMs: undefined,
      reason: `${record.operation} has no read that finds a write by its id (${id}): check the account's history`,
    };
  }
  const nowMs = ctx.clock.nowMs();
  const retryAfterMs = Math.ceil(
    Math.min(RESOLVE_RETRY_MAX_MS, Math.max(RESOLVE_RETRY_MIN_MS, (nowMs - record.sentAtMs) / 2)),
  );
  let found: WithResponse<unknown> | undefined;
  try {
    found = await lookupWrite(ctx.execute, record, nowMs, {});
  } catch (lookupError) {
    const why = lookupError instanceof Error ? lookupError.message : String(lookupError);
    return { status: 'unknown', retryAfterMs, reason: `looking it up failed: ${why}` };
  }
  if (found) return { status: 'applied', data: found.data as T };
  const idempotency = { field: record.field, value: record.value };
  if (record.dedupes) {
    return {
      status: 'not-applied',
      resend: 'same-id',
      idempotency,
      reason: `no write with ${record.field}=${record.value}, and the service refuses a second one with it: resend with the same id`,
    };
  }
  return {
    status: 'unknown',
    retryAfterMs,
    reason: `no write with ${record.field}=${record.value} yet; the service does not deduplicate ${record.operation}, and a write it accepted may be listed only later: ask again, never resend`,
  };
}
