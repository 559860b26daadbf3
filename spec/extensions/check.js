// @ts-check
/**
 * Validates an extension's value against its row of the table (`table.js`): the row's JSON
 * Schema (Ajv), then the row's checks between fields. Each problem names the offending value's
 * path and says what was expected, in words made from the schema ("must be a positive integer,
 * got 0"). Used by the lint rules and by the IR reader alike.
 */
import { Ajv } from 'ajv';
import { EXTENSIONS } from './table.js';

/** @typedef {import('./table.js').Extension} Extension */
/** @typedef {import('./table.js').ExtensionProblem} ExtensionProblem */
/** @typedef {Record<string, any>} Schema */

/**
 * True for a plain JSON object (not an array, not null).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Renders a value for a message: strings quoted, nothing as `nothing`, everything else as JSON.
 * @param {unknown} value
 * @returns {string}
 */
export function show(value) {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `'${value}'`;
  return JSON.stringify(value);
}

/**
 * What a schema expects, in words: "a positive integer", "one of 'a', 'b'".
 * @param {Schema} schema
 * @returns {string}
 */
export function expectation(schema) {
  if (typeof schema.description === 'string') return schema.description;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(show).join(', ')}`;
  if ('const' in schema) return show(schema.const);
  const positive = schema.exclusiveMinimum === 0;
  switch (schema.type) {
    case 'integer':
      return positive ? 'a positive integer' : 'an integer';
    case 'number':
      return positive ? 'a positive number' : 'a number';
    case 'string':
      return schema.minLength === 1 ? 'a non-empty string' : 'a string';
    case 'boolean':
      return 'true or false';
    case 'object': {
      const required = Array.isArray(schema.required) ? schema.required : [];
      const keys = Object.keys(schema.properties ?? {}).map((k) => (required.includes(k) ? k : `${k}?`));
      return keys.length > 0 ? `an object with ${keys.join(', ')}` : 'an object';
    }
    default:
      return 'a list';
  }
}

const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
/** @type {Map<string, import('ajv').ValidateFunction>} */
const compiled = new Map();

/**
 * The row of an extension.
 * @param {string} name
 * @returns {Extension}
 */
export function extension(name) {
  const row = EXTENSIONS.find((r) => r.name === name);
  if (row === undefined) throw new Error(`${name} is not in spec/extensions/table.js`);
  return row;
}

/**
 * The path segments of an Ajv instance path inside `value` (array indexes as numbers).
 * @param {unknown} value
 * @param {string} instancePath
 * @returns {Array<string | number>}
 */
function segments(value, instancePath) {
  /** @type {Array<string | number>} */
  const out = [];
  let node = value;
  for (const raw of instancePath.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const index = Array.isArray(node) ? Number(key) : undefined;
    out.push(index ?? key);
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
  }
  return out;
}

/**
 * Checks a value against its row: the schema, then (when the shape is right) the row's checks
 * between fields. One problem per offending value, in the order the schema finds them.
 * @param {string} name the extension
 * @param {unknown} value its value (present)
 * @returns {ExtensionProblem[]}
 */
export function checkExtension(name, value) {
  const row = extension(name);
  let validate = compiled.get(name);
  if (validate === undefined) {
    validate = ajv.compile(row.schema);
    compiled.set(name, validate);
  }
  if (validate(value)) return row.consistent ? row.consistent(value) : [];
  /** @type {ExtensionProblem[]} */
  const problems = [];
  const seen = new Set();
  for (const error of validate.errors ?? []) {
    const path = segments(value, error.instancePath);
    const params = /** @type {Record<string, unknown>} */ (error.params);
    if (error.keyword === 'required') {
      problems.push({ path, message: `is missing \`${String(params.missingProperty)}\`` });
    } else if (error.keyword === 'additionalProperties') {
      const allowed = Object.keys(/** @type {Schema} */ (error.parentSchema).properties ?? {}).join(', ');
      const key = String(params.additionalProperty);
      problems.push({ path: [...path, key], message: `is not a known field (allowed: ${allowed})` });
    } else if (!seen.has(error.instancePath)) {
      // One message per value, saying what the whole schema of that value expects.
      seen.add(error.instancePath);
      const message = `must be ${expectation(/** @type {Schema} */ (error.parentSchema))}, got ${show(error.data)}`;
      problems.push({ path, message });
    }
  }
  return problems;
}

/**
 * `x-name.field[0]`: the name of a value inside an extension, for messages.
 * @param {string} name
 * @param {ReadonlyArray<string | number>} path
 * @returns {string}
 */
export function valueName(name, path) {
  return name + path.map((seg) => (typeof seg === 'number' ? `[${seg}]` : `.${seg}`)).join('');
}

/**
 * A problem as one phrase: "`x-pagination.style` must be one of 'page', 'offset', got 'cursor'".
 * @param {string} name
 * @param {ExtensionProblem} problem
 * @returns {string}
 */
export function problemText(name, problem) {
  return `\`${valueName(name, problem.path)}\` ${problem.message}`;
}
