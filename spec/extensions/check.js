// @ts-check
/**
 * Validates an extension's value against its row of the table (`table.js`): the row's JSON
 * Schema, then the row's checks between fields. Each problem names the offending value's path and
 * says what was expected, in words made from the schema ("must be a positive integer, got 0").
 * Used by the lint rules and by the IR reader alike.
 *
 * The schemas use a small draft-7 subset (type, enum, const, minimum, exclusiveMinimum,
 * minLength, pattern, items, minItems, uniqueItems, properties, required, additionalProperties),
 * checked here without a validator package: spec:diff lints an old revision with the rules of its
 * own spec/ folder, extracted alone (no node_modules), so nothing under spec/ may import one.
 */
import { isObject } from '../lint/support/json.js';
import { EXTENSIONS } from './table.js';

/** @typedef {import('./table.js').Extension} Extension */
/** @typedef {import('./table.js').ExtensionProblem} ExtensionProblem */
/** @typedef {Record<string, any>} Schema */

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
function expectation(schema) {
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

/** @type {Record<string, (value: unknown) => boolean>} */
const TYPES = {
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  string: (v) => typeof v === 'string',
  boolean: (v) => typeof v === 'boolean',
  object: isObject,
  array: Array.isArray,
};

/**
 * Whether `value` meets the keywords of `schema` that concern the value as a whole.
 * @param {Schema} schema
 * @param {any} value
 * @returns {boolean}
 */
function meetsOwn(schema, value) {
  if (schema.type !== undefined && !TYPES[schema.type]?.(value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return false;
  if ('const' in schema && value !== schema.const) return false;
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && !(value >= schema.minimum)) return false;
    if (schema.exclusiveMinimum !== undefined && !(value > schema.exclusiveMinimum)) return false;
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return false;
  }
  return true;
}

/**
 * Collects the problems of `value` against `schema`: the value as a whole first (one problem,
 * saying what the schema expects), then, for a well-formed object or list, its members.
 * @param {Schema} schema
 * @param {unknown} value
 * @param {Array<string | number>} path
 * @param {ExtensionProblem[]} problems
 */
function collect(schema, value, path, problems) {
  if (!meetsOwn(schema, value)) {
    problems.push({ path, message: `must be ${expectation(schema)}, got ${show(value)}` });
    return;
  }
  if (isObject(value)) {
    for (const key of schema.required ?? []) {
      if (!(key in value)) problems.push({ path, message: `is missing \`${key}\`` });
    }
    const known = Object.keys(schema.properties ?? {});
    for (const [key, member] of Object.entries(value)) {
      const sub = schema.properties?.[key] ?? schema.additionalProperties;
      if (isObject(sub)) collect(sub, member, [...path, key], problems);
      else if (sub === false) {
        problems.push({ path: [...path, key], message: `is not a known field (allowed: ${known.join(', ')})` });
      }
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    const items = schema.items;
    value.forEach((item, i) => collect(items, item, [...path, i], problems));
  }
}

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
 * Checks a value against its row: the schema, then (when the shape is right) the row's checks
 * between fields. One problem per offending value, in the order the schema finds them.
 * @param {string} name the extension
 * @param {unknown} value its value (present)
 * @returns {ExtensionProblem[]}
 */
export function checkExtension(name, value) {
  const row = extension(name);
  /** @type {ExtensionProblem[]} */
  const problems = [];
  collect(row.schema, value, [], problems);
  if (problems.length > 0) return problems;
  return row.consistent ? row.consistent(value) : [];
}

/**
 * `x-name.field[0]`: the name of a value inside an extension, for messages.
 * @param {string} name
 * @param {ReadonlyArray<string | number>} path
 * @returns {string}
 */
function valueName(name, path) {
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
