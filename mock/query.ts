/**
 * Query strings as the server reads them: split the raw string on `&`, decode each name and value
 * (`+` is a space), and turn values into the types the parameter schemas declare. Array
 * parameters (`style: form, explode: false`, IR `serialization: 'csv'`) are comma-separated.
 */
import type { IRParameter, JsonSchema } from '../generator/ir/types.js';

/** One decoded `name=value` pair, in wire order. */
export interface QueryPair {
  name: string;
  value: string;
}

/** Thrown when a value cannot be read as its declared type; `rule` says which type. */
export class CoercionError extends Error {
  override name = 'CoercionError';
  constructor(readonly rule: string) {
    super(rule);
  }
}

/** Splits and decodes a raw query string (without `?`). Malformed escapes throw a `URIError`. */
export function parseRawQuery(raw: string): QueryPair[] {
  if (raw === '') return [];
  return raw
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      const value = eq < 0 ? '' : part.slice(eq + 1);
      return { name: decode(name), value: decode(value) };
    });
}

function decode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/** Every value sent for `name`, in wire order. */
export function valuesOf(pairs: readonly QueryPair[], name: string): string[] {
  return pairs.filter((p) => p.name === name).map((p) => p.value);
}

/** The primary JSON type of a schema (`type` or the first non-null entry of a type list). */
function schemaType(schema: JsonSchema): string | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

/**
 * Reads a query parameter's wire values as the type its schema declares. Array parameters take
 * every comma-separated item of every occurrence; scalars take the first occurrence.
 * Throws {@link CoercionError} when a value is not of the declared type.
 */
export function coerceParam(param: Pick<IRParameter, 'schema' | 'serialization'>, values: readonly string[]): unknown {
  const type = schemaType(param.schema);
  if (type === 'array' || param.serialization === 'csv') {
    const items = (param.schema['items'] ?? {}) as JsonSchema;
    return values.flatMap((v) => v.split(',')).map((v) => coerceScalar(items, v));
  }
  return coerceScalar(param.schema, values[0] ?? '');
}

/** Reads one text value as the schema's scalar type (strings stay strings). */
export function coerceScalar(schema: JsonSchema, text: string): unknown {
  switch (schemaType(schema)) {
    case 'integer':
      if (!/^-?\d+$/.test(text)) throw new CoercionError('must be an integer');
      return Number(text);
    case 'number':
      if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) throw new CoercionError('must be a number');
      return Number(text);
    case 'boolean':
      if (text === 'true') return true;
      if (text === 'false') return false;
      throw new CoercionError('must be true or false');
    default:
      return text;
  }
}
