/**
 * Checks a call's parameters against its operation's rules before any I/O. Every failure is a
 * `ValidationError` naming the field, the value (`[redacted]` for secrets) and the rule.
 *
 * Rule names: `required`, `type`, `enum`, `pattern`, `minLength`, `maxLength`, `minimum`, `maximum`,
 * `minItems`, `maxItems`, `decimal` (not a plain decimal string), `decimal.gt`, `decimal.maxScale`,
 * `int64.unsafe`, `requireAnyOf`, `timeRange`, `unknown`, `noBody`.
 */
import { isObject } from './json.js';
import { ValidationError } from './errors.js';
import type { FieldRule, OperationMeta } from './metadata.js';

/** What a rule says about one value (a field's rule, or the rule for its array items). */
type ValueRule = Omit<FieldRule, 'name' | 'in' | 'required'>;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER_TEXT = /^-?\d+$/;
const DAY = 86_400;
const REDACTED = '[redacted]';
const patterns = new Map<string, RegExp>();

/**
 * Validates one call: shape (unknown keys, `body` on GET/DELETE), field rules, `requireAnyOf`,
 * `limit`/`page`/`offset` bounds and the time range (at most `maxDays`, `from` <= `to`).
 * `nowSeconds` is the current Unix time, for the default end of a time range.
 * @throws ValidationError on the first broken rule.
 */
export function validateCall(meta: OperationMeta, params: Readonly<Record<string, unknown>>, nowSeconds: number): void {
  validate(meta, params, nowSeconds, true);
}

function validate(
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  nowSeconds: number,
  limitRange: boolean,
): void {
  const fail = (field: string, value: unknown, rule: string, explanation: string, secret = false): never => {
    throw new ValidationError(field, secret ? REDACTED : value, rule, explanation, { operation: meta.id });
  };
  checkShape(meta, params, fail);
  for (const rule of meta.rules ?? []) {
    if (rule.in === 'header') continue;
    const value = lookup(meta, params, rule.name, rule.in);
    if (absent(value)) {
      if (rule.required) fail(rule.name, value, 'required', 'is required', rule.secret);
      continue;
    }
    checkValue(rule.name, value, rule, rule.secret === true, fail);
  }
  if (meta.requireAnyOf !== undefined && meta.requireAnyOf.length > 0) {
    const names = meta.requireAnyOf;
    if (names.every((name) => absent(lookup(meta, params, name)) || lookup(meta, params, name) === '')) {
      fail(names.join(' or '), undefined, 'requireAnyOf', `must be set (at least one of ${names.join(', ')})`);
    }
  }
  checkPaging(meta, params, fail);
  checkTimeRange(meta, params, nowSeconds, limitRange, fail);
}

type Fail = (field: string, value: unknown, rule: string, explanation: string, secret?: boolean) => never;

const absent = (v: unknown): boolean => v === undefined || v === null;

/** A parameter's value: from the flat params, or (named-only) from `query` / `body` too. */
function lookup(
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  name: string,
  where?: FieldRule['in'],
): unknown {
  if (meta.shape === 'shaped' || where === 'path') return params[name];
  const query = isObject(params['query']) ? params['query'] : {};
  const body = isObject(params['body']) ? params['body'] : {};
  if (where === 'query') return query[name];
  if (where === 'body') return body[name];
  return params[name] ?? query[name] ?? body[name];
}

