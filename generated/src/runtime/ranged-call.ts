/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/ranged-call.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/** The request loop with the paging and time-range checks: paginated reads and write lookups. */
import type { WithResponse } from './api-promise.js';
import { executeOperation, type CallExtras } from './call-loop.js';
import type { Executor, RuntimeContext } from './context.js';
import type { OperationMeta } from './metadata.js';
import type { RequestOptions } from './options.js';
import { checkRange } from './validate.js';

const RANGED: CallExtras = { checks: checkRange };

/** Runs one call with the paging and time-range checks. */
export function executeRanged(
  ctx: RuntimeContext,
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  options: RequestOptions,
): Promise<WithResponse<unknown>> {
  return executeOperation(ctx, meta, params, options, RANGED);
}

/** {@link executeRanged} bound to a client (for write lookups). */
export const rangedExecutor =
  (ctx: RuntimeContext): Executor =>
  (meta, params, options) =>
    executeRanged(ctx, meta, params, options);
