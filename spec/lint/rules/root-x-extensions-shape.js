// @ts-check
/**
 * house/root-x-extensions-shape: every `x-` extension outside operations has the shape of the
 * table (`spec/extensions/table.js`): at the root, on servers, on the security scheme and on
 * schemas (`x-decimal` is `house/decimal-amounts`'s). No unknown `x-` key sits at the root.
 * `x-api-release` equals `info.version`; a `removed` or `moved` endpoint of `x-removed-operations`
 * is no longer among the paths, every `replacedBy` entry (`METHOD /path`) names a live operation,
 * and a removed operationId is not reused by a live operation (a `moved` one may keep it at its
 * new path).
 */
import { deref } from '../support/operation.js';
import { isObject } from '../support/json.js';
import { checkExtension, problemText, show } from '../../extensions/check.js';
import { extensionsAt } from '../../extensions/table.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ROOT = extensionsAt('root');

/**
 * A visitor that checks the extensions of one place on each node it enters.
 * @param {import('../../extensions/table.js').Place} where
 * @returns {{ enter: (node: Record<string, unknown>, ctx: any) => void }}
 */
function placeVisitor(where) {
  const rows = extensionsAt(where).filter((row) => row.rule === undefined);
  return {
    enter(node, ctx) {
      if (!isObject(node)) return;
      for (const row of rows) {
        if (node[row.name] === undefined) continue;
        for (const problem of checkExtension(row.name, node[row.name])) {
          ctx.report({
            message: `${problemText(row.name, problem)}.`,
            location: ctx.location.child([row.name, ...problem.path]),
          });
        }
      }
    },
  };
}

/**
 * The live operations of the document: `METHOD /path` -> operationId (or '').
 * @param {Record<string, unknown>} root
 * @param {any} ctx
 * @returns {Map<string, string>}
 */
function liveOperations(root, ctx) {
  /** @type {Map<string, string>} */
  const live = new Map();
  const paths = isObject(root.paths) ? root.paths : {};
  for (const [route, rawItem] of Object.entries(paths)) {
    const { node: item } = deref(ctx.resolve, rawItem, ctx.location.source.absoluteRef);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method.toLowerCase()];
      if (isObject(op)) live.set(`${method} ${route}`, typeof op.operationId === 'string' ? op.operationId : '');
    }
  }
  return live;
}

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function RootXExtensionsShape() {
  const root = placeVisitor('root');
  return {
    Server: placeVisitor('server'),
    SecurityScheme: placeVisitor('security-scheme'),
    Schema: placeVisitor('schema'),
    Root: {
      /**
       * @param {Record<string, unknown>} doc
       * @param {any} ctx
       */
      enter(doc, ctx) {
        root.enter(doc, ctx);
        for (const key of Object.keys(doc)) {
          if (key.startsWith('x-') && !ROOT.some((row) => row.name === key)) {
            ctx.report({
              message: `Unknown root extension \`${key}\` (spec/extensions/table.js lists ${ROOT.map((r) => r.name).join(', ')}).`,
              location: ctx.location.child([key]).key(),
            });
          }
        }
        const info = isObject(doc.info) ? doc.info : {};
        if (doc['x-api-release'] !== undefined && doc['x-api-release'] !== info.version) {
          ctx.report({
            message: `\`x-api-release\` ${show(doc['x-api-release'])} differs from \`info.version\` ${show(info.version)}; they name the same release.`,
            location: ctx.location.child(['x-api-release']),
          });
        }
        const removed = doc['x-removed-operations'];
        if (!Array.isArray(removed) || checkExtension('x-removed-operations', removed).length > 0) return;
        checkRemoved(/** @type {Array<Record<string, any>>} */ (removed), liveOperations(doc, ctx), ctx);
      },
    },
  };
}

/**
 * The removed endpoints are gone, their replacements live, their ids not reused.
 * @param {Array<Record<string, any>>} removed entries of the table's shape
 * @param {Map<string, string>} live `METHOD /path` -> operationId
 * @param {any} ctx
 */
function checkRemoved(removed, live, ctx) {
  const here = ctx.location.child(['x-removed-operations']);
  /** @type {Map<string, string>} operationId -> endpoint */
  const liveIds = new Map([...live].map(([endpoint, id]) => [id, endpoint]));
  removed.forEach((entry, i) => {
    const at = here.child([i]);
    const endpoint = `${String(entry.method)} ${String(entry.path)}`;
    if (entry.status !== 'deprecated' && live.has(endpoint)) {
      ctx.report({
        message: `\`${endpoint}\` is listed as ${String(entry.status)} but is still among the paths.`,
        location: at.child(['path']),
      });
    }
    const reusedBy = typeof entry.operationId === 'string' ? liveIds.get(entry.operationId) : undefined;
    const keptByMove = entry.status === 'moved' && reusedBy !== undefined && entry.replacedBy.includes(reusedBy);
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
}
