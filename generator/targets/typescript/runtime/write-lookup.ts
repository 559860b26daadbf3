/**
 * Writes whose outcome is unknown: what identifies such a write (`OutcomeRecord`), the
 * `UnknownOutcomeError` that carries it, and the lookup of the write by its idempotency id
 * through the read the operation names. The request loop looks a write up when its answer was
 * lost; `resolveOutcome` (outcome.ts) asks again later.
 */

import type { WithResponse } from './api-promise.js';
import type { Executor } from './context.js';
import { ApiError, NotFoundError, UnknownOutcomeError, type ErrorContext } from './errors.js';
import { envelopeBody } from './envelope.js';
import { isUnknownOutcomeError } from './error-guards.js';
import { isObject } from './json.js';
import type { OperationMeta } from './metadata.js';
import type { CallPlan } from './call-plan.js';

/** One write to find: the id it carried and the lookup's other parameters taken from the write. */
export interface LookupTarget {
  readonly value: string;
  /** The lookup's `with` parameters (e.g. `currency_pair`, `settle`), as the write sent them. */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** What identifies a write and how to find it again. */
export interface OutcomeRecord {
  /** operationId of the write. */
  readonly operation: string;
  /** Idempotency field and value the write carried, when the operation has one. */
  readonly field: string | undefined;
  readonly value: string | undefined;
  /**
   * Every write to find: the one write, or each item of a batch (`perItem`) in item order. Empty
   * when the write carried no id or nothing reads it back.
   */
  readonly targets: readonly LookupTarget[];
  /** The ids of a batch's items, in item order (`perItem` operations). */
  readonly items: readonly string[] | undefined;
  /** The service refuses a second write with this id. */
  readonly dedupes: boolean;
  /** The read that finds the write by that value. */
  readonly lookup: { readonly operation: OperationMeta; readonly param: string } | undefined;
  /** Server-corrected epoch ms at which the write was first sent. */
  readonly sentAtMs: number;
}

/** A registered symbol, so an error thrown by another copy of the package can be resolved too. */
const RECORD = Symbol.for('exchange-v4.outcome-record');

/** The lookup data attached (non-enumerably) to an `UnknownOutcomeError`. */
export function outcomeRecordOf(error: unknown): OutcomeRecord | undefined {
  if (!isUnknownOutcomeError(error)) return undefined;
  return (error as unknown as { [RECORD]?: OutcomeRecord })[RECORD];
}

/** What a write sent: its operation, its params (the ids filled in) and the id it carried. */
export type SentWrite = Pick<CallPlan, 'meta' | 'params' | 'idempotency'>;

/** An id value as text (ids arrive as strings, or as numbers where the spec says int64). */
function idText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? String(value)
    : JSON.stringify(value);
}

/** The lookup's `with` parameters for one write (or batch item), read from it, then from the call's params. */
function extraOf(
  wanted: Readonly<Record<string, string>> | undefined,
  item: Readonly<Record<string, unknown>>,
  params: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const [param, field] of Object.entries(wanted ?? {})) {
    const value = item[field] ?? params[field];
    if (value !== undefined && value !== null) extra[param] = value;
  }
  return extra;
}

/** The ids of a batch's items (`perItem`), in item order; items without one are left out. */
function itemIds(write: SentWrite): { value: string; item: Readonly<Record<string, unknown>> }[] {
  const field = write.meta.idempotency?.field;
  const body = envelopeBody(write.params);
  if (field === undefined || !Array.isArray(body)) return [];
  return body.flatMap((item: unknown) =>
    isObject(item) && item[field] !== undefined && item[field] !== null ? [{ value: idText(item[field]), item }] : [],
  );
}

