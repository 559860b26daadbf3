// @ts-check
/**
 * Every `x-` extension of the spec, one row each: its name, where it may appear, the JSON Schema of
 * its value, the IR field it becomes and the checks between fields of one value. The lint rules
 * (`spec/lint/`) and the IR reader (`generator/ir/extensions.ts`, `generator/ir/api.ts`) both
 * validate with this table (`check.js`), so they agree on every shape and message.
 *
 * Adding an extension: one row here, then its use (see CONTRIBUTING.md).
 */

/**
 * `operation`: an operation object; `root`: the document root; `schema`: a schema object;
 * `security-scheme`: a security scheme; `server`: a server object.
 * @typedef {'operation' | 'root' | 'schema' | 'security-scheme' | 'server'} Place
 */
/**
 * A problem in one value: `path` leads from the extension to the offending value (`[]`: the value
 * itself); `message` completes "`<extension><path>` ...".
 * @typedef {{ path: Array<string | number>, message: string }} ExtensionProblem
 */
/**
 * @typedef {object} Extension
 * @property {string} name the key, `x-...`
 * @property {Place} where where it may appear
 * @property {Record<string, unknown>} schema JSON Schema (draft 7) of the value; a `description`
 *   states the expectation in words where the keywords alone would not
 * @property {string | null} ir the IR field it becomes (`null`: documentation only)
 * @property {'required' | 'private' | 'optional'} [presence] operations only: on every operation,
 *   on private operations only (never on public ones), or where it applies (the default)
 * @property {string} [rule] the house lint rule that reports it, when not the rule of its place
 * @property {(value: any) => ExtensionProblem[]} [consistent] rules between the fields of a value
 *   that has the schema's shape
 * @property {string} [change] how `spec:diff` names a change of it (operation behaviours)
 */

import { OPERATION_EXTENSIONS } from './operation-rows.js';
import { positiveInteger, name, names, METHODS, endpoint, labels, RESPONSE_HEADER_ROLES, object } from './shapes.js';

/** @type {readonly Extension[]} */
export const EXTENSIONS = Object.freeze([
  ...OPERATION_EXTENSIONS,

  // Root level.
  {
    name: 'x-api-release',
    where: 'root',
    schema: { type: 'string', pattern: '^v4\\.\\d+\\.\\d+$', description: 'a release label v4.<minor>.<patch>' },
    ir: 'api.release (equal to info.version)',
  },
  {
    name: 'x-path-prefix',
    where: 'root',
    schema: { type: 'string', pattern: '^/', description: "a path starting with '/', such as /api/v4" },
    ir: 'api.pathPrefix',
  },
  {
    name: 'x-response-headers',
    where: 'root',
    schema: object({
      ...Object.fromEntries(RESPONSE_HEADER_ROLES.map((role) => [role, name])),
      // Other names a deployment sends for a role (the live service's `X-Gate-*`): clients read either.
      'aliases?': object(Object.fromEntries(RESPONSE_HEADER_ROLES.map((role) => [`${role}?`, names]))),
    }),
    ir: 'headers.response',
  },
  {
    name: 'x-request-headers',
    where: 'root',
    schema: object({ clientRequestId: name, sizeDecimal: name, expiry: name }),
    ir: 'headers.request',
  },
  {
    name: 'x-removed-operations',
    where: 'root',
    schema: {
      type: 'array',
      description: 'a list of removed endpoints',
      items: object({
        method: { enum: METHODS },
        path: { type: 'string', pattern: '^/', description: "a path starting with '/'" },
        'operationId?': { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*$', description: 'a camelCase operationId' },
        'removedIn?': name,
        status: { enum: ['removed', 'moved', 'deprecated'] },
        replacedBy: { type: 'array', items: endpoint, description: "a list of 'METHOD /path' strings" },
        'note?': { type: 'string' },
      }),
    },
    ir: 'removed',
  },
  {
    name: 'x-futures-fill-ratio-limits',
    where: 'root',
    schema: { type: 'object', description: 'an object (documentation)' },
    ir: null,
  },

  // Servers and the security scheme.
  { name: 'x-server-name', where: 'server', schema: name, ir: 'api.servers[].name' },
  {
    name: 'x-signing',
    where: 'security-scheme',
    schema: object({
      'algorithm?': { const: 'HMAC-SHA512' },
      'encoding?': { const: 'hex' },
      headers: object({ key: name, timestamp: name, signature: name }),
      payload: {
        type: 'array',
        items: { enum: ['method', 'path', 'query', 'bodySha512', 'timestamp'] },
        minItems: 1,
        description: 'a list of signature parts (method, path, query, bodySha512, timestamp)',
      },
      separator: { type: 'string' },
      pathIncludesPrefix: { type: 'boolean' },
      timestampUnit: { enum: ['s'] },
      maxSkewSeconds: positiveInteger,
      emptyBodySha512: { type: 'string', pattern: '^[0-9a-f]{128}$', description: 'a lowercase SHA-512 hex digest' },
      clockEndpoint: endpoint,
    }),
    ir: 'signing',
  },

  // Schema level.
  {
    name: 'x-decimal',
    where: 'schema',
    rule: 'decimal-amounts',
    schema: object({
      'gt?': { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description: "a decimal string such as '0'" },
      'maxScale?': { type: 'integer', minimum: 0, description: 'a whole number of decimals' },
    }),
    ir: 'schemas (as written); emitted as FieldRule.decimal',
  },
  {
    name: 'x-open-enum',
    where: 'schema',
    schema: { const: true, description: 'true when present (omit it otherwise)' },
    ir: 'schemas (as written)',
  },
  {
    name: 'x-label-groups',
    where: 'schema',
    schema: { type: 'object', additionalProperties: labels, description: 'an object of label lists by group' },
    ir: 'errors.groups',
  },
  {
    name: 'x-previous-names',
    where: 'schema',
    schema: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$', description: 'a PascalCase schema name' },
      minItems: 1,
      uniqueItems: true,
      description: 'a list of distinct PascalCase schema names',
    },
    ir: 'previousNames (old name -> current name); emitted as deprecated aliases',
  },
  { name: 'x-transient-labels', where: 'schema', schema: labels, ir: 'errors.transient' },
  { name: 'x-duplicate-labels', where: 'schema', schema: labels, ir: 'errors.duplicate' },
]);

/**
 * The rows of one place, in table order.
 * @param {Place} where
 * @returns {Extension[]}
 */
export const extensionsAt = (where) => EXTENSIONS.filter((row) => row.where === where);
