/**
 * The package's Node entry: the compiled ES module build (dist/esm) bundled by esbuild into one
 * file, dist/node/index.mjs, with the runtime dependency (lossless-json) inlined. Node's module
 * loader pays per file (resolution, reading, compiling, linking), and the per-file build plus
 * lossless-json's own modules is about 70 files; one file imports several times faster.
 *
 * `exports` serves it under the `node` condition to `import`, and to `require` through
 * `module-sync` (Node versions that load ES modules synchronously), so a Node process holds one
 * copy of the client whichever way it is loaded. Older Node versions `require` the per-file
 * CommonJS build. The per-file builds stay for bundlers and browsers (tree-shaking, `#platform`
 * conditions) and for the type declarations. The licence notice of each inlined package heads
 * the bundle.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';

/** The Node entry's file name inside the output folder (dist/node). */
export const NODE_ENTRY_FILE = 'index.mjs';

/**
 * esbuild options of the Node entry. `platform: 'node'` resolves `#platform` to the node platform
 * module (the `node` condition); only `node:` built-ins stay imports. Not minified: stack traces
 * and names stay readable, and minifying made no measurable difference to import time.
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
    logLevel: 'silent',
  };
}

/** The package folder (under node_modules) of a bundled input, or `undefined` for our own files. */
function packageDir(input: string): string | undefined {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.split('\\').join('/'));
  return match?.[1];
}

/** The licence text of a package folder (LICENSE, LICENSE.md, LICENCE.txt, ...). */
function licenceText(dir: string): string {
  const file = readdirSync(dir).find((name) => /^licen[cs]e(\.(md|txt))?$/i.test(name));
  if (file === undefined) throw new Error(`${dir} has no licence file to ship with the bundle`);
  return readFileSync(join(dir, file), 'utf8').trim();
}

/**
 * The comment heading a bundle: for each inlined package (sorted), its name, version and licence
 * text, so the notices travel with the code. Empty when nothing was inlined.
 */
export function licenceBanner(metafile: Metafile, cwd: string): string {
  const dirs = [...new Set(Object.keys(metafile.inputs).flatMap((input) => packageDir(join(cwd, input)) ?? []))].sort();
  const notices = dirs.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    const text = licenceText(dir);
    if (text.includes('*/')) throw new Error(`${manifest.name}: its licence text cannot be put in a comment`);
    return `${manifest.name}@${manifest.version}\n\n${text}`;
  });
  if (notices.length === 0) return '';
  return `/*\n * This file bundles the following packages, under their own licences:\n\n${notices.join('\n\n---\n\n')}\n */\n`;
}

/**
 * Bundles `entry` (dist/esm/index.js) into `outDir`/index.mjs; returns the file written (relative
 * to the working directory). Throws with esbuild's messages when the bundle cannot be built.
 */
export function bundleNodeEntry(entry: string, outDir: string): string {
  const cwd = process.cwd();
  const result = buildSync(nodeBundleOptions(entry, cwd));
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error(`${NODE_ENTRY_FILE}: esbuild wrote nothing`);
  const file = join(outDir, NODE_ENTRY_FILE);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(file, licenceBanner(result.metafile, cwd) + output.text);
  return relative(cwd, file);
}
