/**
 * What one standalone operation costs a browser bundle: esbuild (browser conditions, ESM,
 * minified, tree-shaken) over a program that lists withdrawals with a `Core`. Bytes, not time,
 * so the figure is deterministic. The target is 15 KiB (issue 11); the ceiling below is the size
 * measured with the browser guard, environment defaults and identification header in (58.0 KiB),
 * so the bundle cannot grow unnoticed while the target is still missed (bench/RESULTS.md names the
 * largest inputs).
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
// Measured 60 795 bytes with the lossless-JSON fast paths (parse and stringify, each with its reference) and the
// per-client header templates; the `slim` rework of the bundle is where it shrinks.
const CEILING_BYTES = 60 * 1024;

async function bundle(source: string): Promise<{ bytes: number; inputs: string[]; text: string }> {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    treeShaking: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    logLevel: 'silent',
    metafile: true,
  });
  const out = result.outputFiles[0]!;
  // Inputs that put bytes into the output (tree-shaken modules are listed with none).
  const inputs = Object.values(result.metafile.outputs).flatMap((o) =>
    Object.entries(o.inputs).flatMap(([file, { bytesInOutput }]) => (bytesInOutput > 0 ? [file] : [])),
  );
  return { bytes: out.contents.byteLength, inputs, text: out.text };
}

describe('one standalone operation, bundled for the browser', () => {
  it(`stays within ${CEILING_BYTES / 1024} KiB minified, with neither node: modules nor the node transport`, async () => {
    const { bytes, inputs, text } = await bundle(
      `import { Core, apiMeta, listWithdrawals } from './generated/src/index.js';
const core = new Core({ key: 'k', secret: 's', baseUrl: 'http://127.0.0.1:1/api/v4' }, apiMeta);
export const run = () => listWithdrawals(core, { limit: 20 });`,
    );
    expect(bytes).toBeLessThanOrEqual(CEILING_BYTES);
    expect(inputs.filter((file) => /node-transport|crypto-node|platform-node|client-core/.test(file))).toEqual([]);
    expect(text).not.toMatch(/["']node:/);
  }, 30_000);
});
