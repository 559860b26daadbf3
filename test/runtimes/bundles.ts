/**
 * Builds what the runtimes of the matrix load: the probe (probe.ts) with the client bundled from
 * the package sources by esbuild, resolving the runtime's `#platform` import through its package
 * conditions exactly as an application's bundler or runtime does. `node` (Node, Deno, Bun): ES
 * module under the `node` condition (node:crypto, the node transport); `web` (edge-runtime,
 * Chromium): a script under the browser conditions (WebCrypto, fetch, no Node module at all).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { repoRoot } from './spawn.js';

/** Paths of the built files. */
export interface ProbeBundles {
  /** ES module exporting `runProbe`, built under the `node` condition. */
  readonly nodeModule: string;
  /** A command-line entry around `nodeModule` for Deno and Bun: input JSON as the first argument. */
  readonly cli: string;
  /** A classic script defining the global `exchangeProbe.runProbe`, built under the browser conditions. */
  readonly webScript: string;
}

/** Bundles the probe into `dir`. */
export async function buildProbeBundles(dir: string): Promise<ProbeBundles> {
  const entry = join(repoRoot, 'test/runtimes/probe.ts');
  const nodeModule = join(dir, 'probe.node.mjs');
  const webScript = join(dir, 'probe.web.js');
  const common: BuildOptions = {
    entryPoints: [entry],
    bundle: true,
    logLevel: 'silent',
    target: 'es2022',
    legalComments: 'none',
  };
  await Promise.all([
    build({ ...common, outfile: nodeModule, format: 'esm', platform: 'node' }),
    build({ ...common, outfile: webScript, format: 'iife', globalName: 'exchangeProbe', platform: 'browser' }),
  ]);
  const cli = join(dir, 'probe-cli.mjs');
  writeFileSync(
    cli,
    [
      "import { runProbe } from './probe.node.mjs';",
      'const deno = globalThis.Deno;',
      'const input = JSON.parse(deno ? deno.args[0] : process.argv[2]);',
      'console.log(JSON.stringify(await runProbe(input)));',
      // The node transport keeps connections alive; the probe is done.
      'if (deno) deno.exit(0); else process.exit(0);',
      '',
    ].join('\n'),
  );
  return { nodeModule, cli, webScript };
}
