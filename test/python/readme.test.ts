/**
 * The README's Python quick starts are examples/python/quick_start.py and async_quick_start.py,
 * shown exactly; they run against the mock with the mock's key pair, and every Python example
 * passes pyright (strict).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR, MOCK_KEY, MOCK_SECRET, startMock, type MockServer } from '../../mock/index.js';
import { PYTHON_DIR, ROOT } from './support/runner.js';

const FILE = 'examples/python/quick_start.py';
const ASYNC_FILE = 'examples/python/async_quick_start.py';

/** Runs a Python example against `url` with the mock's key pair. */
const runExample = (file: string, url: string): Promise<{ stdout: string; stderr: string }> =>
  promisify(execFile)('python3', [`${ROOT}${file}`], {
    env: {
      ...process.env,
      PYTHONPATH: PYTHON_DIR,
      PYTHONDONTWRITEBYTECODE: '1',
      EXCHANGE_V4_KEY: MOCK_KEY,
      EXCHANGE_V4_SECRET: MOCK_SECRET,
      EXCHANGE_V4_BASE_URL: url,
    },
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('README: Python quick start', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ fixturesDir: DEFAULT_FIXTURES_DIR });
  });
  afterAll(() => mock.close());

  it.each([FILE, ASYNC_FILE])('shows %s exactly', (file) => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const block = new RegExp(`<!-- example: ${file} -->\\n\\n?\`\`\`python\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1];
    expect(block, `README has no python block for ${file}`).toBe(readFileSync(`${ROOT}${file}`, 'utf8'));
  });

  it('every Python example passes pyright strict against the generated package', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'py-examples-'));
    try {
      const config = {
        include: [path.relative(dir, `${ROOT}examples/python`)],
        extraPaths: [path.relative(dir, PYTHON_DIR)],
        typeCheckingMode: 'strict',
        pythonVersion: '3.11',
      };
      writeFileSync(path.join(dir, 'pyrightconfig.json'), JSON.stringify(config));
      const run = await promisify(execFile)(`${ROOT}node_modules/.bin/pyright`, ['-p', dir], {
        encoding: 'utf8',
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      expect(run.stdout).toMatch(/\b0 errors, 0 warnings/);
      expect(run.stdout).not.toMatch(/No source files found/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('runs against the mock: a public read, signed reads, 90 days in windows, one transfer', async () => {
    // Asynchronously: the mock answers from this process.
    const run = await runExample(FILE, mock.url);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^\d+ USDT chains$/m);
    expect(run.stdout).toMatch(/^w\d+ [\d.]+ (DONE|CANCEL)$/m);
    expect(Number(/^(\d+) in 90 days$/m.exec(run.stdout)?.[1])).toBeGreaterThan(100);
    expect(run.stdout).toMatch(/^transfer 9007199254740993$/m);
    expect(mock.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const signed = mock.requests.filter((r) => !['listCurrencyChains', 'getSystemTime'].includes(r.operationId ?? ''));
    expect(signed.length).toBeGreaterThan(3);
    expect(signed.every((r) => r.verified)).toBe(true);
  });

  it('runs the asyncio quick start against the mock: concurrent reads, async for, with_response, one transfer', async () => {
    const before = mock.requests.length;
    const run = await runExample(ASYNC_FILE, mock.url);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^\d+ USDT chains, [1-5] BTC withdrawals$/m);
    expect(Number(/^(\d+) in 90 days$/m.exec(run.stdout)?.[1])).toBeGreaterThan(100);
    expect(run.stdout).toMatch(/^status 200 attempts 1$/m);
    expect(run.stdout).toMatch(/^transfer \d+$/m);
    const requests = mock.requests.slice(before);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const signed = requests.filter((r) => !['listCurrencyChains', 'getSystemTime'].includes(r.operationId ?? ''));
    expect(signed.length).toBeGreaterThan(3);
    expect(signed.every((r) => r.verified)).toBe(true);
  });
});
