import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputCache } from '../../generator/output-cache.js';
import { FormatWorker } from '../../generator/output.js';
import { ROOT } from './helpers.js';

const cacheRoot = mkdtempSync(path.join(tmpdir(), 'exchange-v4-worker-'));
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

describe('FormatWorker', () => {
  it('starts its thread only for a job the cache cannot answer, and formats like prettier', async () => {
    const cache = await OutputCache.open(cacheRoot, 'format');
    const first = new FormatWorker(ROOT);
    try {
      expect(await first.format('notes.json', '{"a":1}', cache)).toBe('{"a":1}');
      expect(first.running).toBe(false);
      expect(await first.format('src/a.ts', 'const  a = {b:1}', cache)).toBe('const a = { b: 1 };\n');
      expect(first.running).toBe(true);
    } finally {
      await first.close();
    }
    const second = new FormatWorker(ROOT);
    try {
      expect(await second.format('src/a.ts', 'const  a = {b:1}', cache)).toBe('const a = { b: 1 };\n');
      expect(second.running).toBe(false);
      // misses: prettier's resolved configuration, then the file; the second worker hits the file
      expect([cache.hits, cache.misses]).toEqual([1, 2]);
    } finally {
      await second.close();
    }
  });
});
