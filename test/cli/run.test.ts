/**
 * The CLI end to end in one process against the mock: an operation called from the command line
 * with the key pair from the environment, JSON on stdout, errors as JSON on stderr with their exit
 * code, help at each level, and no secret in any output.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topHelp } from '../../cli/help.js';
import { runCli } from '../../cli/run.js';
import { operationMetas } from '../../generated/src/metadata.js';
import { MOCK_KEY, MOCK_SECRET, startMock, type MockServer } from '../../mock/index.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
});

/** Runs the CLI with the mock's key pair (or `env`) and captures its output. */
async function cli(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    env: { EXCHANGE_V4_KEY: MOCK_KEY, EXCHANGE_V4_SECRET: MOCK_SECRET, EXCHANGE_V4_BASE_URL: mock.url, ...env },
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
  });
  expect(out + err).not.toContain(MOCK_SECRET);
  return { code, out, err };
}

describe('calls', () => {
  it('lists withdrawals as JSON, int64 values as strings', async () => {
    const { code, out, err } = await cli(['wallet', 'list-withdrawals', '--currency', 'USDT', '--limit', '3']);
    expect([code, err]).toEqual([0, '']);
    const list = JSON.parse(out) as { currency: string; timestamp: unknown }[];
    expect(list).toHaveLength(3);
    expect(list.every((record) => record.currency === 'USDT' && typeof record.timestamp === 'string')).toBe(true);
  });

  it('--base-url wins over EXCHANGE_V4_BASE_URL', async () => {
    const { code, out } = await cli(['--base-url', mock.url, 'spot', 'get-system-time'], {
      EXCHANGE_V4_BASE_URL: 'http://127.0.0.1:1/api/v4',
    });
    expect(code).toBe(0);
    const answer = JSON.parse(out) as { server_time?: unknown };
    expect(String(answer.server_time)).toMatch(/^\d+$/);
    expect(typeof answer.server_time).toBe('string');
  });
});

describe('errors', () => {
  it.each([
    {
      argv: ['wallet', 'list-withdrawals', '--limit', 'ten'],
      want: { code: 2, name: 'CliUsageError', field: 'limit' },
    },
    {
      argv: ['wallet', 'list-withdrawals', '--limit', '0'],
      want: { code: 3, name: 'ValidationError', field: 'limit' },
    },
    { argv: ['walet', 'list-withdrawals'], want: { code: 2, name: 'CliUsageError', rule: 'unknown-command' } },
    { argv: ['wallet', 'list-withdrawal'], want: { code: 2, name: 'CliUsageError', rule: 'unknown-command' } },
    {
      argv: ['--server', 'sandbox', 'spot', 'get-system-time'],
      want: { code: 2, name: 'CliUsageError', field: 'server' },
    },
    {
      argv: ['--mock', 'spot', 'get-system-time'],
      want: { code: 2, name: 'CliUsageError', rule: 'companion-missing' },
    },
  ])('$argv -> exit $want.code', async ({ argv, want }) => {
    const { code, out, err } = await cli(argv);
    const { code: wantCode, ...fields } = want;
    expect([code, out]).toEqual([wantCode, '']);
    expect(JSON.parse(err)).toMatchObject(fields);
  });

  it('a wrong secret is an AuthenticationError with its label (exit 4), the secret in no output', async () => {
    const wrong = 'wrong-secret-must-not-be-printed';
    const { code, out, err } = await cli(['wallet', 'list-withdrawals'], { EXCHANGE_V4_SECRET: wrong });
    expect([code, out]).toEqual([4, '']);
    expect(JSON.parse(err)).toMatchObject({ name: 'AuthenticationError', label: 'INVALID_SIGNATURE', status: 401 });
    expect(err).not.toContain(wrong);
  });

  it('says how to get the companion when --mock cannot find it', async () => {
    const { err } = await cli(['--mock', 'spot', 'get-system-time']);
    expect(err).toContain('npm install --save-dev exchange-v4-mock');
  });
});

describe('help', () => {
  it.each([
    { argv: ['--help'], want: ['Usage: exchange-v4', 'wallet', 'EXCHANGE_V4_KEY'] },
    {
      argv: ['wallet', '--help'],
      want: ['list-withdrawals', 'GET /wallet/withdrawals (signed)', 'List withdrawal records'],
    },
    {
      argv: ['wallet', 'list-withdrawals', '--help'],
      want: [
        '--limit  integer (int32), query, 1..1000',
        '--asset_class  string, query, one of SPOT|PILOT',
        'Retry: safe',
        'Maximum number of records returned.',
      ],
    },
    // Counts of one read in the singular.
    { argv: ['withdrawals', 'withdraw', '--help'], want: ['Rate limit: 1 request per 3 s per uid'] },
  ])('$argv', async ({ argv, want }) => {
    const { code, out } = await cli(argv);
    expect(code).toBe(0);
    for (const text of want) expect(out).toContain(text);
  });

  it('counts the operations of each area', async () => {
    const { out } = await cli(['--help']);
    expect(out).toMatch(/^ {2}crossex +31 operations$/m);
    expect(out).toMatch(/^ {2}square +2 operations$/m);
    expect(out).toMatch(/^ {2}coupon +2 operations$/m);
    expect(out).not.toMatch(/\b1 operations\b/);
  });

  it('names a one-operation area in the singular', () => {
    const one = new Map([['create-crossex-order', operationMetas.createCrossexOrder]]);
    const out = topHelp(new Map([['crossex', one]]));
    expect(out).toMatch(/^ {2}crossex +1 operation$/m);
    expect(out).not.toMatch(/\b1 operations\b/);
  });

  it('without a command prints the usage and exits 2', async () => {
    const { code, out } = await cli([]);
    expect(code).toBe(2);
    expect(out).toContain('Usage: exchange-v4');
  });
});
