// @ts-check
/**
 * house/private-operation-rate-limit: every operation declares `x-rate-limit` in the table's shape
 * (`spec/extensions/table.js`: `{requests, window, scope, market?, group?, note?}`). Public operations (`security: []`) are limited
 * per IP (`scope: ip`); private ones per account (`uid` or `uid+market`), never per IP. `uid+market`
 * names the request field that holds the market (`market`), and only it does. Operations sharing a
 * `group` share one bucket, so they must agree on requests, window and scope.
 */
import { isObject } from '../support/json.js';
import { checkExtension, problemText } from '../../extensions/check.js';
import { operationVisitor } from '../support/operation.js';

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
    const problems = checkExtension('x-rate-limit', limit);
    for (const problem of problems) {
      ctx.report({
        message: `\`${name}\`: ${problemText('x-rate-limit', problem)}.`,
        location: here.child(problem.path),
      });
    }
    if (!isObject(limit) || problems.some((p) => p.path.length === 0 || p.path[0] === 'scope')) return;

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

    // Required here, not in the table: specs older than `market` (compared by spec:diff) lack it.
    if (limit.scope === 'uid+market' && typeof limit.market !== 'string') {
      ctx.report({
        message: `\`${name}\`: \`x-rate-limit.scope\` 'uid+market' needs \`market\`: the request field that names the market.`,
        location: here.child(['scope']),
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
