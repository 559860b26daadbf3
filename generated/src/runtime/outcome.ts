/*
 * Copied by exchange-v4 from templates/typescript/runtime/outcome.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Writes whose outcome is unknown. When a write was sent and no answer came (timeout, connection
 * lost after sending), the runtime either looks it up by its idempotency id (`keyed` writes with
 * a lookup operation) or throws `UnknownOutcomeError`; `resolveOutcome` performs the same lookup
 * later on the caller's request.
 */

import { isObject } from './json.js';
import type { WithResponse } from './api-promise.js';
import type { Core } from './core.js';
import { contextOf, type Executor } from './context.js';
import { ApiError, ExchangeError, NotFoundError, UnknownOutcomeError, type ErrorContext } from './errors.js';
import type { OperationMeta } from './metadata.js';
import type { Outcome } from './options.js';

/** What identifies a write and how to find it again. */
export interface OutcomeRecord {
  /** operationId of the write. */
  readonly operation: string;
  /** Idempotency field and value the write carried. */
  readonly field: string;
  readonly value: string;
  /** The read that finds the write by that value. */
  readonly lookup: { readonly operation: OperationMeta; readonly param: string } | undefined;
}

const RECORD = Symbol('exchange.outcomeRecord');

/** The lookup data attached (non-enumerably) to an `UnknownOutcomeError`. */
export function outcomeRecordOf(error: unknown): OutcomeRecord | undefined {
  if (!(error instanceof UnknownOutcomeError)) return undefined;
  return (error as unknown as { [RECORD]?: OutcomeRecord })[RECORD];
}

/**
 * Builds the `UnknownOutcomeError` of a write: public `idempotency` {field, value} and, hidden
 * from enumeration, what `resolveOutcome` needs.
 */
export function unknownOutcomeError(
  meta: OperationMeta,
  idempotency: { readonly field: string; readonly value: string } | undefined,
  context: ErrorContext,
  why: string,
): UnknownOutcomeError {
  const hint = idempotency
    ? `; it carried ${idempotency.field}=${idempotency.value}${meta.idempotency?.lookup ? ': resolveOutcome(error) looks it up' : ''}`
    : '';
  const error = new UnknownOutcomeError(`${meta.id}: ${why}; the write may or may not have been applied${hint}`, {
    ...context,
    idempotency: idempotency ? { ...idempotency } : undefined,
  });
  if (idempotency) {
    const record: OutcomeRecord = {
      operation: meta.id,
      field: idempotency.field,
      value: idempotency.value,
      lookup: meta.idempotency?.lookup,
    };
    Object.defineProperty(error, RECORD, { value: record, enumerable: false });
  }
  return error;
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
      (item) => isObject(item) && item[field] !== undefined && String(item[field] as string | number) === value,
    );
    if (match !== undefined) return { found: true, data: match };
    const carriesField = data.some((item) => isObject(item) && item[field] !== undefined);
    if (!carriesField && data.length === 1 && isObject(data[0])) return { found: true, data: data[0] };
    return { found: false };
  }
  if (isObject(data)) {
    if (Object.keys(data).length === 0) return { found: false };
    const own = data[field] as string | number | undefined;
    if (own !== undefined && String(own) !== value) return { found: false };
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
 * Runs the lookup of a write. Resolves with the found record (and the lookup's response), or
 * `undefined` when the server has no such write; rethrows any other failure.
 */
export async function lookupWrite(
  execute: Executor,
  record: OutcomeRecord,
  options: { signal?: AbortSignal | undefined; timeout?: number | undefined },
): Promise<WithResponse<unknown> | undefined> {
  if (!record.lookup) return undefined;
  let answer: WithResponse<unknown>;
  try {
    answer = await execute(record.lookup.operation, { [record.lookup.param]: record.value }, options);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  const picked = pickLookupResult(answer.data, record.field, record.value);
  return picked.found ? { data: picked.data, response: answer.response } : undefined;
}

/**
 * Looks up a write that failed with `UnknownOutcomeError`: `{ applied: true, data }` with what
 * the lookup operation returns for it (for transfers `{tx_id, status}`, for withdrawals the
 * withdrawal record), or `{ applied: false }` when the server has no such write (resending with
 * the same id is then safe). Throws when the error carries no id or the operation has no lookup.
 */
export async function resolveOutcome<T = unknown>(core: Core, error: UnknownOutcomeError): Promise<Outcome<T>> {
  const record = outcomeRecordOf(error);
  if (!record) {
    throw new ExchangeError('resolveOutcome: the error carries no idempotency id to look the write up by', {
      operation: error instanceof ExchangeError ? error.operation : undefined,
    });
  }
  if (!record.lookup) {
    throw new ExchangeError(
      `resolveOutcome: ${record.operation} has no lookup operation; find ${record.field}=${record.value} in the account history`,
      { operation: record.operation },
    );
  }
  const found = await lookupWrite(contextOf(core).execute, record, {});
  return found ? { applied: true, data: found.data as T } : { applied: false };
}
