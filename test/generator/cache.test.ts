/**
 * The generator's caches never change its output: after an edit, a cached run writes exactly what
 * a `--no-cache` run writes, byte for byte, and an edit only recomputes the stages it reaches (an
 * operation's summary and description never reach the types). The spec is the mini spec, placed
 * as `spec/openapi.yaml` in a private copy of the repository's generator inputs, where the
 * generator caches as it does for the repository itself; for the edits of one path item file, the
 * mini spec with one path item in a file of its own (the previous bundle is reused after such an
 * edit, and Redocly's bundle still decides).
 */
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecError } from '../../generator/errors.js';
import { generate, type GenerateSummary } from '../../generator/pipeline.js';
import { MINI, ROOT, snapshotDir, tempDir } from './helpers.js';

/** What the generator reads from a repository root, besides spec/paths and spec/components. */
const INPUTS = ['generator', 'conformance', 'package.json', 'package-lock.json', 'redocly.yaml', '.prettierrc.json'];
const SPEC_FOLDERS = ['extensions', 'lint'];

/** A private copy of the repository's generator inputs, its spec written by `writeSpec`. */
interface Repository {
  dir: string;
  cleanup: () => Promise<void>;
  /** Generates into `out` (under `dir`), with or without the caches (kept in `dir/cache`). */
  run: (out: string, cache: boolean) => Promise<GenerateSummary>;
  /** Applies `edit` to `file`, then generates with and without the caches into two folders. */
  editAndCompare: (
    file: string,
    edit: (text: string) => string,
  ) => Promise<{ cached: GenerateSummary; same: boolean; changed: string[] }>;
}

