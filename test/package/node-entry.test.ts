/**
 * What a cold import of the package costs Node, as deterministic figures instead of time: the
 * Node entry (scripts/node-bundle.ts, built here in memory from generated/src with the package
 * build's esbuild options) is one file that imports only `node:` built-ins, its operation
 * metadata is JSON text (parsed far faster than object literals are compiled), and its bytes stay
 * under a ceiling. The pack test checks the same of the built package as Node resolves it.
 */
import path from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { operationMetas } from '../../generated/src/metadata.js';
import { nodeBundleOptions } from '../../scripts/node-bundle.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * The bundle measured 392 KiB when this guard was written (164 operations, 2026-11), and 383.1 KiB
 * (392 305 bytes) once the runtime read and wrote JSON with its own scanner instead of lossless-json,
 * 387.9 KiB (397 246 bytes) with the batch endpoints' item rules and `ResponseBodyError`.
 */
const CEILING_BYTES = 388 * 1024;

function bundle(): { text: string; inputs: string[] } {
  const result = buildSync(nodeBundleOptions(path.join(repoRoot, 'generated/src/index.ts'), repoRoot));
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('esbuild wrote nothing');
  return {
    text: output.text,
    inputs: Object.keys(result.metafile.inputs),
  };
}

describe('the Node entry, bundled', () => {
  const { text, inputs } = bundle();

  it('is one module: it imports nothing but node: built-ins, and nothing dynamically', () => {
    const specifiers = [
      ...text.matchAll(/^import\b[^;]*?\bfrom\s*"([^"]+)";?$|\brequire\("([^"]+)"\)|\bimport\s*\(/gm),
    ].map((match) => match[1] ?? match[2] ?? 'import()');
    expect([...new Set(specifiers)].sort()).toEqual(['node:buffer', 'node:crypto', 'node:http', 'node:https']);
    // The node platform module was chosen (the `node` condition), not the web one.
    expect(inputs.some((input) => input.endsWith('runtime/platform-node.ts'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('runtime/platform-web.ts'))).toBe(false);
  });

  it('reads every operation metadata from JSON text but the ones naming a lookup operation', () => {
    const metas = Object.values(operationMetas);
    const withLookup = metas.filter((meta) => meta.idempotency?.lookup !== undefined).length;
    const parsed = text.match(/^var \w+Meta = \/\* @__PURE__ \*\/ JSON\.parse\(/gm) ?? [];
    const literals = text.match(/^var \w+Meta = \{$/gm) ?? [];
    expect(parsed.length + literals.length).toBe(metas.length + 1); // + apiMeta
    expect(literals.length).toBe(withLookup + 1);
  });

  it(`stays within ${CEILING_BYTES / 1024} KiB`, () => {
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CEILING_BYTES);
  });

  it('inlines no package: the runtime has no dependency, so no licence notice is owed', () => {
    expect(inputs.filter((input) => input.includes('node_modules/'))).toEqual([]);
    expect(text).not.toMatch(/lossless-json|openapi-fetch/);
  });
});
