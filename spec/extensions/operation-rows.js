// @ts-check
/**
 * The extension table's operation-level rows (see `table.js`).
 * @typedef {import('./table.js').Extension} Extension
 */
import { positiveInteger, positiveNumber, name, names, object, notAbove } from './shapes.js';

/** @type {readonly Extension[]} */
export const OPERATION_EXTENSIONS = [
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
];
