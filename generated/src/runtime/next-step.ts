/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/next-step.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The retry policy as one pure function: given what the call is and how its last attempt ended,
 * `nextStep` says what to do next. The request loop only carries the step out, so both transports
 * behave the same and every rule is tested row by row.
 *
 * The rules (the facts behind them are the API description's):
 * - Reads (`x-retry: safe`) are repeated after network errors, timeouts, 5xx (not 501), 429 and
 *   transient labels, with backoff, up to `maxRetries`.
 * - A request proven never sent (connection refused, DNS failure) is repeated whatever it is.
 * - 429 and `401 REQUEST_EXPIRED` are refusals before processing: a 429 waits for the server's
 *   reset, honoured up to `maxServerWaitMs` (the bucket's window unless configured), and is
 *   repeated (not in `reject` mode); REQUEST_EXPIRED resyncs the clock and resends once.
 * - A write the server deduplicates by the id it carries (`x-idempotency.dedupes`) is resent with
 *   the same id after no answer, a 5xx or a transient label.
 * - A duplicate label (`DUPLICATE_REQUEST`, `ORDER_EXISTS`, ...) on any write, first send or
 *   resend, means a write with its id was accepted earlier: look it up by the id (found: that
 *   write is the call's result); without a lookup it ends as an unknown outcome, never "not applied".
 * - Any other write is never sent twice. Once it may have been applied (sent without a definitive
 *   answer: timeout, reset, any 5xx but 501, a redirect other than 307/308, an abort), it is looked
 *   up by its id when it can be, and otherwise ends as an unknown outcome.
 */
import type { ExchangeError } from './errors.js';
import type { ApiMeta } from './metadata.js';
import type { RateLimitMode } from './rate-limit.js';
import { MAX_SERVER_WAIT_MS, backoffDelay } from './retry-timing.js';

/**
 * What the operation is, for the policy. `read`: safe to repeat. `deduped-write`: the server
 * refuses a second write with the id this call carries. `write`: anything else that changes state.
 */
export type CallKind = 'read' | 'deduped-write' | 'write';

/** Everything the decision depends on besides the attempt's outcome. */
export interface CallState {
  readonly kind: CallKind;
  /** The write carries an id and the operation has a read that finds it by that id. */
  readonly canLookUp: boolean;
  /** Retries made so far (the REQUEST_EXPIRED resend does not count). */
  readonly retries: number;
  readonly maxRetries: number;
  readonly rateLimit: RateLimitMode;
  /** The longest a 429's reset time or `Retry-After` is honoured (ms): a longer one is cut to this. */
  readonly maxServerWaitMs: number;
  /** The request is signed, clock sync is on, and the clock was not resynced for this call yet. */
  readonly canResync: boolean;
  /** An earlier attempt of this call may have been applied. */
  readonly mayBeApplied: boolean;
  /** Local epoch ms (for the server's reset time). */
  readonly nowMs: number;
  /** A uniform random number in [0, 1): the backoff's jitter. */
  readonly jitter: number;
}

/** How one attempt ended, when it did not succeed. */
export type AttemptOutcome =
  /** Failed before anything was sent, for a reason a resend would not fix (no credentials, `reject` mode). */
  | { readonly kind: 'local'; readonly error: ExchangeError }
  /** Proven never sent: connection refused, DNS failure. */
  | { readonly kind: 'not-sent'; readonly error: ExchangeError }
  /** Sent (or maybe sent) and no answer: timeout, connection lost. */
  | { readonly kind: 'no-answer'; readonly error: ExchangeError; readonly why: string }
  /** The caller's signal aborted the call; `sent`: the request may have reached the server. */
  | { readonly kind: 'aborted'; readonly sent: boolean; readonly error: ExchangeError }
  /** A 3xx (or a browser's opaque redirect, status 0); never followed. */
  | { readonly kind: 'redirect'; readonly status: number; readonly error: ExchangeError }
  /** A non-2xx, non-3xx answer. */
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly label: string;
      /** The label is one of the API's transient labels. */
      readonly transient: boolean;
      /** The label means "a write with this id was already applied". */
      readonly duplicate: boolean;
      /** Local epoch ms at which the server's window reopens (429). */
      readonly resetAt?: number | undefined;
      /** What `Retry-After` asked for (429), ms. */
      readonly retryAfterMs?: number | undefined;
      readonly error: ExchangeError;
    };

/** What to do next. */
export type Step =
  /** Send again after `afterMs`. */
  | { readonly do: 'retry'; readonly afterMs: number; readonly why: string }
  /** Look the write up by its id: found, its record is the result; not found, an unknown outcome. */
  | { readonly do: 'lookup'; readonly why: string }
  /** Measure the server clock again and resend (the REQUEST_EXPIRED rule). */
  | { readonly do: 'resync' }
  /** End with this error (the request was not applied, or it is a read). */
  | { readonly do: 'fail'; readonly error: ExchangeError }
  /** End with `UnknownOutcomeError`: the write may have been applied and cannot be looked up now. */
  | { readonly do: 'unknown'; readonly why: string };

const REDIRECT_NOT_PROCESSED = new Set([307, 308]);

/** What an error label tells the policy: a transient condition, or a duplicate of an earlier write (the API's lists). */
export function labelKind(
  label: string,
  apiMeta: Pick<ApiMeta, 'transientLabels' | 'duplicateLabels'>,
): { readonly transient: boolean; readonly duplicate: boolean } {
  return { transient: apiMeta.transientLabels.includes(label), duplicate: apiMeta.duplicateLabels.includes(label) };
}

/** Whether an outcome leaves a write possibly applied. */
export function mayHaveApplied(outcome: AttemptOutcome): boolean {
  switch (outcome.kind) {
    case 'no-answer':
      return true;
    case 'aborted':
      return outcome.sent;
    case 'redirect':
      return !REDIRECT_NOT_PROCESSED.has(outcome.status);
    case 'status':
      return outcome.status >= 500 && outcome.status !== 501;
    default:
      return false;
  }
}

/** Decides what follows an attempt that did not succeed. Pure: same input, same step. */
export function nextStep(state: CallState, outcome: AttemptOutcome): Step {
  const left = state.retries < state.maxRetries;
  const backoff = backoffDelay(state.retries + 1, () => state.jitter);
  const read = state.kind === 'read';
  /** The write may have been applied: look it up, or end as unknown when it cannot be. */
  const settle = (why: string): Step => (state.canLookUp ? { do: 'lookup', why } : { do: 'unknown', why });
  /** A definitive refusal of this attempt; an earlier attempt may still have been applied. */
  const refused = (error: ExchangeError): Step =>
    !read && state.mayBeApplied ? settle(`a resend was refused (${error.message})`) : { do: 'fail', error };

  switch (outcome.kind) {
    case 'local':
      return refused(outcome.error);
    case 'aborted':
      return !read && (outcome.sent || state.mayBeApplied)
        ? { do: 'unknown', why: 'the call was aborted after the request was sent' }
        : { do: 'fail', error: outcome.error };
    case 'not-sent':
      return left ? { do: 'retry', afterMs: backoff, why: 'nothing was sent' } : refused(outcome.error);
    case 'no-answer':
      if (read)
        return left ? { do: 'retry', afterMs: backoff, why: outcome.why } : { do: 'fail', error: outcome.error };
      return afterMaybeApplied(state, left, backoff, outcome.why, settle);
    case 'redirect':
      if (read || REDIRECT_NOT_PROCESSED.has(outcome.status)) return refused(outcome.error);
      return settle(`the server answered ${outcome.status || 'an opaque redirect'}, which may follow processing`);
    case 'status':
      return afterStatus(state, outcome, left, backoff, settle, refused);
  }
}

function afterMaybeApplied(
  state: CallState,
  left: boolean,
  backoff: number,
  why: string,
  settle: (why: string) => Step,
): Step {
  if (state.kind === 'deduped-write' && left) {
    return { do: 'retry', afterMs: backoff, why: `${why}; resending with the same id (the server deduplicates it)` };
  }
  return settle(why);
}

function afterStatus(
  state: CallState,
  outcome: Extract<AttemptOutcome, { kind: 'status' }>,
  left: boolean,
  backoff: number,
  settle: (why: string) => Step,
  refused: (error: ExchangeError) => Step,
): Step {
  const { status, label } = outcome;
  if (status === 429) {
    const asked = Math.max(
      outcome.resetAt === undefined ? 0 : outcome.resetAt - state.nowMs,
      outcome.retryAfterMs ?? 0,
    );
    const serverWait = Math.min(asked, state.maxServerWaitMs);
    if (state.rateLimit !== 'reject' && left && serverWait <= MAX_SERVER_WAIT_MS) {
      return { do: 'retry', afterMs: Math.max(backoff, Math.ceil(serverWait)), why: 'the server refused it: 429' };
    }
    return refused(outcome.error);
  }
  if (status === 401 && label === 'REQUEST_EXPIRED' && state.canResync) return { do: 'resync' };
  // A duplicate label says a write with this id was accepted earlier (this attempt's or another's):
  // never "not applied". Look it up by the id; without one it cannot be told.
  if (outcome.duplicate && state.kind !== 'read') {
    return settle(`the service refused it as a duplicate of an earlier write with the same id (${label})`);
  }
  if (state.kind === 'read') {
    const transient = (status >= 500 && status !== 501) || outcome.transient;
    return transient && left
      ? { do: 'retry', afterMs: backoff, why: `${status} ${label}` }
      : { do: 'fail', error: outcome.error };
  }
  if (status >= 500 && status !== 501) {
    return afterMaybeApplied(state, left, backoff, `the server answered ${status} ${label}`, settle);
  }
  // A transient label on a 4xx: a write the server deduplicates is resent with the same id.
  if (outcome.transient && state.kind === 'deduped-write' && left) {
    return { do: 'retry', afterMs: backoff, why: `${status} ${label}; resending with the same id` };
  }
  return refused(outcome.error);
}
