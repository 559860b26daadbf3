/*
 * Copied by exchange-v4 from templates/typescript/runtime/request.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The request loop. Per call: validate and plan (no I/O), then attempts (attempt.ts) until one
 * succeeds or `nextStep` (next-step.ts) says to stop: retry after a delay, look the write up,
 * resync the clock and resend, fail, or end as an unknown outcome. The loop only carries the steps
 * out; every decision is in `nextStep`.
 */

import { ApiPromise, PagePromise, type WithResponse } from './api-promise.js';
import { errorContextOf, logBaseOf, sendAttempt } from './attempt.js';
import { planCall, type CallPlan } from './call-plan.js';
import { contextOf, type RuntimeContext } from './context.js';
import type { Core } from './core.js';
import { ExchangeError, type AbortError, type ApiError } from './errors.js';
import { emit, reasonOf } from './logger.js';
import type { OperationMeta } from './metadata.js';
import {
  mayHaveApplied,
  nextStep,
  type AttemptOutcome,
  type CallKind,
  type CallState,
  type Step,
} from './next-step.js';
import type { RequestOptions } from './options.js';
import { lookupWrite, outcomeRecord, unknownOutcomeError, type OutcomeRecord } from './outcome.js';
import { paginate } from './pagination.js';
import { sleep } from './retry-timing.js';

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
  const counter = { attempt: 0 };
  let plan: CallPlan | undefined;
  try {
    plan = planCall(ctx, meta, params, options);
    return await attempts(ctx, plan, options, counter);
  } catch (error) {
    const api = error as Partial<ApiError>;
    emit(ctx.settings.logger, {
      type: 'error',
      operation: meta.id,
      method: meta.method,
      url: plan?.url ?? `${ctx.baseUrl}${meta.path}`,
      attempt: counter.attempt,
      status: typeof api.status === 'number' ? api.status : undefined,
      traceId: typeof api.traceId === 'string' ? api.traceId : undefined,
      requestId: plan?.requestId,
      reason: reasonOf(error),
    });
    throw error;
  }
}

/** The policy class of a call: a read, a write the server deduplicates by the id it carries, or another write. */
export function callKind(meta: OperationMeta, plan: Pick<CallPlan, 'idempotency'>): CallKind {
  if (meta.retry === 'safe') return 'read';
  const deduped = meta.retry === 'keyed' && meta.idempotency?.dedupes === true && plan.idempotency !== undefined;
  return deduped ? 'deduped-write' : 'write';
}

/** Attempts until one succeeds or `nextStep` ends the call. */
async function attempts(
  ctx: RuntimeContext,
  plan: CallPlan,
  options: RequestOptions,
  counter: { attempt: number },
): Promise<WithResponse<unknown>> {
  const { meta } = plan;
  const signal = options.signal;
  const settings = {
    timeoutMs: options.timeout ?? ctx.settings.timeout,
    signal,
    mode: options.rateLimit ?? ctx.settings.rateLimit,
  };
  const fixed = {
    kind: callKind(meta, plan),
    canLookUp: plan.idempotency !== undefined && meta.idempotency?.lookup !== undefined,
    maxRetries: options.maxRetries ?? ctx.settings.maxRetries,
    rateLimit: settings.mode,
  };
  const log = logBaseOf(plan);
  let state = { retries: 0, resynced: false, mayBeApplied: false, sentAtMs: undefined as number | undefined };
  const decide = (outcome: AttemptOutcome): Step =>
    nextStep(
      {
        ...fixed,
        ...state,
        canResync: plan.wire.sign && ctx.clock.mode !== 'off' && !state.resynced,
        nowMs: Date.now(),
        jitter: Math.random(),
      } satisfies CallState,
      outcome,
    );
  const unknown = (why: string, cause: ExchangeError): ExchangeError => {
    const context = { ...errorContextOf(plan), traceId: cause.traceId, cause };
    return unknownOutcomeError(meta, plan.idempotency, state.sentAtMs ?? ctx.clock.nowMs(), context, why);
  };

  for (;;) {
    counter.attempt += 1;
    const sentAtMs = ctx.clock.nowMs();
    const result = await sendAttempt(ctx, plan, { ...settings, attempt: counter.attempt });
    if (result.ok) return result.value;
    let outcome = result.outcome;
    let step = decide(outcome);
    if (mayHaveApplied(outcome)) state = { ...state, mayBeApplied: true, sentAtMs: state.sentAtMs ?? sentAtMs };
    if (step.do === 'retry') {
      emit(ctx.settings.logger, {
        type: 'retry',
        ...log,
        attempt: counter.attempt,
        delayMs: step.afterMs,
        reason: step.why,
        traceId: outcome.error.traceId,
        status: 'status' in outcome ? outcome.status : undefined,
      });
      state = { ...state, retries: state.retries + 1 };
      try {
        await sleep(step.afterMs, signal, { operation: meta.id });
        continue;
      } catch (error) {
        outcome = { kind: 'aborted', sent: false, error: error as AbortError };
        step = decide(outcome);
      }
    }
    if (step.do === 'resync') {
      state = { ...state, resynced: true };
      try {
        await ctx.clock.sync();
        emit(ctx.settings.logger, {
          type: 'retry',
          ...log,
          attempt: counter.attempt,
          delayMs: 0,
          reason: 'REQUEST_EXPIRED: clock resynced',
        });
        continue;
      } catch {
        step = decide(outcome);
      }
    }
    if (step.do === 'lookup') {
      const record = outcomeRecord(meta, plan.idempotency, state.sentAtMs ?? ctx.clock.nowMs());
      return lookUp(ctx, plan, options, record, step.why, (why) => unknown(why, outcome.error), counter.attempt);
    }
    if (step.do === 'unknown') throw unknown(step.why, outcome.error);
    if (step.do === 'fail') throw step.error;
  }
}

/** Looks a write up by its id: found, its record is the call's result; otherwise an unknown outcome. */
async function lookUp(
  ctx: RuntimeContext,
  plan: CallPlan,
  options: RequestOptions,
  record: OutcomeRecord,
  why: string,
  unknown: (why: string) => ExchangeError,
  attempt: number,
): Promise<WithResponse<unknown>> {
  emit(ctx.settings.logger, { type: 'lookup', ...logBaseOf(plan), attempt, reason: why });
  let found: WithResponse<unknown> | undefined;
  try {
    const lookupOptions = { signal: options.signal, timeout: options.timeout };
    found = await lookupWrite(ctx.execute, record, ctx.clock.nowMs(), lookupOptions);
  } catch (error) {
    throw unknown(`${why}, and looking it up failed (${reasonOf(error)})`);
  }
  if (found) return { data: found.data, response: { ...found.response, attempts: attempt } };
  throw unknown(`${why}, and looking it up found no such write yet`);
}
