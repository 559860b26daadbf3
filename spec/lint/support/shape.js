// @ts-check
/**
 * Small declarative validators for the `x-` extension objects described in `spec/README.md`.
 * A check returns `undefined` when the value is fine, or a phrase that completes
 * "`<key>` ..." (for example "must be a positive integer, got 0").
 */

/** @typedef {(value: unknown) => string | undefined} Check */
/** @typedef {{ check: Check, optional?: boolean }} Field */
/**
 * `key` is the offending field (`undefined`: the object itself); `message` completes
 * "`<extension>.<key>` ...", for example "must be a positive integer, got 0".
 * @typedef {{ key: string | undefined, message: string }} FieldProblem
 */

/**
 * Renders a value for a message: strings quoted, everything else as JSON.
 * @param {unknown} value
 * @returns {string}
 */
export function show(value) {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `'${value}'`;
  return JSON.stringify(value);
}

/**
 * True for a plain (non-array, non-null) object.
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @type {Check} */
export const positiveInteger = (v) =>
  Number.isInteger(v) && /** @type {number} */ (v) > 0 ? undefined : `must be a positive integer, got ${show(v)}`;

/** @type {Check} */
export const positiveNumber = (v) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? undefined : `must be a positive number, got ${show(v)}`;

/** @type {Check} */
export const nonEmptyString = (v) =>
  typeof v === 'string' && v.trim() !== '' ? undefined : `must be a non-empty string, got ${show(v)}`;

/** @type {Check} */
export const anyString = (v) => (typeof v === 'string' ? undefined : `must be a string, got ${show(v)}`);

/** @type {Check} */
export const boolean = (v) => (typeof v === 'boolean' ? undefined : `must be true or false, got ${show(v)}`);

/**
 * A check that accepts exactly one of the given values.
 * @param {readonly unknown[]} allowed
 * @returns {Check}
 */
export function oneOf(allowed) {
  return (v) => (allowed.includes(v) ? undefined : `must be one of ${allowed.map(show).join(', ')}, got ${show(v)}`);
}

/**
 * A check for a non-empty array of distinct non-empty strings.
 * @type {Check}
 */
export const distinctNames = (v) => {
  if (!Array.isArray(v) || v.length === 0) return `must be a non-empty list of names, got ${show(v)}`;
  const bad = v.find((item) => typeof item !== 'string' || item.trim() === '');
  if (bad !== undefined) return `must list non-empty strings only, got ${show(bad)}`;
  const dup = v.find((item, i) => v.indexOf(item) !== i);
  if (dup !== undefined) return `must not repeat a name, ${show(dup)} appears twice`;
  return undefined;
};

/**
 * Checks an object against a field table: every required field present, every present field
 * valid, no field outside the table.
 * @param {unknown} value the extension's value
 * @param {Record<string, Field>} fields
 * @returns {FieldProblem[]}
 */
export function checkFields(value, fields) {
  if (!isPlainObject(value)) {
    return [
      { key: undefined, message: `must be an object with ${Object.keys(fields).join(', ')}, got ${show(value)}` },
    ];
  }
  /** @type {FieldProblem[]} */
  const problems = [];
  for (const [name, field] of Object.entries(fields)) {
    if (!(name in value)) {
      if (!field.optional) problems.push({ key: undefined, message: `is missing \`${name}\`` });
      continue;
    }
    const fault = field.check(value[name]);
    if (fault !== undefined) problems.push({ key: name, message: fault });
  }
  for (const name of Object.keys(value)) {
    if (!(name in fields)) {
      problems.push({ key: name, message: `is not a known field (allowed: ${Object.keys(fields).join(', ')})` });
    }
  }
  return problems;
}
