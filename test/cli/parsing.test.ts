/**
 * The CLI's pure parts: command names, values read by the parameter's rule, the command line
 * split into words and flags, required parameters, and exit codes by error class.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandWords, operationFlags, readOperationArgs, GLOBAL_FLAGS } from '../../cli/args.js';
import { CliUsageError, errorJson, exitCodeFor } from '../../cli/errors.js';
import { commandTable, kebabCase } from '../../cli/names.js';
import { parseValue, type ValueRule } from '../../cli/values.js';
import {
  AuthenticationError,
  ConnectionError,
  operationMetas,
  RateLimitError,
  UnknownOutcomeError,
  ValidationError,
} from '../../generated/src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'exchange-v4-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('command names', () => {
  it.each([
    { given: 'listWithdrawals', want: 'list-withdrawals' },
    { given: 'listSTPGroups', want: 'list-stp-groups' },
    { given: 'sub_accounts', want: 'sub-accounts' },
    { given: 'getSystemTime', want: 'get-system-time' },
  ])('$given -> $want', ({ given, want }) => expect(kebabCase(given)).toBe(want));

  it('names every operation once, under its area', () => {
    const table = commandTable(Object.values(operationMetas));
    const count = [...table.values()].reduce((sum, ops) => sum + ops.size, 0);
    expect(count).toBe(Object.keys(operationMetas).length);
    expect(table.get('wallet')?.get('list-withdrawals')?.id).toBe('listWithdrawals');
    expect(table.get('sub-accounts')?.has('list-sub-accounts')).toBe(true);
  });

  it('no parameter of any operation clashes with a global flag', () => {
    const clashes = Object.values(operationMetas).flatMap((meta) =>
      operationFlags(meta)
        .filter((flag) => flag in GLOBAL_FLAGS)
        .map((flag) => `${meta.id}.${flag}`),
    );
    expect(clashes).toEqual([]);
  });
});

describe('values by rule', () => {
  const int32: ValueRule = { type: 'integer', format: 'int32' };
  it.each<{ given: [string, ValueRule]; want: unknown }>([
    { given: ['10', int32], want: 10 },
    { given: ['1795411736000123456', { type: 'integer', format: 'int64' }], want: '1795411736000123456' },
    { given: ['1.5', { type: 'number' }], want: 1.5 },
    { given: ['true', { type: 'boolean' }], want: true },
    { given: ['false', { type: 'boolean' }], want: false },
    { given: ['SPOT', { type: 'string', enum: ['SPOT', 'PILOT'] }], want: 'SPOT' },
    { given: ['BTC_USDT,ETH_USDT', { type: 'array', items: { type: 'string' } }], want: ['BTC_USDT', 'ETH_USDT'] },
    { given: ['1,2', { type: 'array', items: int32 }], want: [1, 2] },
    { given: ['[1,2]', { type: 'array', items: int32 }], want: [1, 2] },
    { given: ['{"a":1}', { type: 'object' }], want: { a: 1 } },
    { given: ['12.5', { type: 'string' }], want: '12.5' },
  ])('$given.0 -> $want', ({ given: [text, rule], want }) => expect(parseValue('f', text, rule)).toEqual(want));

  it.each<{ given: [string, ValueRule]; want: string }>([
    { given: ['ten', int32], want: 'integer' },
    { given: ['1.5', int32], want: 'integer' },
    { given: ['x', { type: 'number' }], want: 'number' },
    { given: ['yes', { type: 'boolean' }], want: 'boolean' },
    { given: ['LIVE', { type: 'string', enum: ['SPOT', 'PILOT'] }], want: 'enum' },
    { given: ['1,x', { type: 'array', items: int32 }], want: 'integer' },
    { given: ['{a', { type: 'object' }], want: 'json' },
    { given: ['@/nonexistent/body.json', { type: 'object' }], want: 'file' },
  ])('rejects $given.0 by rule $want, naming the flag and the value', ({ given: [text, rule], want }) => {
    let error: unknown;
    try {
      parseValue('field_x', text, rule);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliUsageError);
    expect(error).toMatchObject({ rule: want, field: 'field_x' });
    expect((error as Error).message).toContain(`--field_x ${JSON.stringify(text.split(',').pop())}`);
  });

  it('reads @file.json', () => {
    const file = join(dir, 'body.json');
    writeFileSync(file, '[{"text":"t-1"}]');
    expect(parseValue('body', `@${file}`, { type: 'object' })).toEqual([{ text: 't-1' }]);
  });
});

describe('command line', () => {
  it.each([
    { given: ['wallet', 'list-withdrawals', '--currency', 'USDT'], want: [['wallet', 'list-withdrawals'], 2] },
    { given: ['--mock', 'wallet', 'list-withdrawals'], want: [['wallet', 'list-withdrawals'], 1] },
    { given: ['--base-url', 'http://x', 'spot', 'get-system-time'], want: [['spot', 'get-system-time'], 2] },
    { given: ['spot', '--help'], want: [['spot'], 1] },
  ])('$given', ({ given, want }) => {
    const { words, rest } = commandWords(given);
    expect([words, rest.length]).toEqual(want);
  });

  it('builds the params object by the operation metadata and checks required parameters first', () => {
    const meta = operationMetas.listWithdrawals;
    expect(readOperationArgs(meta, ['--currency', 'USDT', '--limit', '5', '--from', '1795411736']).params).toEqual({
      currency: 'USDT',
      limit: 5,
      from: '1795411736',
    });
    expect(() => readOperationArgs(meta, ['--currencyy', 'USDT'])).toThrow(CliUsageError);
    expect(() => readOperationArgs(operationMetas.cancelWithdrawal, [])).toThrow(
      expect.objectContaining({ rule: 'required', field: 'withdrawal_id' }),
    );
  });

  it('takes --body for list bodies, and no --query on a shaped operation', () => {
    const meta = operationMetas.createBatchFuturesOrder;
    expect(meta.shape).toBe('shaped');
    expect(operationFlags(meta)).toEqual(expect.arrayContaining(['settle', 'body']));
    expect(operationFlags(meta)).not.toContain('query');
    const item = '{"contract":"BTC_USDT","size":"1","price":"0"}';
    const { params } = readOperationArgs(meta, ['--settle', 'usdt', '--body', `[${item}]`]);
    expect(params).toEqual({ settle: 'usdt', body: [{ contract: 'BTC_USDT', size: '1', price: '0' }] });
    expect(() => readOperationArgs(meta, ['--settle', 'usdt', '--body', '[]', '--query', '{}'])).toThrow(CliUsageError);
  });

  it('takes --query with --body for named-only operations (every operation of the spec is shaped today)', () => {
    const meta = { ...operationMetas.cancelBatchFutureOrders, shape: 'named-only' as const };
    expect(operationFlags(meta)).toEqual(expect.arrayContaining(['settle', 'body', 'query']));
    const { params } = readOperationArgs(meta, ['--settle', 'usdt', '--body', '[{"a":"1"}]', '--query', '{}']);
    expect(params).toEqual({ settle: 'usdt', body: [{ a: '1' }], query: {} });
  });
});

describe('exit codes and error JSON', () => {
  it.each([
    { given: new CliUsageError('bad', 'flag'), want: 2 },
    { given: new ValidationError('limit', 0, 'minimum', 'must be at least 1'), want: 3 },
    { given: new AuthenticationError(401, 'INVALID_SIGNATURE', 'bad sign', {}), want: 4 },
    { given: new RateLimitError(429, 'TOO_MANY_REQUESTS', '', {}), want: 7 },
    { given: new ConnectionError('refused'), want: 9 },
    { given: new UnknownOutcomeError('lost'), want: 10 },
    { given: new Error('other'), want: 1 },
  ])('$given.name -> $want', ({ given, want }) => expect(exitCodeFor(given)).toBe(want));

  it('writes the class and label of a client error', () => {
    const json = errorJson(new RateLimitError(429, 'TOO_MANY_REQUESTS', 'slow down', {}));
    expect(json).toMatchObject({ name: 'RateLimitError', label: 'TOO_MANY_REQUESTS', status: 429 });
  });
});
