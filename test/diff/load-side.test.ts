/**
 * The sides of a diff: a spec folder, a bundled or root file, a git revision (in a throwaway
 * repository made here), the defaults, and the errors for anything else.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../generator/diff/compare.js';
import { extractSpecAt, lastReleaseTag, SideError } from '../../generator/diff/git.js';
import { defaultSides, loadSide } from '../../generator/diff/load-side.js';
import { CORPUS, caseDir, REPO, rows } from './helpers.js';

const NO_LINT = { repo: REPO, lint: false };
let tmp: string;

const git = (repo: string, ...args: string[]): string =>
  execFileSync(
    'git',
    [
      '-C',
      repo,
      '-c',
      'user.name=Spec Diff Test',
      '-c',
      'user.email=spec-diff@example.invalid',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    {
      encoding: 'utf8',
    },
  );

/** Copies one side of a corpus case into `<repo>/spec/`, with `_base/` inside it. */
async function placeSpec(repo: string, name: string, side: 'old' | 'new'): Promise<void> {
  const spec = path.join(repo, 'spec');
  await rm(spec, { recursive: true, force: true });
  await mkdir(spec, { recursive: true });
  await cp(path.join(CORPUS, '_base'), path.join(spec, '_base'), { recursive: true });
  const text = await readFile(path.join(caseDir(name, side), 'openapi.yaml'), 'utf8');
  await writeFile(path.join(spec, 'openapi.yaml'), text.replaceAll('../../_base/', './_base/'));
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'spec-diff-sides-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('folder and file sides', () => {
  it('loads a spec folder', async () => {
    const side = await loadSide(caseDir('operation-added', 'new'), NO_LINT);
    expect(side.kind).toBe('folder');
    expect(side.ir.operations.map((o) => o.id)).toEqual(['getDepositAddress', 'listDeposits']);
    expect(side.ir.api.release).toBe('v4.1.0');
  });

  it('resolves a relative folder against cwd', async () => {
    const side = await loadSide(path.join('operation-added', 'old'), { ...NO_LINT, cwd: CORPUS });
    expect(side.label).toBe(path.join('operation-added', 'old'));
    expect(side.ir.operations.map((o) => o.id)).toEqual(['getDepositAddress']);
  });

  it('loads a bundled .json file and a root .yaml file to the same IR as the folder', async () => {
    const folder = await loadSide(caseDir('futures-size-v4.106.0', 'new'), NO_LINT);
    const json = path.join(tmp, 'bundled.json');
    await writeFile(json, JSON.stringify(folder.document));
    const bundled = await loadSide(json, NO_LINT);
    const root = await loadSide(path.join(caseDir('futures-size-v4.106.0', 'new'), 'openapi.yaml'), NO_LINT);
    expect(bundled.kind).toBe('file');
    expect(root.kind).toBe('file');
    expect(bundled.ir).toEqual(folder.ir);
    expect(root.ir).toEqual(folder.ir);
    expect(diffSpecs(folder, bundled).changes).toEqual([]);
  });

  it.each([
    { given: '', want: 'must not be empty' },
    { given: 'corpus-does-not-exist', want: 'is not a folder, a file, or a revision' },
    { given: '_base', want: 'has no openapi.yaml' },
    { given: '_base/README.md', want: 'expected a .json, .yaml or .yml file' },
    { given: '--upload-pack=x', want: 'is not valid' },
  ])('rejects $given', async ({ given, want }) => {
    const err = loadSide(given, { ...NO_LINT, cwd: CORPUS });
    await expect(err).rejects.toThrow(SideError);
    await expect(loadSide(given, { ...NO_LINT, cwd: CORPUS })).rejects.toThrow(want);
  });
});

describe('the generated bundle', () => {
  it('loads generated/openapi.json (root x-generated marker), linted, to the IR of spec/', async () => {
    const options = { repo: REPO, cwd: REPO };
    const [bundled, folder] = await Promise.all([
      loadSide('generated/openapi.json', options),
      loadSide('spec', options),
    ]);
    expect(bundled.kind).toBe('file');
    expect(bundled.document['x-generated']).toBeUndefined();
    expect(bundled.ir).toEqual(folder.ir);
    expect(diffSpecs(folder, bundled).changes).toEqual([]);
  });
});

