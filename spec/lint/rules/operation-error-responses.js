// @ts-check
/**
 * house/operation-error-responses: every operation lists the error responses the client maps to
 * typed errors: '400', '429' and '5XX', plus '401' when private (and only then). Every 4xx/5xx
 * response is a `$ref` to a shared response under `components/responses`, so all errors share
 * one body and one set of headers.
 */
import { operationVisitor } from '../support/operation.js';
import { isObject } from '../support/json.js';

/**
 * Whether a response key is an error status (4xx, 5xx, `4XX`, `5XX`).
 * @param {string} status
 * @returns {boolean}
 */
function isErrorStatus(status) {
  return /^[45]([0-9]{2}|XX)$/.test(status);
}

/**
 * Whether a `$ref` points at a shared response.
 * @param {string} ref
 * @returns {boolean}
 */
function isSharedResponseRef(ref) {
  return ref.startsWith('#/components/responses/') || /(^|\/)components\/responses\//.test(ref);
}

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function OperationErrorResponses() {
  return operationVisitor((operation, ctx, { name, isPublic }) => {
    const responses = isObject(operation.responses) ? operation.responses : {};
    const here = ctx.location.child(['responses']);
    const wanted = isPublic ? ['400', '429', '5XX'] : ['400', '401', '429', '5XX'];
    const missing = wanted.filter((status) => !(status in responses));
    if (missing.length > 0) {
      ctx.report({
        message: `\`${name}\` does not list error response${missing.length > 1 ? 's' : ''} ${missing.map((s) => `'${s}'`).join(', ')} (every operation lists ${wanted.join(', ')}).`,
        location: here.key(),
      });
    }
    if (isPublic && '401' in responses) {
      ctx.report({
        message: `Public operation \`${name}\` (security: []) lists '401', which only private operations answer.`,
        location: here.child(['401']).key(),
      });
    }
    for (const [status, response] of Object.entries(responses)) {
      if (!isErrorStatus(status)) continue;
      const ref = isObject(response) && typeof response.$ref === 'string' ? response.$ref : undefined;
      if (ref === undefined || !isSharedResponseRef(ref)) {
        ctx.report({
          message: `Error response '${status}' of \`${name}\` must be a $ref to a shared response in components/responses (BadRequest, Unauthorized, NotFound, TooManyRequests, ServerError)${ref === undefined ? '' : `, got '${ref}'`}.`,
          location: here.child([status]),
        });
      }
    }
  });
}
