import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryOf, installedVersion, PEERS } from '../../bench/peers.js';

describe('entryOf', () => {
  const cases: {
    name: string;
    given: { manifest: Record<string, unknown>; mode: 'import' | 'require' };
    want: string;
  }[] = [
    { name: 'main only', given: { manifest: { main: 'dist/api.js' }, mode: 'import' }, want: 'dist/api.js' },
    {
      name: 'module wins for import',
      given: { manifest: { main: './cjs.js', module: './esm.js' }, mode: 'import' },
      want: 'esm.js',
    },
    {
      name: 'main for require',
      given: { manifest: { main: './cjs.js', module: './esm.js' }, mode: 'require' },
      want: 'cjs.js',
    },
    { name: 'nothing: index.js', given: { manifest: {}, mode: 'require' }, want: 'index.js' },
    {
      name: 'exports with import/require strings',
      given: {
        manifest: {
          exports: { '.': { import: './dist/mjs/index.js', require: './dist/cjs/index.js', types: './x.d.ts' } },
        },
        mode: 'import',
      },
      want: 'dist/mjs/index.js',
    },
    {
      name: 'nested conditions, types skipped',
      given: {
        manifest: {
          exports: {
            '.': {
              import: { types: './js/ccxt.d.ts', default: './js/ccxt.js' },
              require: { default: './dist/ccxt.cjs' },
            },
          },
        },
        mode: 'require',
      },
      want: 'dist/ccxt.cjs',
    },
    {
      name: 'condition order decides (node before import)',
      given: { manifest: { exports: { node: './node.js', import: './esm.js' } }, mode: 'import' },
      want: 'node.js',
    },
    {
      name: 'exports as a string',
      given: { manifest: { exports: './only.js', main: 'x.js' }, mode: 'require' },
      want: 'only.js',
    },
    {
      name: 'exports without a matching condition fall back to main',
      given: { manifest: { exports: { '.': { browser: './b.js' } }, main: 'm.js' }, mode: 'require' },
      want: 'm.js',
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(entryOf(given.manifest, given.mode)).toBe(want));
  }
});

describe('installedVersion', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-peers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the version under node_modules, or undefined when absent', () => {
    mkdirSync(join(dir, 'node_modules', 'gate-api'), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', 'gate-api', 'package.json'),
      JSON.stringify({ name: 'gate-api', version: '1.2.3' }),
    );
    expect(installedVersion(dir, 'gate-api')).toBe('1.2.3');
    expect(installedVersion(dir, 'ccxt')).toBeUndefined();
  });
});

describe('PEERS', () => {
  it('pins exact versions and an undici that runs on Node 20 (7.x)', () => {
    for (const version of Object.values(PEERS)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(PEERS.undici.startsWith('7.')).toBe(true);
  });
});
