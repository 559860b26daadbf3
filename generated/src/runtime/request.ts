/*
 * Copied by exchange-v4 from templates/typescript/runtime/request.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The request loop. Per call: validate and plan (no I/O), then per attempt: server clock ready
 * (private calls), rate-limit token, sign + send, reconcile the limiter with the server's
 * counters, read the answer. Retries follow the operation's `retry` policy; writes whose answer
 * never came are looked up by their idempotency id before anything is sent again.
 */

import { ApiPromise, PagePromise, type WithResponse } from './api-promise.js';
import { planCall, type CallPlan } from './call-plan.js';
import { contextOf, type RuntimeContext } from './context.js';
import type { Core } from './core.js';
import { AbortError, ExchangeError, type ApiError, type ErrorContext } from './errors.js';
import { emit, reasonOf } from './logger.js';
import type { OperationMeta } from './metadata.js';
import type { RequestOptions } from './options.js';
import { lookupWrite, unknownOutcomeError, type OutcomeRecord } from './outcome.js';
import { paginate } from './pagination.js';
import { errorFromResponse, headerRecord, rateLimitInfo, responseMeta, successData } from './response.js';
import { backoffDelay, parseRetryAfter, retryDelay, sleep } from './retry-timing.js';
import { failureToError, SendFailure, type WireResponse } from './transport.js';

/**
 * Calls an operation. Returns a lazy {@link ApiPromise}: nothing is sent until it is awaited
 * (or `withResponse()` is called). Generated operation functions delegate here.
 */
export function request<T>(core: Core, meta: OperationMeta, params?: object, options?: RequestOptions): ApiPromise<T> {
  return new ApiPromise<T>(
    () => contextOf(core).execute(meta, asParams(params), options ?? {}) as Promise<WithResponse<T>>,
  );
}

/**
 * Calls a paginated operation. Awaiting gives the requested page; `for await` walks every page
 * (and time window) through the same request loop. Generated list functions delegate here.
 */
export function pageRequest<T, Item>(
  core: Core,
  meta: OperationMeta,
  params?: object,
  options?: RequestOptions,
): PagePromise<T, Item> {
  const given = asParams(params);
  const opts = options ?? {};
  return new PagePromise<T, Item>(
    () => contextOf(core).execute(meta, given, opts) as Promise<WithResponse<T>>,
    () => {
      const ctx = contextOf(core);
      const fetchPage = async (pageParams: Record<string, unknown>): Promise<readonly Item[]> => {
        const { data } = await ctx.execute(meta, pageParams, opts);
        if (data === undefined || data === null) return [];
        if (!Array.isArray(data)) {
          throw new ExchangeError(`${meta.id}: expected a list response to iterate, got ${typeof data}`, {
            operation: meta.id,
          });
        }
        return data as Item[];
      };
      return paginate<Item>(meta, given, fetchPage, () => ctx.clock.nowSeconds());
    },
  );
}

function asParams(params: object | undefined): Readonly<Record<string, unknown>> {
  return (params ?? {}) as Readonly<Record<string, unknown>>;
}

/** Runs one call through the loop; the implementation behind every `execute`. */
export async function executeOperation(
  ctx: RuntimeContext,
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  options: RequestOptions,
): Promise<WithResponse<unknown>> {
  const state = { attempt: 0 };
  let plan: CallPlan | undefined;
  try {
    plan = planCall(ctx, meta, params, options);
    return await attempts(ctx, plan, options, state);
  } catch (error) {
    const api = error as Partial<ApiError>;
    emit(ctx.settings.logger, {
      type: 'error',
      operation: meta.id,
      method: meta.method,
      url: plan?.url ?? `${ctx.baseUrl}${meta.path}`,
      attempt: state.attempt,
      status: typeof api.status === 'number' ? api.status : undefined,
      traceId: typeof api.traceId === 'string' ? api.traceId : undefined,
      requestId: plan?.requestId,
      reason: reasonOf(error),
    });
    throw error;
  }
}

