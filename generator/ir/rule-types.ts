/**
 * The rules a client checks before any I/O, as the IR states them (generator/ir/rules.ts derives
 * them from the parameter and body schemas). Every target renders them in its own runtime's terms;
 * the TypeScript runtime's own types (its `metadata.ts`) are the same shapes, which a type-level
 * test holds them to (test/generator/rule-types.test.ts).
 */

/** A rule checked on one parameter or body field before any I/O. */
export interface FieldRule {
  /** Field name as sent on the wire. */
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'body';
  readonly required?: true;
  readonly type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  /** `int32` / `int64` for integers; `decimal` for amount strings. */
  readonly format?: string;
  readonly enum?: readonly (string | number | boolean)[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** Extra rules for decimal strings: strictly greater than `gt`, at most `maxScale` decimals. */
  readonly decimal?: { readonly gt?: string; readonly maxScale?: number };
  /** A secret (`format: password` / `writeOnly`): its value never appears in an error or a log. */
  readonly secret?: true;
  /** Rule for every array item. */
  readonly items?: ValueRule;
  /** Rules of an object's own fields (checked when the object is present; `in` is that of the parent). */
  readonly properties?: readonly FieldRule[];
}

/** What a rule says about one value, whatever its name and place (an array item's rule, a list body's rule). */
export type ValueRule = Omit<FieldRule, 'name' | 'in' | 'required'>;

/**
 * A requirement that holds only in some cases (a request schema's `if`/`then`): when every field
 * in `when` holds one of its listed values, every field in `require` must be set.
 */
export interface ConditionalRule {
  readonly when: readonly { readonly field: string; readonly oneOf: readonly (string | number | boolean)[] }[];
  readonly require: readonly string[];
}