describe('git revision sides', () => {
  let repo: string;
  beforeAll(async () => {
    repo = path.join(tmp, 'repo');
    await mkdir(repo);
    git(repo, 'init', '-q', '-b', 'main');
    await placeSpec(repo, 'operation-added', 'old');
    git(repo, 'add', 'spec');
    git(repo, 'commit', '-q', '-m', 'first');
    git(repo, 'tag', 'v0.1.0');
    await placeSpec(repo, 'operation-added', 'new');
    git(repo, 'add', 'spec');
    git(repo, 'commit', '-q', '-m', 'second');
    await writeFile(path.join(repo, 'spec', 'openapi.yaml'), 'not: [a spec\n'); // the working tree does not matter to revisions
  });

  it('loads spec/ as it was at a revision', async () => {
    const side = await loadSide('HEAD~1', { repo, lint: false, cwd: repo + '/nowhere' });
    expect(side.kind).toBe('git');
    expect(side.commit).toBe(git(repo, 'rev-parse', 'HEAD~1').trim());
    expect(side.ir.operations.map((o) => o.id)).toEqual(['getDepositAddress']);
  });

  it('extracts into a temporary folder that dispose removes', async () => {
    const extracted = await extractSpecAt(repo, 'v0.1.0');
    expect(existsSync(path.join(extracted.root, 'spec', '_base', 'apiv4.yaml'))).toBe(true);
    expect(await readFile(extracted.entry, 'utf8')).toContain('operationId: getDepositAddress');
    await extracted.dispose();
    expect(existsSync(extracted.root)).toBe(false);
  });

  it('diffs a tag against a commit', async () => {
    const options = { repo, lint: false, cwd: repo + '/nowhere' };
    const diff = diffSpecs(await loadSide('v0.1.0', options), await loadSide('HEAD', options));
    const added = {
      category: 'added',
      ops: ['listDeposits GET /wallet/deposits'],
      before: null,
      after: '/paths/~1wallet~1deposits/get',
    } as const;
    expect(rows(diff.changes)).toEqual([
      ...(['cli', 'python', 'typescript'] as const).map((target) => ({ ...added, kind: 'export-added', target })),
      { ...added, kind: 'operation-added' },
    ]);
  });

  it('defaults: old is the last v* tag, new the working tree spec folder', () => {
    expect(lastReleaseTag(repo)).toBe('v0.1.0');
    expect(defaultSides(repo, [])).toEqual({ old: 'v0.1.0', new: path.join(repo, 'spec') });
    expect(defaultSides(repo, ['HEAD~1'])).toEqual({ old: 'HEAD~1', new: path.join(repo, 'spec') });
    expect(defaultSides(repo, ['a', 'b'])).toEqual({ old: 'a', new: 'b' });
    expect(() => defaultSides(repo, ['a', 'b', 'c'])).toThrow('at most two sides');
  });

  it('without a v* tag, says so and how to pass a revision', async () => {
    const untagged = path.join(tmp, 'untagged');
    await mkdir(untagged);
    git(untagged, 'init', '-q', '-b', 'main');
    await placeSpec(untagged, 'identical', 'old');
    git(untagged, 'add', 'spec');
    git(untagged, 'commit', '-q', '-m', 'only');
    git(untagged, 'tag', 'release-1');
    expect(() => lastReleaseTag(untagged)).toThrow(SideError);
    expect(() => defaultSides(untagged, [])).toThrow(/no tag matching v\*.*HEAD~1/s);
  });

  it('outside a git repository, says to pass the old side', async () => {
    const plain = path.join(tmp, 'plain');
    await mkdir(plain);
    expect(() => lastReleaseTag(plain)).toThrow('is not a git work tree');
  });

  it('a revision without spec/openapi.yaml is an error naming it', async () => {
    await expect(loadSide('HEAD', { repo, lint: false, specDir: 'api', cwd: repo + '/nowhere' })).rejects.toThrow(
      'has no api/openapi.yaml',
    );
  });
});

describe('the repository itself', () => {
  it('loads spec/ at HEAD with the lint rules of that revision', async () => {
    const side = await loadSide('HEAD', { repo: REPO, cwd: path.join(REPO, 'nowhere') });
    expect(side.kind).toBe('git');
    expect(side.ir.operations.length).toBeGreaterThan(50);
    expect(side.ir.api.release).toMatch(/^v4\.\d+\.\d+$/);
  });
});
