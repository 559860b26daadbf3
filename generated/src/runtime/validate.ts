/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/validate.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Checks a call's parameters against its operation's rules before any I/O. Every failure is a
 * `ValidationError` naming the field, the value (`[redacted]` for secrets) and the rule.
 *
 * Rule names: `required`, `type`, `enum`, `pattern`, `minLength`, `maxLength`, `minimum`, `maximum`,
 * `minItems`, `maxItems`, `decimal` (not a plain decimal string), `decimal.gt`, `decimal.maxScale`,
 * `int64.unsafe`, `requiredIf` (a conditional requirement), `requireAnyOf`, `groupLimit` (too many
 * list items share one value), `timeRange`, `unknown`, `noBody`.
 */
import { envelopeBody, envelopeOf, paramValue } from './envelope.js';
import { isObject } from './json.js';
import { ValidationError } from './errors.js';
import { badItemsError, type BadItems } from './list-issues.js';
import type { ConditionalRule, FieldRule, OperationMeta } from './metadata.js';
import { absent, checkValue, type Fail } from './value-rules.js';

const DAY = 86_400;
const REDACTED = '[redacted]';

/**
 * Checks only some calls need, handed to {@link checkCall}: the paging and time range (paginated
 * reads, write lookups), the group limit of a list body (calls that may write).
 */
export type CallCheck = (
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  nowSeconds: number,
  fail: Fail,
) => void;

/**
 * Validates one call: shape (unknown keys, `body` on GET/DELETE), a list body and each of its items
 * (in order: the first bad item's first bad field is reported, as `body[i].field`; with two or more
 * bad items, the error's `issues` lists each one's first bad field), field rules (nested fields too),
 * conditional requirements, `requireAnyOf`, the group limit of a list body, `limit`/`page`/`offset`
 * bounds and the time range (`from` <= `to`, at most `maxDays` apart). `nowSeconds` is the current Unix
 * time, for the default end of a time range.
 * @throws ValidationError on the first broken rule.
 */
export function validateCall(meta: OperationMeta, params: Readonly<Record<string, unknown>>, nowSeconds: number): void {
  checkCall(meta, params, nowSeconds, checkAll, badItemsError);
}

/**
 * {@link validateCall} with the checks only some calls need passed in (`checks`), by those calls,
 * and `badItems`, which collects every bad item of a list body (without it, the first is reported
 * alone).
 */
export function checkCall(
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  nowSeconds: number,
  checks: CallCheck | undefined,
  badItems?: BadItems,
): void {
  const fail = (field: string, value: unknown, rule: string, explanation: string, secret = false): never => {
    throw new ValidationError(field, secret ? REDACTED : value, rule, explanation, { operation: meta.id });
  };
  checkShape(meta, params, fail);
  // A list body is checked first, as any field is: its rule names `body` itself.
  if (meta.listBody !== undefined) checkListBody(meta.listBody, envelopeBody(params), fail, badItems);
  if (meta.rules !== undefined) {
    for (const rule of meta.rules) {
      if (rule.in !== 'header') checkField(rule, lookup(meta, params, rule.name, rule.in), fail);
    }
  }
  if (meta.conditions !== undefined)
    for (const condition of meta.conditions) checkCondition(meta, params, condition, fail);
  if (meta.requireAnyOf !== undefined && meta.requireAnyOf.length > 0) {
    const names = meta.requireAnyOf;
    if (names.every((name) => absent(lookup(meta, params, name)) || lookup(meta, params, name) === '')) {
      fail(names.join(' or '), undefined, 'requireAnyOf', `must be set (at least one of ${names.join(', ')})`);
    }
  }
  checks?.(meta, params, nowSeconds, fail);
}

/** `limit`/`page`/`offset` within the pagination bounds, and the time range. */
export const checkRange: CallCheck = (meta, params, nowSeconds, fail) => {
  checkPaging(meta, params, fail);
  checkTimeRange(meta, params, nowSeconds, fail);
};

/** Every check of {@link CallCheck}, in order. */
const checkAll: CallCheck = (meta, params, nowSeconds, fail) => {
  checkGroupLimit(meta, params, nowSeconds, fail);
  checkRange(meta, params, nowSeconds, fail);
};

/** One field: required when absent, else its value checked against its rule. */
function checkField(rule: FieldRule, value: unknown, fail: Fail): void {
  if (absent(value)) {
    if (rule.required) fail(rule.name, value, 'required', 'is required', rule.secret);
    return;
  }
  checkValue(rule.name, value, rule, rule.secret === true, fail);
}

/**
 * A list body: its own rules (present, an array, `minItems` / `maxItems`) fail first and alone;
 * once an item fails, `badItems` (when given) collects every other bad item into the error's `issues`.
 */
