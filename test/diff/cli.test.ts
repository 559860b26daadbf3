/**
 * `scripts/spec-diff.ts` end to end: spawned with `npx tsx` between corpus folders. Exit codes with
 * `--fail-on`, the text and JSON reports, `--write` into a temporary copy of package.json and
 * CHANGELOG.md (never the repository's own), and argument errors.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planVersion } from '../../generator/diff/semver.js';
import { caseDir, REPO } from './helpers.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from the repository root; resolves with the exit code and output. */
function cli(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'scripts/spec-diff.ts', ...args],
      { cwd: REPO, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const FUTURES = [caseDir('futures-size-v4.106.0', 'old'), caseDir('futures-size-v4.106.0', 'new'), '--skip-lint'];
const ADDED = [caseDir('operation-added', 'old'), caseDir('operation-added', 'new'), '--skip-lint'];
const IDENTICAL = [caseDir('identical', 'old'), caseDir('identical', 'new'), '--skip-lint'];
const T = 120_000;

let root: string;
let realPackage: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'spec-diff-cli-'));
  realPackage = await readFile(path.join(REPO, 'package.json'), 'utf8');
  for (const dir of ['write', 'none', 'broken/spec']) await mkdir(path.join(root, dir), { recursive: true });
  for (const dir of ['write', 'none']) {
    await copyFile(path.join(REPO, 'package.json'), path.join(root, dir, 'package.json'));
    await copyFile(path.join(REPO, 'CHANGELOG.md'), path.join(root, dir, 'CHANGELOG.md'));
  }
  await writeFile(
    path.join(root, 'broken/spec/openapi.yaml'),
    'openapi: 3.1.0\ninfo: {title: x, version: nope}\npaths: {}\n',
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  expect(await readFile(path.join(REPO, 'package.json'), 'utf8')).toBe(realPackage);
});

describe.concurrent('spec:diff CLI', () => {
  it(
    '--help documents every flag and exits 0',
    async () => {
      const run = await cli('--help');
      expect(run.code).toBe(0);
      for (const flag of [
        '--write',
        '--fail-on <level>',
        '--json',
        '--skip-lint',
        '--root <dir>',
        '--spec-dir <dir>',
        'v*',
        'Exit codes',
      ])
        expect(run.stdout).toContain(flag);
    },
    T,
  );

  it(
    'compares spec/ with the generated bundle (root x-generated marker), the --help example',
    async () => {
      const run = await cli('spec', 'generated/openapi.json', '--fail-on', 'any');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('spec diff: spec (API v4.');
      expect(run.stdout).toContain('No changes.');
    },
    T,
  );

  it(
    'reports breaking changes and exits 1 with --fail-on breaking',
    async () => {
      const run = await cli(...FUTURES, '--fail-on', 'breaking', '--root', path.join(root, 'none'));
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('(API v4.105.9) →');
      expect(run.stdout).toContain(
        'Breaking (5)\n  - [type-changed] FuturesOrder.iceberg: type integer(int64) → string\n',
      );
      expect(run.stdout).toContain(
        '      old: /components/schemas/Position/properties/size\n      new: /components/schemas/Position/properties/size\n',
      );
      expect(run.stdout).toContain('summary: 5 breaking, 2 added, 0 deprecated, 1 changed');
      expect(run.stderr).toContain('5 breaking change(s) (--fail-on breaking)');
    },
    T,
  );

  it(
    '--fail-on breaking passes additions; --fail-on any does not',
    async () => {
      const [breaking, any] = await Promise.all([
        cli(...ADDED, '--fail-on', 'breaking'),
        cli(...ADDED, '--fail-on', 'any'),
      ]);
      expect(breaking.code).toBe(0);
      expect(breaking.stdout).toContain('Added (4)\n  - [export-added] CLI: commands added: `wallet list-deposits`\n');
      expect(breaking.stdout).toContain('  - [operation-added] GET /wallet/deposits added');
      expect(any.code).toBe(1);
      expect(any.stderr).toContain('4 change(s) (--fail-on any)');
    },
    T,
  );

  it(
    '--json prints the diff and the version plan',
    async () => {
      const run = await cli(...FUTURES, '--json', '--root', path.join(root, 'none'));
      expect(run.code).toBe(0);
      const out = JSON.parse(run.stdout) as {
        counts: Record<string, number>;
        version: { needed: string };
        changes: Array<{ kind: string }>;
        new: { release: string };
      };
      expect(out.counts).toEqual({ breaking: 5, added: 2, deprecated: 0, changed: 1 });
      expect(out.version.needed).toBe('major');
      expect(out.new.release).toBe('v4.106.0');
      expect(out.changes.map((c) => c.kind)).toEqual([
        ...Array<string>(5).fill('type-changed'),
        'export-added',
        'parameter-added',
        'api-release-changed',
      ]);
    },
    T,
  );

  it(
    'identical specs: no changes, --fail-on any passes, --write writes nothing',
    async () => {
      const dir = path.join(root, 'none');
      const before = await readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
      const run = await cli(...IDENTICAL, '--fail-on', 'any', '--write', '--root', dir);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('No changes.');
      expect(run.stderr).toContain('no changes: nothing written');
      expect(await readFile(path.join(dir, 'CHANGELOG.md'), 'utf8')).toBe(before);
      expect(await readFile(path.join(dir, 'package.json'), 'utf8')).toBe(realPackage);
    },
    T,
  );

  it(
    '--write prepends the changelog section and sets version and exchangeApi.release in the copy',
    async () => {
      const dir = path.join(root, 'write');
      const changelogBefore = await readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
      const run = await cli(...FUTURES, '--write', '--root', dir);
      expect(run.code).toBe(0);
      const pkgBefore = JSON.parse(realPackage) as Record<string, unknown>;
      const next = planVersion(String(pkgBefore.version), [{ category: 'breaking' }]).next;
      const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      expect(pkg).toEqual({ ...pkgBefore, version: next, exchangeApi: { release: 'v4.106.0' } });
      const changelog = await readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
      const firstSection = changelogBefore.indexOf('\n## ');
      expect(changelog.startsWith(changelogBefore.slice(0, firstSection + 1))).toBe(true);
      expect(changelog.slice(firstSection + 1)).toMatch(
        new RegExp(
          `^## ${next.replace(/\./g, '\\.')} \\(API v4\\.106\\.0\\)\n\n### Breaking\n\n- FuturesOrder\\.iceberg`,
        ),
      );
      expect(changelog.endsWith(changelogBefore.slice(firstSection + 1))).toBe(true);
    },
    T,
  );

  it.each([
    { given: ['--fail-on', 'sometimes'], want: '--fail-on must be breaking or any, got "sometimes"' },
    { given: ['--bogus'], want: "Unknown option '--bogus'" },
    {
      given: ['no-such-side-or-revision', 'spec', '--skip-lint'],
      want: '"no-such-side-or-revision" is not a folder, a file, or a revision',
    },
  ])(
    'exits 2 on $given',
    async ({ given, want }) => {
      const run = await cli(...given);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(want);
    },
    T,
  );

  it(
    'exits 2 naming the problems of a spec that cannot be built',
    async () => {
      const run = await cli(path.join(root, 'broken/spec'), caseDir('identical', 'new'), '--skip-lint');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('a side has spec problems');
      expect(run.stderr).toContain('info.version must be the API release label');
    },
    T,
  );
});
