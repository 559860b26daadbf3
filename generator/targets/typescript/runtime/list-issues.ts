/**
 * Every bad item of a list body (the batch endpoints), collected only once the first one has failed:
 * a good batch never gets here. Handed to the checks by the calls that may write (the batch
 * endpoints are writes), so reads never bundle it.
 */
import { ValidationError, type ValidationIssue } from './errors.js';
import type { FieldRule } from './metadata.js';
import { checkItem, type Fail } from './value-rules.js';

/** Collects every bad item of a list body once `first` has failed (see {@link badItemsError}). */
export type BadItems = (
  list: FieldRule,
  items: readonly unknown[],
  first: ValidationError,
  fail: Fail,
) => ValidationError;

/**
 * The error for a list body whose item failed with `first`: `first` itself when no other item is
 * bad, else the same field, value, rule and message start, with every bad item's first bad field
 * in `issues` (item order) and the others named in the message. `fail` throws the per-item errors
 * (values of secrets redacted, as in `first`).
 */
export const badItemsError: BadItems = (list, items, first, fail) => {
  const itemRule = list.items;
  if (itemRule === undefined) return first;
  const issues: ValidationIssue[] = [];
  let explanation = '';
  const record: Fail = (field, value, rule, why, secret) => {
    if (issues.length === 0) explanation = why;
    return fail(field, value, rule, why, secret);
  };
  items.forEach((item, i) => {
    try {
      checkItem(list.name, i, item, itemRule, list.secret === true, record);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const { field, value, rule, message } = error;
      issues.push(Object.freeze({ field, value, rule, message }));
    }
  });
  if (issues.length < 2) return first;
  const context = { operation: first.operation };
  const error = new ValidationError(first.field, first.value, first.rule, explanation, context, Object.freeze(issues));
  error.message += otherIssues(issues);
  return error;
};

/** How many fields of the other bad items a message names before `and N more`. */
const NAMED_ISSUES = 5;

/** `; 2 more bad items: body[7].price, body[9].amount`: at most five fields, then how many more. */
function otherIssues(issues: readonly ValidationIssue[]): string {
  const rest = issues.slice(1);
  const named = rest.slice(0, NAMED_ISSUES).map((issue) => issue.field);
  const more = rest.length > NAMED_ISSUES ? ` and ${rest.length - NAMED_ISSUES} more` : '';
  return `; ${rest.length} more bad item${rest.length === 1 ? '' : 's'}: ${named.join(', ')}${more}`;
}
