/**
 * The package's Node entry: the compiled ES module build (dist/esm) bundled by esbuild into one
 * file, dist/node/index.mjs. Node's module loader pays per file (resolution, reading, compiling,
 * linking), and the per-file build is about 60 files; one file imports several times faster.
 *
 * `exports` serves it under the `node` condition to `import`, and to `require` through
 * `module-sync` (Node versions that load ES modules synchronously), so a Node process holds one
 * copy of the client whichever way it is loaded. Older Node versions `require` the per-file
 * CommonJS build. The per-file builds stay for bundlers and browsers (tree-shaking, `#platform`
 * conditions) and for the type declarations. The package has no dependency, so the file is its
 * own code alone.
 *
 * The file carries no comments: the doc comments (a fifth of the bundle) live in the type
 * declarations, and Node compiles every byte of the file on import. Without them it is also pure
 * ASCII (esbuild escapes code and strings; only comments held other characters), which V8 reads as
 * a one-byte string, faster than the two-byte string one such character makes of the whole file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSync, transformSync, type BuildOptions } from 'esbuild';

/** The Node entry's file name inside the output folder (dist/node). */
export const NODE_ENTRY_FILE = 'index.mjs';

/**
 * esbuild options of the Node entry. `platform: 'node'` resolves `#platform` to the node platform
 * module (the `node` condition); only `node:` built-ins stay imports. Whitespace is minified only to
 * drop the comments (esbuild has no other way to); `readableEntry` lays the code out again.
 * Identifiers are kept, so stack traces name the runtime's own functions.
 */
export function nodeBundleOptions(entry: string, cwd: string): BuildOptions & { write: false; metafile: true } {
  return {
    absWorkingDir: cwd,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: NODE_ENTRY_FILE,
    legalComments: 'none',
    charset: 'ascii',
    minifyWhitespace: true,
    logLevel: 'silent',
  };
}

/** The bundle laid out one statement a line again (same code, still without comments). */
export function readableEntry(minified: string): string {
  return transformSync(minified, { format: 'esm', target: 'node20', charset: 'ascii', legalComments: 'none' }).code;
}

/** The Node entry's text and the input files esbuild read for it. */
export interface NodeEntry {
  readonly text: string;
  readonly inputs: readonly string[];
}

/**
 * Builds the Node entry from `entry` (dist/esm/index.js, or generated/src/index.ts) in memory.
 * Throws with esbuild's messages when the bundle cannot be built.
 */
export function buildNodeEntry(entry: string, cwd: string): NodeEntry {
  const result = buildSync(nodeBundleOptions(entry, cwd));
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error(`${NODE_ENTRY_FILE}: esbuild wrote nothing`);
  return { text: readableEntry(output.text), inputs: Object.keys(result.metafile.inputs) };
}

/**
 * Bundles `entry` (dist/esm/index.js) into `outDir`/index.mjs; returns the file written (relative
 * to the working directory). Throws with esbuild's messages when the bundle cannot be built.
 */
export function bundleNodeEntry(entry: string, outDir: string): string {
  const cwd = process.cwd();
  const { text } = buildNodeEntry(entry, cwd);
  const file = join(outDir, NODE_ENTRY_FILE);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(file, text);
  return relative(cwd, file);
}
