/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/write-settlement.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Settling a write whose outcome the request loop could not learn: looked up by its idempotency
 * id through the read its operation names (found: that record is the call's result), else an
 * `UnknownOutcomeError` carrying the id and what `resolveOutcome` needs to ask again. Handed to
 * the loop by the calls that may write (`request`, raw requests), so reads never bundle it.
 */

import type { WithResponse } from './api-promise.js';
import { errorContextOf, logBaseOf } from './attempt.js';
import type { CallExtras, SettleWrite, Unsettled } from './call-loop.js';
import type { Executor } from './context.js';
import type { ExchangeError } from './errors.js';
import { emit, reasonOf } from './logger.js';
import type { OperationMeta } from './metadata.js';
import { rangedExecutor } from './ranged-call.js';
import { bodyFor } from './request-body.js';
import { badItemsError } from './list-issues.js';
import { checkGroupLimit } from './validate.js';
import { lookupWrite, outcomeRecord, unknownOutcomeError } from './write-lookup.js';
import { journaled } from './outcome-journal.js';

/** The `UnknownOutcomeError` of an unsettled write, saying why. */
function unknown(unsettled: Unsettled, why: string): ExchangeError {
  const { plan, cause, sentAtMs } = unsettled;
  const context = { ...errorContextOf(plan), traceId: cause.traceId, cause };
  return unknownOutcomeError(plan, sentAtMs, context, why);
}

/** Looks the write up through `execute` when it can be (found: its record is the call's result); otherwise an unknown outcome. */
async function settleThrough(unsettled: Unsettled & { readonly lookUp: boolean }, execute: Executor) {
  const { ctx, plan, options, why, attempt } = unsettled;
  if (!unsettled.lookUp) throw unknown(unsettled, why);
  const logger = ctx.settings.logger;
  if (logger) emit(logger, { type: 'lookup', ...logBaseOf(plan), attempt, reason: why });
  const record = outcomeRecord(plan, unsettled.sentAtMs);
  let found: WithResponse<unknown> | undefined;
  try {
    const lookupOptions = { signal: options.signal, timeout: options.timeout };
    found = await lookupWrite(execute, record, ctx.clock.nowMs(), lookupOptions);
  } catch (error) {
    throw unknown(unsettled, `${why}, and looking it up failed (${reasonOf(error)})`);
  }
  if (found) return { data: found.data, response: { ...found.response, attempts: attempt } };
  throw unknown(unsettled, `${why}, and looking it up found no such write yet`);
}

/** Settles a write, its lookup read run with the paging and time-range checks (any lookup read). */
const settleWrite: SettleWrite = (unsettled) => settleThrough(unsettled, rangedExecutor(unsettled.ctx));

/**
 * What calls that may write hand to the loop: the settling of an unknown outcome, a list body's
 * group limit and every bad item of it, the body writer, the outcome journal.
 */
export const WRITE_EXTRAS: CallExtras = {
  settle: settleWrite,
  journal: journaled,
  checks: checkGroupLimit,
  body: bodyFor,
  badItems: badItemsError,
};

/**
 * What a write with at most one body object hands to the loop (see `writeRequest`): the settling
 * of an unknown outcome, its lookup read without paging or time range (the caller makes sure the
 * lookup has neither), and the body writer. No list body, so neither its group limit nor the
 * collecting of its bad items.
 */
export const ONE_BODY_WRITE_EXTRAS: CallExtras = {
  settle: (unsettled) => settleThrough(unsettled, unsettled.ctx.execute),
  body: bodyFor,
};

/**
 * Whether a write needs more than {@link ONE_BODY_WRITE_EXTRAS}: a list body, a group limit, or a
 * lookup read with paging or a time range (those go through `request`).
 */
export function needsListExtras(meta: OperationMeta): boolean {
  const lookup = meta.idempotency?.lookup?.operation;
  return (
    meta.listBody !== undefined ||
    meta.groupLimit !== undefined ||
    lookup?.pagination !== undefined ||
    lookup?.timeRange !== undefined
  );
}
