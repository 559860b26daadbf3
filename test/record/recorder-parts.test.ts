/**
 * The recorder's pure parts, table-driven: the command line, header filtering, credential and
 * account-id scrubbing, the leak check, and reading a captured URL back into a fixture request.
 */
import { LosslessNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import type { IR } from '../../generator/ir/types.js';
import { UsageError, parseArgs } from '../../scripts/recorder/args.js';
import { groupOf, matchesTemplate } from '../../scripts/recorder/capture.js';
import { decodeQuery, mergedText, pathParams } from '../../scripts/recorder/fixture.js';
import type { RecordedFixture } from '../../scripts/recorder/fixture.js';
import {
  credentialReplacements,
  fakeAccountId,
  findLeak,
  keptHeaders,
  replaceStrings,
  scrubAccounts,
} from '../../scripts/recorder/redact.js';
import { readGenerated } from '../fixtures-coverage/spec-validator.js';

const { ir } = readGenerated();
const BASE = 'https://api.example.com/api/v4';

describe('parseArgs', () => {
  const ok: Array<{ given: { argv: string[]; env?: Record<string, string> }; want: object }> = [
    {
      given: { argv: ['--base', `${BASE}/`, '--op', 'listWithdrawals', '--key', 'k', '--secret', 's'] },
      want: {
        base: BASE,
        op: 'listWithdrawals',
        key: 'k',
        secret: 's',
        params: '{}',
        scrubAccounts: false,
        out: 'mock/fixtures',
        name: undefined,
        allowInvalid: false,
      },
    },
    {
      given: {
        argv: [`--base=${BASE}`, '--op=transfer', '--params={"a":1}', '--scrub-accounts', '--out', 'x', '--name', 'n'],
        env: { EXCHANGE_V4_KEY: 'ek', EXCHANGE_V4_SECRET: 'es' },
      },
      want: {
        base: BASE,
        op: 'transfer',
        key: 'ek',
        secret: 'es',
        params: '{"a":1}',
        scrubAccounts: true,
        out: 'x',
        name: 'n',
      },
    },
    { given: { argv: ['--base', BASE, '--op', 'getSystemTime'] }, want: { key: undefined, secret: undefined } },
    {
      given: {
        argv: ['--base', BASE, '--op', 'x', '--key', 'flag'],
        env: { EXCHANGE_V4_KEY: 'env', EXCHANGE_V4_SECRET: 'es' },
      },
      want: { key: 'flag', secret: 'es' },
    },
    { given: { argv: ['--help'] }, want: { help: true } },
  ];
  it.each(ok)('$given.argv', ({ given, want }) => {
    expect(parseArgs(given.argv, given.env ?? {})).toMatchObject(want);
  });

  const bad: Array<{ given: string[]; want: string }> = [
    { given: ['--op', 'x'], want: '--base is required (the upstream base URL including /api/v4)' },
    {
      given: ['--base', 'ftp://h/api/v4', '--op', 'x'],
      want: '--base must be an http(s) URL without credentials, query or fragment, got "ftp://h/api/v4"',
    },
    { given: ['--base', 'not a url', '--op', 'x'], want: '--base must be an absolute http(s) URL, got "not a url"' },
    { given: ['--base', BASE], want: '--op is required (an operationId, e.g. listWithdrawals)' },
    {
      given: ['--base', BASE, '--op', 'list-withdrawals'],
      want: '--op must be an operationId (letters and digits), got "list-withdrawals"',
    },
    {
      given: ['--base', BASE, '--op', 'x', '--key', 'k'],
      want: '--secret (or EXCHANGE_V4_SECRET) is required with a key',
    },
    {
      given: ['--base', BASE, '--op', 'x', '--secret', 'hidden'],
      want: '--key (or EXCHANGE_V4_KEY) is required with a secret',
    },
    { given: ['--base', BASE, '--op', 'x', '--secret'], want: '--secret needs a value' },
    { given: ['--base', BASE, '--op', 'x', '--verbose'], want: 'unknown flag --verbose (see --help)' },
    { given: ['--base', BASE, '--op', 'x', '--op', 'y'], want: '--op is given twice' },
    { given: ['--scrub-accounts=yes'], want: '--scrub-accounts takes no value' },
    { given: ['listWithdrawals'], want: 'unexpected argument "listWithdrawals" (flags start with --; see --help)' },
  ];
  it.each(bad)('refuses $given', ({ given, want }) => {
    expect(() => parseArgs(given, {})).toThrow(new UsageError(want));
  });
});

describe('keptHeaders', () => {
  const cases: Array<{ given: Record<string, string>; want: Record<string, string> }> = [
    {
      given: {
        'x-pagination-total': '3',
        'x-pagination-limit': '2',
        'content-type': 'application/json',
        'set-cookie': 'a=b',
        'x-svc-trace-id': 't',
      },
      want: { 'X-Pagination-Total': '3', 'X-Pagination-Limit': '2' },
    },
    { given: { key: 'k', sign: 's', timestamp: '1', authorization: 'Bearer x', 'x-csrf-token': 'z' }, want: {} },
    {
      given: {
        'x-svc-ratelimit-limit': '200',
        'x-svc-ratelimit-requests-remain': '3',
        'x-in-time': '1',
        'x-out-time': '2',
        'x-custom': 'kept',
      },
      want: { 'x-custom': 'kept' },
    },
    {
      // What the live service sends: the same per-call counters under its own names.
      given: {
        'x-gate-trace-id': 't',
        'x-gate-ratelimit-limit': '200',
        'x-gate-ratelimit-requests-remain': '3',
        'x-gate-ratelimit-reset-timestamp': '1700000000',
        'x-pagination-total': '3',
      },
      want: { 'X-Pagination-Total': '3' },
    },
  ];
  it.each(cases)('$given', ({ given, want }) => {
    expect(keptHeaders(given, ir as Pick<IR, 'signing' | 'headers'>)).toEqual(want);
  });
});

describe('credential scrubbing', () => {
  it('replaces credential fields and the recording key, never the recording secret', () => {
    const body = {
      key: 'sub-key-1',
      secret: 'sub-secret-1',
      note: 'made by rk and sub-key-1',
      nested: [{ password: 'pw' }],
      other: 'sk',
    };
    const map = credentialReplacements([body], { key: 'rk', secret: 'sk' });
    expect([...map]).toEqual([
      ['rk', 'fake-key-recorded'],
      ['sub-key-1', 'fake-key-1'],
      ['sub-secret-1', 'fake-secret-2'],
      ['pw', 'fake-secret-3'],
    ]);
    expect(replaceStrings(body, map)).toEqual({
      key: 'fake-key-1',
      secret: 'fake-secret-2',
      note: 'made by fake-key-recorded and fake-key-1',
      nested: [{ password: 'fake-secret-3' }],
      other: 'sk',
    });
  });

  const leaks: Array<{ given: string; want: string | undefined }> = [
    { given: '{"a":"sk"}', want: 'secret' },
    { given: '{"rk":1}', want: 'key' },
    { given: '{"m":"abc123sig"}', want: 'signature' },
    { given: '{"m":"clean"}', want: undefined },
  ];
  it.each(leaks)('findLeak($given)', ({ given, want }) => {
    expect(findLeak(given, { key: 'rk', secret: 'sk', signature: 'abc123sig' })).toBe(want);
  });
});

describe('account scrubbing', () => {
  it('maps each id to the same fake id, keeping numbers bare and lists comma-joined', () => {
    const tree = parseLossless(
      '{"uid":"10002311","user_id":36028813724316572,"push_uid":10001234,"sub_uid":"10002311,10002312","sub_account":"10002312","user":0,"amount":"10002311","nested":[{"receive_uid":10001234}]}',
    );
    const text = stringifyLossless(scrubAccounts(tree));
    const a = fakeAccountId('10002311');
    const b = fakeAccountId('10002312');
    const c = fakeAccountId('10001234');
    expect(text).toBe(
      `{"uid":"${a}","user_id":${fakeAccountId('36028813724316572')},"push_uid":${c},"sub_uid":"${a},${b}","sub_account":"${b}","user":0,"amount":"10002311","nested":[{"receive_uid":${c}}]}`,
    );
  });

  it('gives stable, distinct, 8-digit fake ids', () => {
    expect(fakeAccountId('10001234')).toBe(fakeAccountId('10001234'));
    expect(fakeAccountId('10001234')).not.toBe(fakeAccountId('10001235'));
    expect(fakeAccountId('1')).toMatch(/^9\d{7}$/);
    expect(scrubAccounts({ user_id: new LosslessNumber('0') })).toEqual({ user_id: new LosslessNumber('0') });
  });
});

describe('reading the captured request', () => {
  const queries: Array<{ given: string; want: Record<string, string> }> = [
    { given: 'currency=BTC&limit=2', want: { currency: 'BTC', limit: '2' } },
    { given: 'currencies=BTC,ETH&text=a%26b%20c', want: { currencies: 'BTC,ETH', text: 'a&b c' } },
    { given: 'a=1&a=2&flag', want: { a: '1,2', flag: '' } },
    { given: '', want: {} },
  ];
  it.each(queries)('decodeQuery($given)', ({ given, want }) => {
    expect(decodeQuery(given)).toEqual(want);
  });

  it('takes path parameters from the template, decoded', () => {
    expect(pathParams('/sub_accounts/{user_id}/keys/{key}', '/sub_accounts/10001/keys/a%2Fb')).toEqual({
      user_id: '10001',
      key: 'a/b',
    });
    expect(matchesTemplate('/sub_accounts/{user_id}/keys/{key}', '/sub_accounts/10001/keys/k')).toBe(true);
    expect(matchesTemplate('/sub_accounts/{user_id}', '/sub_accounts/unified_mode/x')).toBe(false);
    expect(groupOf('sub_accounts')).toBe('subAccounts');
    expect(groupOf('wallet')).toBe('wallet');
  });

  it('merges into an existing file by name', () => {
    const fixture = (name: string, body: unknown): RecordedFixture => ({
      operationId: 'getSystemTime',
      name,
      request: {},
      response: { status: 200, body },
      recorded: { at: 'x', release: 'r', server: 's' },
    });
    const first = mergedText(undefined, fixture('a', { n: new LosslessNumber('9007199254740993') }));
    expect(first).toContain('"n": 9007199254740993');
    const second = mergedText(first, fixture('b', {}));
    const third = mergedText(second, fixture('a', { n: 1 }));
    expect((JSON.parse(third) as Array<{ name: string; response: unknown }>).map((f) => [f.name, f.response])).toEqual([
      ['a', { status: 200, body: { n: 1 } }],
      ['b', { status: 200, body: {} }],
    ]);
  });
});
