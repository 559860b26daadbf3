/**
 * The whole release pass on a scratch copy of the repository, as a maintainer runs it after a
 * 3-change release note (a new response field, a tightened withdrawal limit, a new endpoint):
 * `npm run spec:diff -- --write` against the last release's tag, then `npm run generate -- --check`.
 * Every package carries the new version (the client, the mock companion, the Python package), the
 * CHANGELOG section names the three changes, the new operation has drafted fixtures and the
 * fixture coverage test passes there, and both npm tarballs (dry runs) carry the new version and
 * the change, and so does the Python wheel its in-tree PEP 517 backend builds.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planVersion } from '../../generator/diff/semver.js';
import { applyReleaseNote, REPO, scratchRepository, sh } from './scratch-repo.js';

const TSX = path.join(REPO, 'node_modules/.bin/tsx');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let dir: string;
let next: string;
let release: string;
let passLog: string;
const read = (file: string): Promise<string> => readFile(path.join(dir, file), 'utf8');
const version = async (file: string): Promise<unknown> =>
  (JSON.parse(await read(file)) as { version?: unknown }).version;

beforeAll(async () => {
  const scratch = await scratchRepository();
  dir = scratch.dir;
  // The note holds a breaking change (a tightened limit): the bump the diff must propose.
  next = planVersion(scratch.version, [{ category: 'breaking' }]).next;
  release = await applyReleaseNote(dir);
  const pass = await sh(dir, TSX, ['scripts/spec-diff.ts', '--write'], 60_000);
  passLog = `${pass.stdout}\n${pass.stderr}`;
}, 90_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the release pass on a scratch copy', () => {
  it('leaves generated/ as the generator makes it', async () => {
    const check = await sh(dir, TSX, ['generator/cli.ts', '--check'], 60_000);
    expect(check.stdout).toContain('generated/ is up to date');
    expect(passLog).toContain('regenerated generated/');
  }, 60_000);

  it('moves the client, the companion and the Python package to the new version', async () => {
    expect(await version('package.json')).toBe(next);
    expect((JSON.parse(await read('package.json')) as { exchangeApi?: unknown }).exchangeApi).toEqual({ release });
    expect(await version('packages/exchange-v4-mock/package.json')).toBe(next);
    expect(await read('generated/python/pyproject.toml')).toContain(`\nversion = "${next}"\n`);
    const init = await read('generated/python/exchange_v4/__init__.py');
    expect(init).toContain(`\n__version__ = "${next}"\n`);
    expect(init).toContain(`\nAPI_RELEASE = "${release}"\n`);
  });

  it('writes one CHANGELOG section naming the three changes and their effect per target', async () => {
    const changelog = await read('CHANGELOG.md');
    const start = changelog.indexOf(`## ${next} (API ${release})\n`);
    expect(start).toBeGreaterThan(0);
    const section = changelog.slice(start, changelog.indexOf('\n## ', start + 1));
    for (const line of [
      '### Breaking',
      '- rate limit 1 per 3 s (uid, own bucket) → 1 per 10 s (uid, own bucket) (`withdraw` POST /withdrawals)',
      '### Added',
      '- TradeFee.vip_level: field added (`getTradeFee` GET /wallet/fee)',
      '- GET /wallet/withdraw_limits added (`getWithdrawLimits` GET /wallet/withdraw_limits)',
      '- TypeScript: exports added: `GetWithdrawLimitsParams`, `GetWithdrawLimitsResponse`',
      '- Python: names added: `exchange_v4.models.GetWithdrawLimitsData`',
      '- CLI: commands added: `wallet get-withdraw-limits`',
    ])
      expect(section).toContain(line);
  });

  it('drafts the new operation its fixtures, and the fixture coverage test passes', async () => {
    const file = 'mock/fixtures/wallet/getWithdrawLimits.json';
    expect(passLog).toContain(`drafted ${file}`);
    const drafted = JSON.parse(await read(file)) as Array<{ name: string; response: { status: number } }>;
    expect(drafted.map((f) => [f.name, f.response.status])).toEqual([
      ['drafted: getWithdrawLimits success', 200],
      ['drafted: getWithdrawLimits 400', 400],
      ['drafted: getWithdrawLimits 401', 401],
      ['drafted: getWithdrawLimits 429', 429],
      ['drafted: getWithdrawLimits 5XX', 500],
    ]);
    const vitest = path.join(REPO, 'node_modules/.bin/vitest');
    const run = await sh(dir, vitest, ['run', '--reporter=json', 'test/fixtures-coverage/fixtures.test.ts'], 60_000);
    const report = JSON.parse(run.stdout) as {
      numFailedTests: number;
      testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>;
    };
    const results = report.testResults.flatMap((r) => r.assertionResults);
    const own = results.filter((r) => /^'?getWithdrawLimits'? has its fixtures$/.test(r.title));
    expect(own.map((r) => r.status)).toEqual(['passed']);
    expect(report.numFailedTests).toBe(0);
  }, 60_000);

  it('packs both npm packages with the new version and the change', async () => {
    await Promise.all([sh(dir, NPM, ['run', 'build'], 60_000), sh(dir, NPM, ['run', 'build:mock'], 60_000)]);
    const pack = async (folder: string) => {
      const { stdout } = await sh(path.join(dir, folder), NPM, ['pack', '--dry-run', '--json', '--ignore-scripts']);
      const [packed] = JSON.parse(stdout) as Array<{ name: string; version: string; files: Array<{ path: string }> }>;
      return { name: packed?.name, version: packed?.version, files: (packed?.files ?? []).map((f) => f.path) };
    };
    const [client, companion] = await Promise.all([pack('.'), pack('packages/exchange-v4-mock')]);
    expect([client.name, client.version]).toEqual(['exchange-v4', next]);
    expect([companion.name, companion.version]).toEqual(['exchange-v4-mock', next]);
    expect(client.files).toContain('CHANGELOG.md');
    expect(client.files).toContain('dist/esm/operations/wallet.js');
    expect(await read('dist/esm/operations/wallet.js')).toContain('getWithdrawLimits');
    expect(companion.files).toContain('dist/mock/fixtures/wallet/getWithdrawLimits.json');
    expect(existsSync(path.join(dir, 'packages/exchange-v4-mock/dist/generated/ir.json'))).toBe(true);
    expect(await read('packages/exchange-v4-mock/dist/generated/ir.json')).toContain('"getWithdrawLimits"');
  }, 90_000);

  it('builds the Python wheel with the new version and the new operation', async () => {
    const out = path.join(dir, '.tmp', 'wheel');
    const script = [
      'import os, sys, zipfile',
      'sys.path.insert(0, ".")',
      'from _build import backend',
      `os.makedirs(${JSON.stringify(out)}, exist_ok=True)`,
      `name = backend.build_wheel(${JSON.stringify(out)})`,
      `wheel = zipfile.ZipFile(${JSON.stringify(out)} + "/" + name)`,
      'metadata = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))',
      'print(name)',
      'print([l for l in wheel.read(metadata).decode().splitlines() if l.startswith("Version: ")][0])',
      'print("get_withdraw_limits" in wheel.read("exchange_v4/operations/wallet.py").decode())',
    ].join('\n');
    const { stdout } = await sh(path.join(dir, 'generated/python'), 'python3', ['-c', script], 60_000);
    const [file, versionLine, hasOperation] = stdout.trim().split('\n');
    expect(file).toBe(`exchange_v4-${next}-py3-none-any.whl`);
    expect(versionLine).toBe(`Version: ${next}`);
    expect(hasOperation).toBe('True');
  }, 60_000);
});