async function repository(prefix: string, writeSpec: (root: string) => Promise<void>): Promise<Repository> {
  const { dir, cleanup } = await tempDir(prefix);
  const root = path.join(dir, 'repo');
  await mkdir(path.join(root, 'spec'), { recursive: true });
  for (const input of INPUTS) await cp(path.join(ROOT, input), path.join(root, input), { recursive: true });
  for (const folder of SPEC_FOLDERS) {
    await cp(path.join(ROOT, 'spec', folder), path.join(root, 'spec', folder), { recursive: true });
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await writeSpec(root);
  const run = (out: string, cache: boolean): Promise<GenerateSummary> =>
    generate({ root, outDir: path.join(dir, out), cache, cacheDir: path.join(dir, 'cache') });
  const editAndCompare: Repository['editAndCompare'] = async (file, edit) => {
    const before = await readFile(file, 'utf8');
    const after = edit(before);
    expect(after).not.toBe(before);
    await writeFile(file, after);
    const cached = await run('cached', true);
    await run('fresh', false);
    const [a, b] = await Promise.all([snapshotDir(path.join(dir, 'cached')), snapshotDir(path.join(dir, 'fresh'))]);
    return { cached, same: JSON.stringify(a) === JSON.stringify(b), changed: cached.report.written };
  };
  return { dir, cleanup, run, editAndCompare };
}

describe('the generator caches', () => {
  let repo: Repository;
  let spec: string;
  const run = (out: string, cache: boolean): Promise<GenerateSummary> => repo.run(out, cache);
  const editAndCompare = (edit: (text: string) => string): ReturnType<Repository['editAndCompare']> =>
    repo.editAndCompare(spec, edit);

  beforeAll(async () => {
    repo = await repository('cache', async (root) => {
      spec = path.join(root, 'spec/openapi.yaml');
      await cp(path.join(MINI, 'openapi.yaml'), spec);
    });
    const first = await run('cached', true);
    expect(first.cache.types).toEqual({ hits: 0, misses: 1 });
  }, 90_000);
  afterAll(() => repo.cleanup());

  it('after an operation summary and description edit: same bytes as --no-cache, the types reused', async () => {
    const { cached, same, changed } = await editAndCompare((text) =>
      text.replace(
        '      summary: List withdrawals\n',
        "      summary: List recent withdrawals\n      description: The caller's withdrawals, newest first.\n",
      ),
    );
    expect(same).toBe(true);
    expect(changed).toContain('src/operations/wallet.ts');
    expect(cached.cache.types).toEqual({ hits: 1, misses: 0 });
    expect(cached.cache.bundle?.misses).toBe(1);
    // the edited area's files, the shared ones (a summary changed) and the JSON documents are
    // emitted again; the other area's and the runtimes come from the cache
    expect(cached.cache.emit).toEqual({ hits: 2, misses: 3 });
    // only the files the edit reaches are formatted again (prettier's configuration comes from the cache)
    expect(cached.cache.format?.hits).toBeGreaterThan(cached.cache.format?.misses ?? Infinity);
  }, 90_000);

  it('after a schema edit: same bytes as --no-cache, the types recomputed', async () => {
    const { cached, same, changed } = await editAndCompare((text) =>
      text.replace(
        '        message: {type: string}\n',
        '        message: {type: string, description: Why it failed.}\n',
      ),
    );
    expect(same).toBe(true);
    expect(changed).toContain('src/models.ts');
    expect(cached.cache.types).toEqual({ hits: 0, misses: 1 });
  }, 90_000);

  it('with nothing changed: every stage from the cache, nothing written', async () => {
    const again = await run('cached', true);
    expect(again.report.written).toEqual([]);
    for (const [name, counts] of Object.entries(again.cache)) expect(counts.misses, name).toBe(0);
  }, 90_000);
});

/** The mini spec with the `/wallet/withdrawals` path item moved to `spec/paths/withdrawals.yaml`. */
async function splitMini(root: string): Promise<string> {
  const text = await readFile(path.join(MINI, 'openapi.yaml'), 'utf8');
  const start = text.indexOf('  /wallet/withdrawals:\n');
  const end = text.indexOf('  /wallet/transfers:\n');
  const item = text
    .slice(start, end)
    .split('\n')
    .slice(1)
    .map((line) => line.slice(4))
    .join('\n')
    .replaceAll("'#/components/", "'../openapi.yaml#/components/");
  await mkdir(path.join(root, 'spec/paths'), { recursive: true });
  await writeFile(path.join(root, 'spec/paths/withdrawals.yaml'), item);
  await writeFile(
    path.join(root, 'spec/openapi.yaml'),
    `${text.slice(0, start)}  /wallet/withdrawals:\n    $ref: ./paths/withdrawals.yaml\n${text.slice(end)}`,
  );
  return path.join(root, 'spec/paths/withdrawals.yaml');
}

describe('the generator caches, after an edit of one path item file', () => {
  let repo: Repository;
  let pathFile: string;
  const run = (out: string, cache: boolean): Promise<GenerateSummary> => repo.run(out, cache);
  const editAndCompare = (edit: (text: string) => string): ReturnType<Repository['editAndCompare']> =>
    repo.editAndCompare(pathFile, edit);

  beforeAll(async () => {
    repo = await repository('cache-split', async (root) => {
      pathFile = await splitMini(root);
    });
    const first = await run('cached', true);
    expect(first.reuse).toBe('no previous bundle');
  }, 90_000);
  afterAll(() => repo.cleanup());

  it('a description edit: the previous bundle reused and kept, same bytes as --no-cache', async () => {
    const { cached, same, changed } = await editAndCompare((text) =>
      text.replace(
        '  summary: List withdrawals\n',
        "  summary: List withdrawals\n  description: The caller's withdrawals.\n",
      ),
    );
    expect(same).toBe(true);
    expect(cached.reuse).toBe('kept');
    expect(changed).toContain('src/operations/wallet.ts');
    expect(cached.cache.bundle?.misses).toBe(1);
    expect(cached.cache.types).toEqual({ hits: 1, misses: 0 });
    // a description reaches only its area's files and the JSON documents
    expect(cached.cache.emit).toEqual({ hits: 3, misses: 2 });
    // the files the edit does not reach keep their formatting from the cache
    expect(cached.cache.format?.hits).toBeGreaterThan(cached.cache.format?.misses ?? Infinity);
  }, 90_000);

  it('a reference changed: no reuse, same bytes as --no-cache', async () => {
    const { cached, same } = await editAndCompare((text) =>
      text.replace("items: {$ref: '../openapi.yaml#/components/schemas/Withdrawal'}", 'items: {type: object}'),
    );
    expect(same).toBe(true);
    expect(cached.reuse).toBe('the references of spec/paths/withdrawals.yaml changed');
  }, 90_000);

  it('a lint error in the edited file still stops the run, where it is, with nothing written', async () => {
    const before = await readFile(pathFile, 'utf8');
    const written = await snapshotDir(path.join(repo.dir, 'cached'));
    await writeFile(pathFile, before.replace('  operationId: listWithdrawals\n', ''));
    try {
      const error = await run('cached', true).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpecError);
      expect((error as SpecError).problems.map((p) => p.file)).toContain('spec/paths/withdrawals.yaml');
      expect(await snapshotDir(path.join(repo.dir, 'cached'))).toEqual(written);
    } finally {
      await writeFile(pathFile, before);
    }
  }, 90_000);

  it('with nothing changed after the edits: every stage from the cache, nothing written', async () => {
    await run('cached', true);
    const again = await run('cached', true);
    expect(again.report.written).toEqual([]);
    for (const [name, counts] of Object.entries(again.cache)) expect(counts.misses, name).toBe(0);
  }, 90_000);
});
