/**
 * A call's body text (int64 values and bigints with all their digits); only calls that may write
 * use it. A value JSON cannot carry as given is a `ValidationError` naming its place, before any
 * I/O: a non-finite number (`NaN`, `Infinity`: `JSON.stringify` would write `null`), rule
 * `finite`; a string or key with a lone UTF-16 surrogate (it has no UTF-8 form), rule `unicode`.
 */
import { envelopeBody } from './envelope.js';
import { ValidationError } from './errors.js';
import { stringifyJson } from './json.js';
import { describePath, type WritePath } from './json-write.js';
import type { OperationMeta } from './metadata.js';

/** Writes the body of one call; `undefined` when it sends none. */
export type BodyWriter = (meta: OperationMeta, params: Readonly<Record<string, unknown>>) => string | undefined;

const LONE_SURROGATE = /\p{Surrogate}/u;

/** A value JSON cannot carry as given: where, what, and the rule it breaks. */
interface Unfit {
  readonly at: WritePath;
  readonly value: unknown;
  readonly rule: 'finite' | 'unicode';
}

/** The first value in `input` (as `JSON.stringify` would visit it) that JSON cannot carry, if any. */
function unfitValue(input: unknown, key: string, at: (string | number)[]): Unfit | undefined {
  let v = input;
  if (typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    v = (v as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  if (v instanceof Number || v instanceof String) v = v.valueOf();
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : { at: [...at], value: v, rule: 'finite' };
  if (typeof v === 'string') return LONE_SURROGATE.test(v) ? { at: [...at], value: v, rule: 'unicode' } : undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  const entries: [string | number, unknown][] = Array.isArray(v)
    ? v.map((item, i): [number, unknown] => [i, item])
    : Object.keys(v).map((name): [string, unknown] => [name, (v as Record<string, unknown>)[name]]);
  for (const [name, item] of entries) {
    at.push(name);
    const found =
      typeof name === 'string' && LONE_SURROGATE.test(name)
        ? { at: [...at], value: name, rule: 'unicode' as const }
        : unfitValue(item, String(name), at);
    at.pop();
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The JSON text of `value`; throws `ValidationError` (field `prefix` + the value's path) when it
 * holds a value JSON cannot carry. The text is searched first: only a `null` (what a non-finite
 * number becomes) or a `\ud` escape (a lone surrogate) sends the value through the full check.
 */
function bodyText(value: unknown, int64: OperationMeta['int64'], prefix: readonly string[], operation: string): string {
  const text = stringifyJson(value, int64?.request);
  if (text.includes('null') || text.includes('\\ud')) {
    const unfit = unfitValue(value, '', []);
    if (unfit !== undefined) {
      const explanation =
        unfit.rule === 'finite' ? 'must be a finite number' : 'must be valid Unicode (no lone surrogates)';
      throw new ValidationError(describePath([...prefix, ...unfit.at]), unfit.value, unfit.rule, explanation, {
        operation,
      });
    }
  }
  return text;
}

/** `json`: the body fields that are set (`null` is unset), in spec order; `open`: `params.body` as given. */
export const bodyFor: BodyWriter = (meta, params) => {
  if (meta.body === 'json') {
    const body: Record<string, unknown> = {};
    for (const field of meta.bodyFields ?? []) {
      const value = params[field];
      if (value !== undefined && value !== null) body[field] = value;
    }
    return bodyText(body, meta.int64, [], meta.id);
  }
  const body = envelopeBody(params);
  if (meta.body === 'open' && body !== undefined) return bodyText(body, meta.int64, ['body'], meta.id);
  return undefined;
};
