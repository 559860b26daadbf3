/**
 * Request validation against the spec, before anything else happens to a request: path and query
 * parameters (read from the raw query string), the JSON body, `x-require-any-of` and
 * `x-time-range`. Failures are 400s: INVALID_PARAM_VALUE (bad value), MISSING_REQUIRED_PARAM
 * (missing), INVALID_REQUEST_BODY (unparsable, wrong shape, or a body where none is taken), each
 * naming the field. Named-only operations accept anything.
 */
import { isObject, segmentsOf } from '../spec/lint/support/json.js';
import type { IROperation } from '../generator/ir/types.js';
import { MockHttpError, invalidBody, invalidParam, missingParam } from './errors.js';
import { CoercionError, coerceParam, coerceScalar, parseRawQuery, valuesOf } from './query.js';
import type { QueryPair } from './query.js';
import type { SchemaFailure, SchemaValidator } from './schema-validator.js';

/** The request as the validator sees it. */
export interface RequestParts {
  method: string;
  /** Decoded path parameters from the router. */
  pathParams: Readonly<Record<string, string>>;
  rawQuery: string;
  /** The body as UTF-8 text (empty when none). */
  bodyText: string;
}

/** The request's values, typed as the spec declares them. */
export interface ValidatedRequest {
  path: Record<string, unknown>;
  /** Declared query parameters that were sent (named-only: every parameter, as text). */
  query: Record<string, unknown>;
  /** Parsed JSON body, `undefined` when none (named-only: `undefined` when not JSON). */
  body: unknown;
}

/** Validates a request; throws a 400 {@link MockHttpError} on the first problem. */
export function validateRequest(
  op: IROperation,
  parts: RequestParts,
  validator: SchemaValidator,
  context: { requireAnyOf: readonly string[]; nowMs: number },
): ValidatedRequest {
  let pairs: QueryPair[];
  try {
    pairs = parseRawQuery(parts.rawQuery);
  } catch {
    throw new MockHttpError(
      400,
      'INVALID_PARAM_VALUE',
      'Invalid parameter: malformed percent-encoding in the query string',
    );
  }
  if (op.shape === 'named-only') return openRequest(parts, pairs);

  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const param of op.parameters) {
    if (param.in === 'header') continue;
    const values = param.in === 'path' ? optional(parts.pathParams[param.name]) : valuesOf(pairs, param.name);
    if (values.length === 0) {
      if (param.required) throw missingParam(param.name);
      continue;
    }
    let value: unknown;
    try {
      value = param.in === 'path' ? coerceScalar(param.schema, values[0] ?? '') : coerceParam(param, values);
    } catch (e) {
      if (e instanceof CoercionError) throw invalidParam(param.name, values.join(','), e.rule);
      throw e;
    }
    const failure = validator.check(param.schema, value);
    if (failure !== undefined) throw failureError(failure, param.name);
    (param.in === 'path' ? path : query)[param.name] = value;
  }

  const body = readBody(op, parts, validator);
  checkRequireAnyOf(context.requireAnyOf, query, body);
  checkTimeRange(op, query, context.nowMs);
  return { path, query, body };
}

function optional(value: string | undefined): string[] {
  return value === undefined ? [] : [value];
}

function openRequest(parts: RequestParts, pairs: QueryPair[]): ValidatedRequest {
  const query: Record<string, unknown> = {};
  for (const pair of pairs) query[pair.name] ??= pair.value;
  let body: unknown;
  try {
    body = parts.bodyText === '' ? undefined : (JSON.parse(parts.bodyText) as unknown);
  } catch {
    body = undefined;
  }
  return { path: { ...parts.pathParams }, query, body };
}

function readBody(op: IROperation, parts: RequestParts, validator: SchemaValidator): unknown {
  const hasBody = parts.bodyText.trim() !== '';
  if (parts.method === 'GET' || parts.method === 'DELETE') {
    if (hasBody) throw invalidBody(`${parts.method} requests take no body`);
    return undefined;
  }
  if (op.requestBody === undefined) {
    if (hasBody) throw invalidBody(`${op.method} ${op.path} takes no body`);
    return undefined;
  }
  if (!hasBody) {
    if (op.requestBody.required) throw invalidBody('a JSON body is required');
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(parts.bodyText) as unknown;
  } catch {
    throw invalidBody('not valid JSON');
  }
  const failure = validator.check(op.requestBody.schema, body);
  if (failure !== undefined) throw failureError(failure, undefined);
  return body;
}

/** Maps a schema failure to the 400 the exchange sends; `name` is the parameter, if any. */
function failureError(failure: SchemaFailure, name: string | undefined): MockHttpError {
  const field = fieldName(name, failure.instancePath);
  if (failure.keyword === 'required' && failure.missingProperty !== undefined) {
    return missingParam(field === '' ? failure.missingProperty : `${field}.${failure.missingProperty}`);
  }
  if (field === '') return invalidBody(failure.message);
  const parent = failure.parentSchema ?? {};
  const secret = parent['format'] === 'password' || parent['writeOnly'] === true;
  const allowed = failure.keyword === 'enum' && Array.isArray(parent['enum']) ? `: ${parent['enum'].join(', ')}` : '';
  return invalidParam(field, failure.data, `${failure.message}${allowed}`, secret);
}

/** `perms[0].name` from a parameter name and a JSON pointer (`/perms/0/name`). */
export function fieldName(name: string | undefined, instancePath: string): string {
  let field = name ?? '';
  for (const key of segmentsOf(instancePath)) {
    field = /^\d+$/.test(key) ? `${field}[${key}]` : field === '' ? key : `${field}.${key}`;
  }
  return field;
}

function checkRequireAnyOf(names: readonly string[], query: Record<string, unknown>, body: unknown): void {
  if (names.length === 0) return;
  const fields = isObject(body) ? body : {};
  const present = names.some((n) => isSet(query[n]) || isSet(fields[n]));
  if (!present) throw missingParam(`one of ${names.join(', ')}`);
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function checkTimeRange(op: IROperation, query: Record<string, unknown>, nowMs: number): void {
  const range = op.timeRange;
  if (range === undefined) return;
  const from = query[range.from];
  const to = query[range.to];
  if (typeof from !== 'number' && typeof to !== 'number') return;
  const end = typeof to === 'number' ? to : Math.floor(nowMs / 1000);
  const start = typeof from === 'number' ? from : end - range.defaultDays * 86_400;
  if (end < start) throw invalidParam(range.to, end, `must not be before \`${range.from}\` (${start})`);
  if (end - start > range.maxDays * 86_400) {
    throw invalidParam(
      range.from,
      start,
      `time range between \`${range.from}\` and \`${range.to}\` exceeds ${range.maxDays} days`,
    );
  }
}
