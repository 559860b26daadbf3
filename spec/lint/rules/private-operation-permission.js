// @ts-check
/**
 * house/private-operation-permission: every private operation names the key permission it needs
 * in `x-permission` `{area, access}` (`access`: read | write; the shape is the table's,
 * `spec/extensions/table.js`); public operations (`security: []`)
 * need no key and must not carry it.
 */
import { checkExtension, problemText } from '../../extensions/check.js';
import { operationVisitor } from '../support/operation.js';

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function PrivateOperationPermission() {
  return operationVisitor((operation, ctx, { name, isPublic }) => {
    const permission = operation['x-permission'];
    const here = ctx.location.child(['x-permission']);
    if (isPublic) {
      if (permission !== undefined) {
        ctx.report({
          message: `Public operation \`${name}\` (security: []) must not declare \`x-permission\`: no key is involved.`,
          location: here.key(),
        });
      }
      return;
    }
    if (permission === undefined) {
      ctx.report({
        message: `Private operation \`${name}\` has no \`x-permission\` ({area, access}) naming the key permission it needs.`,
        location: ctx.location.key(),
      });
      return;
    }
    for (const problem of checkExtension('x-permission', permission)) {
      ctx.report({
        message: `\`${name}\`: ${problemText('x-permission', problem)}.`,
        location: here.child(problem.path),
      });
    }
  });
}
