/** writeDrafts (scripts/fixtures/write.ts): which files it writes, which it keeps, what it refuses. */
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DraftError, writeDrafts } from '../../scripts/fixtures/write.js';
import { loadFixtures } from '../fixtures-coverage/fixture-files.js';

const REPO = path.resolve(import.meta.dirname, '../..');

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'write-drafts-'));
  await mkdir(path.join(root, 'generated'));
  for (const file of ['openapi.json', 'ir.json'])
    await cp(path.join(REPO, 'generated', file), path.join(root, 'generated', file));
  await mkdir(path.join(root, 'mock/fixtures/wallet'), { recursive: true });
  await writeFile(path.join(root, 'mock/fixtures/wallet/getTradeFee.json'), '[]\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('writeDrafts', () => {
  it('writes the named operations that lack a file and keeps the ones that have one', async () => {
    const report = await writeDrafts(root, ['getTradeFee', 'getFuturesContract']);
    expect(report).toEqual({
      written: ['mock/fixtures/futures/getFuturesContract.json'],
      kept: ['mock/fixtures/wallet/getTradeFee.json'],
    });
    expect(await readFile(path.join(root, 'mock/fixtures/wallet/getTradeFee.json'), 'utf8')).toBe('[]\n');
    const drafted = loadFixtures(path.join(root, 'mock/fixtures')).filter(
      (f) => f.operationId === 'getFuturesContract',
    );
    expect(drafted.map((f) => [f.source, f.name])).toEqual([
      ['futures/getFuturesContract.json[0]', 'drafted: getFuturesContract success'],
      ['futures/getFuturesContract.json[1]', 'drafted: getFuturesContract 400'],
      ['futures/getFuturesContract.json[2]', 'drafted: getFuturesContract 429'],
      ['futures/getFuturesContract.json[3]', 'drafted: getFuturesContract 5XX'],
    ]);
  });

  it('without ids drafts every operation that has no file', async () => {
    const report = await writeDrafts(root);
    const ir = JSON.parse(await readFile(path.join(REPO, 'generated/ir.json'), 'utf8')) as { operations: unknown[] };
    expect(report.written).toHaveLength(ir.operations.length - 1);
    expect(report.written).not.toContain('mock/fixtures/wallet/getTradeFee.json');
    expect(report.kept).toEqual([]);
  });

  it('refuses an unknown operation id before writing anything', async () => {
    await expect(writeDrafts(root, ['getFuturesContract', 'listEverything'])).rejects.toThrow(DraftError);
    await expect(writeDrafts(root, ['listEverything'])).rejects.toThrow('unknown operationId "listEverything"');
    expect(await readdir(path.join(root, 'mock/fixtures'))).toEqual(['wallet']);
  });

  it('refuses without the generated files', async () => {
    await rm(path.join(root, 'generated/ir.json'));
    await expect(writeDrafts(root)).rejects.toThrow('generated/ir.json is missing: run `npm run generate` first');
  });
});
