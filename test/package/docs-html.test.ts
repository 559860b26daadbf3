/**
 * `npm run docs`: TypeDoc builds the HTML API reference from the package's entry point with no
 * warning (the config treats warnings as errors), into a folder of its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const out = mkdtempSync(join(tmpdir(), 'exchange-v4-docs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('builds the HTML reference with 0 warnings', () => {
  const run = spawnSync('npx', ['typedoc', '--out', out], { encoding: 'utf8', timeout: 120_000 });
  const report = `${run.stdout}${run.stderr}`;
  expect(run.status, report).toBe(0);
  expect(report).not.toMatch(/\[warning\]/);
  expect(existsSync(join(out, 'index.html'))).toBe(true);
  const client = readFileSync(join(out, 'classes', 'ExchangeClient.html'), 'utf8');
  expect(client).toContain('resolveOutcome');
}, 120_000);
