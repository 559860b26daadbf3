// @ts-check
/**
 * house/operation-id-camel-case: an `operationId` is camelCase (`^[a-z][a-zA-Z0-9]*$`), because
 * it becomes the client's method name. Uniqueness is the built-in `operation-operationId-unique`.
 */

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/**
 * Creates the rule's visitor.
 * @returns {Record<string, any>}
 */
export default function OperationIdCamelCase() {
  return {
    Operation: {
      /**
       * @param {Record<string, unknown>} operation
       * @param {any} ctx
       */
      enter(operation, ctx) {
        const id = operation.operationId;
        if (id === undefined) return; // the built-in operation-operationId reports a missing id
        if (typeof id !== 'string' || !CAMEL_CASE.test(id)) {
          ctx.report({
            message: `operationId ${JSON.stringify(id)} is not camelCase (${CAMEL_CASE.source}); it becomes the client's method name.`,
            location: ctx.location.child(['operationId']),
          });
        }
      },
    },
  };
}
