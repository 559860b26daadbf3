/**
 * Finds where values of one kind sit inside a schema, as value paths (`*` = every array item or
 * map value): int64 integers (the IR's `int64` paths) and decimal strings (read as exact decimals
 * by targets that have a decimal type).
 */
import { isObject } from '../../spec/lint/support/json.js';
import { deref, type Node } from './resolve.js';
import type { ValuePath } from './types.js';

const hasType = (s: Node, type: string): boolean => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** An int64 integer schema. */
export const isInt64 = (s: Node): boolean => s.format === 'int64' && hasType(s, 'integer');

/** A decimal-string schema (`type: string, format: decimal`). */
export const isDecimal = (s: Node): boolean => s.format === 'decimal' && hasType(s, 'string');

/** Every path under `schema` whose value matches `match`, sorted. */
export function valuePaths(doc: Node, schema: unknown, match: (s: Node) => boolean): ValuePath[] {
  const found = new Map<string, ValuePath>();
  const walk = (node: unknown, at: string[], stack: Set<Node>): void => {
    const s = deref(doc, node);
    if (!s || stack.has(s) || at.length > 12) return;
    if (match(s)) {
      found.set(at.join('\u0000'), [...at]);
      return;
    }
    const next = new Set(stack).add(s);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const parts = s[key];
      if (Array.isArray(parts)) for (const part of parts) walk(part, at, next);
    }
    if (isObject(s.properties)) for (const [k, v] of Object.entries(s.properties)) walk(v, [...at, k], next);
    if (s.items !== undefined) walk(s.items, [...at, '*'], next);
    if (isObject(s.additionalProperties)) walk(s.additionalProperties, [...at, '*'], next);
  };
  walk(schema, [], new Set());
  return [...found.values()].sort((a, b) => a.join('/').localeCompare(b.join('/')));
}

/** Every path under `schema` whose value is an int64 integer, sorted. */
export function int64Paths(doc: Node, schema: unknown): ValuePath[] {
  return valuePaths(doc, schema, isInt64);
}
