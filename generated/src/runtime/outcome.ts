/*
 * Copied by exchange-v4 from templates/typescript/runtime/outcome.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * `resolveOutcome`: finds out, after the call, whether a write that failed was applied. It answers
 * applied / not applied / still unknown, and says "not applied" only when the service's own rules
 * make that certain. An `UnknownOutcomeError` is looked up by the id its request carried
 * (write-lookup.ts). Its own module: a program that never calls it does not bundle it.
 */

import type { WithResponse } from './api-promise.js';
import type { Core } from './core.js';
import { contextOf } from './context.js';
import { AuthenticationError, ExchangeError } from './errors.js';
import {
  isAbortError,
  isApiError,
  isConnectionError,
  isRateLimitError,
  isRedirectError,
  isResponseBodyError,
  isValidationError,
} from './error-guards.js';
import type { Outcome } from './options.js';
import { rangedExecutor } from './ranged-call.js';
import { lookupWrite, outcomeRecordOf } from './write-lookup.js';

/** Shortest and longest wait `resolveOutcome` suggests before asking again (ms). */
export const RESOLVE_RETRY_MIN_MS = 1_000;
export const RESOLVE_RETRY_MAX_MS = 30_000;

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
  if (isResponseBodyError(error)) {
    // Accepted for certain; only its answer is lost, and this client never sends it again.
    const id = error.idempotency ? `: find ${error.idempotency.field}=${error.idempotency.value}` : '';
    return {
      status: 'unknown',
      retryAfterMs: undefined,
      reason: `the server accepted it (status ${error.status}) but its answer could not be read; do not resend it${id}`,
    };
  }
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
    found = await lookupWrite(rangedExecutor(ctx), record, nowMs, {});
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
