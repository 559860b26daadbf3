/** `$ref` resolution inside the bundled document (all refs are local after bundling). */
import { isObject, nodeAt } from '../../spec/lint/support/json.js';
import type { JsonSchema } from './types.js';

/** A JSON object node of the bundled document. */
export type Node = Record<string, unknown>;

/** Follows a local `#/...` reference (a URI fragment: each segment percent-decoded first). */
export function atPointer(doc: Node, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`non-local $ref after bundling: ${ref}`);
  return nodeAt(doc, ref.slice(1).split('/').map(decodeURIComponent).join('/'));
}

/** Follows `$ref`s until a non-reference node (bounded, so a ref cycle cannot hang). */
export function deref(doc: Node, node: unknown): Node | undefined {
  let cur = node;
  for (let i = 0; i < 32 && isObject(cur) && typeof cur.$ref === 'string'; i++) cur = atPointer(doc, cur.$ref);
  return isObject(cur) ? cur : undefined;
}

/** Name of a component schema from its `$ref`, or undefined. */
export const refName = (node: unknown): string | undefined =>
  isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')
    ? node.$ref.slice('#/components/schemas/'.length)
    : undefined;

/** The schema's own properties, merged over `allOf` members. */
export function objectProperties(
  doc: Node,
  schema: unknown,
  seen = new Set<unknown>(),
): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  const s = deref(doc, schema);
  const out = { properties: {} as Record<string, JsonSchema>, required: [] as string[] };
  if (!s || seen.has(s)) return out;
  seen.add(s);
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    const sub = objectProperties(doc, part, seen);
    Object.assign(out.properties, sub.properties);
    out.required.push(...sub.required);
  }
  if (isObject(s.properties)) Object.assign(out.properties, s.properties);
  if (Array.isArray(s.required)) out.required.push(...s.required.filter((r): r is string => typeof r === 'string'));
  return out;
}