/** What identifies `write`, first sent at `sentAtMs`, and how to find it again. */
export function outcomeRecord(write: SentWrite, sentAtMs: number): OutcomeRecord {
  const { meta, params, idempotency } = write;
  const idem = meta.idempotency;
  const lookup = idem?.lookup;
  const perItem = idem?.perItem === true ? itemIds(write) : undefined;
  const targets: LookupTarget[] = !lookup
    ? []
    : perItem
      ? perItem.map(({ value, item }) => ({ value, extra: extraOf(lookup.with, item, params) }))
      : idempotency
        ? [{ value: idempotency.value, extra: extraOf(lookup.with, params, params) }]
        : [];
  return {
    operation: meta.id,
    field: idempotency?.field ?? (perItem ? idem?.field : undefined),
    value: idempotency?.value,
    targets,
    items: perItem?.map((id) => id.value),
    dedupes: idem?.dedupes === true,
    lookup: targets.length > 0 && lookup ? { operation: lookup.operation, param: lookup.param } : undefined,
    sentAtMs,
  };
}

/**
 * Builds the `UnknownOutcomeError` of a write: public `idempotency` {field, value} (the id the
 * request carried; `items` for a batch) and, hidden from enumeration, what `resolveOutcome` needs.
 */
export function unknownOutcomeError(
  write: SentWrite,
  sentAtMs: number,
  context: ErrorContext,
  why: string,
): UnknownOutcomeError {
  const record = outcomeRecord(write, sentAtMs);
  const { idempotency, meta } = write;
  const ids = idempotency
    ? `${idempotency.field}=${idempotency.value}`
    : record.items && record.items.length > 0
      ? `${record.field}=${record.items.join(', ')}`
      : undefined;
  const hint = ids ? `; it carried ${ids}${record.lookup ? ': resolveOutcome(error) looks it up' : ''}` : '';
  const error = new UnknownOutcomeError(`${meta.id}: ${why}; the write may or may not have been applied${hint}`, {
    ...context,
    idempotency: idempotency ? { ...idempotency } : undefined,
    items:
      record.items && record.field !== undefined
        ? record.items.map((value) => ({ field: record.field as string, value }))
        : undefined,
  });
  Object.defineProperty(error, RECORD, { value: record, enumerable: false });
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
 * The lookup's params: the id, the `with` params the write carried and, for a time-ranged list
 * (withdrawals), a range that starts a little before the write was sent, so the record is found
 * however long ago that was.
 */
function lookupParams(record: OutcomeRecord, target: LookupTarget, nowMs: number): Record<string, unknown> {
  const lookup = record.lookup as NonNullable<OutcomeRecord['lookup']>;
  const params: Record<string, unknown> = { ...target.extra, [lookup.param]: target.value };
  const range = lookup.operation.timeRange;
  if (range !== undefined) {
    const from = Math.floor(record.sentAtMs / 1000) - 600;
    params[range.from] = from;
    params[range.to] = Math.max(from, Math.min(Math.floor(nowMs / 1000), from + range.maxDays * 86_400 - 1));
  }
  return params;
}

/**
 * Looks one write up. Resolves with the found record (and the lookup's response), or `undefined`
 * when the server has no such write; rethrows any other failure.
 */
export async function lookupTarget(
  execute: Executor,
  record: OutcomeRecord,
  target: LookupTarget,
  nowMs: number,
  options: { signal?: AbortSignal | undefined; timeout?: number | undefined },
): Promise<WithResponse<unknown> | undefined> {
  if (!record.lookup || record.field === undefined) return undefined;
  let answer: WithResponse<unknown>;
  try {
    answer = await execute(record.lookup.operation, lookupParams(record, target, nowMs), options);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  const picked = pickLookupResult(answer.data, record.field, target.value);
  return picked.found ? { data: picked.data, response: answer.response } : undefined;
}

/**
 * Runs the lookup of a single write (not a batch). Resolves with the found record (and the
 * lookup's response), or `undefined` when the server has no such write; rethrows any other failure.
 */
export async function lookupWrite(
  execute: Executor,
  record: OutcomeRecord,
  nowMs: number,
  options: { signal?: AbortSignal | undefined; timeout?: number | undefined },
): Promise<WithResponse<unknown> | undefined> {
  const target = record.items === undefined ? record.targets[0] : undefined;
  return target ? lookupTarget(execute, record, target, nowMs, options) : undefined;
}
