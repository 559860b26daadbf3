/**
 * JSON helpers that keep 64-bit integers exact: response bodies may hold `bigint` values (the
 * stateful flows' ids) or lossless numbers (recorded fixtures), and both are written as plain
 * JSON numbers with every digit.
 */
import { parse as losslessParse, stringify as losslessStringify } from 'lossless-json';

/** Serialises a body; `bigint` and lossless numbers become JSON numbers with all their digits. */
export function toJson(value: unknown): string {
  const text = losslessStringify(value);
  if (text === undefined) throw new TypeError('response body is not JSON-serialisable');
  return text;
}

/** Parses JSON keeping every number's text exactly (numbers become lossless-number objects). */
export function parseLossless(text: string): unknown {
  return losslessParse(text);
}

/** A plain JSON value (numbers as JS numbers) of a possibly lossless value, for schema checks. */
export function toPlain(value: unknown): unknown {
  return JSON.parse(toJson(value)) as unknown;
}
