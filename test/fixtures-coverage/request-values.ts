/**
 * Fixture request values as typed values. A fixture writes path and query values as text, as they
 * travel on the wire (`"limit": "2"`, `"currencies": "BTC,ETH"`); a parameter's schema says what
 * they mean (integer 2, the list `["BTC", "ETH"]`). Bodies keep every number exact: integers a
 * double cannot hold become `bigint`s.
 */
import { isLosslessNumber } from 'lossless-json';
import type { IRParameter, JsonSchema } from '../../generator/ir/types.js';

/** A text value that does not fit its parameter's type. */
export class ValueTypeError extends Error {
  override name = 'ValueTypeError';
}

/** The primary JSON type of a schema (`type`, or the first non-null entry of a type list). */
export function schemaType(schema: JsonSchema): string | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

/**
 * One text value read as the scalar type of `schema`; integers a double cannot hold become
 * `bigint`s. Throws {@link ValueTypeError}.
 */
export function scalarValue(schema: JsonSchema, text: string): string | number | bigint | boolean {
  switch (schemaType(schema)) {
    case 'integer':
      if (!/^-?\d+$/.test(text)) throw new ValueTypeError(`"${text}" is not an integer`);
      return Number.isSafeInteger(Number(text)) ? Number(text) : BigInt(text);
    case 'number':
      if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) throw new ValueTypeError(`"${text}" is not a number`);
      return Number(text);
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new ValueTypeError(`"${text}" is not true or false`);
      return text === 'true';
    default:
      return text;
  }
}

/** A parameter's text value as its schema's type: comma-separated arrays become lists. */
export function parameterValue(param: Pick<IRParameter, 'schema' | 'serialization'>, text: string): unknown {
  if (schemaType(param.schema) === 'array' || param.serialization === 'csv') {
    const items = (param.schema['items'] ?? {}) as JsonSchema;
    return text.split(',').map((t) => scalarValue(items, t));
  }
  return scalarValue(param.schema, text);
}

/**
 * A lossless-parsed JSON value as plain JS: numbers become `number`s, except integers beyond
 * ±(2^53 - 1), which become `bigint`s so every digit is sent again.
 */
export function exactToJs(value: unknown): unknown {
  if (isLosslessNumber(value)) {
    const text = value.toString();
    if (/^-?\d+$/.test(text) && !Number.isSafeInteger(Number(text))) return BigInt(text);
    return Number(text);
  }
  if (Array.isArray(value)) return value.map(exactToJs);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exactToJs(v)]));
  }
  return value;
}
