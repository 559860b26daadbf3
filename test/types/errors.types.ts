/**
 * Type tests of the validation error (checked by `npm run typecheck`; nothing here runs): a batch
 * error's `issues` is a readonly list of `{ field, value, rule, message }`, or `undefined`.
 */
import type { UnknownOutcomeError, ValidationError, ValidationIssue } from '../../generated/src/index.js';

/** `true` only when `A` and `B` are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
const equal = <T extends true>(value: T): T => value;

equal<Equal<ValidationError['issues'], readonly ValidationIssue[] | undefined>>(true);
equal<Equal<ValidationIssue['field'], string>>(true);
equal<Equal<ValidationIssue['rule'], string>>(true);
equal<Equal<ValidationIssue['message'], string>>(true);
equal<Equal<ValidationIssue['value'], unknown>>(true);

export function readIssues(error: ValidationError): string[] {
  // @ts-expect-error issues may be undefined (one bad item, or not a list body)
  const count: number = error.issues.length;
  if (count === 0) return [];
  const issues = error.issues ?? [];
  // @ts-expect-error the list is readonly
  const mutable: ValidationIssue[] = issues;
  if (mutable.length < 0) return [];
  const first = issues[0];
  // @ts-expect-error an issue is readonly
  if (first !== undefined) first.field = 'body[1].amount';
  return issues.map((issue) => `${issue.rule} ${issue.field}`);
}

equal<Equal<UnknownOutcomeError['items'], readonly { readonly field: string; readonly value: string }[] | undefined>>(
  true,
);

export function batchIds(error: UnknownOutcomeError): string[] {
  // @ts-expect-error items is undefined for a write that is not a batch
  const count: number = error.items.length;
  void count;
  return (error.items ?? []).map((id) => id.value);
}
