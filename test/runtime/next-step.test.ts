/**
 * Every row of the retry policy (next-step.ts), one `{ given, want }` case each. `given` is the
 * call's state on top of DEFAULT_STATE and the attempt's outcome; `want` the step. The backoff's
 * jitter is fixed at 0.5, so the first retry's backoff is 250 ms and the second's 500 ms.
 */
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  RateLimitError,
  RedirectError,
  ServerError,
  TimeoutError,
  ValidationError,
  type ApiError,
} from '../../generator/targets/typescript/runtime/errors.js';
import {
  mayHaveApplied,
  nextStep,
  type AttemptOutcome,
  type CallState,
  type Step,
} from '../../generator/targets/typescript/runtime/next-step.js';
import { MAX_SERVER_WAIT_MS } from '../../generator/targets/typescript/runtime/retry-timing.js';

const NOW = 1_700_000_000_000;

const DEFAULT_STATE: CallState = {
  kind: 'read',
  canLookUp: false,
  retries: 0,
  maxRetries: 2,
  rateLimit: 'wait',
  maxServerWaitMs: 10_000,
  canResync: true,
  mayBeApplied: false,
  nowMs: NOW,
  jitter: 0.5,
};

const TRANSIENT = ['INTERNAL', 'SERVER_ERROR', 'TOO_BUSY', 'TOO_MANY_REQUESTS'];
const DUPLICATE = ['DUPLICATE_REQUEST', 'ORDER_EXISTS', 'REPEATED_CREATION'];

/** A status outcome as the attempt classifier builds it. */
function status(code: number, label: string, extra: { resetAt?: number; retryAfterMs?: number } = {}): AttemptOutcome {
  const error: ApiError =
    code === 429
      ? new RateLimitError(code, label, '', {})
      : code === 401
        ? new AuthenticationError(code, label, '', {})
        : code >= 500
          ? new ServerError(code, label, '', {})
          : new BadRequestError(code, label, '', {});
  return {
    kind: 'status',
    status: code,
    label,
    transient: TRANSIENT.includes(label),
    duplicate: DUPLICATE.includes(label),
    ...extra,
    error,
  };
}

const timeout = new TimeoutError('No response within 1000 ms');
const reset = new ConnectionError('Connection failed: other side closed');
const refusedConnection = new ConnectionError('Connection failed before the request was sent', {
  requestSent: false,
});
const aborted = new AbortError('The call was aborted');
const local = new ValidationError('key', undefined, 'required', 'is required');
const outcomes = {
  noAnswer: { kind: 'no-answer', error: timeout, why: 'no response within 1000 ms' },
  reset: { kind: 'no-answer', error: reset, why: 'the connection failed after the request was sent' },
  notSent: { kind: 'not-sent', error: refusedConnection },
  abortedUnsent: { kind: 'aborted', sent: false, error: aborted },
  abortedSent: { kind: 'aborted', sent: true, error: aborted },
  local: { kind: 'local', error: local },
  redirect: (code: number): AttemptOutcome => ({
    kind: 'redirect',
    status: code,
    error: new RedirectError(code, 'https://elsewhere.example'),
  }),
} as const satisfies Record<string, AttemptOutcome | ((code: number) => AttemptOutcome)>;

/** `fail` always ends with the outcome's own error (checked by identity). */
type Want = { do: 'retry'; afterMs: number } | { do: 'lookup' } | { do: 'resync' } | { do: 'unknown' } | { do: 'fail' };

interface Row {
  readonly name: string;
  readonly given: { readonly state?: Partial<CallState>; readonly outcome: AttemptOutcome };
  readonly want: Want;
}

const read = { kind: 'read' } as const;
const deduped = { kind: 'deduped-write', canLookUp: true } as const;
const once = { kind: 'write', canLookUp: true } as const;
const onceNoLookup = { kind: 'write', canLookUp: false } as const;
const last = { retries: 2 } as const;

