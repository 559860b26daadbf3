/**
 * The generator's caches never change its output: after an edit, a cached run writes exactly what
 * a `--no-cache` run writes, byte for byte, and an edit only recomputes the stages it reaches (an
 * operation's summary and description never reach the types). The spec is the mini spec, placed
 * as `spec/openapi.yaml` in a private copy of the repository's generator inputs, where the
 * generator caches as it does for the repository itself.
 */
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, type GenerateSummary } from '../../generator/pipeline.js';
import { MINI, ROOT, snapshotDir, tempDir } from './helpers.js';

/** What the generator reads from a repository root, besides spec/paths and spec/components. */
const INPUTS = ['generator', 'templates', 'package.json', 'package-lock.json', 'redocly.yaml', '.prettierrc.json'];
const SPEC_FOLDERS = ['extensions', 'lint'];

describe('the generator caches', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let root: string;
  let spec: string;
  const run = (out: string, cache: boolean): Promise<GenerateSummary> =>
    generate({ root, outDir: path.join(dir, out), cache, cacheDir: path.join(dir, 'cache') });
  /** Applies `edit` to the spec, then generates with and without the caches into two folders. */
  const editAndCompare = async (
    edit: (text: string) => string,
  ): Promise<{ cached: GenerateSummary; same: boolean; changed: string[] }> => {
    const before = await readFile(spec, 'utf8');
    const after = edit(before);
    expect(after).not.toBe(before);
    await writeFile(spec, after);
    const cached = await run('cached', true);
    await run('fresh', false);
    const [a, b] = await Promise.all([snapshotDir(path.join(dir, 'cached')), snapshotDir(path.join(dir, 'fresh'))]);
    return { cached, same: JSON.stringify(a) === JSON.stringify(b), changed: cached.report.written };
  };

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir('cache'));
    root = path.join(dir, 'repo');
    await mkdir(path.join(root, 'spec'), { recursive: true });
    for (const input of INPUTS) await cp(path.join(ROOT, input), path.join(root, input), { recursive: true });
    for (const folder of SPEC_FOLDERS) {
      await cp(path.join(ROOT, 'spec', folder), path.join(root, 'spec', folder), { recursive: true });
    }
    await symlink(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    spec = path.join(root, 'spec/openapi.yaml');
    await cp(path.join(MINI, 'openapi.yaml'), spec);
    const first = await run('cached', true);
    expect(first.cache.types).toEqual({ hits: 0, misses: 1 });
  }, 90_000);
  afterAll(() => cleanup());

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
    expect(cached.cache.emit?.misses).toBe(1);
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
