// @ts-check
/**
 * Building blocks of the extension table's JSON Schemas (`table.js`).
 * @typedef {import('./table.js').ExtensionProblem} ExtensionProblem
 */
export const positiveInteger = { type: 'integer', exclusiveMinimum: 0 };
export const positiveNumber = { type: 'number', exclusiveMinimum: 0 };
export const name = { type: 'string', minLength: 1 };
export const names = {
  type: 'array',
  items: name,
  minItems: 1,
  uniqueItems: true,
  description: 'a list of distinct names',
};
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const endpoint = {
  type: 'string',
  pattern: `^(${METHODS.join('|')}) /`,
  description: "a 'METHOD /path' string",
};
export const labels = { type: 'array', items: name, description: 'a list of error labels' };
/** The roles of the response headers every answer may carry (`x-response-headers`). */
export const RESPONSE_HEADER_ROLES = [
  'traceId',
  'inTime',
  'outTime',
  'rateLimitRemaining',
  'rateLimitLimit',
  'rateLimitReset',
  'paginationLimit',
  'paginationOffset',
  'paginationTotal',
];

/**
 * An object schema: every listed property required unless its name ends in `?`; no other property.
 * @param {Record<string, Record<string, unknown>>} properties
 * @returns {Record<string, unknown>}
 */
export const object = (properties) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key.replace(/\?$/, ''), schema])),
  required: Object.keys(properties).filter((key) => !key.endsWith('?')),
  additionalProperties: false,
});

/**
 * A problem when `low` is above `high` in `value`.
 * @param {Record<string, number>} value
 * @param {string} low
 * @param {string} high
 * @returns {ExtensionProblem[]}
 */
export const notAbove = (value, low, high) =>
  value[low] !== undefined && value[low] > /** @type {number} */ (value[high])
    ? [{ path: [low], message: `is ${value[low]}, above \`${high}\` ${value[high]}` }]
    : [];
