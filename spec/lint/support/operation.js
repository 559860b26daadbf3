// @ts-check
/**
 * Facts about an operation that several house rules need: whether it is public, which
 * parameters it declares and which top-level fields its JSON request body has.
 */
import { isObject } from './json.js';

/**
 * @typedef {{ node: any, location?: { source: { absoluteRef: string } } }} Resolved
 * @typedef {(node: unknown, from?: string) => Resolved} ResolveFn
 */

/**
 * An operation is public when its effective security (its own, else the root's) is empty.
 * @param {Record<string, unknown>} operation
 * @param {unknown} rootSecurity
 * @returns {boolean}
 */
function isPublicOperation(operation, rootSecurity) {
  const security = 'security' in operation ? operation.security : rootSecurity;
  return !Array.isArray(security) || security.length === 0;
}

/**
 * Follows `$ref`s (relative to the file they are written in) until a non-ref node.
 * @param {ResolveFn} resolve
 * @param {unknown} node
 * @param {string | undefined} from absolute ref of the file holding `node`
 * @returns {{ node: any, from: string | undefined }}
 */
export function deref(resolve, node, from) {
  let current = node;
  let base = from;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    const resolved = base === undefined ? resolve(current) : resolve(current, base);
    if (resolved.node === undefined) return { node: undefined, from: base };
    current = resolved.node;
    base = resolved.location?.source.absoluteRef ?? base;
  }
  return { node: current, from: base };
}

/**
 * Parameters of an operation, including those declared on its path item, as `{name, in}`.
 * @param {ResolveFn} resolve
 * @param {Record<string, unknown>} operation
 * @param {unknown} pathItem
 * @param {string} from absolute ref of the file holding the operation
 * @returns {Array<{ name: string, in: string }>}
 */
export function operationParameters(resolve, operation, pathItem, from) {
  const lists = [isObject(pathItem) ? pathItem.parameters : undefined, operation.parameters];
  /** @type {Array<{ name: string, in: string }>} */
  const found = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const { node } = deref(resolve, entry, from);
      if (isObject(node) && typeof node.name === 'string' && typeof node.in === 'string') {
        found.push({ name: node.name, in: node.in });
      }
    }
  }
  return found;
}

/**
 * Top-level property names of the JSON request body schema, following `$ref` and `allOf`.
 * Returns `undefined` when the names cannot be known (no body, `oneOf`/`anyOf`, open schema
 * without properties), so callers skip checks rather than guess.
 * @param {ResolveFn} resolve
 * @param {Record<string, unknown>} operation
 * @param {string} from absolute ref of the file holding the operation
 * @returns {Set<string> | undefined}
 */
export function bodyPropertyNames(resolve, operation, from) {
  const body = deref(resolve, operation.requestBody, from);
  if (!isObject(body.node) || !isObject(body.node.content)) return undefined;
  const media = body.node.content['application/json'];
  if (!isObject(media)) return undefined;
  const names = new Set();
  const known = collectProperties(resolve, media.schema, body.from, names, 0);
  return known ? names : undefined;
}

/**
 * @param {ResolveFn} resolve
 * @param {unknown} schemaNode
 * @param {string | undefined} from
 * @param {Set<string>} into
 * @param {number} depth
 * @returns {boolean} false when the property set cannot be known
 */
function collectProperties(resolve, schemaNode, from, into, depth) {
  if (depth > 10) return false;
  const { node: schema, from: base } = deref(resolve, schemaNode, from);
  if (!isObject(schema)) return false;
  if (schema.oneOf !== undefined || schema.anyOf !== undefined) return false;
  let known = false;
  if (isObject(schema.properties)) {
    for (const name of Object.keys(schema.properties)) into.add(name);
    known = true;
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      if (!collectProperties(resolve, part, base, into, depth + 1)) return false;
    }
    known = true;
  }
  return known;
}

/**
 * @typedef {{ name: string, isPublic: boolean }} OperationFacts
 * @typedef {(operation: Record<string, unknown>, ctx: any, facts: OperationFacts) => void} OperationCheck
 */

/**
 * The visitor of a rule that checks every operation knowing its name and whether it is public:
 * it keeps the root's `security` (the default of every operation) and calls `check` per operation.
 * @param {OperationCheck} check
 * @returns {Record<string, any>}
 */
export function operationVisitor(check) {
  /** @type {unknown} */
  let rootSecurity;
  return {
    Root: {
      /** @param {Record<string, unknown>} root */
      enter(root) {
        rootSecurity = root.security;
      },
    },
    Operation: {
      /**
       * @param {Record<string, unknown>} operation
       * @param {any} ctx
       */
      enter(operation, ctx) {
        const name = typeof operation.operationId === 'string' ? operation.operationId : String(ctx.key);
        check(operation, ctx, { name, isPublic: isPublicOperation(operation, rootSecurity) });
      },
    },
  };
}
