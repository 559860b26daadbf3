// @ts-check
/**
 * house/operation-x-extensions-shape: the operation-level `x-` extensions have the shapes of the
 * table (`spec/extensions/table.js`), except `x-rate-limit` and `x-permission`, which have their
 * own rules. Required extensions (`x-shape`, `x-retry`) are on every operation; the parameters and
 * body fields an extension names exist; `x-retry: keyed` needs `x-idempotency`; reads (GET) are
 * `safe`; `x-idempotency.lookup` names an operation that exists and one of its parameters; no
 * other `x-` key sits on an operation.
 */
import { isObject } from '../support/json.js';
import { checkExtension, problemText, show } from '../../extensions/check.js';
import { extensionsAt } from '../../extensions/table.js';
import { FACT_CHECKS } from '../support/extension-checks.js';
import { bodyPropertyNames, operationParameters } from '../support/operation.js';

const ROWS = extensionsAt('operation');
const KNOWN = ROWS.map((row) => row.name);
/** The rows this rule checks: those no other rule reports. */
const OWN = ROWS.filter((row) => row.rule === undefined);

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function OperationXExtensionsShape() {
  /** @type {Map<string, string[]>} operationId -> its parameter names */
  const operations = new Map();
  /** @type {Array<{ owner: string, operationId: unknown, param: unknown, with: string[], location: any }>} */
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

        const facts = {
          params,
          bodyNames: bodyPropertyNames(ctx.resolve, operation, from),
          hasBody: operation.requestBody !== undefined,
        };
        for (const row of OWN) {
          const value = operation[row.name];
          if (value === undefined) {
            if (row.presence === 'required') report(`\`${row.name}\` is required`, ctx.location.key());
            continue;
          }
          const shape = checkExtension(row.name, value);
          const factCheck = FACT_CHECKS[row.name];
          const problems = shape.length === 0 && factCheck ? factCheck(value, facts) : shape;
          for (const problem of problems) {
            report(problemText(row.name, problem), ctx.location.child([row.name, ...problem.path]));
          }
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

        const idempotency = operation['x-idempotency'];
        if (isObject(idempotency) && isObject(idempotency.lookup)) {
          lookups.push({
            owner: name,
            operationId: idempotency.lookup.operationId,
            param: idempotency.lookup.param,
            with: isObject(idempotency.lookup.with) ? Object.keys(idempotency.lookup.with) : [],
            location: ctx.location.child(['x-idempotency', 'lookup']),
          });
        }

        for (const key of Object.keys(operation)) {
          if (key.startsWith('x-') && !KNOWN.includes(key)) {
            report(
              `unknown extension \`${key}\` (spec/extensions/table.js lists ${KNOWN.join(', ')})`,
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
          for (const extra of params === undefined ? [] : lookup.with) {
            if (params.includes(extra)) continue;
            ctx.report({
              message: `\`${lookup.owner}\`: \`x-idempotency.lookup.with\` names '${extra}', which is not a parameter of \`${lookup.operationId}\` (it has ${params.join(', ') || 'none'}).`,
              location: lookup.location.child(['with', extra]).key(),
            });
          }
        }
      },
    },
  };
}
