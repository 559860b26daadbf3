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

const positiveInteger = { type: 'integer', exclusiveMinimum: 0 };
const positiveNumber = { type: 'number', exclusiveMinimum: 0 };
const name = { type: 'string', minLength: 1 };
const names = { type: 'array', items: name, minItems: 1, uniqueItems: true, description: 'a list of distinct names' };
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const endpoint = { type: 'string', pattern: `^(${METHODS.join('|')}) /`, description: "a 'METHOD /path' string" };
const labels = { type: 'array', items: name, description: 'a list of error labels' };
/** The roles of the response headers every answer may carry (`x-response-headers`). */
const RESPONSE_HEADER_ROLES = [
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
const object = (properties) => ({
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
const notAbove = (value, low, high) =>
  value[low] !== undefined && value[low] > /** @type {number} */ (value[high])
    ? [{ path: [low], message: `is ${value[low]}, above \`${high}\` ${value[high]}` }]
    : [];

/** @type {readonly Extension[]} */
export const EXTENSIONS = Object.freeze([
  // Operation level.
  {
    name: 'x-shape',
    where: 'operation',
    presence: 'required',
    schema: { enum: ['seed', 'reference', 'named-only'] },
    ir: 'operation.shape, operation.source',
    change: 'shape',
  },
  {
    name: 'x-rate-limit',
    where: 'operation',
    presence: 'required',
    rule: 'private-operation-rate-limit',
    schema: object({
      requests: positiveInteger,
      window: positiveNumber,
      scope: { enum: ['ip', 'uid', 'uid+market'] },
      'market?': name,
      'group?': name,
      'note?': { type: 'string' },
    }),
    ir: 'operation.rateLimit',
    consistent: (v) =>
      v.market !== undefined && v.scope !== 'uid+market'
        ? [{ path: ['market'], message: `applies to scope 'uid+market' only, not '${v.scope}'` }]
        : [],
  },
  {
    name: 'x-permission',
    where: 'operation',
    presence: 'private',
    rule: 'private-operation-permission',
    schema: object({ area: name, access: { enum: ['read', 'write'] } }),
    ir: 'operation.permission',
  },
  {
    name: 'x-retry',
    where: 'operation',
    presence: 'required',
    schema: { enum: ['safe', 'keyed', 'never'] },
    ir: 'operation.retry',
  },
  {
    name: 'x-pagination',
    where: 'operation',
    schema: object({
      style: { enum: ['page', 'offset'] },
      defaultLimit: positiveInteger,
      maxLimit: positiveInteger,
      'minLimit?': positiveInteger,
    }),
    ir: 'operation.pagination',
    consistent: (v) => [...notAbove(v, 'defaultLimit', 'maxLimit'), ...notAbove(v, 'minLimit', 'defaultLimit')],
  },
  {
    name: 'x-time-range',
    where: 'operation',
    schema: object({
      from: name,
      to: name,
      maxDays: positiveNumber,
      defaultDays: positiveNumber,
      unit: { enum: ['s'] },
    }),
    ir: 'operation.timeRange',
    consistent: (v) => notAbove(v, 'defaultDays', 'maxDays'),
    change: 'time range',
  },
  {
    name: 'x-idempotency',
    where: 'operation',
    schema: object({
      field: name,
      in: { enum: ['body', 'query'] },
      dedupes: { type: 'boolean' },
      'generate?': { type: 'boolean' },
      'prefix?': {
        type: 'string',
        minLength: 1,
        description: 'what every generated id starts with (order labels: `t-`)',
      },
      'length?': {
        ...positiveInteger,
        description: 'how many random characters a generated id has after the prefix (default 32)',
      },
      'perItem?': {
        type: 'boolean',
        description: 'the field is in each item of a list body (batch orders): one id per item',
      },
      'lookup?': object({
        operationId: name,
        param: name,
        'with?': {
          type: 'object',
          additionalProperties: name,
          minProperties: 1,
          description:
            "the lookup's other parameters, each taken from the write's field of that name (`{ currency_pair: currency_pair }`)",
        },
      }),
    }),
    ir: 'operation.idempotency',
    change: 'idempotency',
  },
  {
    name: 'x-stp',
    where: 'operation',
    schema: object({ field: name, values: names, default: name, requiresGroup: { type: 'boolean' } }),
    ir: 'operation.stp',
    consistent: (v) =>
      v.values.includes(v.default)
        ? []
        : [
            {
              path: ['default'],
              message: `is '${v.default}', which is not one of \`values\` (${v.values.join(', ')})`,
            },
          ],
    change: 'self-trade prevention',
  },
  {
    name: 'x-require-any-of',
    where: 'operation',
    schema: names,
    ir: 'operation.requireAnyOf',
    consistent: (v) =>
      v.length < 2 ? [{ path: [], message: `names one field only (${v.join('')}); mark it required instead` }] : [],
    change: 'require any of',
  },
  {
    name: 'x-group-limit',
    where: 'operation',
    schema: object({ field: name, max: positiveInteger }),
    ir: 'operation.groupLimit',
    change: 'group limit',
  },
  {
    name: 'x-nested-list',
    where: 'operation',
    schema: { const: true, description: 'true when present (omit it otherwise)' },
    ir: 'operation.nestedList',
    change: 'nested list',
  },

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
