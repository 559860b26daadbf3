/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/attempt.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * One attempt of a call: server clock ready (signed calls), a rate-limit slot taken just before
 * sending and held until the answer arrives, sign + send, the server's counters reconciled with the
 * limiter, and the answer read. A success comes back as data; anything else as an
 * `AttemptOutcome` for `nextStep` to decide on. Both transports go through here.
 */

import type { WithResponse } from './api-promise.js';
import type { CallPlan } from './call-plan.js';
import { clockSyncFailure } from './clock-errors.js';
import type { RuntimeContext } from './context.js';
import { AbortError, ExchangeError, RedirectError, type ApiError, type ErrorContext } from './errors.js';
import { ResponseBodyError } from './response-errors.js';
import { emit, RATE_LIMIT_WAIT_LOG_MS } from './logger.js';
import { labelKind, type AttemptOutcome } from './next-step.js';
import type { RateLimitMode, RateLimitSlot } from './rate-limit.js';
import { errorFromResponse, rateLimitInfo, responseMeta, roleHeader, successData } from './response.js';
import { settleDrifts, type WireDrift } from './wire-drift.js';
import { parseRetryAfter } from './retry-timing.js';
import { failureToError, SendFailure, type WireResponse } from './transport.js';

/** The per-call settings every attempt uses. */
export interface AttemptSettings {
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
  readonly mode: RateLimitMode;
  /** 1 for the first send of the call. */
  readonly attempt: number;
}

/** How an attempt ended: the call's result, or an outcome to decide on. */
export type AttemptResult =
  | { readonly ok: true; readonly value: WithResponse<unknown> }
  | { readonly ok: false; readonly outcome: AttemptOutcome };

/** The error context of a call's errors. */
export const errorContextOf = (plan: CallPlan): ErrorContext => ({
  operation: plan.meta.id,
  endpoint: plan.endpoint,
  requestId: plan.requestId,
});

/** What the log events of a call share. */
export const logBaseOf = (plan: CallPlan) => ({
  operation: plan.meta.id,
  method: plan.meta.method,
  url: plan.url,
  requestId: plan.requestId,
});

/** A failed attempt. */
const failed = (outcome: AttemptOutcome): AttemptResult => ({ ok: false, outcome });

/** An attempt that ended before sending: aborted by the caller, or failed here (clock sync, `reject` mode). */
const unsent = (error: ExchangeError): AttemptResult =>
  failed(error instanceof AbortError ? { kind: 'aborted', sent: false, error } : { kind: 'local', error });

/** Sends one attempt. Never throws for a failure of the attempt itself: it becomes an outcome. */
export async function sendAttempt(
  ctx: RuntimeContext,
  plan: CallPlan,
  settings: AttemptSettings,
): Promise<AttemptResult> {
  const { meta } = plan;
  const logger = ctx.settings.logger;
  if (settings.signal?.aborted)
    return unsent(new AbortError(`The call was aborted (${meta.id})`, errorContextOf(plan)));
  const limited = settings.mode !== 'off';
  let slot: RateLimitSlot | undefined;
  if ((plan.wire.sign && !ctx.clock.upToDate) || limited) {
    try {
      if (plan.wire.sign && !ctx.clock.upToDate)
        await ctx.clock.ready().catch((e: unknown) => Promise.reject(clockSyncFailure(e, errorContextOf(plan))));
      if (limited) slot = await takeSlot(ctx, plan, settings);
    } catch (error) {
      return unsent(error instanceof ExchangeError ? error : new ExchangeError(String(error), errorContextOf(plan)));
    }
  }
  if (logger) emit(logger, { type: 'request', ...logBaseOf(plan), attempt: settings.attempt });
  let wire: WireResponse;
  try {
    wire = await ctx.transport.send(plan.wire, settings.timeoutMs, settings.signal);
  } catch (error) {
    if (!(error instanceof SendFailure)) throw error;
    const failure = failureToError(error, errorContextOf(plan), settings.timeoutMs);
    const { kind, sent } = error;
    return failed(
      kind === 'abort'
        ? { kind: 'aborted', sent, error: failure }
        : kind === 'local' || (kind === 'blocked' && plan.meta.retry === 'safe')
          ? { kind: 'local', error: failure }
          : sent
            ? { kind: 'no-answer', error: failure, why: noAnswerWhy(error, settings.timeoutMs) }
            : { kind: 'not-sent', error: failure },
    );
  } finally {
    slot?.release();
  }
  return readAnswer(ctx, plan, wire, settings);
}

/**
 * Why a sent attempt left no answer to read: a timeout, a lost connection, or an answer whose body
 * passed the cap (handled like a lost answer: a read is retried, a write looked up or unknown).
 */
function noAnswerWhy(failure: SendFailure, timeoutMs: number): string {
  if (failure.kind === 'timeout') return `no response within ${timeoutMs} ms`;
  if (failure.kind === 'too-large') return 'the answer was larger than maxResponseBytes, so it was not read';
  if (failure.kind === 'blocked') return 'the browser refused the cross-origin call (CORS or the network)';
  return 'the connection failed after the request was sent';
}

