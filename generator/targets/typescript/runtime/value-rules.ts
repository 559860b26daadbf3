/**
 * The checks of one present value against its rule: type and format (decimal strings, int32 /
 * int64 integers), enum, pattern, lengths, bounds, list sizes and items, and an object's own
 * fields. Every failure goes through `fail`, which throws the `ValidationError`.
 */
import { isObject } from './json.js';
import type { ValueRule } from './metadata.js';

/** Throws the `ValidationError` for a field, its value (redacted when secret), the rule and why. */
export type Fail = (field: string, value: unknown, rule: string, explanation: string, secret?: boolean) => never;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER_TEXT = /^-?\d+$/;
const patterns = new Map<string, RegExp>();

/** The plain types' checks (integers and decimals have their own) and what they ask for. */
const TYPES: Readonly<Record<string, readonly [(value: unknown) => boolean, string]>> = {
  number: [(v) => typeof v === 'number' && Number.isFinite(v), 'a finite number'],
  string: [(v) => typeof v === 'string', 'a string'],
  boolean: [(v) => typeof v === 'boolean', 'a boolean'],
  array: [Array.isArray, 'an array'],
  object: [isObject, 'an object'],
};

/** `undefined` or `null`: a value that is not there. */
export const absent = (v: unknown): boolean => v === undefined || v === null;

/** Type, format and constraint checks for one present value (and its items and fields). */
export function checkValue(field: string, value: unknown, rule: ValueRule, secret: boolean, fail: Fail): void {
  // Failures call `fail` directly: a value that passes allocates nothing here.
  if (rule.format === 'decimal') checkDecimal(field, value, rule, secret, fail);
  else if (rule.type === 'integer') checkInteger(field, value, rule.format === 'int64', secret, fail);
  else {
    const type = rule.type === undefined ? undefined : TYPES[rule.type];
    if (type !== undefined && !type[0](value)) fail(field, value, 'type', `must be ${type[1]}`, secret);
  }

  if (rule.enum !== undefined && !inEnum(rule.enum, value)) {
    fail(field, value, 'enum', `must be one of ${rule.enum.map((e) => JSON.stringify(e)).join(', ')}`, secret);
  }
  if (typeof value === 'string') {
    if (rule.pattern !== undefined && !compiled(rule.pattern).test(value))
      fail(field, value, 'pattern', `must match /${rule.pattern}/`, secret);
    if (rule.minLength !== undefined || rule.maxLength !== undefined) {
      const length = [...value].length;
      if (rule.minLength !== undefined && length < rule.minLength)
        fail(field, value, 'minLength', `must be at least ${rule.minLength} characters long`, secret);
      if (rule.maxLength !== undefined && length > rule.maxLength)
        fail(field, value, 'maxLength', `must be at most ${rule.maxLength} characters long`, secret);
    }
  }
  if (rule.type === 'integer' && rule.format !== undefined) checkFormatRange(field, value, rule.format, secret, fail);
  if (
    (rule.minimum !== undefined || rule.maximum !== undefined) &&
    rule.format !== 'decimal' &&
    (typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && INTEGER_TEXT.test(value)))
  ) {
    if (rule.minimum !== undefined && compareNumeric(value, rule.minimum) < 0)
      fail(field, value, 'minimum', `must be at least ${rule.minimum}`, secret);
    if (rule.maximum !== undefined && compareNumeric(value, rule.maximum) > 0)
      fail(field, value, 'maximum', `must be at most ${rule.maximum}`, secret);
  }
  if (Array.isArray(value)) {
    if (rule.minItems !== undefined && value.length < rule.minItems)
      fail(field, value, 'minItems', `must have at least ${rule.minItems} items (has ${value.length})`, secret);
    if (rule.maxItems !== undefined && value.length > rule.maxItems)
      fail(field, value, 'maxItems', `must have at most ${rule.maxItems} items (has ${value.length})`, secret);
    const items = rule.items;
    if (items !== undefined) {
      value.forEach((item: unknown, i) => checkItem(field, i, item, items, secret, fail));
    }
  }
  if (isObject(value) && rule.properties !== undefined) {
    for (const sub of rule.properties) {
      const name = `${field}.${sub.name}`;
      const inner = value[sub.name];
      const hidden = secret || sub.secret === true;
      if (absent(inner)) {
        if (sub.required) fail(name, inner, 'required', 'is required', hidden);
        continue;
      }
      checkValue(name, inner, sub, hidden, fail);
    }
  }
}

/** Item `i` of the list `field`: present, and checked against the list's `items` rule. */
export function checkItem(
  field: string,
  i: number,
  item: unknown,
  items: ValueRule,
  secret: boolean,
  fail: Fail,
): void {
  if (absent(item)) fail(`${field}[${i}]`, item, 'type', 'must not be empty', secret);
  checkValue(`${field}[${i}]`, item, items, secret || items.secret === true, fail);
}

/** Whether `value` is one of `values` (a bigint matches a value with the same text). */
export function inEnum(values: readonly unknown[], value: unknown): boolean {
  for (const e of values) {
    if (e === value || (typeof value === 'bigint' && String(e) === String(value))) return true;
  }
  return false;
}

