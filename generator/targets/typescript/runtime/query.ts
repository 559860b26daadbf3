/**
 * The one canonical query serializer. It builds the query string that goes on the wire and,
 * because the signer reads the final URL, the query string that is signed: the two can never
 * differ. Path segments are encoded with the same rules.
 *
 * Rules: parameters in spec order; `undefined`/`null` skipped; `csv` arrays joined with a
 * literal `,` (each item encoded, the comma not); booleans as `true`/`false`; numbers in plain
 * notation (no exponent); every name and value percent-encoded with `encodeURIComponent` plus the
 * RFC 3986 reserved `!'()*`.
 */

import { ValidationError } from './errors.js';

/** One query parameter as the serializer sees it: name and whether arrays are comma-joined. */
export interface QueryParamSpec {
  readonly name: string;
  readonly csv?: true;
}

/** Query parameters and their values for one call, in wire order. */
export interface QueryPlan {
  readonly specs: readonly QueryParamSpec[];
  readonly values: Readonly<Record<string, unknown>>;
}

/** Text of RFC 3986 unreserved characters only: percent-encoding leaves it as it is. */
const UNRESERVED = /^[A-Za-z0-9\-_.~]*$/;

/** Percent-encodes a string: `encodeURIComponent` plus `!'()*`. Throws `URIError` on lone surrogates. */
export function encodeComponent(text: string): string {
  if (UNRESERVED.test(text)) return text;
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A finite number in plain decimal notation: its shortest round-trip digits (`String(n)`), never an
 * exponent (`1e-7` -> `0.0000001`, `1e+21` -> `1000000000000000000000`).
 */
function plainNumber(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign = '', lead = '', rest = '', exponent = '0'] = match;
  const digits = lead + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The text form of one scalar value; throws `ValidationError` for anything that is not a scalar. */
function scalarText(field: string, value: unknown, operation?: string): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'number':
      if (Number.isFinite(value)) return plainNumber(value);
      throw new ValidationError(field, value, 'type', 'must be a finite number', context(operation));
    default:
      throw new ValidationError(
        field,
        value,
        'type',
        'must be a string, number, bigint or boolean in a query or path',
        context(operation),
      );
  }
}

function encodeValue(field: string, text: string, value: unknown, operation?: string): string {
  try {
    return encodeComponent(text);
  } catch {
    throw new ValidationError(field, value, 'encoding', 'contains a lone UTF-16 surrogate', context(operation));
  }
}

function context(operation: string | undefined): { operation?: string } {
  return operation === undefined ? {} : { operation };
}

/**
 * Serializes query values in the order of `specs`. Returns the query string without `?`
 * (empty when nothing is set).
 */
export function serializeQuery(
  specs: readonly QueryParamSpec[],
  values: Readonly<Record<string, unknown>>,
  operation?: string,
): string {
  let out = '';
  for (const spec of specs) {
    const value = values[spec.name];
    if (value === undefined || value === null) continue;
    const name = encodeValue(spec.name, spec.name, spec.name, operation);
    if (Array.isArray(value)) {
      if (!spec.csv) {
        throw new ValidationError(spec.name, value, 'type', 'takes a single value, not an array', context(operation));
      }
      if (value.length === 0) continue;
      const items = value.map((item: unknown, i) => {
        if (item === undefined || item === null) {
          throw new ValidationError(`${spec.name}[${i}]`, item, 'required', 'must not be empty', context(operation));
        }
        const field = `${spec.name}[${i}]`;
        return encodeValue(field, scalarText(field, item, operation), item, operation);
      });
      out += `${out === '' ? '' : '&'}${name}=${items.join(',')}`;
      continue;
    }
    const text = encodeValue(spec.name, scalarText(spec.name, value, operation), value, operation);
    out += `${out === '' ? '' : '&'}${name}=${text}`;
  }
  return out;
}

/** A named-only call's query: the caller's `query` object in its own key order, arrays comma-joined. */
export function namedQueryPlan(query: Readonly<Record<string, unknown>>): QueryPlan {
  return { specs: Object.keys(query).map((name) => ({ name, csv: true as const })), values: query };
}

/**
 * Encodes one path parameter value. Empty values and the dot segments `.` / `..` are refused:
 * a URL parser would collapse them and the request would reach (and be signed for) another path.
 */
export function encodePathSegment(field: string, value: unknown, operation?: string): string {
  if (value === undefined || value === null) {
    throw new ValidationError(field, value, 'required', 'is required (path parameter)', context(operation));
  }
  const text = scalarText(field, value, operation);
  if (text === '' || text === '.' || text === '..') {
    throw new ValidationError(
      field,
      value,
      'pathSegment',
      'must be a non-empty path segment other than "." or ".."',
      context(operation),
    );
  }
  return encodeValue(field, text, value, operation);
}

/** Fills a path template (`/sub_accounts/{user_id}/keys`) with encoded path parameters. */
export function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
