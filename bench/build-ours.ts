/**
 * A private build of this project's client for the benchmark: the package's own build
 * tsconfigs (tsconfig.build.json, tsconfig.build.cjs.json) compiled into bench/.scratch/ours/
 * instead of dist/, so a benchmark run neither depends on nor disturbs the shared dist/ folder.
 * The output is laid out as the package is: `<out>/package.json` carries `"type": "module"` and the
 * `#platform` import map, `<out>/cjs` is CommonJS with the node platform bound, and
 * `<out>/node/index.mjs` is the bundled Node entry (scripts/node-bundle.ts), which Node consumers load.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bindNodePlatform, rootImports } from '../scripts/build.js';
import { bundleNodeEntry } from '../scripts/node-bundle.js';
import { dirBytes } from './footprint.js';

const run = promisify(execFile);

/** The private build. */
export interface OursBuild {
  /** ESM entry (`<out>/esm/index.js`, with index.d.ts beside it). */
  readonly esmEntry: string;
  /** What Node loads for `import 'exchange-v4'` (the package's `node` + `import` condition): `<out>/node/index.mjs`. */
  readonly nodeEntry: string;
  /** Bytes of the esm and cjs output together (what dist/ would hold). */
  readonly distBytes: number;
}

/** The two flavours, as the package build makes them. */
const FLAVOURS = [
  { tsconfig: 'tsconfig.build.json', dir: 'esm', type: undefined },
  { tsconfig: 'tsconfig.build.cjs.json', dir: 'cjs', type: 'commonjs' },
] as const;

/** Compiles generated/src into `outRoot/esm` and `outRoot/cjs` (both at once); throws with tsc's output on failure. */
export async function buildOurs(repoRoot: string, outRoot: string): Promise<OursBuild> {
  rmSync(outRoot, { recursive: true, force: true });
  mkdirSync(outRoot, { recursive: true });
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'lib', 'tsc.js');
  await Promise.all(
    FLAVOURS.map(async (f) => {
      const outDir = join(outRoot, f.dir);
      try {
        await run(process.execPath, [tsc, '-p', f.tsconfig, '--outDir', outDir], {
          cwd: repoRoot,
          timeout: 240_000,
          maxBuffer: 16 * 1024 * 1024,
        });
      } catch (error) {
        const e = error as { stdout?: string; message?: string };
        throw new Error(
          `${f.tsconfig}: ${(e.stdout || e.message || String(error)).trim().split('\n').slice(0, 3).join(' ').slice(0, 300)}`,
          { cause: error },
        );
      }
      if (!existsSync(join(outDir, 'index.js'))) throw new Error(`${f.tsconfig}: no index.js was written`);
      if (f.type !== undefined) {
        writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type: f.type }, null, 2)}\n`);
        bindNodePlatform(join(outDir, 'runtime'));
      }
    }),
  );
  const manifest = { type: 'module', imports: rootImports(repoRoot, 'esm') };
  writeFileSync(join(outRoot, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const esmEntry = join(outRoot, 'esm', 'index.js');
  bundleNodeEntry(esmEntry, join(outRoot, 'node'));
  return { esmEntry, nodeEntry: join(outRoot, 'node', 'index.mjs'), distBytes: dirBytes(outRoot) };
}
