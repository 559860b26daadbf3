// @ts-check
/**
 * house/operation-x-extensions-shape: the operation-level `x-` extensions have the shapes
 * `spec/README.md` defines. `x-shape` and `x-retry` are required on every operation;
 * `x-retry: keyed` needs `x-idempotency`; reads (GET) are `safe`; `x-idempotency.lookup` names
 * an operation that exists and one of its parameters; no other `x-` key sits on an operation.
 */
import { isPlainObject, oneOf, show } from '../support/shape.js';
import { OPERATION_EXTENSIONS, bodyPropertyNames, operationParameters } from '../support/operation.js';
import {
  checkGroupLimit,
  checkIdempotency,
  checkNestedList,
  checkPagination,
  checkRequireAnyOf,
  checkStp,
  checkTimeRange,
} from '../support/extension-checks.js';

/** @type {Record<string, (value: unknown, facts: import('../support/extension-checks.js').OperationFacts) => import('../support/extension-checks.js').ExtensionProblem[]>} */
const OPTIONAL_CHECKS = {
  'x-pagination': checkPagination,
  'x-time-range': checkTimeRange,
  'x-idempotency': checkIdempotency,
  'x-stp': checkStp,
  'x-require-any-of': checkRequireAnyOf,
  'x-group-limit': checkGroupLimit,
  'x-nested-list': checkNestedList,
};

/** Extensions every operation carries, with their checks. @type {Array<[string, import('../support/shape.js').Check]>} */
const REQUIRED = [
  ['x-shape', oneOf(['seed', 'reference', 'named-only'])],
  ['x-retry', oneOf(['safe', 'keyed', 'never'])],
];

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function OperationXExtensionsShape() {
  /** @type {Map<string, string[]>} operationId -> its parameter names */
  const operations = new Map();
  /** @type {Array<{ owner: string, operationId: unknown, param: unknown, location: any }>} */
  const lookups = [];
  return {
    Operation: {
      /**
       * @param {Record<string, unknown>} operation
       * @param {any} ctx
       */
      enter(operation, ctx) {
        const method = String(ctx.key).toUpperCase();
        const name = typeof operation.operationId === 'string' ? operation.operationId : `${method} operation`;
        const from = ctx.location.source.absoluteRef;
        const params = operationParameters(ctx.resolve, operation, ctx.parent, from);
        if (typeof operation.operationId === 'string') {
          operations.set(
            operation.operationId,
            params.map((p) => p.name),
          );
        }
        /** @param {string} message @param {any} location */
        const report = (message, location) => ctx.report({ message: `\`${name}\`: ${message}.`, location });

        for (const [key, check] of REQUIRED) {
          const value = operation[key];
          if (value === undefined) {
            report(`\`${key}\` is required`, ctx.location.key());
            continue;
          }
          const fault = check(value);
          if (fault !== undefined) report(`\`${key}\` ${fault}`, ctx.location.child([key]));
        }
        if (operation['x-retry'] === 'keyed' && operation['x-idempotency'] === undefined) {
          report(
            '`x-retry: keyed` needs `x-idempotency` (the field whose presence makes a retry safe)',
            ctx.location.child(['x-retry']),
          );
        }
        if (method === 'GET' && operation['x-retry'] !== undefined && operation['x-retry'] !== 'safe') {
          report(
            `a GET is a read, so \`x-retry\` must be 'safe', got ${show(operation['x-retry'])}`,
            ctx.location.child(['x-retry']),
          );
        }

        const facts = {
          params,
          bodyNames: bodyPropertyNames(ctx.resolve, operation, from),
          hasBody: operation.requestBody !== undefined,
        };
        for (const [key, check] of Object.entries(OPTIONAL_CHECKS)) {
          if (operation[key] === undefined) continue;
          for (const problem of check(operation[key], facts)) {
            report(
              `\`${[key, ...problem.path].join('.')}\` ${problem.message}`,
              ctx.location.child([key, ...problem.path]),
            );
          }
        }

        const idempotency = operation['x-idempotency'];
        if (isPlainObject(idempotency) && isPlainObject(idempotency.lookup)) {
          lookups.push({
            owner: name,
            operationId: idempotency.lookup.operationId,
            param: idempotency.lookup.param,
            location: ctx.location.child(['x-idempotency', 'lookup']),
          });
        }

        for (const key of Object.keys(operation)) {
          if (key.startsWith('x-') && !OPERATION_EXTENSIONS.includes(key)) {
            report(
              `unknown extension \`${key}\` (spec/README.md defines ${OPERATION_EXTENSIONS.join(', ')})`,
              ctx.location.child([key]).key(),
            );
          }
        }
      },
    },
    Root: {
      /** @param {unknown} _root @param {any} ctx */
      leave(_root, ctx) {
        for (const lookup of lookups) {
          if (typeof lookup.operationId !== 'string') continue;
          const params = operations.get(lookup.operationId);
          if (params === undefined) {
            ctx.report({
              message: `\`${lookup.owner}\`: \`x-idempotency.lookup.operationId\` '${lookup.operationId}' names no operation in the spec.`,
              location: lookup.location.child(['operationId']),
            });
          } else if (typeof lookup.param === 'string' && !params.includes(lookup.param)) {
            ctx.report({
              message: `\`${lookup.owner}\`: \`x-idempotency.lookup.param\` '${lookup.param}' is not a parameter of \`${lookup.operationId}\` (it has ${params.join(', ') || 'none'}).`,
              location: lookup.location.child(['param']),
            });
          }
        }
      },
    },
  };
}
