/**
 * `resolveOutcome`: finds out, after the call, whether a write that failed was applied. It reads
 * what the error proves, looks the write up by the id its request carried when it can
 * (write-lookup.ts), and answers with the decision of the outcome policy (outcome-policy.ts):
 * applied / not applied / still unknown, "not applied" only when the service's own rules make that
 * certain. Its own module: a program that never calls it does not bundle it.
 */

import type { Core } from './core.js';
import { contextOf, type RuntimeContext } from './context.js';
import { AuthenticationError, ExchangeError, type ApiError } from './errors.js';
import {
  isAbortError,
  isApiError,
  isConnectionError,
  isRateLimitError,
  isRedirectError,
  isResponseBodyError,
  isUnknownOutcomeError,
  isValidationError,
} from './error-guards.js';
import type { Outcome } from './options.js';
import { outcomePolicy, type LookupResult, type OutcomeDecision, type OutcomeEvidence } from './outcome-policy.js';
import { rangedExecutor } from './ranged-call.js';
import { lookupTarget, outcomeRecordOf, type OutcomeRecord } from './write-lookup.js';

/** Shortest and longest wait `resolveOutcome` suggests before asking again (ms). */
const RESOLVE_RETRY_MIN_MS = 1_000;
const RESOLVE_RETRY_MAX_MS = 30_000;

/** A duplicate label: the service says a write with the request's id was accepted earlier. */
function isDuplicate(error: unknown, labels: readonly string[]): error is ApiError {
  return isApiError(error) && error.status < 500 && labels.includes(error.label);
}

/** What an error of a write call proves, and why; `undefined` for an error no write call throws. */
function evidenceOf(error: unknown, duplicateLabels: readonly string[]): [OutcomeEvidence, string] | undefined {
  if (isValidationError(error)) return ['never-sent', 'it broke a rule of the spec and nothing was sent'];
  if (isConnectionError(error) && !error.requestSent) return ['never-sent', 'it was never sent'];
  if (isAbortError(error)) return ['never-sent', 'the call was aborted before the request was sent'];
  if (isUnknownOutcomeError(error)) {
    // Only this client's own errors carry what a lookup needs.
    if (outcomeRecordOf(error) === undefined) return undefined;
    const cause = error.cause;
    return isDuplicate(cause, duplicateLabels)
      ? ['duplicate', `the service refused it as a duplicate (${cause.label})`]
      : ['maybe-applied', 'it was sent and no definitive answer came'];
  }
  if (isDuplicate(error, duplicateLabels)) {
    return ['duplicate', `the service refused it as a duplicate (${error.label})`];
  }
  if (isResponseBodyError(error)) {
    return ['accepted', `the server accepted it (status ${error.status}) but its answer could not be read`];
  }
  if (isRateLimitError(error)) return ['refused', 'it was refused for the rate limit before processing'];
  if (error instanceof AuthenticationError || (isApiError(error) && error.status === 401))
    return ['refused', 'authentication failed, so it was not processed'];
  if (isRedirectError(error))
    return ['refused', `the server answered ${error.status}, which means it did not process it`];
  if (isApiError(error) && error.status >= 400 && error.status < 500)
    return ['refused', `the service refused it (${error.label})`];
  if (isApiError(error) && error.status === 501) return ['refused', 'the server does not implement it'];
  return undefined;
}

/** Looks every write of the record up (one, or each item of a batch). */
async function lookUp(
  ctx: RuntimeContext,
  record: OutcomeRecord,
  nowMs: number,
): Promise<{ result: LookupResult; data?: unknown; why?: string }> {
  if (record.targets.length === 0) return { result: 'none' };
  const execute = rangedExecutor(ctx);
  const found: unknown[] = [];
  const missing: string[] = [];
  try {
    for (const target of record.targets) {
      const answer = await lookupTarget(execute, record, target, nowMs, {});
      if (answer) found.push(answer.data);
      else missing.push(target.value);
    }
  } catch (lookupError) {
    return { result: 'failed', why: lookupError instanceof Error ? lookupError.message : String(lookupError) };
  }
  if (missing.length > 0) return { result: 'not-found', why: missing.join(', ') };
  return { result: 'found', data: record.items === undefined ? found[0] : found };
}

