// @ts-check
/**
 * Shape checks for the optional operation extensions of `spec/README.md`: `x-pagination`,
 * `x-time-range`, `x-idempotency`, `x-stp`, `x-require-any-of`, `x-group-limit`, `x-nested-list`. Each check
 * returns problems with a path relative to the extension (`[]` is the extension itself).
 */
import {
  boolean,
  checkFields,
  distinctNames,
  isPlainObject,
  nonEmptyString,
  oneOf,
  positiveInteger,
  positiveNumber,
  show,
} from './shape.js';

/**
 * `path` leads from the extension to the offending value; `message` completes
 * "`<extension>.<path>` ...".
 * @typedef {{ path: Array<string | number>, message: string }} ExtensionProblem
 */
/**
 * What a check may know about its operation.
 * @typedef {object} OperationFacts
 * @property {Array<{ name: string, in: string }>} params declared parameters (path item + operation)
 * @property {Set<string> | undefined} bodyNames top-level JSON body fields, when knowable
 * @property {boolean} hasBody whether the operation declares a request body
 */

/**
 * Turns `checkFields` results into extension problems.
 * @param {unknown} value
 * @param {Record<string, import('./shape.js').Field>} fields
 * @returns {ExtensionProblem[]}
 */
function fieldProblems(value, fields) {
  return checkFields(value, fields).map((p) => ({ path: p.key === undefined ? [] : [p.key], message: p.message }));
}

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
 * `x-pagination`: `{style: page|offset, defaultLimit, maxLimit, minLimit?}`, limits ordered, and
 * the operation declares the query parameters the style pages with.
 * @param {unknown} value
 * @param {OperationFacts} facts
 * @returns {ExtensionProblem[]}
 */
export function checkPagination(value, facts) {
  const problems = fieldProblems(value, {
    style: { check: oneOf(['page', 'offset']) },
    defaultLimit: { check: positiveInteger },
    maxLimit: { check: positiveInteger },
    minLimit: { check: positiveInteger, optional: true },
  });
  if (problems.length > 0 || !isPlainObject(value)) return problems;
  const { style, defaultLimit, maxLimit, minLimit } = /** @type {Record<string, number | string>} */ (value);
  if (defaultLimit > maxLimit) {
    problems.push({ path: ['defaultLimit'], message: `is ${defaultLimit}, above \`maxLimit\` ${maxLimit}` });
  }
  if (minLimit !== undefined && minLimit > defaultLimit) {
    problems.push({ path: ['minLimit'], message: `is ${minLimit}, above \`defaultLimit\` ${defaultLimit}` });
  }
  for (const param of ['limit', String(style)]) {
    if (!declares(facts, param, { paramIn: 'query', body: false })) {
      problems.push({
        path: ['style'],
        message: `is '${String(style)}', which pages with query parameter \`${param}\`; the operation does not declare it`,
      });
    }
  }
  return problems;
}

/**
 * `x-time-range`: `{from, to, maxDays, defaultDays, unit: s}`; `from`/`to` name declared query
 * parameters and the default range fits in the longest one.
 * @param {unknown} value
 * @param {OperationFacts} facts
 * @returns {ExtensionProblem[]}
 */
export function checkTimeRange(value, facts) {
  const problems = fieldProblems(value, {
    from: { check: nonEmptyString },
    to: { check: nonEmptyString },
    maxDays: { check: positiveNumber },
    defaultDays: { check: positiveNumber },
    unit: { check: oneOf(['s']) },
  });
  if (problems.length > 0 || !isPlainObject(value)) return problems;
  if (/** @type {number} */ (value.defaultDays) > /** @type {number} */ (value.maxDays)) {
    problems.push({
      path: ['defaultDays'],
      message: `is ${String(value.defaultDays)}, above \`maxDays\` ${String(value.maxDays)}`,
    });
  }
  for (const key of ['from', 'to']) {
    const name = String(value[key]);
    if (!declares(facts, name, { paramIn: 'query', body: false })) {
      problems.push({
        path: [key],
        message: `names query parameter \`${name}\`, which the operation does not declare`,
      });
    }
  }
  return problems;
}

