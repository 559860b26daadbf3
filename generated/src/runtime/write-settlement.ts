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
import type { ExchangeError } from './errors.js';
import { emit, reasonOf } from './logger.js';
import { rangedExecutor } from './ranged-call.js';
import { bodyFor } from './request-body.js';
import { badItemsError } from './list-issues.js';
import { checkGroupLimit } from './validate.js';
import { lookupWrite, outcomeRecord, unknownOutcomeError } from './write-lookup.js';

/** The `UnknownOutcomeError` of an unsettled write, saying why. */
function unknown(unsettled: Unsettled, why: string): ExchangeError {
  const { plan, cause, sentAtMs } = unsettled;
  const context = { ...errorContextOf(plan), traceId: cause.traceId, cause };
  return unknownOutcomeError(plan, sentAtMs, context, why);
}

/** Looks the write up when it can be (found: its record is the call's result); otherwise an unknown outcome. */
export const settleWrite: SettleWrite = async (unsettled) => {
  const { ctx, plan, options, why, attempt } = unsettled;
  if (!unsettled.lookUp) throw unknown(unsettled, why);
  const logger = ctx.settings.logger;
  if (logger) emit(logger, { type: 'lookup', ...logBaseOf(plan), attempt, reason: why });
  const record = outcomeRecord(plan, unsettled.sentAtMs);
  let found: WithResponse<unknown> | undefined;
  try {
    const lookupOptions = { signal: options.signal, timeout: options.timeout };
    found = await lookupWrite(rangedExecutor(ctx), record, ctx.clock.nowMs(), lookupOptions);
  } catch (error) {
    throw unknown(unsettled, `${why}, and looking it up failed (${reasonOf(error)})`);
  }
  if (found) return { data: found.data, response: { ...found.response, attempts: attempt } };
  throw unknown(unsettled, `${why}, and looking it up found no such write yet`);
};

/**
 * What calls that may write hand to the loop: the settling of an unknown outcome, a list body's
 * group limit and every bad item of it, the body writer.
 */
export const WRITE_EXTRAS: CallExtras = {
  settle: settleWrite,
  checks: checkGroupLimit,
  body: bodyFor,
  badItems: badItemsError,
};
