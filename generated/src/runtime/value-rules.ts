/*
 * Copied by exchange-v4 from templates/typescript/runtime/value-rules.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
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

const absent = (v: unknown): boolean => v === undefined || v === null;

/** Type, format and constraint checks for one present value (and its items and fields). */
export function checkValue(field: string, value: unknown, rule: ValueRule, secret: boolean, fail: Fail): void {
  const bad = (r: string, explanation: string): never => fail(field, value, r, explanation, secret);
  if (rule.format === 'decimal') checkDecimal(value, rule, bad);
  else if (rule.type === 'integer') checkInteger(value, rule.format === 'int64', bad);
  else if (rule.type === 'number' && (typeof value !== 'number' || !Number.isFinite(value)))
    bad('type', 'must be a finite number');
  else if (rule.type === 'string' && typeof value !== 'string') bad('type', 'must be a string');
  else if (rule.type === 'boolean' && typeof value !== 'boolean') bad('type', 'must be a boolean');
  else if (rule.type === 'array' && !Array.isArray(value)) bad('type', 'must be an array');
  else if (rule.type === 'object' && !isObject(value)) bad('type', 'must be an object');

  if (
    rule.enum !== undefined &&
    !rule.enum.some((e) => e === value || (typeof value === 'bigint' && String(e) === String(value)))
  ) {
    bad('enum', `must be one of ${rule.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if (typeof value === 'string') {
    if (rule.pattern !== undefined && !compiled(rule.pattern).test(value))
      bad('pattern', `must match /${rule.pattern}/`);
    if (rule.minLength !== undefined || rule.maxLength !== undefined) {
      const length = [...value].length;
      if (rule.minLength !== undefined && length < rule.minLength)
        bad('minLength', `must be at least ${rule.minLength} characters long`);
      if (rule.maxLength !== undefined && length > rule.maxLength)
        bad('maxLength', `must be at most ${rule.maxLength} characters long`);
    }
  }
  if (
    rule.format !== 'decimal' &&
    (typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && INTEGER_TEXT.test(value)))
  ) {
    if (rule.minimum !== undefined && compareNumeric(value, rule.minimum) < 0)
      bad('minimum', `must be at least ${rule.minimum}`);
    if (rule.maximum !== undefined && compareNumeric(value, rule.maximum) > 0)
      bad('maximum', `must be at most ${rule.maximum}`);
  }
  if (Array.isArray(value)) {
    if (rule.minItems !== undefined && value.length < rule.minItems)
      bad('minItems', `must have at least ${rule.minItems} items (has ${value.length})`);
    if (rule.maxItems !== undefined && value.length > rule.maxItems)
      bad('maxItems', `must have at most ${rule.maxItems} items (has ${value.length})`);
    const items = rule.items;
    if (items !== undefined) {
      value.forEach((item, i) => {
        if (absent(item)) fail(`${field}[${i}]`, item, 'type', 'must not be empty', secret);
        checkValue(`${field}[${i}]`, item, items, secret || items.secret === true, fail);
      });
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

/** Amounts: decimal strings only (`^-?\d+(\.\d+)?$`), with the optional `gt` / `maxScale` rules. */
function checkDecimal(value: unknown, rule: ValueRule, bad: (rule: string, explanation: string) => never): void {
  if (typeof value === 'number')
    bad('type', 'must be a decimal string, not a number: amounts are decimal strings (e.g. "0.5")');
  if (typeof value !== 'string') return bad('type', 'must be a decimal string (amounts are decimal strings)');
  const text = value;
  if (!DECIMAL.test(text))
    bad('decimal', 'must be a plain decimal string: digits, optional leading "-" and fraction, no exponent');
  const gt = rule.decimal?.gt;
  if (gt !== undefined && compareDecimal(text, gt) <= 0) bad('decimal.gt', `must be greater than ${gt}`);
  const maxScale = rule.decimal?.maxScale;
  const scale = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  if (maxScale !== undefined && scale > maxScale)
    bad('decimal.maxScale', `must have at most ${maxScale} decimal places (has ${scale})`);
}

/** Integers: numbers; for int64 also digit strings and bigints. A number beyond 2^53 is rejected: it is already rounded. */
function checkInteger(value: unknown, int64: boolean, bad: (rule: string, explanation: string) => never): void {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) bad('type', 'must be an integer');
    if (int64 && !Number.isSafeInteger(value))
      bad('int64.unsafe', 'is beyond 2^53 and may already be rounded: pass it as a string');
    return;
  }
  if (int64 && (typeof value === 'bigint' || (typeof value === 'string' && INTEGER_TEXT.test(value)))) return;
  bad('type', int64 ? 'must be an integer (number, digit string or bigint)' : 'must be an integer');
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
  return Math.sign(pa.negative ? -magnitude : magnitude);
}

function splitDecimal(text: string): { negative: boolean; int: string; frac: string } {
  const negative = text.startsWith('-');
  const [int = '', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const parts = { int: int.replace(/^0+/, ''), frac: frac.replace(/0+$/, '') };
  return { negative: negative && (parts.int !== '' || parts.frac !== ''), ...parts };
}