async function attempts(
  ctx: RuntimeContext,
  plan: CallPlan,
  options: RequestOptions,
  state: { attempt: number },
): Promise<WithResponse<unknown>> {
  const { meta } = plan;
  const { settings, apiMeta, logger } = { ...ctx, logger: ctx.settings.logger };
  const maxRetries = options.maxRetries ?? settings.maxRetries;
  const mode = options.rateLimit ?? settings.rateLimit;
  const timeoutMs = options.timeout ?? settings.timeout;
  const signal = options.signal;
  const limit = { requests: meta.rateLimit.requests, window: meta.rateLimit.window };
  const limiterContext = { operation: meta.id, bucket: meta.rateLimit.bucket };
  const errorContext: ErrorContext = { operation: meta.id, endpoint: plan.endpoint, requestId: plan.requestId };
  const retriable = meta.retry === 'safe' || (meta.retry === 'keyed' && plan.idempotency !== undefined);
  const record: OutcomeRecord | undefined =
    meta.retry === 'keyed' && plan.idempotency && meta.idempotency?.lookup
      ? { operation: meta.id, ...plan.idempotency, lookup: meta.idempotency.lookup }
      : undefined;
  const log = { operation: meta.id, method: meta.method, url: plan.url, requestId: plan.requestId };
  let retries = 0;
  let expiredRetried = false;
  let resent = false;

  const backoff = async (cause: ExchangeError, delay?: number): Promise<void> => {
    retries += 1;
    const ms = delay ?? backoffDelay(retries);
    const status = (cause as Partial<ApiError>).status;
    emit(logger, {
      type: 'retry',
      ...log,
      attempt: state.attempt,
      status,
      delayMs: ms,
      reason: reasonOf(cause),
      durationMs: undefined,
      traceId: cause.traceId,
    });
    await sleep(ms, signal, { operation: meta.id });
  };
  const unknown = (cause: ExchangeError, why: string): ExchangeError =>
    unknownOutcomeError(meta, plan.idempotency, { ...errorContext, traceId: cause.traceId, cause }, why);
  /** Looks the write up; a failed lookup leaves the outcome unknown. */
  const lookUp = async (cause: ExchangeError, why: string): Promise<WithResponse<unknown> | undefined> => {
    if (!record) return undefined;
    try {
      const found = await lookupWrite(ctx.execute, record, { signal, timeout: options.timeout });
      return found && { data: found.data, response: { ...found.response, attempts: state.attempt } };
    } catch (error) {
      if (signal?.aborted) throw error;
      throw unknown(cause, `${why}, and looking it up failed (${reasonOf(error)})`);
    }
  };

  for (;;) {
    state.attempt += 1;
    if (signal?.aborted) throw new AbortError(`The call was aborted (${meta.id})`, errorContext);
    if (plan.wire.sign) await ctx.clock.ready();
    await ctx.limiter.acquire(plan.limiterKey, limit, limiterContext, mode, signal);
    emit(logger, {
      type: 'request',
      ...log,
      attempt: state.attempt,
      status: undefined,
      durationMs: undefined,
      traceId: undefined,
      delayMs: undefined,
      reason: undefined,
    });

    let wire: WireResponse;
    try {
      wire = await ctx.transport.send({ ...plan.wire, timeoutMs, signal });
    } catch (error) {
      if (!(error instanceof SendFailure)) throw error;
      const failure = failureToError(error, errorContext, timeoutMs);
      if (error.kind === 'abort' || error.kind === 'local') throw failure;
      const mayBeApplied = error.sent && meta.retry !== 'safe';
      if (!mayBeApplied) {
        if (retriable && retries < maxRetries) {
          await backoff(failure);
          continue;
        }
        throw failure;
      }
      const why =
        error.kind === 'timeout'
          ? `no response within ${timeoutMs} ms`
          : 'the connection failed after the request was sent';
      if (record && retries < maxRetries) {
        const found = await lookUp(failure, why);
        if (found) return found;
        resent = true;
        await backoff(failure);
        continue;
      }
      throw unknown(failure, why);
    }

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
    ctx.limiter.observe(plan.limiterKey, limit, {
      status: response.status,
      ...counters,
      ...(resetAt === undefined ? {} : { resetAt }),
    });
    const rawTrace = headers[apiMeta.responseHeaders.traceId.toLowerCase()];
    const traceId = rawTrace === undefined ? undefined : ctx.redact(rawTrace);
    emit(logger, {
      type: 'response',
      ...log,
      attempt: state.attempt,
      status: response.status,
      durationMs: wire.durationMs,
      traceId,
      delayMs: undefined,
      reason: undefined,
    });

    if (response.status >= 200 && response.status < 300) {
      return {
        data: successData(meta, response.status, wire.text),
        response: responseMeta(response, headers, apiMeta, plan.requestId, state.attempt),
      };
    }
    const error = errorFromResponse(response.status, wire.text, headers, {
      apiMeta,
      operation: meta.id,
      endpoint: plan.endpoint,
      requestId: plan.requestId,
      bucket: meta.rateLimit.bucket,
      redact: ctx.redact,
    });

    if (
      error.status === 401 &&
      error.label === 'REQUEST_EXPIRED' &&
      plan.wire.sign &&
      !expiredRetried &&
      ctx.clock.mode !== 'off'
    ) {
      // The server refused the request unapplied: measure the clock again and resend once.
      expiredRetried = true;
      try {
        await ctx.clock.sync();
      } catch {
        throw error;
      }
      emit(logger, {
        type: 'retry',
        ...log,
        attempt: state.attempt,
        status: 401,
        delayMs: 0,
        reason: reasonOf(error),
        durationMs: undefined,
        traceId,
      });
      continue;
    }
    if (resent && record && apiMeta.duplicateLabels.includes(error.label)) {
      const found = await lookUp(error, 'a resend was refused as a duplicate');
      if (found) return found;
      throw unknown(error, 'a resend was refused as a duplicate but the lookup did not find the write');
    }
    if (retriable && retries < maxRetries) {
      if (error.status === 429) {
        if (mode !== 'reject') {
          const delay = retryDelay({ retry: retries + 1, status: 429, resetAt, retryAfterMs, nowMs: Date.now() });
          if (delay !== undefined) {
            await backoff(error, delay);
            continue;
          }
        }
      } else if ((error.status >= 500 && error.status !== 501) || apiMeta.transientLabels.includes(error.label)) {
        if (record) {
          // A server error after a write was received: it may have been applied.
          const found = await lookUp(error, `the server answered ${error.status} ${error.label}`);
          if (found) return found;
          resent = true;
        }
        await backoff(error);
        continue;
      }
    }
    throw error;
  }
}