const rows: Row[] = [
  // Reads: repeated after network errors, timeouts, 5xx (not 501), 429 and transient labels.
  {
    name: 'read, timeout: retry with backoff',
    given: { state: read, outcome: outcomes.noAnswer },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'read, reset after send: retry',
    given: { state: read, outcome: outcomes.reset },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'read, second retry doubles the ceiling',
    given: { state: { ...read, retries: 1 }, outcome: outcomes.noAnswer },
    want: { do: 'retry', afterMs: 500 },
  },
  {
    name: 'read, timeout with no retries left: fail',
    given: { state: { ...read, ...last }, outcome: outcomes.noAnswer },
    want: { do: 'fail' },
  },
  {
    name: 'read, 502: retry',
    given: { state: read, outcome: status(502, 'SERVER_ERROR') },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'read, 503: retry',
    given: { state: read, outcome: status(503, 'TOO_BUSY') },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'read, 500 with no retries left: fail',
    given: { state: { ...read, ...last }, outcome: status(500, 'INTERNAL') },
    want: { do: 'fail' },
  },
  {
    name: 'read, 501: fail at once',
    given: { state: read, outcome: status(501, 'NOT_IMPLEMENTED') },
    want: { do: 'fail' },
  },
  {
    name: 'read, 4xx with a transient label: retry',
    given: { state: read, outcome: status(400, 'TOO_BUSY') },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'read, 400: fail',
    given: { state: read, outcome: status(400, 'INVALID_PARAM_VALUE') },
    want: { do: 'fail' },
  },
  {
    name: 'read, 404: fail',
    given: { state: read, outcome: status(404, 'NOT_FOUND') },
    want: { do: 'fail' },
  },
  {
    name: 'read, any redirect: fail, never followed',
    given: { state: read, outcome: outcomes.redirect(302) },
    want: { do: 'fail' },
  },
  {
    name: 'read, aborted: fail',
    given: { state: read, outcome: outcomes.abortedSent },
    want: { do: 'fail' },
  },
  {
    name: 'read, failed locally: fail',
    given: { state: read, outcome: outcomes.local },
    want: { do: 'fail' },
  },

  // Proven never sent: repeated whatever the operation.
  {
    name: 'write, never sent: retry',
    given: { state: onceNoLookup, outcome: outcomes.notSent },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'deduped write, never sent: retry',
    given: { state: deduped, outcome: outcomes.notSent },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'write, never sent, no retries left: fail',
    given: { state: { ...once, ...last }, outcome: outcomes.notSent },
    want: { do: 'fail' },
  },
  {
    name: 'deduped resend never sent, none left, earlier attempt may be applied: look up',
    given: { state: { ...deduped, ...last, mayBeApplied: true }, outcome: outcomes.notSent },
    want: { do: 'lookup' },
  },

  // 429: a refusal before processing; wait for the reset and resend (not in reject mode).
  {
    name: 'read, 429 with reset in 5 s: wait for it',
    given: { state: read, outcome: status(429, 'TOO_MANY_REQUESTS', { resetAt: NOW + 5000 }) },
    want: { do: 'retry', afterMs: 5000 },
  },
  {
    name: 'write, 429: wait and resend (not processed)',
    given: { state: onceNoLookup, outcome: status(429, 'TOO_MANY_REQUESTS', { retryAfterMs: 2500 }) },
    want: { do: 'retry', afterMs: 2500 },
  },
  {
    name: '429 without hints: backoff',
    given: { state: onceNoLookup, outcome: status(429, 'TOO_MANY_REQUESTS') },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: '429 in reject mode: fail',
    given: {
      state: { ...onceNoLookup, rateLimit: 'reject' },
      outcome: status(429, 'TOO_MANY_REQUESTS', { resetAt: NOW + 1000 }),
    },
    want: { do: 'fail' },
  },
  {
    name: '429 asking for an hour: waits the cap (the bucket window), not the hour',
    given: { state: read, outcome: status(429, 'TOO_MANY_REQUESTS', { resetAt: NOW + 3_600_000 }) },
    want: { do: 'retry', afterMs: 10_000 },
  },
  {
    name: 'write, 429 Retry-After an hour, 3 s window: waits 3 s',
    given: {
      state: { ...onceNoLookup, maxServerWaitMs: 3000 },
      outcome: status(429, 'TOO_MANY_REQUESTS', { retryAfterMs: 3_600_000 }),
    },
    want: { do: 'retry', afterMs: 3000 },
  },
  {
    name: '429 within the cap: waits what the server asked',
    given: {
      state: { ...read, maxServerWaitMs: 3000 },
      outcome: status(429, 'TOO_MANY_REQUESTS', { retryAfterMs: 1200 }),
    },
    want: { do: 'retry', afterMs: 1200 },
  },
  {
    name: '429 too far away even for a configured cap: fail',
    given: {
      state: { ...read, maxServerWaitMs: 3_600_000 },
      outcome: status(429, 'TOO_MANY_REQUESTS', { resetAt: NOW + MAX_SERVER_WAIT_MS + 1 }),
    },
    want: { do: 'fail' },
  },
  {
    name: '429 with no retries left: fail',
    given: { state: { ...onceNoLookup, ...last }, outcome: status(429, 'TOO_MANY_REQUESTS') },
    want: { do: 'fail' },
  },
  {
    name: 'deduped resend 429, none left, earlier attempt may be applied: look up',
    given: { state: { ...deduped, ...last, mayBeApplied: true }, outcome: status(429, 'TOO_MANY_REQUESTS') },
    want: { do: 'lookup' },
  },

  // 401 REQUEST_EXPIRED: refused unprocessed; resync the clock and resend once.
  {
    name: 'write, REQUEST_EXPIRED: resync and resend',
    given: { state: onceNoLookup, outcome: status(401, 'REQUEST_EXPIRED') },
    want: { do: 'resync' },
  },
  {
    name: 'read, REQUEST_EXPIRED: resync and resend',
    given: { state: read, outcome: status(401, 'REQUEST_EXPIRED') },
    want: { do: 'resync' },
  },
  {
    name: 'REQUEST_EXPIRED again after the resync: fail',
    given: { state: { ...onceNoLookup, canResync: false }, outcome: status(401, 'REQUEST_EXPIRED') },
    want: { do: 'fail' },
  },
  {
    name: 'other 401: fail',
    given: { state: onceNoLookup, outcome: status(401, 'INVALID_SIGNATURE') },
    want: { do: 'fail' },
  },

  // Writes the server deduplicates by their id: resend with the same id after no answer / 5xx.
  {
    name: 'deduped write, timeout: resend with the same id',
    given: { state: deduped, outcome: outcomes.noAnswer },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'deduped write, reset after send: resend',
    given: { state: deduped, outcome: outcomes.reset },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'deduped write, 502: resend',
    given: { state: deduped, outcome: status(502, 'SERVER_ERROR') },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'deduped write, 504: resend',
    given: { state: deduped, outcome: status(504, 'SERVER_ERROR') },
    want: { do: 'retry', afterMs: 250 },
  },
  {
    name: 'deduped write, timeout, no retries left: look up',
    given: { state: { ...deduped, ...last, mayBeApplied: true }, outcome: outcomes.noAnswer },
    want: { do: 'lookup' },
  },
  {
    name: 'deduped write, 503, no retries left: look up',
    given: { state: { ...deduped, ...last }, outcome: status(503, 'TOO_BUSY') },
    want: { do: 'lookup' },
  },
  {
    name: 'deduped resend refused as a duplicate: look up',
    given: { state: { ...deduped, retries: 1, mayBeApplied: true }, outcome: status(400, 'DUPLICATE_REQUEST') },
    want: { do: 'lookup' },
  },
  {
    name: 'deduped first send refused as a duplicate: look up (an earlier write with the id was accepted)',
    given: { state: deduped, outcome: status(400, 'DUPLICATE_REQUEST') },
    want: { do: 'lookup' },
  },
  {
    name: 'write with a lookup, first send refused as ORDER_EXISTS: look up, never "not applied"',
    given: { state: once, outcome: status(400, 'ORDER_EXISTS') },
    want: { do: 'lookup' },
  },
  {
    name: 'write without a lookup refused as REPEATED_CREATION: unknown outcome, never a plain failure',
    given: { state: onceNoLookup, outcome: status(400, 'REPEATED_CREATION') },
    want: { do: 'unknown' },
  },
  {
    name: 'read answered with a duplicate label: fail (reads change nothing)',
    given: { state: DEFAULT_STATE, outcome: status(400, 'DUPLICATE_REQUEST') },
    want: { do: 'fail' },
  },
  {
    name: 'deduped resend refused otherwise, earlier attempt may be applied: look up',
    given: { state: { ...deduped, retries: 1, mayBeApplied: true }, outcome: status(400, 'BALANCE_NOT_ENOUGH') },
    want: { do: 'lookup' },
  },
  {
    name: 'deduped write, 400 on the first send: fail',
    given: { state: deduped, outcome: status(400, 'BALANCE_NOT_ENOUGH') },
    want: { do: 'fail' },
  },

  // Writes with no dedupe promise: never re-sent once they may have been applied.
  {
    name: 'write, timeout: look up (no resend)',
    given: { state: once, outcome: outcomes.noAnswer },
    want: { do: 'lookup' },
  },
  { name: 'write, reset after send: look up', given: { state: once, outcome: outcomes.reset }, want: { do: 'lookup' } },
  { name: 'write, 500: look up', given: { state: once, outcome: status(500, 'INTERNAL') }, want: { do: 'lookup' } },
  {
    name: 'write, 502 from a gateway: look up',
    given: { state: once, outcome: status(502, 'UNKNOWN') },
    want: { do: 'lookup' },
  },
  { name: 'write, 503: look up', given: { state: once, outcome: status(503, 'TOO_BUSY') }, want: { do: 'lookup' } },
  {
    name: 'write, 504 from a gateway: look up',
    given: { state: once, outcome: status(504, 'UNKNOWN') },
    want: { do: 'lookup' },
  },
  {
    name: 'write without lookup, timeout: unknown outcome at once',
    given: { state: onceNoLookup, outcome: outcomes.noAnswer },
    want: { do: 'unknown' },
  },
  {
    name: 'write without lookup, 503: unknown outcome at once',
    given: { state: onceNoLookup, outcome: status(503, 'TOO_BUSY') },
    want: { do: 'unknown' },
  },
  {
    name: 'write, 501: fail (not processed)',
    given: { state: once, outcome: status(501, 'NOT_IMPLEMENTED') },
    want: { do: 'fail' },
  },
  {
    name: 'write, 400: fail',
    given: { state: once, outcome: status(400, 'BALANCE_NOT_ENOUGH') },
    want: { do: 'fail' },
  },
  {
    name: 'write, failed locally (reject mode, no key): fail',
    given: { state: once, outcome: outcomes.local },
    want: { do: 'fail' },
  },

  // Redirects: never followed; 307/308 mean not processed, any other may follow processing.
  {
    name: 'write, 307: fail (not processed)',
    given: { state: once, outcome: outcomes.redirect(307) },
    want: { do: 'fail' },
  },
  {
    name: 'write, 308: fail (not processed)',
    given: { state: once, outcome: outcomes.redirect(308) },
    want: { do: 'fail' },
  },
  {
    name: 'write, 303 after a POST (processed): look up',
    given: { state: once, outcome: outcomes.redirect(303) },
    want: { do: 'lookup' },
  },
  { name: 'write, 302: look up', given: { state: once, outcome: outcomes.redirect(302) }, want: { do: 'lookup' } },
  { name: 'write, 301: look up', given: { state: once, outcome: outcomes.redirect(301) }, want: { do: 'lookup' } },
  {
    name: 'write, opaque redirect (status 0): look up',
    given: { state: once, outcome: outcomes.redirect(0) },
    want: { do: 'lookup' },
  },
  {
    name: 'write without lookup, 303: unknown',
    given: { state: onceNoLookup, outcome: outcomes.redirect(303) },
    want: { do: 'unknown' },
  },
  {
    name: 'deduped write, 302: look up, never resent to the target',
    given: { state: deduped, outcome: outcomes.redirect(302) },
    want: { do: 'lookup' },
  },
  {
    name: 'deduped resend answered 307 after a maybe-applied attempt: look up',
    given: { state: { ...deduped, retries: 1, mayBeApplied: true }, outcome: outcomes.redirect(307) },
    want: { do: 'lookup' },
  },

  // Aborts: a write aborted after it may have left is an unknown outcome (no lookup: the caller stopped the call).
  {
    name: 'write, aborted before sending: fail',
    given: { state: once, outcome: outcomes.abortedUnsent },
    want: { do: 'fail' },
  },
  {
    name: 'write, aborted after sending: unknown',
    given: { state: once, outcome: outcomes.abortedSent },
    want: { do: 'unknown' },
  },
  {
    name: 'deduped write, aborted while waiting to resend: unknown',
    given: { state: { ...deduped, mayBeApplied: true }, outcome: outcomes.abortedUnsent },
    want: { do: 'unknown' },
  },
];

