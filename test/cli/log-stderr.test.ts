/**
 * `EXCHANGE_V4_LOG=debug` never writes to stdout: the CLI run as a process against the mock prints
 * its JSON answer alone on stdout (so `exchange-v4 ... | jq` works) and the log lines on stderr.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MOCK_KEY, MOCK_SECRET, startMock, type MockServer } from '../../mock/index.js';

const run = promisify(execFile);
let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
});

it.each(['debug', 'info'])(
  'EXCHANGE_V4_LOG=%s: stdout is the JSON answer only, the log lines are on stderr',
  async (level) => {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', 'wallet', 'list-withdrawals', '--currency', 'USDT', '--limit', '2'],
      {
        env: {
          ...process.env,
          EXCHANGE_V4_LOG: level,
          EXCHANGE_V4_KEY: MOCK_KEY,
          EXCHANGE_V4_SECRET: MOCK_SECRET,
          EXCHANGE_V4_BASE_URL: mock.url,
        },
        timeout: 30_000,
      },
    );
    expect(JSON.parse(stdout)).toHaveLength(2);
    expect(stderr).toMatch(/^exchange-v4 response listWithdrawals GET /m);
    if (level === 'debug') expect(stderr).toMatch(/^exchange-v4 request listWithdrawals GET /m);
    expect(stdout + stderr).not.toContain(MOCK_SECRET);
  },
);
