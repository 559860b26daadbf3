/**
 * `generated/ir.json`: the IR as a self-contained document. Schemas keep the OpenAPI reference
 * form `#/components/schemas/<Name>` (usable as is with OpenAPI tooling); the document adds
 * `components.schemas`, mapping each name to `{"$ref": "#/schemas/<Name>"}`, so every `$ref` in
 * the file resolves inside the file with a plain JSON-pointer resolver.
 */
import { isObject } from '../../spec/lint/support/json.js';
import type { IR } from './types.js';

/** ir.json: the IR plus the alias table that makes its references resolve inside it. */
export interface IRDocument extends IR {
  components: { schemas: Record<string, { $ref: string }> };
}

/** The document form of an IR (the IR itself is not changed). */
export function irDocument(ir: IR): IRDocument {
  const schemas: Record<string, { $ref: string }> = {};
  for (const name of Object.keys(ir.schemas)) schemas[name] = { $ref: `#/schemas/${escapePointer(name)}` };
  return { ...ir, components: { schemas } };
}

/** Escapes one JSON-pointer segment (`~` as `~0`, `/` as `~1`). */
const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The value a local `#/...` JSON pointer names inside `doc`, or `undefined`. */
export function atLocalPointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let cur: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    cur = isObject(cur) ? cur[key] : Array.isArray(cur) ? cur[Number(key)] : undefined;
  }
  return cur;
}

/**
 * Every `$ref` in `doc` that does not end, after at most `maxHops` references, at a schema that
 * is not itself a reference: the problems of a document that should be self-contained.
 */
export function unresolvedRefs(doc: unknown, maxHops = 8): string[] {
  const problems = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') {
      let target: unknown = node;
      for (let hop = 0; hop < maxHops && isObject(target) && typeof target.$ref === 'string'; hop++)
        target = atLocalPointer(doc, target.$ref);
      if (!isObject(target) || typeof target.$ref === 'string') problems.add(node.$ref);
    }
    Object.values(node).forEach(visit);
  };
  visit(doc);
  return [...problems].sort();
}