/** Amounts: decimal strings only (`^-?\d+(\.\d+)?$`), with the optional `gt` / `maxScale` rules. */
function checkDecimal(field: string, value: unknown, rule: ValueRule, secret: boolean, fail: Fail): void {
  if (typeof value === 'number')
    fail(
      field,
      value,
      'type',
      'must be a decimal string, not a number: amounts are decimal strings (e.g. "0.5")',
      secret,
    );
  if (typeof value !== 'string')
    return fail(field, value, 'type', 'must be a decimal string (amounts are decimal strings)', secret);
  const text = value;
  if (!DECIMAL.test(text))
    fail(
      field,
      value,
      'decimal',
      'must be a plain decimal string: digits, optional leading "-" and fraction, no exponent',
      secret,
    );
  const gt = rule.decimal?.gt;
  if (gt !== undefined && compareDecimal(text, gt) <= 0)
    fail(field, value, 'decimal.gt', `must be greater than ${gt}`, secret);
  const maxScale = rule.decimal?.maxScale;
  if (maxScale !== undefined) {
    const dot = text.indexOf('.');
    const scale = dot < 0 ? 0 : text.length - dot - 1;
    if (scale > maxScale)
      fail(field, value, 'decimal.maxScale', `must have at most ${maxScale} decimal places (has ${scale})`, secret);
  }
}

/** Integers: numbers; for int64 also digit strings and bigints. A number beyond 2^53 is rejected: it is already rounded. */
function checkInteger(field: string, value: unknown, int64: boolean, secret: boolean, fail: Fail): void {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) fail(field, value, 'type', 'must be an integer', secret);
    if (int64 && !Number.isSafeInteger(value))
      fail(field, value, 'int64.unsafe', 'is beyond 2^53 and may already be rounded: pass it as a string', secret);
    return;
  }
  if (int64 && (typeof value === 'bigint' || (typeof value === 'string' && INTEGER_TEXT.test(value)))) return;
  fail(
    field,
    value,
    'type',
    int64 ? 'must be an integer (number, digit string or bigint)' : 'must be an integer',
    secret,
  );
}

/** The ranges of the integer formats, checked before any I/O. */
const INT_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

/** An integer within its format's range (`int32`, `int64`): else `minimum` / `maximum`. */
function checkFormatRange(field: string, value: unknown, format: string, secret: boolean, fail: Fail): void {
  const range = INT_RANGES[format];
  if (range === undefined) return;
  const number =
    typeof value === 'bigint'
      ? value
      : (typeof value === 'number' && Number.isSafeInteger(value)) ||
          (typeof value === 'string' && INTEGER_TEXT.test(value))
        ? BigInt(value)
        : undefined;
  if (number === undefined) return;
  if (number < range[0]) fail(field, value, 'minimum', `must be at least ${range[0]} (${format})`, secret);
  if (number > range[1]) fail(field, value, 'maximum', `must be at most ${range[1]} (${format})`, secret);
}

function compiled(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (re === undefined) patterns.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
}

/** Sign of `value - bound` for a number, bigint or integer string. */
function compareNumeric(value: number | bigint | string, bound: number): number {
  if (typeof value === 'number') return Math.sign(value - bound);
  const big = BigInt(value);
  if (Number.isInteger(bound)) return big === BigInt(bound) ? 0 : big < BigInt(bound) ? -1 : 1;
  return Math.sign(Number(big) - bound);
}

/** Exact comparison of two decimal strings (no floating point). */
export function compareDecimal(a: string, b: string): number {
  const pa = splitDecimal(a);
  const pb = splitDecimal(b);
  if (pa.negative !== pb.negative) return pa.negative ? -1 : 1;
  let magnitude = pa.int.length - pb.int.length || (pa.int < pb.int ? -1 : pa.int > pb.int ? 1 : 0);
  if (magnitude === 0) {
    const width = Math.max(pa.frac.length, pb.frac.length);
    const fa = pa.frac.padEnd(width, '0');
    const fb = pb.frac.padEnd(width, '0');
    magnitude = fa < fb ? -1 : fa > fb ? 1 : 0;
  }
  return Math.sign(pa.negative ? -magnitude : magnitude) || 0; // never -0
}

/** Sign, integer digits without leading zeros, fraction digits without trailing zeros (no regular expressions). */
function splitDecimal(text: string): { negative: boolean; int: string; frac: string } {
  const negative = text.startsWith('-');
  const dot = text.indexOf('.');
  const end = dot < 0 ? text.length : dot;
  let start = negative ? 1 : 0;
  while (start < end && text.charCodeAt(start) === 48) start++;
  let fracEnd = text.length;
  while (dot >= 0 && fracEnd > dot + 1 && text.charCodeAt(fracEnd - 1) === 48) fracEnd--;
  const int = text.slice(start, end);
  const frac = dot < 0 ? '' : text.slice(dot + 1, fracEnd);
  return { negative: negative && (int !== '' || frac !== ''), int, frac };
}
