import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import type { FieldRule, OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import { validateCall } from '../../generator/targets/typescript/runtime/validate.js';
import { compareDecimal, inEnum } from '../../generator/targets/typescript/runtime/value-rules.js';
import { bareOp } from './helpers/meta.js';

const NOW = 1_700_000_000;
const DAY = 86_400;

const op = bareOp;

const ACCOUNTS = ['spot', 'margin', 'futures', 'delivery', 'options'];
const amount: FieldRule = {
  name: 'amount',
  in: 'body',
  required: true,
  type: 'string',
  format: 'decimal',
  decimal: { gt: '0', maxScale: 8 },
};

const transfer = op({
  id: 'transfer',
  method: 'POST',
  retry: 'keyed',
  body: 'json',
  bodyFields: ['currency', 'from', 'to', 'amount', 'currency_pair', 'settle', 'client_order_id'],
  rules: [
    { name: 'currency', in: 'body', required: true, type: 'string' },
    { name: 'from', in: 'body', required: true, type: 'string', enum: ACCOUNTS },
    { name: 'to', in: 'body', required: true, type: 'string', enum: ACCOUNTS },
    amount,
    { name: 'client_order_id', in: 'body', type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
  ],
});
const withdraw = op({
  id: 'withdraw',
  method: 'POST',
  retry: 'never',
  body: 'json',
  bodyFields: ['withdraw_order_id', 'amount', 'currency', 'address', 'chain'],
  rules: [{ name: 'withdraw_order_id', in: 'body', type: 'string', pattern: '^[0-9A-Za-z_.-]{1,32}$' }, amount],
});
const listWithdrawals = op({
  id: 'listWithdrawals',
  queryParams: [{ name: 'currency' }, { name: 'from' }, { name: 'to' }, { name: 'limit' }, { name: 'offset' }],
  pagination: { style: 'offset', defaultLimit: 100, maxLimit: 1000 },
  timeRange: { from: 'from', to: 'to', maxDays: 30, defaultDays: 7 },
  rules: [
    { name: 'from', in: 'query', type: 'integer', format: 'int64' },
    { name: 'to', in: 'query', type: 'integer', format: 'int64' },
  ],
});
const listLoans = op({
  id: 'listUnifiedLoans',
  queryParams: [{ name: 'currency' }, { name: 'page' }, { name: 'limit' }],
  pagination: { style: 'page', defaultLimit: 100, maxLimit: 100, minLimit: 1 },
});
const currenciesRule = (max: number): FieldRule => ({
  name: 'currencies',
  in: 'query',
  required: true,
  type: 'array',
  maxItems: max,
  items: { type: 'string' },
});
const transferables = op({
  id: 'getUnifiedTransferables',
  queryParams: [{ name: 'currencies', csv: true }],
  rules: [currenciesRule(100)],
});
const batchBorrowable = op({
  id: 'getUnifiedBatchBorrowable',
  queryParams: [{ name: 'currencies', csv: true }],
  rules: [currenciesRule(10)],
});
const orderStatus = op({
  id: 'getTransferOrderStatus',
  queryParams: [{ name: 'client_order_id' }, { name: 'tx_id' }],
  requireAnyOf: ['client_order_id', 'tx_id'],
});
const push = op({
  id: 'withdrawPushOrder',
  method: 'POST',
  body: 'json',
  bodyFields: ['receive_uid', 'currency', 'amount'],
  rules: [{ name: 'receive_uid', in: 'body', required: true, type: 'integer', format: 'int64' }, amount],
});
const namedGet = op({ id: 'getFee', shape: 'named-only', body: 'open' });
const namedDelete = op({ id: 'cancelThing', method: 'DELETE', shape: 'named-only', body: 'open', pathParams: ['id'] });
const namedPost = op({
  id: 'placeThing',
  method: 'POST',
  shape: 'named-only',
  body: 'open',
  rules: [{ name: 'limit', in: 'query', type: 'integer', maximum: 5 }],
});
const createKey = op({
  id: 'createSubAccountKey',
  method: 'POST',
  body: 'json',
  pathParams: ['user_id'],
  bodyFields: ['password', 'perms'],
  rules: [
    { name: 'user_id', in: 'path', required: true, type: 'integer', format: 'int64' },
    { name: 'password', in: 'body', type: 'string', minLength: 8, secret: true },
    { name: 'perms', in: 'body', type: 'array', items: { type: 'object' } },
  ],
});

const okTransfer = { currency: 'USDT', from: 'spot', to: 'margin', amount: '1.5' };
const range = (days: number) => ({ from: NOW - days * DAY, to: NOW });
const many = (n: number) => Array.from({ length: n }, (_, i) => `C${i}`);

type Row = {
  name: string;
  meta: OperationMeta;
  params: Record<string, unknown>;
  want: { field: string; value: unknown; rule: string };
};
const rows: Row[] = [
  {
    name: 'missing required',
    meta: transfer,
    params: { ...okTransfer, amount: undefined },
    want: { field: 'amount', value: undefined, rule: 'required' },
  },
  {
    name: 'null counts as missing',
    meta: transfer,
    params: { ...okTransfer, currency: null },
    want: { field: 'currency', value: null, rule: 'required' },
  },
  {
    name: 'wrong enum',
    meta: transfer,
    params: { ...okTransfer, from: 'wallet' },
    want: { field: 'from', value: 'wallet', rule: 'enum' },
  },
  {
    name: 'wrong type',
    meta: transfer,
    params: { ...okTransfer, currency: 5 },
    want: { field: 'currency', value: 5, rule: 'type' },
  },
  {
    name: 'client_order_id bad char',
    meta: transfer,
    params: { ...okTransfer, client_order_id: 'id 1' },
    want: { field: 'client_order_id', value: 'id 1', rule: 'pattern' },
  },
  {
    name: 'client_order_id dot',
    meta: transfer,
    params: { ...okTransfer, client_order_id: 'a.b' },
    want: { field: 'client_order_id', value: 'a.b', rule: 'pattern' },
  },
  {
    name: 'client_order_id 65 chars',
    meta: transfer,
    params: { ...okTransfer, client_order_id: 'a'.repeat(65) },
    want: { field: 'client_order_id', value: 'a'.repeat(65), rule: 'pattern' },
  },
  {
    name: 'withdraw_order_id bad char',
    meta: withdraw,
    params: { amount: '1', withdraw_order_id: 'a/b' },
    want: { field: 'withdraw_order_id', value: 'a/b', rule: 'pattern' },
  },
  {
    name: 'withdraw_order_id 33 chars',
    meta: withdraw,
    params: { amount: '1', withdraw_order_id: 'w'.repeat(33) },
    want: { field: 'withdraw_order_id', value: 'w'.repeat(33), rule: 'pattern' },
  },
  {
    name: 'amount "0"',
    meta: transfer,
    params: { ...okTransfer, amount: '0' },
    want: { field: 'amount', value: '0', rule: 'decimal.gt' },
  },
  {
    name: 'amount "0.00000000"',
    meta: transfer,
    params: { ...okTransfer, amount: '0.00000000' },
    want: { field: 'amount', value: '0.00000000', rule: 'decimal.gt' },
  },
  {
    name: 'amount "-1"',
    meta: transfer,
    params: { ...okTransfer, amount: '-1' },
    want: { field: 'amount', value: '-1', rule: 'decimal.gt' },
  },
  {
    name: 'amount 9 decimals',
    meta: transfer,
    params: { ...okTransfer, amount: '1.123456789' },
    want: { field: 'amount', value: '1.123456789', rule: 'decimal.maxScale' },
  },
  {
    name: 'amount as a number',
    meta: transfer,
    params: { ...okTransfer, amount: 0.5 },
    want: { field: 'amount', value: 0.5, rule: 'type' },
  },
  {
    name: 'amount with exponent',
    meta: transfer,
    params: { ...okTransfer, amount: '1e5' },
    want: { field: 'amount', value: '1e5', rule: 'decimal' },
  },
  {
    name: 'amount ".5"',
    meta: transfer,
    params: { ...okTransfer, amount: '.5' },
    want: { field: 'amount', value: '.5', rule: 'decimal' },
  },
  {
    name: 'limit above max',
    meta: listWithdrawals,
    params: { limit: 1001 },
    want: { field: 'limit', value: 1001, rule: 'maximum' },
  },
  {
    name: 'limit below min',
    meta: listWithdrawals,
    params: { limit: 0 },
    want: { field: 'limit', value: 0, rule: 'minimum' },
  },
  {
    name: 'limit not an integer',
    meta: listWithdrawals,
    params: { limit: 1.5 },
    want: { field: 'limit', value: 1.5, rule: 'type' },
  },
  {
    name: 'loans limit above its max 100',
    meta: listLoans,
    params: { limit: 101 },
    want: { field: 'limit', value: 101, rule: 'maximum' },
  },
  { name: 'page 0', meta: listLoans, params: { page: 0 }, want: { field: 'page', value: 0, rule: 'minimum' } },
  {
    name: 'offset -1',
    meta: listWithdrawals,
    params: { offset: -1 },
    want: { field: 'offset', value: -1, rule: 'minimum' },
  },
  {
    name: '101 currencies',
    meta: transferables,
    params: { currencies: many(101) },
    want: { field: 'currencies', value: many(101), rule: 'maxItems' },
  },
  {
    name: '11 currencies',
    meta: batchBorrowable,
    params: { currencies: many(11) },
    want: { field: 'currencies', value: many(11), rule: 'maxItems' },
  },
  {
    name: 'array item type',
    meta: batchBorrowable,
    params: { currencies: ['BTC', 7] },
    want: { field: 'currencies[1]', value: 7, rule: 'type' },
  },
  {
    name: '31-day range',
    meta: listWithdrawals,
    params: range(31),
    want: { field: 'from', value: range(31), rule: 'timeRange' },
  },
  {
    name: 'from > to',
    meta: listWithdrawals,
    params: { from: NOW, to: NOW - 1 },
    want: { field: 'from', value: { from: NOW, to: NOW - 1 }, rule: 'timeRange' },
  },
  {
    name: 'from only, 60 days ago',
    meta: listWithdrawals,
    params: { from: NOW - 60 * DAY },
    want: { field: 'from', value: range(60), rule: 'timeRange' },
  },
  {
    name: 'from in the future, to defaulted',
    meta: listWithdrawals,
    params: { from: NOW + 10 },
    want: { field: 'from', value: { from: NOW + 10, to: NOW }, rule: 'timeRange' },
  },
  {
    name: 'from not a time',
    meta: listWithdrawals,
    params: { from: 'yesterday' },
    want: { field: 'from', value: 'yesterday', rule: 'type' },
  },
  {
    name: 'requireAnyOf both missing',
    meta: orderStatus,
    params: {},
    want: { field: 'client_order_id or tx_id', value: undefined, rule: 'requireAnyOf' },
  },
  {
    name: 'requireAnyOf both empty',
    meta: orderStatus,
    params: { client_order_id: '', tx_id: '' },
    want: { field: 'client_order_id or tx_id', value: undefined, rule: 'requireAnyOf' },
  },
  {
    name: 'unknown key on a shaped op',
    meta: transfer,
    params: { ...okTransfer, amout: '1' },
    want: { field: 'amout', value: '1', rule: 'unknown' },
  },
  {
    name: 'a body field on a GET op',
    meta: listWithdrawals,
    params: { amount: '1' },
    want: { field: 'amount', value: '1', rule: 'unknown' },
  },
  {
    name: 'body on a named-only GET',
    meta: namedGet,
    params: { body: { a: 1 } },
    want: { field: 'body', value: { a: 1 }, rule: 'noBody' },
  },
  {
    name: 'body on a named-only DELETE',
    meta: namedDelete,
    params: { id: '1', body: 'x' },
    want: { field: 'body', value: 'x', rule: 'noBody' },
  },
  {
    name: 'named-only query not an object',
    meta: namedGet,
    params: { query: 'a=1' },
    want: { field: 'query', value: 'a=1', rule: 'type' },
  },
  {
    name: 'named-only stray key',
    meta: namedGet,
    params: { currency: 'BTC' },
    want: { field: 'currency', value: 'BTC', rule: 'unknown' },
  },
  {
    name: 'named-only rule reads the query object',
    meta: namedPost,
    params: { query: { limit: 6 } },
    want: { field: 'limit', value: 6, rule: 'maximum' },
  },
  {
    name: 'int64 unsafe number',
    meta: push,
    // eslint-disable-next-line no-loss-of-precision -- the rounded literal is the input under test
    params: { receive_uid: 9007199254740993, amount: '1' },
    want: { field: 'receive_uid', value: 9007199254740992, rule: 'int64.unsafe' },
  },
  {
    name: 'int64 non-digit string',
    meta: push,
    params: { receive_uid: '12a', amount: '1' },
    want: { field: 'receive_uid', value: '12a', rule: 'type' },
  },
  {
    name: 'int64 fraction',
    meta: push,
    params: { receive_uid: 1.5, amount: '1' },
    want: { field: 'receive_uid', value: 1.5, rule: 'type' },
  },
  {
    name: 'path int64 missing',
    meta: createKey,
    params: {},
    want: { field: 'user_id', value: undefined, rule: 'required' },
  },
  {
    name: 'secret is redacted',
    meta: createKey,
    params: { user_id: 1, password: 'hunter2' },
    want: { field: 'password', value: '[redacted]', rule: 'minLength' },
  },
  {
    name: 'array of objects',
    meta: createKey,
    params: { user_id: 1, perms: [{ name: 'wallet' }, 'spot'] },
    want: { field: 'perms[1]', value: 'spot', rule: 'type' },
  },
];

/** How errors.ts prints a value in a message (first 40 characters are enough to find it). */
const shown = (v: unknown): string => (v === undefined ? 'undefined' : JSON.stringify(v).slice(0, 40));

describe('validateCall rejects', () => {
  it.each(rows)('$name', ({ meta, params, want }) => {
    let caught: unknown;
    try {
      validateCall(meta, params, NOW);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    const err = caught as ValidationError;
    expect({ field: err.field, value: err.value, rule: err.rule }).toEqual(want);
    expect(err.operation).toBe(meta.id);
    expect(err.message).toContain(`${meta.id}: ${want.field} `);
    expect(err.message).toContain(`rule: ${want.rule}`);
    expect(err.message).toContain(`value: ${shown(want.value)}`);
  });
});

describe('validateCall accepts', () => {
  it.each([
    { name: 'a plain transfer', meta: transfer, params: okTransfer },
    { name: 'smallest amount', meta: transfer, params: { ...okTransfer, amount: '0.00000001' } },
    {
      name: 'whole amount, 64-char id',
      meta: transfer,
      params: { ...okTransfer, amount: '100', client_order_id: 'a'.repeat(64) },
    },
    { name: 'withdraw id with a dot', meta: withdraw, params: { amount: '2.5', withdraw_order_id: 'w.1-2_3' } },
    { name: 'no range given', meta: listWithdrawals, params: { limit: 1000, offset: 0 } },
    { name: 'exactly 30 days', meta: listWithdrawals, params: range(30) },
    { name: 'to only (from defaults to 7 days before)', meta: listWithdrawals, params: { to: NOW - 100 * DAY } },
    {
      name: 'times as strings and bigints',
      meta: listWithdrawals,
      params: { from: String(NOW - DAY), to: BigInt(NOW) },
    },
    { name: '100 currencies', meta: transferables, params: { currencies: many(100) } },
    { name: '10 currencies', meta: batchBorrowable, params: { currencies: many(10) } },
    { name: 'one of requireAnyOf', meta: orderStatus, params: { tx_id: '123' } },
    {
      name: 'int64 as a digit string beyond 2^53',
      meta: push,
      params: { receive_uid: '9223372036854775807', amount: '1' },
    },
    { name: 'int64 as a bigint', meta: push, params: { receive_uid: 9223372036854775807n, amount: '1' } },
    { name: 'largest safe int64 number', meta: push, params: { receive_uid: Number.MAX_SAFE_INTEGER, amount: '1' } },
    { name: 'named-only GET with a query', meta: namedGet, params: { query: { currency_pair: 'BTC_USDT' } } },
    { name: 'named-only POST with a body', meta: namedPost, params: { query: { limit: 5 }, body: [1, 2] } },
    {
      name: 'undefined values of unknown keys are ignored',
      meta: transfer,
      params: { ...okTransfer, extra: undefined },
    },
    {
      name: 'long secret',
      meta: createKey,
      params: { user_id: '5', password: 'long-enough-secret', perms: [{ name: 'wallet' }] },
    },
  ])('$name', ({ meta, params }) => {
    expect(() => validateCall(meta, params, NOW)).not.toThrow();
  });

  it('never puts a secret into the message or the log form', () => {
    const secret = 'hunter2';
    let caught: ValidationError | undefined;
    try {
      validateCall(createKey, { user_id: 1, password: secret }, NOW);
    } catch (e) {
      caught = e as ValidationError;
    }
    expect(caught?.message).toContain('[redacted]');
    expect(caught?.message).not.toContain(secret);
    expect(JSON.stringify(caught?.toJSON())).not.toContain(secret);
  });
});

describe('compareDecimal', () => {
  it.each([
    { given: ['0', '0'], want: 0 },
    { given: ['0.10', '0.1'], want: 0 },
    { given: ['-0', '0'], want: 0 },
    { given: ['0.00000001', '0'], want: 1 },
    { given: ['-1', '0'], want: -1 },
    { given: ['-2', '-10'], want: 1 },
    { given: ['10', '9.999999999'], want: 1 },
    { given: ['007.5', '7.50'], want: 0 },
    { given: ['123456789012345678901234567890.1', '123456789012345678901234567890.09'], want: 1 },
    { given: ['-0.000', '0.0'], want: 0 },
    { given: ['-1.5', '-1.50'], want: 0 },
    { given: ['-1.5', '-1.4'], want: -1 },
    { given: ['-0.01', '0'], want: -1 },
    { given: ['0', '-0.01'], want: 1 },
    { given: ['1', '0.999'], want: 1 },
    { given: ['0.5', '0.50001'], want: -1 },
    { given: ['99', '100'], want: -1 },
  ])('$given -> $want', ({ given, want }) => {
    expect(compareDecimal(given[0] as string, given[1] as string)).toBe(want);
  });
});

describe('inEnum', () => {
  it.each([
    { name: 'a listed string', given: { values: ['spot', 'margin'], value: 'spot' }, want: true },
    { name: 'an unlisted string', given: { values: ['spot', 'margin'], value: 'futures' }, want: false },
    { name: 'a number is not its text', given: { values: ['1'], value: 1 }, want: false },
    { name: 'a bigint matches by its text', given: { values: [5], value: 5n }, want: true },
    { name: 'a bigint that differs', given: { values: ['6'], value: 5n }, want: false },
    { name: 'an empty list', given: { values: [], value: 'spot' }, want: false },
  ])('$name', ({ given, want }) => {
    expect(inEnum(given.values, given.value)).toBe(want);
  });
});
