import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dependencyTree,
  dirBytes,
  installedFootprint,
  packedBytesOutside,
  resolvePackageDir,
} from '../../bench/footprint.js';

/**
 * root/node_modules/
 *   app (deps: a, b; optional: opt-missing, opt-here)
 *   a (deps: c)            a/node_modules/c (nested copy, 30 B)
 *   b (deps: c)
 *   c (10 B)
 *   opt-here
 */
let root: string;

function pkg(dir: string, manifest: Record<string, unknown>, extraBytes = 0): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  if (extraBytes > 0) writeFileSync(join(dir, 'data.bin'), Buffer.alloc(extraBytes));
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bench-footprint-'));
  const nm = join(root, 'node_modules');
  pkg(
    join(nm, 'app'),
    { name: 'app', dependencies: { a: '1', b: '1' }, optionalDependencies: { 'opt-missing': '1', 'opt-here': '1' } },
    100,
  );
  pkg(join(nm, 'a'), { name: 'a', dependencies: { c: '2' } }, 20);
  pkg(join(nm, 'a', 'node_modules', 'c'), { name: 'c', version: '2' }, 30);
  pkg(join(nm, 'b'), { name: 'b', dependencies: { c: '1' } });
  pkg(join(nm, 'c'), { name: 'c', version: '1' }, 10);
  pkg(join(nm, 'opt-here'), { name: 'opt-here' });
  pkg(join(nm, 'broken'), { name: 'broken', dependencies: { nowhere: '1' } });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolvePackageDir', () => {
  it('prefers the nested copy, then walks up to the root', () => {
    expect(resolvePackageDir('c', join(root, 'node_modules', 'a'), root)).toBe(
      join(root, 'node_modules', 'a', 'node_modules', 'c'),
    );
    expect(resolvePackageDir('c', join(root, 'node_modules', 'b'), root)).toBe(join(root, 'node_modules', 'c'));
    expect(resolvePackageDir('nowhere', join(root, 'node_modules', 'b'), root)).toBeUndefined();
  });
});

describe('dependencyTree', () => {
  it('collects each distinct package directory once, optional ones when installed', () => {
    const { dirs, missing } = dependencyTree(join(root, 'node_modules', 'app'), root);
    const names = dirs.map((d) => d.slice(root.length + 1)).sort();
    expect(names).toEqual([
      'node_modules/a',
      'node_modules/a/node_modules/c',
      'node_modules/b',
      'node_modules/c',
      'node_modules/opt-here',
    ]);
    expect(missing).toEqual([]);
  });

  it('lists a missing required dependency', () => {
    expect(dependencyTree(join(root, 'node_modules', 'broken'), root).missing).toEqual(['nowhere (from broken)']);
  });
});

describe('dirBytes and installedFootprint', () => {
  it('counts files without nested node_modules', () => {
    const manifestBytes = JSON.stringify({ name: 'a', dependencies: { c: '2' } }).length;
    expect(dirBytes(join(root, 'node_modules', 'a'))).toBe(manifestBytes + 20);
  });

  it('adds the whole tree and counts direct and tree dependencies', () => {
    const f = installedFootprint('app', join(root, 'node_modules', 'app'), root);
    expect(f.directDeps).toBe(2);
    expect(f.direct).toEqual(['a', 'b']);
    expect(f.treeDeps).toBe(5);
    expect(f.totalBytes - f.ownBytes).toBeGreaterThanOrEqual(20 + 30 + 10);
    expect(f.error).toBeUndefined();
  });
});

describe('packedBytesOutside', () => {
  const cases: { given: Array<{ path: string; size: number }>; want: number }[] = [
    { given: [], want: 0 },
    {
      given: [
        { path: 'dist/esm/index.js', size: 10 },
        { path: 'README.md', size: 5 },
        { path: 'generated/ir.json', size: 7 },
      ],
      want: 12,
    },
    {
      given: [
        { path: 'distribution.md', size: 3 },
        { path: 'dist/cjs/a.js', size: 9 },
      ],
      want: 3,
    },
  ];
  for (const { given, want } of cases) {
    it(`${given.map((f) => f.path).join(', ') || 'no files'} -> ${want}`, () =>
      expect(packedBytesOutside(given, 'dist/')).toBe(want));
  }
});
