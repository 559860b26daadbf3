/**
 * The request envelope, read here and nowhere else. A shaped call gives its parameters flat (a list
 * body as `body`); a named-only call (and a raw request, `client.request()`) gives its path
 * parameters flat and the rest as `{ query, body }`: `query` an object of query parameters, `body`
 * the JSON body as given.
 */
import { isObject } from './json.js';
import type { FieldRule, OperationMeta } from './metadata.js';

/** An envelope part that is not an object: nothing in it. */
const NONE: Readonly<Record<string, unknown>> = Object.freeze({});

/** The params of a named-only call made of its envelope parts (an unset part is left out). */
export function envelopeParams(query: unknown, body: unknown): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (query !== undefined) params['query'] = query;
  if (body !== undefined) params['body'] = body;
  return params;
}

/** The envelope as given: `query` and `body` exactly as the caller passed them (either may be anything). */
export function envelopeOf(params: Readonly<Record<string, unknown>>): {
  readonly query: unknown;
  readonly body: unknown;
} {
  return { query: params['query'], body: params['body'] };
}

/** The call's `query` object (empty when absent or not an object). */
export function envelopeQuery(params: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const query = params['query'];
  return isObject(query) ? query : NONE;
}

/** The call's `body` as given: an object, a list body, or `undefined`. */
export function envelopeBody(params: Readonly<Record<string, unknown>>): unknown {
  return params['body'];
}

/**
 * A parameter's value: a shaped call's (or a path parameter's) from the flat params; a named-only
 * call's from its `query` or `body` object when `where` says which, else the first set of the flat
 * params, `query` and `body`.
 */
export function paramValue(
  meta: Pick<OperationMeta, 'shape'>,
  params: Readonly<Record<string, unknown>>,
  name: string,
  where?: FieldRule['in'],
): unknown {
  if (meta.shape === 'shaped' || where === 'path') return params[name];
  const query = envelopeQuery(params);
  const body = envelopeBody(params);
  const bodyFields = isObject(body) ? body : NONE;
  if (where === 'query') return query[name];
  if (where === 'body') return bodyFields[name];
  return params[name] ?? query[name] ?? bodyFields[name];
}

/** A copy of `params` with query parameters `values` set (inside `query` for a named-only call). */
export function withQueryValues(
  meta: Pick<OperationMeta, 'shape'>,
  params: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  if (meta.shape === 'named-only') return { ...params, query: { ...envelopeQuery(params), ...values } };
  return { ...params, ...values };
}

/**
 * The values of field `field` a call names, as text (strings and whole numbers; anything else is no
 * value): for a list body, every distinct value among its object items, sorted; otherwise the first
 * text of the flat params, the `query` object and the `body` object (at most one).
 */
export function fieldTexts(params: Readonly<Record<string, unknown>>, field: string): string[] {
  const text = (v: unknown): string | undefined =>
    typeof v === 'string' || typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))
      ? String(v)
      : undefined;
  const body = envelopeBody(params);
  if (Array.isArray(body)) {
    const values = body.map((item) => (isObject(item) ? text(item[field]) : undefined));
    return [...new Set(values.filter((v): v is string => v !== undefined))].sort();
  }
  const bodyFields = isObject(body) ? body : NONE;
  for (const value of [params[field], envelopeQuery(params)[field], bodyFields[field]]) {
    const found = text(value);
    if (found !== undefined) return [found];
  }
  return [];
}
