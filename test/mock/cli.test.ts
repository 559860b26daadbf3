import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MOCK_KEY, MOCK_SECRET } from '../../mock/index.js';
import { makeTestApi } from './support/api.js';
import { send } from './support/sign.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mock-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): { output: Promise<string>; exit: Promise<number | null>; stop: () => void } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const output = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output in time: ${text}`)), 15_000);
    const onData = (chunk: Buffer): void => {
      text += chunk.toString();
      if (text.includes('stop with Ctrl-C') || text.includes('mock: ')) {
        clearTimeout(timer);
        resolve(text);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output, exit, stop: () => child.kill('SIGTERM') };
}

describe('npm run mock (mock/cli.ts)', () => {
  it('prints the URL and the test key pair, serves until stopped, and exits 0', async () => {
    const { spec, ir } = makeTestApi();
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(spec));
    writeFileSync(join(dir, 'ir.json'), JSON.stringify(ir));
    const cli = run([
      '--port',
      '0',
      '--spec',
      join(dir, 'openapi.json'),
      '--ir',
      join(dir, 'ir.json'),
      '--fixtures',
      'test/mock/fixtures',
      '--max-body-bytes',
      '64',
      '--request-log-size',
      '5',
    ]);
    try {
      const text = await cli.output;
      expect(text).toContain(`key:    ${MOCK_KEY}`);
      expect(text).toContain(`secret: ${MOCK_SECRET}`);
      expect(text).toContain('fixtures: 12');
      const url = /mock listening: (http:\/\/127\.0\.0\.1:\d+\/api\/v4)/.exec(text)?.[1];
      expect(url).toBeDefined();
      const time = await send(url as string, { method: 'GET', path: '/spot/time', signed: false });
      expect(time.status).toBe(200);
      const signed = await send(url as string, { method: 'GET', path: '/wallet/withdrawals', query: 'limit=1' });
      expect(signed.status).toBe(200);
      const big = await send(url as string, { method: 'POST', path: '/wallet/transfers', body: 'x'.repeat(65) });
      expect([big.status, big.json['label']]).toEqual([413, 'REQUEST_BODY_TOO_LARGE']);
    } finally {
      cli.stop();
    }
    expect(await cli.exit).toBe(0);
  });

  const bad = [
    { given: ['--port', 'x'], want: '--port must be an integer' },
    { given: ['--fixtures', '/no/such/folder'], want: 'does not exist' },
    { given: ['--spec', '/no/such/openapi.json'], want: 'not found' },
    { given: ['--bogus'], want: 'bogus' },
    { given: ['--max-body-bytes', '0'], want: '--max-body-bytes must be a positive whole number' },
    { given: ['--request-log-size', '1e3'], want: '--request-log-size must be a positive whole number' },
    { given: ['--request-log-body-bytes', 'lots'], want: '--request-log-body-bytes must be a positive whole number' },
  ];
  for (const { given, want } of bad) {
    it(`exits 1 with a clear message for ${given.join(' ')}`, async () => {
      const cli = run(given);
      expect(await cli.output).toContain(want);
      expect(await cli.exit).toBe(1);
    });
  }
});
