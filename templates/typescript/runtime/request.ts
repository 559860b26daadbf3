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
import { emit, emitPage, reasonOf, type LogEventInit } from './logger.js';
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
import { lookupWrite, outcomeRecord, unknownOutcomeError, type OutcomeRecord } from './write-lookup.js';
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
      const progress = { page: 0, items: 0 };
      const fetchPage = async (pageParams: Record<string, unknown>): Promise<readonly Item[]> => {
        const { data } = await ctx.execute(meta, pageParams, opts);
        if (data !== undefined && data !== null && !Array.isArray(data)) {
          throw new ExchangeError(`${meta.id}: expected a list response to iterate, got ${typeof data}`, {
            operation: meta.id,
          });
        }
        const items = (data ?? []) as Item[];
        emitPage(ctx.settings.logger, meta, ctx.baseUrl, progress, items.length);
        return items;
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
    const logger = ctx.settings.logger;
    if (logger) {
      const api = error as Partial<ApiError>;
      emit(logger, {
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
    }
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
  const signal = options.signal;
  const timeoutMs = options.timeout ?? ctx.settings.timeout;
  const mode = options.rateLimit ?? ctx.settings.rateLimit;
  let failures: Failures | undefined;
  for (;;) {
    counter.attempt += 1;
    const sentAtMs = ctx.clock.nowMs();
    const result = await sendAttempt(ctx, plan, { timeoutMs, signal, mode, attempt: counter.attempt });
    if (result.ok) return result.value;
    failures ??= new Failures(ctx, plan, options, mode);
    const next = await failures.handle(result.outcome, sentAtMs, counter.attempt);
    if (next !== 'again') return next;
  }
}

/**
 * What a call remembers across failed attempts, and the carrying out of `nextStep`'s answer:
 * wait and send again, resync the clock, look the write up, or end. Made at the first failure,
 * so a call that succeeds at once builds none of it.
 */
class Failures {
  private retries = 0;
  private resynced = false;
  private mayBeApplied = false;
  private sentAtMs: number | undefined;
  private readonly fixed: Pick<CallState, 'kind' | 'canLookUp' | 'maxRetries' | 'rateLimit'>;

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly plan: CallPlan,
    private readonly options: RequestOptions,
    mode: CallState['rateLimit'],
  ) {
    const { meta } = plan;
    this.fixed = {
      kind: callKind(meta, plan),
      canLookUp: plan.idempotency !== undefined && meta.idempotency?.lookup !== undefined,
      maxRetries: options.maxRetries ?? ctx.settings.maxRetries,
      rateLimit: mode,
    };
  }

  private decide(outcome: AttemptOutcome): Step {
    const { ctx, plan } = this;
    return nextStep(
      {
        ...this.fixed,
        retries: this.retries,
        mayBeApplied: this.mayBeApplied,
        canResync: plan.wire.sign && ctx.clock.mode !== 'off' && !this.resynced,
        nowMs: Date.now(),
        jitter: Math.random(),
      } satisfies CallState,
      outcome,
    );
  }

  private unknown(why: string, cause: ExchangeError): ExchangeError {
    const { plan } = this;
    const context = { ...errorContextOf(plan), traceId: cause.traceId, cause };
    return unknownOutcomeError(plan.meta, plan.idempotency, this.sentAtMs ?? this.ctx.clock.nowMs(), context, why);
  }

  private log(init: Omit<LogEventInit, keyof ReturnType<typeof logBaseOf>>): void {
    const logger = this.ctx.settings.logger;
    if (logger) emit(logger, { ...logBaseOf(this.plan), ...init });
  }

  /** Carries out the step after a failed attempt: `'again'` to send once more, else the call's result (or a throw). */
  async handle(first: AttemptOutcome, sentAtMs: number, attempt: number): Promise<WithResponse<unknown> | 'again'> {
    const { ctx, plan } = this;
    const { meta } = plan;
    let outcome = first;
    let step = this.decide(outcome);
    if (mayHaveApplied(outcome)) {
      this.mayBeApplied = true;
      this.sentAtMs ??= sentAtMs;
    }
    if (step.do === 'retry') {
      this.log({
        type: 'retry',
        attempt,
        delayMs: step.afterMs,
        reason: step.why,
        traceId: outcome.error.traceId,
        status: 'status' in outcome ? outcome.status : undefined,
      });
      this.retries += 1;
      try {
        await sleep(step.afterMs, this.options.signal, { operation: meta.id });
        return 'again';
      } catch (error) {
        outcome = { kind: 'aborted', sent: false, error: error as AbortError };
        step = this.decide(outcome);
      }
    }
    if (step.do === 'resync') {
      this.resynced = true;
      try {
        await ctx.clock.sync();
        this.log({ type: 'retry', attempt, delayMs: 0, reason: 'REQUEST_EXPIRED: clock resynced' });
        return 'again';
      } catch {
        step = this.decide(outcome);
      }
    }
    const cause = outcome.error;
    if (step.do === 'lookup') {
      const record = outcomeRecord(meta, plan.idempotency, this.sentAtMs ?? ctx.clock.nowMs());
      return lookUp(ctx, plan, this.options, record, step.why, (why) => this.unknown(why, cause), attempt);
    }
    if (step.do === 'unknown') throw this.unknown(step.why, cause);
    if (step.do === 'fail') throw step.error;
    return 'again';
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
  const logger = ctx.settings.logger;
  if (logger) emit(logger, { type: 'lookup', ...logBaseOf(plan), attempt, reason: why });
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
