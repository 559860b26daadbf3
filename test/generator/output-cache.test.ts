import { existsSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheDir, cacheKey, OutputCache } from '../../generator/output-cache.js';

const roots: string[] = [];
const tempRoot = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-v4-cache-'));
  roots.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('cacheKey', () => {
  it.each([
    {
      given: [
        ['ab', 'c'],
        ['a', 'bc'],
      ],
      want: false,
    },
    { given: [['a', ''], ['a']], want: false },
    {
      given: [
        ['x', 'y'],
        ['x', 'y'],
      ],
      want: true,
    },
  ])('$given: equal keys = $want', ({ given, want }) => {
    expect(cacheKey(given[0]!) === cacheKey(given[1]!)).toBe(want);
  });
});

describe('OutputCache', () => {
  it('computes a key once, keeps it across runs and saves only what a run used', async () => {
    const root = tempRoot();
    let computed = 0;
    const compute = (text: string) => () => {
      computed += 1;
      return Promise.resolve(text);
    };
    const first = await OutputCache.open(root, 'format');
    expect(await first.through('a', compute('A'))).toBe('A');
    expect(await first.through('b', compute('B'))).toBe('B');
    expect(await first.through('a', compute('wrong'))).toBe('A');
    await first.save();
    expect(computed).toBe(2);

    const second = await OutputCache.open(root, 'format');
    expect(await second.through('a', compute('wrong'))).toBe('A');
    expect(await second.through('c', compute('C'))).toBe('C');
    await second.save();
    expect([computed, second.hits, second.misses]).toEqual([3, 1, 1]);

    const third = await OutputCache.open(root, 'format');
    expect(await third.through('b', compute('B again'))).toBe('B again');
  });

  it('keeps its file in the folder given instead of under the root', async () => {
    const root = tempRoot();
    const dir = path.join(tempRoot(), 'elsewhere');
    const cache = await OutputCache.open(root, 'emit', dir);
    await cache.through('k', () => Promise.resolve('v'));
    await cache.save();
    expect(existsSync(path.join(dir, 'emit.json'))).toBe(true);
    expect(existsSync(cacheDir(root))).toBe(false);
    const again = await OutputCache.open(root, 'emit', dir);
    expect(await again.through('k', () => Promise.resolve('other'))).toBe('v');
  });

  it('treats an unreadable cache file as empty, and keeps nothing without a root', async () => {
    const root = tempRoot();
    mkdirSync(cacheDir(root), { recursive: true });
    writeFileSync(path.join(cacheDir(root), 'types.json'), '{not json');
    const broken = await OutputCache.open(root, 'types');
    expect(await broken.through('k', () => Promise.resolve('fresh'))).toBe('fresh');

    const none = await OutputCache.open(undefined, 'types');
    expect(await none.through('k', () => Promise.resolve('v'))).toBe('v');
    await none.save();
    expect(await none.through('k', () => Promise.resolve('other'))).toBe('v');
  });
});
