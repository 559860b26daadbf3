// @ts-check
/**
 * house/private-operation-rate-limit: every operation declares `x-rate-limit`
 * `{requests, window, scope, market?, group?, note?}`. Public operations (`security: []`) are limited
 * per IP (`scope: ip`); private ones per account (`uid` or `uid+market`), never per IP. `uid+market`
 * names the request field that holds the market (`market`), and only it does. Operations sharing a
 * `group` share one bucket, so they must agree on requests, window and scope.
 */
import {
  checkFields,
  nonEmptyString,
  anyString,
  oneOf,
  positiveInteger,
  positiveNumber,
  isPlainObject,
} from '../support/shape.js';
import { operationVisitor } from '../support/operation.js';

const SCOPES = ['ip', 'uid', 'uid+market'];

/** @type {Record<string, import('../support/shape.js').Field>} */
const FIELDS = {
  requests: { check: positiveInteger },
  window: { check: positiveNumber },
  scope: { check: oneOf(SCOPES) },
  market: { check: nonEmptyString, optional: true },
  group: { check: nonEmptyString, optional: true },
  note: { check: anyString, optional: true },
};

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function PrivateOperationRateLimit() {
  /** @type {Map<string, { requests: unknown, window: unknown, scope: unknown, owner: string }>} */
  const groups = new Map();
  return operationVisitor((operation, ctx, { name, isPublic }) => {
    const limit = operation['x-rate-limit'];
    if (limit === undefined) {
      ctx.report({
        message: `Operation \`${name}\` has no \`x-rate-limit\` (requests per window and scope).`,
        location: ctx.location.key(),
      });
      return;
    }
    const here = ctx.location.child(['x-rate-limit']);
    const problems = checkFields(limit, FIELDS);
    for (const problem of problems) {
      ctx.report({
        message: `\`${name}\`: \`x-rate-limit${problem.key === undefined ? '' : `.${problem.key}`}\` ${problem.message}.`,
        location: problem.key === undefined ? here : here.child([problem.key]),
      });
    }
    if (!isPlainObject(limit) || problems.some((p) => p.key === 'scope' || p.key === undefined)) return;

    if (isPublic && limit.scope !== 'ip') {
      ctx.report({
        message: `Public operation \`${name}\` (security: []) must be limited per IP: \`x-rate-limit.scope\` must be 'ip', got '${String(limit.scope)}'.`,
        location: here.child(['scope']),
      });
    } else if (!isPublic && limit.scope === 'ip') {
      ctx.report({
        message: `Private operation \`${name}\` must be limited per account: \`x-rate-limit.scope\` must be 'uid' or 'uid+market', not 'ip'.`,
        location: here.child(['scope']),
      });
    }

    if (limit.scope === 'uid+market' && typeof limit.market !== 'string') {
      ctx.report({
        message: `\`${name}\`: \`x-rate-limit.scope\` 'uid+market' needs \`market\`: the request field that names the market.`,
        location: here.child(['scope']),
      });
    } else if (limit.scope !== 'uid+market' && limit.market !== undefined) {
      ctx.report({
        message: `\`${name}\`: \`x-rate-limit.market\` applies to scope 'uid+market' only, not '${String(limit.scope)}'.`,
        location: here.child(['market']),
      });
    }

    if (typeof limit.group !== 'string') return;
    const seen = groups.get(limit.group);
    if (!seen) {
      groups.set(limit.group, { requests: limit.requests, window: limit.window, scope: limit.scope, owner: name });
    } else if (seen.requests !== limit.requests || seen.window !== limit.window || seen.scope !== limit.scope) {
      ctx.report({
        message:
          `\`x-rate-limit\` group '${limit.group}' is ${String(seen.requests)} requests / ${String(seen.window)} s (${String(seen.scope)}) ` +
          `on \`${seen.owner}\` but ${String(limit.requests)} / ${String(limit.window)} s (${String(limit.scope)}) on \`${name}\`; one bucket has one limit.`,
        location: here.child(['group']),
      });
    }
  });
}
