/** What `validateCall` makes of one call, as text for `{ given, want }` tables. */
import { ValidationError } from '../../../generator/targets/typescript/runtime/errors.js';
import type { OperationMeta } from '../../../generator/targets/typescript/runtime/metadata.js';
import { validateCall } from '../../../generator/targets/typescript/runtime/validate.js';

/** The `nowSeconds` every table checks at (time-range rules). */
export const CHECK_NOW = 1_700_000_000;

/**
 * `ok`, or `rule field` of the `ValidationError` the call gets (`rule field value`, the value as
 * JSON, with `withValue`). Any other error is thrown.
 */
export function checkCall(meta: OperationMeta, params: Record<string, unknown>, withValue = false): string {
  try {
    validateCall(meta, params, CHECK_NOW);
    return 'ok';
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return withValue ? `${error.rule} ${error.field} ${JSON.stringify(error.value)}` : `${error.rule} ${error.field}`;
  }
}
