// @ts-check
/**
 * house/private-operation-permission: every private operation names the key permission it needs
 * in `x-permission` `{area, access}` (`access`: read | write); public operations (`security: []`)
 * need no key and must not carry it.
 */
import { checkFields, nonEmptyString, oneOf } from '../support/shape.js';
import { operationVisitor } from '../support/operation.js';

/** @type {Record<string, import('../support/shape.js').Field>} */
const FIELDS = {
  area: { check: nonEmptyString },
  access: { check: oneOf(['read', 'write']) },
};

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
    for (const problem of checkFields(permission, FIELDS)) {
      ctx.report({
        message: `\`${name}\`: \`x-permission${problem.key === undefined ? '' : `.${problem.key}`}\` ${problem.message}.`,
        location: problem.key === undefined ? here : here.child([problem.key]),
      });
    }
  });
}