/**
 * `x-idempotency`: `{field, in: body|query, dedupes, generate?, lookup?: {operationId, param}}`
 * and the field exists where `in` says. Whether `lookup` names a real operation is checked once
 * the whole document has been seen.
 * @param {unknown} value
 * @param {OperationFacts} facts
 * @returns {ExtensionProblem[]}
 */
export function checkIdempotency(value, facts) {
  const problems = fieldProblems(value, {
    field: { check: nonEmptyString },
    in: { check: oneOf(['body', 'query']) },
    dedupes: { check: boolean },
    generate: { check: boolean, optional: true },
    lookup: {
      check: (v) => (isPlainObject(v) ? undefined : `must be an object {operationId, param}, got ${show(v)}`),
      optional: true,
    },
  });
  if (isPlainObject(value) && isPlainObject(value.lookup)) {
    for (const p of checkFields(value.lookup, {
      operationId: { check: nonEmptyString },
      param: { check: nonEmptyString },
    })) {
      problems.push({ path: p.key === undefined ? ['lookup'] : ['lookup', p.key], message: p.message });
    }
  }
  if (problems.length > 0 || !isPlainObject(value)) return problems;
  const field = String(value.field);
  const found =
    value.in === 'query'
      ? declares(facts, field, { paramIn: 'query', body: false })
      : declares(facts, field, { paramIn: null, body: true });
  if (found === false) {
    problems.push({
      path: ['field'],
      message: `names '${field}', which is not a ${value.in === 'query' ? 'query parameter' : 'request body field'} of the operation`,
    });
  }
  return problems;
}

/**
 * `x-stp`: `{field, values, default, requiresGroup}`; `default` is one of `values` and `field`
 * is a parameter or body field of the operation.
 * @param {unknown} value
 * @param {OperationFacts} facts
 * @returns {ExtensionProblem[]}
 */
export function checkStp(value, facts) {
  const problems = fieldProblems(value, {
    field: { check: nonEmptyString },
    values: { check: distinctNames },
    default: { check: nonEmptyString },
    requiresGroup: { check: boolean },
  });
  if (problems.length > 0 || !isPlainObject(value)) return problems;
  const values = /** @type {string[]} */ (value.values);
  if (!values.includes(/** @type {string} */ (value.default))) {
    problems.push({
      path: ['default'],
      message: `is ${show(value.default)}, which is not one of \`values\` (${values.join(', ')})`,
    });
  }
  if (declares(facts, String(value.field), {}) === false) {
    problems.push({
      path: ['field'],
      message: `names '${String(value.field)}', which is not a parameter or request body field of the operation`,
    });
  }
  return problems;
}

/**
 * `x-require-any-of`: two or more distinct names, each a parameter or body field.
 * @param {unknown} value
 * @param {OperationFacts} facts
 * @returns {ExtensionProblem[]}
 */
export function checkRequireAnyOf(value, facts) {
  const fault = distinctNames(value);
  if (fault !== undefined) return [{ path: [], message: fault }];
  const names = /** @type {string[]} */ (value);
  if (names.length < 2) {
    return [{ path: [], message: `names one field only (${names.join('')}); mark it required instead` }];
  }
  /** @type {ExtensionProblem[]} */
  const problems = [];
  names.forEach((name, i) => {
    if (declares(facts, name, {}) === false) {
      problems.push({
        path: [i],
        message: `names '${name}', which is not a parameter or request body field of the operation`,
      });
    }
  });
  return problems;
}

/**
 * `x-group-limit`: `{field, max}` on an operation whose request body is a list: at most `max`
 * items may share one value of `field`.
 * @param {unknown} value
 * @param {OperationFacts} facts
 * @returns {ExtensionProblem[]}
 */
export function checkGroupLimit(value, facts) {
  const problems = fieldProblems(value, {
    field: { check: nonEmptyString },
    max: { check: positiveInteger },
  });
  if (problems.length === 0 && !facts.hasBody) {
    problems.push({ path: [], message: 'needs a request body (a list of items)' });
  }
  return problems;
}

/**
 * `x-nested-list`: the only value is `true` (leave it out otherwise).
 * @param {unknown} value
 * @returns {ExtensionProblem[]}
 */
export function checkNestedList(value) {
  return value === true
    ? []
    : [{ path: [], message: `must be true when present (omit it otherwise), got ${show(value)}` }];
}
