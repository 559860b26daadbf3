/** Finds where int64 values sit inside a schema, as value paths (`*` = every array item or map value). */
import { isObject } from '../../spec/lint/support/json.js';
import { deref, type Node } from './resolve.js';
import type { ValuePath } from './types.js';

const isInt64 = (s: Node): boolean =>
  s.format === 'int64' && (s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer')));

/** Every path under `schema` whose value is an int64 integer, sorted. */
export function int64Paths(doc: Node, schema: unknown): ValuePath[] {
  const found = new Map<string, ValuePath>();
  const walk = (node: unknown, at: string[], stack: Set<Node>): void => {
    const s = deref(doc, node);
    if (!s || stack.has(s) || at.length > 12) return;
    if (isInt64(s)) {
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
