/**
 * One attempt of a call: server clock ready (signed calls), a rate-limit slot taken just before
 * sending and held until the answer arrives, sign + send, the server's counters reconciled with the
 * limiter, and the answer read. A success comes back as data; anything else as an
 * `AttemptOutcome` for `nextStep` to decide on. Both transports go through here.
 */

import type { WithResponse } from './api-promise.js';
import type { CallPlan } from './call-plan.js';
import type { RuntimeContext } from './context.js';
import { AbortError, ExchangeError, RedirectError, type ApiError, type ErrorContext } from './errors.js';
import { emit, RATE_LIMIT_WAIT_LOG_MS } from './logger.js';
import type { AttemptOutcome } from './next-step.js';
import type { RateLimitMode, RateLimitSlot } from './rate-limit.js';
import { errorFromResponse, headerRecord, rateLimitInfo, responseMeta, roleHeader, successData } from './response.js';
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

/** Sends one attempt. Never throws for a failure of the attempt itself: it becomes an outcome. */
export async function sendAttempt(
  ctx: RuntimeContext,
  plan: CallPlan,
  settings: AttemptSettings,
): Promise<AttemptResult> {
  const { meta } = plan;
  const context = errorContextOf(plan);
  const log = { ...logBaseOf(plan), attempt: settings.attempt };
  if (settings.signal?.aborted) {
    return {
      ok: false,
      outcome: { kind: 'aborted', sent: false, error: new AbortError(`The call was aborted (${meta.id})`, context) },
    };
  }
  let slot: RateLimitSlot;
  try {
    if (plan.wire.sign) await ctx.clock.ready();
    const waitStart = Date.now();
    slot = await ctx.limiter.acquire(
      plan.limiterKeys,
      meta.rateLimit,
      { operation: meta.id, bucket: meta.rateLimit.bucket },
      settings.mode,
      settings.signal,
    );
    const waited = Date.now() - waitStart;
    if (waited >= RATE_LIMIT_WAIT_LOG_MS) {
      const markets = plan.limiterKeys
        .map((k) => k.split('|')[3])
        .filter((m): m is string => m !== undefined && m !== '');
      emit(ctx.settings.logger, {
        type: 'rate-limit-wait',
        ...log,
        delayMs: waited,
        bucket: [meta.rateLimit.bucket, ...markets].join(' '),
      });
    }
  } catch (error) {
    const failure = error instanceof ExchangeError ? error : new ExchangeError(String(error), context);
    return {
      ok: false,
      outcome:
        failure instanceof AbortError
          ? { kind: 'aborted', sent: false, error: failure }
          : { kind: 'local', error: failure },
    };
  }
  emit(ctx.settings.logger, { type: 'request', ...log });
  let wire: WireResponse;
  try {
    wire = await ctx.transport.send({ ...plan.wire, timeoutMs: settings.timeoutMs, signal: settings.signal });
  } catch (error) {
    if (!(error instanceof SendFailure)) throw error;
    const failure = failureToError(error, context, settings.timeoutMs);
    const why =
      error.kind === 'timeout'
        ? `no response within ${settings.timeoutMs} ms`
        : 'the connection failed after the request was sent';
    if (error.kind === 'abort') return { ok: false, outcome: { kind: 'aborted', sent: error.sent, error: failure } };
    if (error.kind === 'local') return { ok: false, outcome: { kind: 'local', error: failure } };
    return {
      ok: false,
      outcome: error.sent ? { kind: 'no-answer', error: failure, why } : { kind: 'not-sent', error: failure },
    };
  } finally {
    slot.release();
  }
  return readAnswer(ctx, plan, wire, settings, log);
}

/** Reconciles the limiter, logs the answer and turns it into the result or an outcome. */
function readAnswer(
  ctx: RuntimeContext,
  plan: CallPlan,
  wire: WireResponse,
  settings: AttemptSettings,
  log: ReturnType<typeof logBaseOf> & { attempt: number },
): AttemptResult {
  const { meta } = plan;
  const { apiMeta } = ctx;
  const { response } = wire;
  const headers = headerRecord(response.headers);
  const counters = rateLimitInfo(headers, apiMeta);
  // The reset header is server time; the limiter and the retry timer run on local time.
  // Without one, a 429's Retry-After says when the bucket reopens.
  const now = Date.now();
  const retryAfterMs = response.status === 429 ? parseRetryAfter(headers['retry-after'], now) : undefined;
  const resetAt =
    counters.resetAt !== undefined
      ? counters.resetAt - ctx.clock.offsetMs
      : retryAfterMs !== undefined
        ? now + retryAfterMs
        : undefined;
  ctx.limiter.observe(plan.limiterKeys, meta.rateLimit, {
    status: response.status,
    ...counters,
    ...(resetAt === undefined ? {} : { resetAt }),
  });
  const rawTrace = roleHeader(headers, apiMeta, 'traceId');
  const traceId = rawTrace === undefined ? undefined : ctx.redact(rawTrace);
  emit(ctx.settings.logger, {
    type: 'response',
    ...log,
    status: response.status,
    durationMs: wire.durationMs,
    traceId,
  });

  if (response.status >= 200 && response.status < 300) {
    const value = {
      data: successData(meta, response.status, wire.text),
      response: responseMeta(response, headers, apiMeta, plan.requestId, settings.attempt),
    };
    return { ok: true, value };
  }
  const context = { ...errorContextOf(plan), traceId };
  if (wire.opaqueRedirect || (response.status >= 300 && response.status < 400)) {
    return {
      ok: false,
      outcome: {
        kind: 'redirect',
        status: response.status,
        error: new RedirectError(response.status, originOf(headers['location'], wire.url), context),
      },
    };
  }
  const error: ApiError = errorFromResponse(response.status, wire.text, headers, {
    apiMeta,
    operation: meta.id,
    endpoint: plan.endpoint,
    requestId: plan.requestId,
    bucket: meta.rateLimit.bucket,
    redact: ctx.redact,
  });
  return {
    ok: false,
    outcome: {
      kind: 'status',
      status: error.status,
      label: error.label,
      transient: apiMeta.transientLabels.includes(error.label),
      duplicate: apiMeta.duplicateLabels.includes(error.label),
      resetAt,
      retryAfterMs,
      error,
    },
  };
}

/** The origin (scheme, host, port) of a redirect target: never its path, query or credentials. */
export function originOf(location: string | undefined, base: string): string | undefined {
  if (location === undefined || location === '') return undefined;
  try {
    const origin = new URL(location, base || undefined).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
