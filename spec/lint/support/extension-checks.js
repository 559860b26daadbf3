// @ts-check
/**
 * What the lint checks about an operation extension beyond its shape (the shape is the table's,
 * `spec/extensions/`): that the parameters and body fields it names exist on the operation. Each
 * check runs on a value that has its shape, and returns problems with a path relative to the
 * extension (`[]` is the extension itself).
 */
/** @typedef {import('../../extensions/table.js').ExtensionProblem} ExtensionProblem */
/**
 * What a check may know about its operation.
 * @typedef {object} OperationFacts
 * @property {Array<{ name: string, in: string }>} params declared parameters (path item + operation)
 * @property {Set<string> | undefined} bodyNames top-level JSON body fields, when knowable
 * @property {boolean} hasBody whether the operation declares a request body
 */
/** @typedef {(value: any, facts: OperationFacts) => ExtensionProblem[]} FactCheck */

/**
 * Whether `name` is a declared parameter (optionally of one location) or a known body field.
 * `undefined` means "cannot tell" (a body whose fields are not knowable).
 * @param {OperationFacts} facts
 * @param {string} name
 * @param {{ paramIn?: string | null, body?: boolean }} where `paramIn: null` skips parameters,
 *   `body: false` skips the body
 * @returns {boolean | undefined}
 */
function declares(facts, name, where) {
  const inParams =
    where.paramIn !== null &&
    facts.params.some((p) => p.name === name && (where.paramIn === undefined || p.in === where.paramIn));
  if (inParams) return true;
  if (where.body === false) return false;
  if (facts.bodyNames?.has(name)) return true;
  if (facts.hasBody && facts.bodyNames === undefined) return undefined;
  return false;
}

/**
 * A problem when a parameter or body field named in the extension is not declared.
 * @param {OperationFacts} facts
 * @param {string} name
 * @param {Array<string | number>} path
 * @returns {ExtensionProblem[]}
 */
const fieldOf = (facts, name, path) =>
  declares(facts, name, {}) === false
    ? [{ path, message: `names '${name}', which is not a parameter or request body field of the operation` }]
    : [];

/**
 * The operation-fact checks by extension; an extension without one is checked for shape only.
 * @type {Readonly<Record<string, FactCheck>>}
 */
export const FACT_CHECKS = Object.freeze({
  /** The query parameters the style pages with are declared. */
  'x-pagination': (value, facts) =>
    ['limit', String(value.style)]
      .filter((param) => !declares(facts, param, { paramIn: 'query', body: false }))
      .map((param) => ({
        path: ['style'],
        message: `is '${String(value.style)}', which pages with query parameter \`${param}\`; the operation does not declare it`,
      })),
  /** `from` and `to` name declared query parameters. */
  'x-time-range': (value, facts) =>
    ['from', 'to']
      .filter((key) => !declares(facts, String(value[key]), { paramIn: 'query', body: false }))
      .map((key) => ({
        path: [key],
        message: `names query parameter \`${String(value[key])}\`, which the operation does not declare`,
      })),
  /** The field exists where `in` says. */
  'x-idempotency': (value, facts) => {
    const field = String(value.field);
    const found =
      value.in === 'query'
        ? declares(facts, field, { paramIn: 'query', body: false })
        : declares(facts, field, { paramIn: null, body: true });
    if (found !== false) return [];
    const where = value.in === 'query' ? 'query parameter' : 'request body field';
    return [{ path: ['field'], message: `names '${field}', which is not a ${where} of the operation` }];
  },
  /** The field is a parameter or body field. */
  'x-stp': (value, facts) => fieldOf(facts, String(value.field), ['field']),
  /** Every name is a parameter or body field. */
  'x-require-any-of': (value, facts) => /** @type {string[]} */ (value).flatMap((name, i) => fieldOf(facts, name, [i])),
  /** The operation has a body (a list of items) for the limit to count. */
  'x-group-limit': (_value, facts) =>
    facts.hasBody ? [] : [{ path: [], message: 'needs a request body (a list of items)' }],
});
