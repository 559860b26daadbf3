/**
 * The request loop. Per call: validate and plan (no I/O), then attempts (attempt.ts) until one
 * succeeds or `nextStep` (next-step.ts) says to stop: retry after a delay, resync the clock and
 * resend, fail, or settle a write whose outcome is unknown. The loop only carries the steps out;
 * every decision is in `nextStep`. Settling a write (looking it up by its id, else an
 * `UnknownOutcomeError` that `resolveOutcome` can resolve) is write-settlement.ts, handed in by
 * the calls that may write, so a program that only reads never bundles it.
 */

import type { WithResponse } from './api-promise.js';
import { errorContextOf, logBaseOf, sendAttempt } from './attempt.js';
import { planCall, type CallPlan } from './call-plan.js';
import type { BadItems } from './list-issues.js';
import type { RuntimeContext } from './context.js';
import { UnknownOutcomeError, type AbortError, type ApiError, type ExchangeError } from './errors.js';
import { emit, reasonOf, type LogEventInit } from './logger.js';
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
import { sleep } from './retry-timing.js';
import type { BodyWriter } from './request-body.js';
import type { CallCheck } from './validate.js';
import type { OutcomeJournalStore } from './outcome-journal.js';

/** A write whose outcome the loop could not learn from its answers, with all it knows of it. */
export interface Unsettled {
  readonly ctx: RuntimeContext;
  readonly plan: CallPlan;
  readonly options: RequestOptions;
  /** Why the outcome is unknown. */
  readonly why: string;
  /** The error of the attempt that left it unknown. */
  readonly cause: ExchangeError;
  /** Server-corrected epoch ms of the first send that may have been applied. */
  readonly sentAtMs: number;
  /** Attempts made so far. */
  readonly attempt: number;
}

/**
 * Settles a write whose outcome is unknown: with `lookUp`, looks it up by its id (found: the
 * call's result); otherwise, or when not found, throws an `UnknownOutcomeError`.
 */
export type SettleWrite = (unsettled: Unsettled & { readonly lookUp: boolean }) => Promise<WithResponse<unknown>>;

/**
 * The unknown outcome of a write sent without a `SettleWrite` (only calls that cannot write are
 * meant to be): still an `UnknownOutcomeError` carrying the id the request used, never a retry.
 */
function unsettledWrite({ plan, why, cause }: Unsettled): UnknownOutcomeError {
  return new UnknownOutcomeError(`${plan.meta.id}: ${why}; the write may or may not have been applied`, {
    ...errorContextOf(plan),
    traceId: cause.traceId,
    cause,
    idempotency: plan.idempotency ? { ...plan.idempotency } : undefined,
  });
}

/** What some calls hand to the loop, so a bundle holds only what its calls need. */
export interface CallExtras {
  /** Settles a write whose outcome is unknown (calls that may write). */
  readonly settle?: SettleWrite | undefined;
  /** Checks only some calls need: paging and time range, or a list body's group limit (validate.ts). */
  readonly checks?: CallCheck | undefined;
  /** The body writer (every call of an operation with a body). */
  readonly body?: BodyWriter | undefined;
  /** Collects every bad item of a list body into the error's `issues` (calls that may write; list-issues.ts). */
  readonly badItems?: BadItems | undefined;
  /** Runs a write with its intent in the outcome journal (calls that may write; outcome-journal.ts). */
  readonly journal?: JournalRun | undefined;
}

/** Runs a planned write through `run` with its intent recorded in `store` first. */
type JournalRun = (
  store: OutcomeJournalStore,
  ctx: RuntimeContext,
  plan: CallPlan,
  run: () => Promise<WithResponse<unknown>>,
) => Promise<WithResponse<unknown>>;

/** What a call that hands nothing in gets (one object, not one per call). */
const NO_EXTRAS: CallExtras = {};