/** Takes the call's rate-limit slot (reporting a long wait to the logger). */
async function takeSlot(ctx: RuntimeContext, plan: CallPlan, settings: AttemptSettings): Promise<RateLimitSlot> {
  const { meta } = plan;
  const waitStart = Date.now();
  const slot = await ctx.limiter.acquire(
    plan.limiterKeys,
    meta.rateLimit,
    { operation: meta.id, bucket: meta.rateLimit.bucket, logger: ctx.settings.logger },
    settings.mode,
    settings.signal,
    settings.timeoutMs,
  );
  const waited = Date.now() - waitStart;
  const logger = ctx.settings.logger;
  if (logger && waited >= RATE_LIMIT_WAIT_LOG_MS) {
    const markets = plan.limiterKeys
      .map((k) => k.split('|')[3])
      .filter((m): m is string => m !== undefined && m !== '');
    emit(logger, {
      type: 'rate-limit-wait',
      ...logBaseOf(plan),
      attempt: settings.attempt,
      delayMs: waited,
      bucket: [meta.rateLimit.bucket, ...markets].join(' '),
    });
  }
  return slot;
}

/** Reconciles the limiter, logs the answer and turns it into the result or an outcome. */
function readAnswer(ctx: RuntimeContext, plan: CallPlan, wire: WireResponse, settings: AttemptSettings): AttemptResult {
  const { meta } = plan;
  const { apiMeta } = ctx;
  const { status, headers } = wire;
  const counters = rateLimitInfo(headers, apiMeta);
  // The reset header is server time; the limiter and the retry timer run on local time.
  // Without one, a 429's Retry-After says when the bucket reopens.
  const now = Date.now();
  const retryAfterMs = status === 429 ? parseRetryAfter(headers['retry-after'], now) : undefined;
  const resetAt =
    counters.resetAt !== undefined
      ? counters.resetAt - ctx.clock.offsetMs
      : retryAfterMs !== undefined
        ? now + retryAfterMs
        : undefined;
  if (settings.mode !== 'off') {
    ctx.limiter.observe(plan.limiterKeys, meta.rateLimit, {
      status,
      ...counters,
      resetAt,
      maxBlockMs: ctx.settings.maxRateLimitWaitMs,
    });
  }
  const rawTrace = roleHeader(headers, apiMeta, 'traceId');
  const traceId = rawTrace === undefined ? undefined : ctx.redact(rawTrace);
  const logger = ctx.settings.logger;
  if (logger) {
    const base = logBaseOf(plan);
    emit(logger, {
      type: 'response',
      ...base,
      attempt: settings.attempt,
      status,
      durationMs: wire.durationMs,
      traceId,
    });
  }

  if (status >= 200 && status < 300) {
    let data: unknown;
    const drifts: WireDrift[] = [];
    try {
      data = successData(meta, status, wire.text, drifts);
    } catch {
      throw unreadableBody(ctx, plan, wire, { ...errorContextOf(plan), traceId });
    }
    if (drifts.length > 0) {
      settleDrifts(ctx, { ...logBaseOf(plan), attempt: settings.attempt }, drifts, {
        ...errorContextOf(plan),
        traceId,
      });
    }
    const value = {
      data,
      response: responseMeta(status, headers, apiMeta, plan.requestId, settings.attempt, counters),
    };
    return { ok: true, value };
  }
  const context = { ...errorContextOf(plan), traceId };
  if (wire.opaqueRedirect || (status >= 300 && status < 400)) {
    return failed({
      kind: 'redirect',
      status,
      error: new RedirectError(status, originOf(headers['location'], wire.url), context),
    });
  }
  const error: ApiError = errorFromResponse(status, wire.text, headers, {
    apiMeta,
    operation: meta.id,
    endpoint: plan.endpoint,
    requestId: plan.requestId,
    bucket: meta.rateLimit.bucket,
    redact: ctx.redact,
  });
  return failed({
    kind: 'status',
    status: error.status,
    label: error.label,
    ...labelKind(error.label, apiMeta),
    resetAt,
    retryAfterMs,
    error,
  });
}

/**
 * The error of a success status whose body is not valid JSON: final (a write it answers was
 * accepted, so it is never sent again); headers scrubbed, the body not copied.
 */
function unreadableBody(
  ctx: RuntimeContext,
  plan: CallPlan,
  wire: WireResponse,
  context: ErrorContext,
): ResponseBodyError {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(wire.headers)) headers[name] = ctx.redact(value);
  return new ResponseBodyError(wire.status, headers, plan.meta.retry !== 'safe', {
    ...context,
    idempotency: plan.idempotency ? { ...plan.idempotency } : undefined,
  });
}

/** The origin (scheme, host, port) of a redirect target: never its path, query or credentials. */
function originOf(location: string | undefined, base: string): string | undefined {
  if (location === undefined || location === '') return undefined;
  try {
    const origin = new URL(location, base || undefined).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