/** Unknown keys (shaped operations) and the named-only envelope (`query` object, no body on GET/DELETE). */
function checkShape(meta: OperationMeta, params: Readonly<Record<string, unknown>>, fail: Fail): void {
  const allowed = new Set<string>(meta.pathParams);
  if (meta.shape === 'named-only') {
    allowed.add('query').add('body');
    if (params['body'] !== undefined && (meta.method === 'GET' || meta.method === 'DELETE')) {
      fail('body', params['body'], 'noBody', `is not allowed: ${meta.method} requests carry no body`);
    }
    if (params['query'] !== undefined && !isObject(params['query'])) {
      fail('query', params['query'], 'type', 'must be an object of query parameters');
    }
  } else {
    for (const q of meta.queryParams) allowed.add(q.name);
    if (meta.body === 'json') for (const f of meta.bodyFields ?? []) allowed.add(f);
  }
  for (const key of Object.keys(params)) {
    if (allowed.has(key) || params[key] === undefined) continue;
    const known = [...allowed].join(', ') || 'none';
    fail(key, params[key], 'unknown', `is not a parameter of ${meta.id} (known: ${known})`);
  }
}

/** Type, format and constraint checks for one present value. */
function checkValue(field: string, value: unknown, rule: ValueRule, secret: boolean, fail: Fail): void {
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
    const length = [...value].length;
    if (rule.minLength !== undefined && length < rule.minLength)
      bad('minLength', `must be at least ${rule.minLength} characters long`);
    if (rule.maxLength !== undefined && length > rule.maxLength)
      bad('maxLength', `must be at most ${rule.maxLength} characters long`);
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
}

/** Amounts: decimal strings only (`^-?\d+(\.\d+)?$`), with the optional `gt` / `maxScale` rules. */
function checkDecimal(value: unknown, rule: ValueRule, bad: (rule: string, explanation: string) => never): void {
  if (typeof value === 'number')
    bad('type', 'must be a decimal string, not a number: amounts are decimal strings (e.g. "0.5")');
  if (typeof value !== 'string') bad('type', 'must be a decimal string (amounts are decimal strings)');
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

/** Limit, page and offset within the pagination bounds. */
function checkPaging(meta: OperationMeta, params: Readonly<Record<string, unknown>>, fail: Fail): void {
  const paging = meta.pagination;
  if (paging === undefined) return;
  const minLimit = 'minLimit' in paging && typeof paging.minLimit === 'number' ? paging.minLimit : 1;
  const bounds: [string, number, number | undefined][] = [['limit', minLimit, paging.maxLimit]];
  bounds.push(paging.style === 'page' ? ['page', 1, undefined] : ['offset', 0, undefined]);
  for (const [name, min, max] of bounds) {
    const value = lookup(meta, params, name);
    if (absent(value)) continue;
    if (typeof value !== 'number' || !Number.isInteger(value)) fail(name, value, 'type', 'must be an integer');
    if (value < min) fail(name, value, 'minimum', `must be at least ${min}`);
    if (max !== undefined && value > max) fail(name, value, 'maximum', `must be at most ${max}`);
  }
}

/** `from <= to` and, unless the range is paged through in windows, `to - from <= maxDays` days. */
function checkTimeRange(
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  nowSeconds: number,
  limitRange: boolean,
  fail: Fail,
): void {
  const range = meta.timeRange;
  if (range === undefined) return;
  const given = { from: lookup(meta, params, range.from), to: lookup(meta, params, range.to) };
  if (absent(given.from) && absent(given.to)) return;
  for (const [name, value] of [
    [range.from, given.from],
    [range.to, given.to],
  ] as const) {
    if (!absent(value) && !Number.isFinite(seconds(value)))
      fail(name, value, 'type', 'must be Unix seconds (a number)');
  }
  const to = absent(given.to) ? nowSeconds : seconds(given.to);
  const from = absent(given.from) ? to - range.defaultDays * DAY : seconds(given.from);
  const shown = { [range.from]: from, [range.to]: to };
  if (from > to) fail(range.from, shown, 'timeRange', `must not be later than ${range.to}`);
  if (limitRange && to - from > range.maxDays * DAY) {
    const days = Math.ceil(((to - from) / DAY) * 100) / 100;
    fail(
      range.from,
      shown,
      'timeRange',
      `must be at most ${range.maxDays} days before ${range.to} (the range spans ${days} days)`,
    );
  }
}

/** Unix seconds from a number, bigint or numeric string; NaN otherwise. */
function seconds(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
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