/** Runs one call through the loop, with what its caller hands in; the implementation behind every `execute`. */
export async function executeOperation(
  ctx: RuntimeContext,
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  options: RequestOptions,
  extras: CallExtras = NO_EXTRAS,
): Promise<WithResponse<unknown>> {
  const counter = { attempt: 0 };
  let plan: CallPlan | undefined;
  try {
    const planned = planCall(ctx, meta, params, options, extras);
    plan = planned;
    const run = (): Promise<WithResponse<unknown>> => attempts(ctx, planned, options, counter, extras.settle);
    const journal = ctx.journal;
    const journaled = journal !== undefined && extras.journal !== undefined && callKind(meta, planned) !== 'read';
    return await (journaled ? extras.journal(journal, ctx, planned, run) : run());
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
function callKind(meta: OperationMeta, plan: Pick<CallPlan, 'idempotency'>): CallKind {
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
  settle: SettleWrite | undefined,
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
    failures ??= new Failures(ctx, plan, options, mode, settle);
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
  #retries = 0;
  #resynced = false;
  #mayBeApplied = false;
  #sentAtMs: number | undefined;
  readonly #fixed: Pick<CallState, 'kind' | 'canLookUp' | 'maxRetries' | 'rateLimit' | 'maxServerWaitMs'>;
  readonly #ctx: RuntimeContext;
  readonly #plan: CallPlan;
  readonly #options: RequestOptions;
  readonly #settle: SettleWrite | undefined;

  constructor(
    ctx: RuntimeContext,
    plan: CallPlan,
    options: RequestOptions,
    mode: CallState['rateLimit'],
    settle: SettleWrite | undefined,
  ) {
    this.#ctx = ctx;
    this.#plan = plan;
    this.#options = options;
    this.#settle = settle;
    const { meta } = plan;
    this.#fixed = {
      kind: callKind(meta, plan),
      canLookUp: plan.idempotency !== undefined && meta.idempotency?.lookup !== undefined,
      maxRetries: options.maxRetries ?? ctx.settings.maxRetries,
      rateLimit: mode,
      maxServerWaitMs: ctx.settings.maxRateLimitWaitMs ?? meta.rateLimit.window * 1000,
    };
  }

  #decide(outcome: AttemptOutcome): Step {
    const ctx = this.#ctx;
    const plan = this.#plan;
    return nextStep(
      {
        ...this.#fixed,
        retries: this.#retries,
        mayBeApplied: this.#mayBeApplied,
        canResync: plan.wire.sign && ctx.clock.mode !== 'off' && !this.#resynced,
        nowMs: Date.now(),
        jitter: Math.random(),
      } satisfies CallState,
      outcome,
    );
  }

  #log(init: Omit<LogEventInit, keyof ReturnType<typeof logBaseOf>>): void {
    const logger = this.#ctx.settings.logger;
    if (logger) emit(logger, { ...logBaseOf(this.#plan), ...init });
  }

  /** Carries out the step after a failed attempt: `'again'` to send once more, else the call's result (or a throw). */
  async handle(first: AttemptOutcome, sentAtMs: number, attempt: number): Promise<WithResponse<unknown> | 'again'> {
    const ctx = this.#ctx;
    const plan = this.#plan;
    const { meta } = plan;
    let outcome = first;
    let step = this.#decide(outcome);
    if (mayHaveApplied(outcome)) {
      this.#mayBeApplied = true;
      this.#sentAtMs ??= sentAtMs;
    }
    if (step.do === 'retry') {
      this.#log({
        type: 'retry',
        attempt,
        delayMs: step.afterMs,
        reason: step.why,
        traceId: outcome.error.traceId,
        status: 'status' in outcome ? outcome.status : undefined,
      });
      this.#retries += 1;
      try {
        await sleep(step.afterMs, this.#options.signal, { operation: meta.id });
        return 'again';
      } catch (error) {
        outcome = { kind: 'aborted', sent: false, error: error as AbortError };
        step = this.#decide(outcome);
      }
    }
    if (step.do === 'resync') {
      this.#resynced = true;
      try {
        await ctx.clock.sync();
        this.#log({ type: 'retry', attempt, delayMs: 0, reason: 'REQUEST_EXPIRED: clock resynced' });
        return 'again';
      } catch {
        step = this.#decide(outcome);
      }
    }
    if (step.do === 'lookup' || step.do === 'unknown') {
      const sentAt = this.#sentAtMs ?? ctx.clock.nowMs();
      const unsettled = {
        ctx,
        plan,
        options: this.#options,
        why: step.why,
        cause: outcome.error,
        sentAtMs: sentAt,
        attempt,
      };
      if (this.#settle) return this.#settle({ ...unsettled, lookUp: step.do === 'lookup' });
      throw unsettledWrite(unsettled);
    }
    if (step.do === 'fail') throw step.error;
    return 'again';
  }
}
