/**
 * Reads the conformance kit (`conformance/*.json` at the repository root): one file per decision,
 * each `{ decision, description, rows: [{ name, given, want }] }`. Values JSON cannot carry are
 * tagged objects: `{ "$bigint": "digits" }` (an integer beyond 2^53, a `bigint` here) and
 * `{ "$decimal": "text" }` (a decimal, a string in this client). `cases()` numbers the rows and
 * `eachRow()` makes one test per row, so a failure names the row's index and name.
 */
import { readFileSync } from 'node:fs';
import { it } from 'vitest';

/** The kit's folder. */
export const KIT = new URL('../../conformance/', import.meta.url);

/** One vector: the decision's input and the answer a conforming client computes. */
export interface Row<Given, Want> {
  readonly name: string;
  readonly given: Given;
  readonly want: Want;
}

/** One decision's file as stored. */
export interface KitFile<Given = unknown, Want = unknown> {
  readonly decision: string;
  readonly description: string;
  readonly rows: readonly Row<Given, Want>[];
}

/** The file of `decision`, as stored (tags not decoded). */
export function readKit<Given = unknown, Want = unknown>(decision: string): KitFile<Given, Want> {
  return JSON.parse(readFileSync(new URL(`${decision}.json`, KIT), 'utf8')) as KitFile<Given, Want>;
}

/** A row with its index and the title vitest prints (`#index name`). */
export type Case<Given, Want> = Row<Given, Want> & { readonly index: number; readonly title: string };

/** The rows of `decision` with their tags decoded, numbered for `it.each(...)('$title', ...)`. */
export function cases<Given = unknown, Want = unknown>(decision: string): Case<Given, Want>[] {
  return readKit(decision).rows.map((row, index) => ({
    name: row.name,
    given: decode(row.given) as Given,
    want: decode(row.want) as Want,
    index,
    title: `#${index} ${row.name}`,
  }));
}

/** `{ "$bigint": digits }` -> bigint, `{ "$decimal": text }` -> string; everything else as it is, deeply. */
export function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (entries.length === 1) {
    const [tag, inner] = entries[0] as [string, unknown];
    if (tag === '$bigint' && typeof inner === 'string') return BigInt(inner);
    if (tag === '$decimal' && typeof inner === 'string') return inner;
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, decode(v)]));
}

/**
 * What a kit row's `want.error` holds for a thrown error: its class, and a validation error's field,
 * rule and value (`undefined` shown as the kit's `null`).
 */
export function errorOf(error: unknown): { error: Record<string, unknown> } {
  if (!(error instanceof Error)) throw error;
  const out: Record<string, unknown> = { class: error.name };
  for (const key of ['field', 'rule', 'value'] as const) if (key in error) out[key] = (error as never)[key] ?? null;
  return { error: out };
}

/** `run()`'s answer as `{ [key]: answer }`, or its error as {@link errorOf} shows it. */
export function answerOf(key: string, run: () => unknown): Record<string, unknown> {
  try {
    return { [key]: run() };
  } catch (error) {
    return errorOf(error);
  }
}

/** One vitest test per row, titled `#index name` (in full: no truncation). */
export function eachRow<Given, Want>(
  rows: readonly Case<Given, Want>[],
  test: (row: Case<Given, Want>) => unknown,
): void {
  for (const row of rows)
    it(row.title, async () => {
      await test(row);
    });
}