describe('nextStep: every row of the policy', () => {
  it.each(rows)('$name', ({ given, want }) => {
    const step: Step = nextStep({ ...DEFAULT_STATE, ...given.state }, given.outcome);
    expect(step).toMatchObject(want);
    if (want.do === 'fail') expect((step as { error: unknown }).error).toBe(given.outcome.error);
  });

  it('is pure: the same input gives the same step', () => {
    for (const { given } of rows) {
      const state = { ...DEFAULT_STATE, ...given.state };
      expect(nextStep(state, given.outcome)).toEqual(nextStep(state, given.outcome));
    }
  });
});

describe('mayHaveApplied', () => {
  it.each([
    { given: outcomes.noAnswer, want: true },
    { given: outcomes.reset, want: true },
    { given: outcomes.notSent, want: false },
    { given: outcomes.abortedSent, want: true },
    { given: outcomes.abortedUnsent, want: false },
    { given: outcomes.local, want: false },
    { given: outcomes.redirect(303), want: true },
    { given: outcomes.redirect(302), want: true },
    { given: outcomes.redirect(0), want: true },
    { given: outcomes.redirect(307), want: false },
    { given: outcomes.redirect(308), want: false },
    { given: status(500, 'INTERNAL'), want: true },
    { given: status(504, 'UNKNOWN'), want: true },
    { given: status(501, 'NOT_IMPLEMENTED'), want: false },
    { given: status(429, 'TOO_MANY_REQUESTS'), want: false },
    { given: status(400, 'INVALID_PARAM_VALUE'), want: false },
  ])('$given.kind $given.status -> $want', ({ given, want }) => {
    expect(mayHaveApplied(given)).toBe(want);
  });
});
