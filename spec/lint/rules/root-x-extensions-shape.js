// @ts-check
/**
 * house/root-x-extensions-shape: the root `x-` metadata of spec/README.md is consistent.
 * `x-api-release` equals `info.version`; every `x-removed-operations` entry has the shape
 * `{method, path, operationId?, removedIn?, status, replacedBy, note?}`, a `removed` or `moved`
 * endpoint is no longer among the paths, every `replacedBy` entry (`METHOD /path`) names a live
 * operation, and a removed operationId is not reused by a live operation (a `moved` one may keep
 * it at its new path).
 */
import { deref } from '../support/operation.js';
import { anyString, checkFields, isPlainObject, nonEmptyString, oneOf, show } from '../support/shape.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** @type {Record<string, import('../support/shape.js').Field>} */
const ENTRY_FIELDS = {
  method: { check: oneOf(METHODS) },
  path: {
    check: (v) =>
      typeof v === 'string' && v.startsWith('/') ? undefined : `must be a path starting with '/', got ${show(v)}`,
  },
  operationId: {
    check: (v) =>
      typeof v === 'string' && /^[a-z][a-zA-Z0-9]*$/.test(v)
        ? undefined
        : `must be a camelCase operationId, got ${show(v)}`,
    optional: true,
  },
  removedIn: { check: nonEmptyString, optional: true },
  status: { check: oneOf(['removed', 'moved', 'deprecated']) },
  replacedBy: {
    check: (v) =>
      Array.isArray(v) && v.every((item) => typeof item === 'string')
        ? undefined
        : `must be a list of 'METHOD /path' strings, got ${show(v)}`,
  },
  note: { check: anyString, optional: true },
};

/**
 * The live operations of the document: `METHOD /path` -> operationId (or '').
 * @param {Record<string, unknown>} root
 * @param {any} ctx
 * @returns {Map<string, string>}
 */
function liveOperations(root, ctx) {
  /** @type {Map<string, string>} */
  const live = new Map();
  const paths = isPlainObject(root.paths) ? root.paths : {};
  for (const [route, rawItem] of Object.entries(paths)) {
    const { node: item } = deref(ctx.resolve, rawItem, ctx.location.source.absoluteRef);
    if (!isPlainObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method.toLowerCase()];
      if (isPlainObject(op)) live.set(`${method} ${route}`, typeof op.operationId === 'string' ? op.operationId : '');
    }
  }
  return live;
}

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function RootXExtensionsShape() {
  return {
    Root: {
      /**
       * @param {Record<string, unknown>} root
       * @param {any} ctx
       */
      enter(root, ctx) {
        const info = isPlainObject(root.info) ? root.info : {};
        if (root['x-api-release'] !== undefined && root['x-api-release'] !== info.version) {
          ctx.report({
            message: `\`x-api-release\` ${show(root['x-api-release'])} differs from \`info.version\` ${show(info.version)}; they name the same release.`,
            location: ctx.location.child(['x-api-release']),
          });
        }
        const removed = root['x-removed-operations'];
        if (removed === undefined) return;
        const here = ctx.location.child(['x-removed-operations']);
        if (!Array.isArray(removed)) {
          ctx.report({ message: `\`x-removed-operations\` must be a list, got ${show(removed)}.`, location: here });
          return;
        }
        const live = liveOperations(root, ctx);
        /** @type {Map<string, string>} operationId -> endpoint */
        const liveIds = new Map([...live].map(([endpoint, id]) => [id, endpoint]));
        removed.forEach((entry, i) => {
          const at = here.child([i]);
          const problems = checkFields(entry, ENTRY_FIELDS);
          for (const problem of problems) {
            ctx.report({
              message: `\`x-removed-operations[${i}]${problem.key === undefined ? '' : `.${problem.key}`}\` ${problem.message}.`,
              location: problem.key === undefined ? at : at.child([problem.key]),
            });
          }
          if (problems.length > 0 || !isPlainObject(entry)) return;
          const endpoint = `${String(entry.method)} ${String(entry.path)}`;
          if (entry.status !== 'deprecated' && live.has(endpoint)) {
            ctx.report({
              message: `\`${endpoint}\` is listed as ${String(entry.status)} but is still among the paths.`,
              location: at.child(['path']),
            });
          }
          const reusedBy = typeof entry.operationId === 'string' ? liveIds.get(entry.operationId) : undefined;
          const keptByMove =
            entry.status === 'moved' &&
            reusedBy !== undefined &&
            /** @type {string[]} */ (entry.replacedBy).includes(reusedBy);
          if (entry.status !== 'deprecated' && reusedBy !== undefined && !keptByMove) {
            ctx.report({
              message: `Removed operationId '${String(entry.operationId)}' (${endpoint}) is the operationId of live \`${reusedBy}\`; only a moved operation may keep its id at its new path.`,
              location: at.child(['operationId']),
            });
          }
          /** @type {string[]} */ (entry.replacedBy).forEach((replacement, j) => {
            if (!live.has(replacement)) {
              ctx.report({
                message: `\`${endpoint}\` is replaced by '${replacement}', which is not a live operation ('METHOD /path' among the paths).`,
                location: at.child(['replacedBy', j]),
              });
            }
          });
        });
      },
    },
  };
}