/**
 * Finds out whether a write that failed was applied. Any error of a write call can be given:
 * errors that prove nothing was applied are answered without I/O; an `UnknownOutcomeError` (or a
 * write refused as a duplicate of its id) is looked up by the id the request carried. See
 * {@link Outcome}; the rules are `outcomePolicy`'s.
 */
export async function resolveOutcome<T = unknown>(core: Core, error: unknown): Promise<Outcome<T>> {
  const ctx = contextOf(core);
  const evidence = evidenceOf(error, ctx.apiMeta.duplicateLabels);
  if (evidence === undefined) {
    throw new ExchangeError('resolveOutcome: expected an error of a write call of this client', {
      operation: error instanceof ExchangeError ? error.operation : undefined,
    });
  }
  const [kind, because] = evidence;
  const record = kind === 'never-sent' || kind === 'refused' ? undefined : outcomeRecordOf(error);
  const nowMs = ctx.clock.nowMs();
  const found = record ? await lookUp(ctx, record, nowMs) : { result: 'none' as const };
  const decision = outcomePolicy({ evidence: kind, lookup: found.result, dedupes: record?.dedupes === true });
  if (decision.status === 'applied') return { status: 'applied', data: found.data as T };
  if (decision.status === 'not-applied') return { status: 'not-applied', resend: 'safe', reason: because };

  const idempotency = idOf(record, error);
  const sentAtMs = record?.sentAtMs ?? nowMs;
  return {
    status: 'unknown',
    retryAfterMs: decision.askAgain
      ? Math.ceil(Math.min(RESOLVE_RETRY_MAX_MS, Math.max(RESOLVE_RETRY_MIN_MS, (nowMs - sentAtMs) / 2)))
      : undefined,
    resend: decision.resend === 'same-id' ? 'same-id' : 'never',
    idempotency,
    reason: unknownReason(kind, because, found, record, idempotency, decision),
  };
}

/** The id a write carried: its record's, or the one a `ResponseBodyError` names. */
function idOf(
  record: OutcomeRecord | undefined,
  error: unknown,
): { readonly field: string; readonly value: string } | undefined {
  if (record?.field !== undefined && record.value !== undefined) return { field: record.field, value: record.value };
  return isResponseBodyError(error) && error.idempotency ? { ...error.idempotency } : undefined;
}

/** Why the outcome is unknown, and what to do. */
function unknownReason(
  kind: OutcomeEvidence,
  because: string,
  found: { result: LookupResult; why?: string },
  record: OutcomeRecord | undefined,
  idempotency: { readonly field: string; readonly value: string } | undefined,
  decision: OutcomeDecision,
): string {
  const ids = idempotency
    ? `${idempotency.field}=${idempotency.value}`
    : record?.items?.length
      ? `${record.field ?? 'id'}=${record.items.join(', ')}`
      : undefined;
  if (kind === 'accepted') return `${because}; do not resend it${ids ? `: find ${ids}` : ''}`;
  const looked =
    found.result === 'failed'
      ? `; looking it up failed (${found.why ?? ''})`
      : found.result === 'not-found'
        ? `; no write with ${record?.field ?? 'its id'}=${found.why ?? ''} is listed yet`
        : ids === undefined
          ? '; it carried no id to look it up by'
          : `; no read finds ${record?.operation ?? 'it'} by its id (${ids}): check the account's history`;
  const advice =
    decision.resend === 'same-id'
      ? 'resending with exactly the same id is safe (the service refuses a second write with it)'
      : decision.askAgain
        ? 'ask again later and never resend it meanwhile'
        : 'never resend it blindly';
  return `${because}${looked}: ${advice}`;
}
