/**
 * Builds the package's command line (`exchange-v4`, bin of the client package): bundles cli/ with
 * esbuild into one ES module, dist/cli.js, that imports the client from the package's one-file
 * Node entry (dist/node/index.mjs, see node-bundle.ts) instead of carrying a second copy. Run
 * after scripts/build.ts (`npm run build` runs both).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Where the CLI is written, relative to the repository root (the package's `bin`). */
export const CLI_OUTFILE = 'dist/cli.js';

/** Every import of the generated client's entry point becomes an import of dist/node/index.mjs. */
const clientFromBuild: Plugin = {
  name: 'client-from-build',
  setup(builder) {
    builder.onResolve({ filter: /\/generated\/src\/index\.js$/ }, () => ({ path: './node/index.mjs', external: true }));
  },
};

/** Bundles cli/main.ts into dist/cli.js; dist/node must already be built. */
export async function buildCli(root: string): Promise<void> {
  if (!existsSync(join(root, 'dist/node/index.mjs'))) {
    throw new Error('dist/node/index.mjs is missing: run scripts/build.ts first');
  }
  await build({
    absWorkingDir: root,
    entryPoints: ['cli/main.ts'],
    outfile: CLI_OUTFILE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [clientFromBuild],
    logLevel: 'warning',
    legalComments: 'none',
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildCli(resolve(dirname(fileURLToPath(import.meta.url)), '..')).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
