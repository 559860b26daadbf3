import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { MINI, ROOT, snapshotDir, tempDir } from './helpers.js';

const SNAPSHOTTED = [
  'src/operations/wallet.ts',
  'src/operations/spot.ts',
  'src/client.ts',
  'src/api-meta.ts',
  'src/metadata.ts',
  'src/rate-limits.ts',
  'src/labels.ts',
  'src/index.ts',
  'src/models.ts',
  'docs/operations.md',
  'docs/wallet.md',
  'ir.json',
];

describe('generate (mini spec)', () => {
  let out: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir: out, cleanup } = await tempDir('gen'));
    await generate({ root: ROOT, entry: path.join(MINI, 'openapi.yaml'), outDir: out });
  }, 60_000);
  afterAll(() => cleanup());

  // The snapshots are the files themselves, under their own names (test/generator/__snapshots__/mini/).
  it.each(SNAPSHOTTED)('emits %s as in its file snapshot', async (file) => {
    await expect(await readFile(path.join(out, file), 'utf8')).toMatchFileSnapshot(`__snapshots__/mini/${file}`);
  });

  it('banners every generated file with the rebuild command', async () => {
    const files = await snapshotDir(out);
    for (const [file, text] of Object.entries(files)) {
      expect(text, file).toContain('npm run generate');
    }
  });

  it('copies the runtime verbatim under a banner', async () => {
    const copied = await readFile(path.join(out, 'src/runtime/errors.ts'), 'utf8');
    const source = await readFile(path.join(ROOT, 'generator/targets/typescript/runtime/errors.ts'), 'utf8');
    expect(copied).toContain(
      'Copied by exchange-v4 from generator/targets/typescript/runtime/errors.ts. Do not edit here',
    );
    expect(copied.replace(/\s+/g, '')).toContain(source.split('\n').slice(5, 30).join('\n').replace(/\s+/g, ''));
  });

  it('is byte-identical on a second run, and --check then finds no drift', async () => {
    const before = await snapshotDir(out);
    const again = await generate({ root: ROOT, entry: path.join(MINI, 'openapi.yaml'), outDir: out, check: true });
    expect(again.report.drift).toEqual([]);
    expect(again.report.written).toEqual([]);
    expect(await snapshotDir(out)).toEqual(before);
  }, 60_000);

  it('--check reports a changed, a missing and an extra file, and writes nothing', async () => {
    const walletPath = path.join(out, 'src/operations/wallet.ts');
    const original = await readFile(walletPath, 'utf8');
    await writeFile(walletPath, original.replace('limit', 'limmit'));
    await rm(path.join(out, 'src/labels.ts'));
    await writeFile(path.join(out, 'src/stale.ts'), 'export {};\n');
    const before = await snapshotDir(out);
    const result = await generate({ root: ROOT, entry: path.join(MINI, 'openapi.yaml'), outDir: out, check: true });
    const drift = result.report.drift.join('\n');
    expect(drift).toMatch(/changed\s+src\/operations\/wallet\.ts \(first difference at line \d+/);
    expect(drift).toMatch(/missing\s+src\/labels\.ts/);
    expect(drift).toMatch(/extra\s+src\/stale\.ts/);
    expect(await snapshotDir(out)).toEqual(before);
    // a normal run repairs all three
    const fixed = await generate({ root: ROOT, entry: path.join(MINI, 'openapi.yaml'), outDir: out });
    expect(fixed.report.written.sort()).toEqual(['src/labels.ts', 'src/operations/wallet.ts']);
    expect(fixed.report.removed).toEqual(['src/stale.ts']);
  }, 90_000);
});

describe('the runtime templates', () => {
  it('are prettier-clean, so the generator can copy them without formatting', async () => {
    const prettier = await import('prettier');
    const { readdir } = await import('node:fs/promises');
    const dir = path.join(ROOT, 'generator/targets/typescript/runtime');
    const config = (await prettier.resolveConfig(path.join(ROOT, 'package.json'))) ?? {};
    const unformatted: string[] = [];
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.ts'))) {
      const text = await readFile(path.join(dir, file), 'utf8');
      if (!(await prettier.check(text, { ...config, parser: 'babel-ts' }))) unformatted.push(file);
    }
    expect(unformatted, 'run: npx prettier --write "generator/targets/typescript/runtime/*.ts"').toEqual([]);
  });
});