function checkListBody(rule: FieldRule, body: unknown, fail: Fail, badItems: BadItems | undefined): void {
  try {
    checkField(rule, body, fail);
  } catch (error) {
    if (badItems !== undefined && error instanceof ValidationError && error.field !== rule.name && Array.isArray(body))
      throw badItems(rule, body, error, fail);
    throw error;
  }
}

/** When every `when` field holds one of its values, every `require` field must be set. */
function checkCondition(
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  condition: ConditionalRule,
  fail: Fail,
): void {
  for (const w of condition.when) if (!w.oneOf.includes(lookup(meta, params, w.field) as never)) return;
  for (const name of condition.require) {
    const value = lookup(meta, params, name);
    if (absent(value) || value === '') {
      const because = condition.when
        .map((w) => `${w.field} is ${JSON.stringify(lookup(meta, params, w.field))}`)
        .join(' and ');
      fail(name, value, 'requiredIf', `is required when ${because}`);
    }
  }
}

/** A list body (`body` given as an array): at most `max` items may share one value of `field`. */
export const checkGroupLimit: CallCheck = (meta, params, _nowSeconds, fail) => {
  const limit = meta.groupLimit;
  const items = envelopeBody(params);
  if (limit === undefined || !Array.isArray(items)) return;
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = isObject(item) ? item[limit.field] : undefined;
    const key = absent(value) ? '' : String(value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [value, count] of counts) {
    if (count > limit.max) {
      fail(
        `body[].${limit.field}`,
        value,
        'groupLimit',
        `is shared by ${count} items; at most ${limit.max} items of one request may share a ${limit.field}`,
      );
    }
  }
};

/** A parameter's value (envelope.ts). */
const lookup = paramValue;

/** The parameter names of each operation, collected once per operation. */
const knownKeys = new WeakMap<OperationMeta, ReadonlySet<string>>();

function allowedKeys(meta: OperationMeta): ReadonlySet<string> {
  let allowed = knownKeys.get(meta) as Set<string> | undefined;
  if (allowed !== undefined) return allowed;
  allowed = new Set<string>(meta.pathParams);
  if (meta.shape === 'named-only') allowed.add('query').add('body');
  else {
    for (const q of meta.queryParams) allowed.add(q.name);
    if (meta.body === 'json') for (const f of meta.bodyFields ?? []) allowed.add(f);
    else if (meta.body === 'open') allowed.add('body'); // a list body (checked by `listBody`)
  }
  knownKeys.set(meta, allowed);
  return allowed;
}

/** Unknown keys (shaped operations) and the named-only envelope (`query` object, no body on GET/DELETE). */
function checkShape(meta: OperationMeta, params: Readonly<Record<string, unknown>>, fail: Fail): void {
  const allowed = allowedKeys(meta);
  if (meta.shape === 'named-only') {
    const { query, body } = envelopeOf(params);
    if (body !== undefined && (meta.method === 'GET' || meta.method === 'DELETE')) {
      fail('body', body, 'noBody', `is not allowed: ${meta.method} requests carry no body`);
    }
    if (query !== undefined && !isObject(query)) fail('query', query, 'type', 'must be an object of query parameters');
  }
  for (const key of Object.keys(params)) {
    if (allowed.has(key) || params[key] === undefined || params[key] === null) continue;
    const known = [...allowed].join(', ') || 'none';
    fail(key, params[key], 'unknown', `is not a parameter of ${meta.id} (known: ${known})`);
  }
}

/** Limit, page and offset within the pagination bounds. */
function checkPaging(meta: OperationMeta, params: Readonly<Record<string, unknown>>, fail: Fail): void {
  const paging = meta.pagination;
  if (paging === undefined) return;
  const minLimit = 'minLimit' in paging && typeof paging.minLimit === 'number' ? paging.minLimit : 1;
  checkBound('limit', lookup(meta, params, 'limit'), minLimit, paging.maxLimit, fail);
  if (paging.style === 'page') checkBound('page', lookup(meta, params, 'page'), 1, undefined, fail);
  else checkBound('offset', lookup(meta, params, 'offset'), 0, undefined, fail);
}

/** One paging value, when given: an integer from `min` to `max` (no upper bound when `max` is undefined). */
function checkBound(name: string, value: unknown, min: number, max: number | undefined, fail: Fail): void {
  if (absent(value)) return;
  if (typeof value !== 'number' || !Number.isInteger(value)) return fail(name, value, 'type', 'must be an integer');
  if (value < min) fail(name, value, 'minimum', `must be at least ${min}`);
  if (max !== undefined && value > max) fail(name, value, 'maximum', `must be at most ${max}`);
}

/** `from <= to` and `to - from <= maxDays` days. */
function checkTimeRange(
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  nowSeconds: number,
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
  if (to - from > range.maxDays * DAY) {
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
