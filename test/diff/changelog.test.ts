/** The changelog section (exact markdown), prepending it, and the package.json release fields. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangelogError, changelogSection, prependSection } from '../../generator/diff/changelog.js';
import { mkdir } from 'node:fs/promises';
import {
  COMPANION_PACKAGE,
  PackageJsonError,
  setCompanionVersion,
  setPackageRelease,
  writeRelease,
} from '../../generator/diff/release.js';
import { planVersion, VersionError } from '../../generator/diff/semver.js';
import type { Change } from '../../generator/diff/types.js';

const op = (id: string, method: 'GET' | 'POST', p: string): Change['operations'][number] => ({ id, method, path: p });
const CHANGES: Change[] = [
  {
    category: 'breaking',
    kind: 'type-changed',
    component: 'FuturesOrder',
    operations: [
      op('createFuturesOrder', 'POST', '/futures/{settle}/orders'),
      op('listFuturesOrders', 'GET', '/futures/{settle}/orders'),
    ],
    before: '/components/schemas/FuturesOrder/properties/size',
    after: '/components/schemas/FuturesOrder/properties/size',
    message: 'FuturesOrder.size: type integer(int64) → string',
  },
  {
    category: 'added',
    kind: 'operation-added',
    operations: [op('listDeposits', 'GET', '/wallet/deposits')],
    before: null,
    after: '/paths/~1wallet~1deposits/get',
    message: 'GET /wallet/deposits added',
  },
  {
    category: 'deprecated',
    kind: 'deprecation-announced',
    operations: [op('listPortfolioAccounts', 'GET', '/portfolio/accounts')],
    before: null,
    after: '/x-removed-operations/0',
    message: 'GET /portfolio/accounts deprecated; replaced by GET /unified/accounts; removal 2023-12-31',
  },
  {
    category: 'changed',
    kind: 'api-release-changed',
    operations: [],
    before: '/info/version',
    after: '/info/version',
    message: 'API release v4.105.9 → v4.106.0',
  },
];

const SECTION = `## 0.2.0 (API v4.106.0)

### Breaking

- FuturesOrder.size: type integer(int64) → string (\`createFuturesOrder\` POST /futures/{settle}/orders, \`listFuturesOrders\` GET /futures/{settle}/orders)

### Added

- GET /wallet/deposits added (\`listDeposits\` GET /wallet/deposits)

### Deprecated

- GET /portfolio/accounts deprecated; replaced by GET /unified/accounts; removal 2023-12-31 (\`listPortfolioAccounts\` GET /portfolio/accounts)

### Fixed

- API release v4.105.9 → v4.106.0
`;

describe('changelogSection', () => {
  it('writes the heading and the four groups in order', () => {
    expect(changelogSection('0.2.0', 'v4.106.0', CHANGES)).toBe(SECTION);
  });
  it('leaves out empty groups', () => {
    expect(changelogSection('0.1.1', 'v4.106.51', CHANGES.slice(3))).toBe(
      '## 0.1.1 (API v4.106.51)\n\n### Fixed\n\n- API release v4.105.9 → v4.106.0\n',
    );
  });
});

describe('changelogSection: lines per target language', () => {
  const exportAdded = (target: 'typescript' | 'python' | 'cli', message: string): Change => ({
    category: 'added',
    kind: 'export-added',
    target,
    operations: [op('listDeposits', 'GET', '/wallet/deposits')],
    before: null,
    after: '/paths/~1wallet~1deposits/get',
    message,
  });
  it('puts the lines of each target after the others, in report order', () => {
    const changes = [
      exportAdded('cli', 'CLI: commands added: `wallet list-deposits`'),
      exportAdded('python', 'Python: names added: `ListDepositsParams`'),
      exportAdded('typescript', 'TypeScript: exports added: `listDeposits`'),
      CHANGES[1] as Change,
    ];
    const lines = changelogSection('0.2.0', 'v4.106.0', changes)
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map((l) => l.replace(/ \(`listDeposits`.*$/, ''));
    expect(lines).toEqual([
      '- GET /wallet/deposits added',
      '- CLI: commands added: `wallet list-deposits`',
      '- Python: names added: `ListDepositsParams`',
      '- TypeScript: exports added: `listDeposits`',
    ]);
  });
});

describe('prependSection', () => {
  const INTRO = '# Changelog\n\nNotes for each release.\n';
  const OLD = '## 0.1.0 (API v4.106.51)\n\nFirst release.\n';
  const CASES: Array<{ given: string | undefined; want: string }> = [
    { given: undefined, want: `# Changelog\n\n${SECTION}` },
    { given: '', want: `# Changelog\n\n${SECTION}` },
    { given: INTRO, want: `${INTRO}\n${SECTION}` },
    { given: `${INTRO}\n${OLD}`, want: `${INTRO}\n${SECTION}\n${OLD}` },
    { given: `${INTRO}\n\n\n${OLD}`, want: `${INTRO}\n${SECTION}\n${OLD}` },
  ];
  it.each(CASES)('%#', ({ given, want }) => {
    expect(prependSection(given, SECTION)).toBe(want);
  });
  it('refuses a version that already has a section', () => {
    expect(() => prependSection(`${INTRO}\n${SECTION}`, SECTION)).toThrow(ChangelogError);
    expect(() => prependSection(`${INTRO}\n${SECTION}`, SECTION)).toThrow('already has a section for 0.2.0');
  });
});

describe('setPackageRelease', () => {
  it('sets version, adds exchangeApi after it, keeps everything else and 2-space indentation', () => {
    const text = '{\n  "name": "x",\n  "version": "0.1.0",\n  "scripts": {\n    "a": "b"\n  }\n}\n';
    expect(setPackageRelease(text, '0.2.0', 'v4.106.0')).toBe(
      '{\n  "name": "x",\n  "version": "0.2.0",\n  "exchangeApi": {\n    "release": "v4.106.0"\n  },\n  "scripts": {\n    "a": "b"\n  }\n}\n',
    );
  });
  it('updates an existing exchangeApi in place', () => {
    const text =
      '{\n  "version": "0.2.0",\n  "private": true,\n  "exchangeApi": {\n    "release": "v4.106.0",\n    "notes": "kept"\n  }\n}\n';
    expect(setPackageRelease(text, '0.2.1', 'v4.106.1')).toBe(
      '{\n  "version": "0.2.1",\n  "private": true,\n  "exchangeApi": {\n    "release": "v4.106.1",\n    "notes": "kept"\n  }\n}\n',
    );
  });
  it.each([
    { given: ['{}', '1.0', 'v4.1.0'], want: VersionError },
    { given: ['{}', '1.0.0', '4.1.0'], want: PackageJsonError },
    { given: ['[1]', '1.0.0', 'v4.1.0'], want: PackageJsonError },
    { given: ['{"version": ', '1.0.0', 'v4.1.0'], want: PackageJsonError },
  ])('rejects $given', ({ given: [text, version, release], want }) => {
    expect(() => setPackageRelease(text as string, version as string, release as string)).toThrow(want);
  });
});

describe('setCompanionVersion', () => {
  const companion = (deps: string): string =>
    `{\n  "name": "exchange-v4-mock",\n  "version": "0.1.0",\n  "dependencies": {\n${deps}\n  }\n}\n`;
  it.each([
    {
      given: companion('    "ajv": "8.20.0"'),
      want: companion('    "ajv": "8.20.0"').replace('"0.1.0"', '"0.2.0"'),
    },
    {
      given: companion('    "ajv": "8.20.0",\n    "exchange-v4": "0.1.0"'),
      want: companion('    "ajv": "8.20.0",\n    "exchange-v4": "0.2.0"').replace(
        '"version": "0.1.0"',
        '"version": "0.2.0"',
      ),
    },
    {
      given: '{\n  "version": "0.1.0",\n  "peerDependencies": {\n    "exchange-v4": "^0.1.0"\n  }\n}\n',
      want: '{\n  "version": "0.2.0",\n  "peerDependencies": {\n    "exchange-v4": "^0.2.0"\n  }\n}\n',
    },
  ])('moves the version and any pin on the client: %#', ({ given, want }) => {
    expect(setCompanionVersion(given, '0.2.0', 'exchange-v4')).toBe(want);
  });
  it.each([
    { given: ['{"version": "0.1.0"}', '2'], want: VersionError },
    { given: ['[]', '0.2.0'], want: PackageJsonError },
  ])('rejects $given', ({ given: [text, version], want }) => {
    expect(() => setCompanionVersion(text as string, version as string, 'exchange-v4')).toThrow(want);
  });
});

describe('writeRelease', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes CHANGELOG.md and package.json in the given folder only', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'release-'));
    await writeFile(path.join(dir, 'package.json'), '{\n  "name": "x",\n  "version": "0.1.0"\n}\n');
    await writeFile(path.join(dir, 'CHANGELOG.md'), '# Changelog\n\n## 0.1.0 (API v4.105.9)\n\nFirst release.\n');
    const plan = planVersion('0.1.0', CHANGES);
    const written = await writeRelease(dir, plan, 'v4.106.0', CHANGES);
    expect(written.section).toBe(SECTION);
    expect(await readFile(path.join(dir, 'CHANGELOG.md'), 'utf8')).toBe(
      `# Changelog\n\n${SECTION}\n## 0.1.0 (API v4.105.9)\n\nFirst release.\n`,
    );
    expect(JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'))).toEqual({
      name: 'x',
      version: '0.2.0',
      exchangeApi: { release: 'v4.106.0' },
    });
  });

  it('moves the companion package in lockstep with the client', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'release-'));
    await writeFile(path.join(dir, 'package.json'), '{\n  "name": "x",\n  "version": "0.1.0"\n}\n');
    await mkdir(path.join(dir, COMPANION_PACKAGE), { recursive: true });
    const companion = path.join(dir, COMPANION_PACKAGE, 'package.json');
    await writeFile(
      companion,
      '{\n  "name": "x-mock",\n  "version": "0.1.0",\n  "dependencies": { "x": "0.1.0" }\n}\n',
    );
    const written = await writeRelease(dir, planVersion('0.1.0', CHANGES), 'v4.106.0', CHANGES);
    expect(written.companion).toBe(companion);
    expect(JSON.parse(await readFile(companion, 'utf8'))).toEqual({
      name: 'x-mock',
      version: '0.2.0',
      dependencies: { x: '0.2.0' },
    });
  });

  it('refuses a companion that is not at the client version, writing nothing', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'release-'));
    const pkg = '{\n  "name": "x",\n  "version": "0.1.0"\n}\n';
    await writeFile(path.join(dir, 'package.json'), pkg);
    await mkdir(path.join(dir, COMPANION_PACKAGE), { recursive: true });
    await writeFile(path.join(dir, COMPANION_PACKAGE, 'package.json'), '{\n  "version": "0.0.9"\n}\n');
    await expect(writeRelease(dir, planVersion('0.1.0', CHANGES), 'v4.106.0', CHANGES)).rejects.toThrow(
      `${COMPANION_PACKAGE}/package.json version is 0.0.9, but the client's is 0.1.0`,
    );
    expect(await readFile(path.join(dir, 'package.json'), 'utf8')).toBe(pkg);
  });

  it('refuses when package.json is not at the version the plan starts from, writing nothing', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'release-'));
    await writeFile(path.join(dir, 'package.json'), '{\n  "version": "0.3.0"\n}\n');
    await expect(writeRelease(dir, planVersion('0.1.0', CHANGES), 'v4.106.0', CHANGES)).rejects.toThrow(
      PackageJsonError,
    );
    expect(await readFile(path.join(dir, 'package.json'), 'utf8')).toBe('{\n  "version": "0.3.0"\n}\n');
  });
});
