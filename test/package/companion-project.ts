/**
 * Helpers of the pack test's fresh-folder part: pack the companion `exchange-v4-mock`, install both
 * tarballs into an empty folder, compile the application fixture there, and run an installed
 * executable that serves until stopped (the mock) with a bounded wait for its first line.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoBin, repoRoot, run, runNode, type CommandOutput, type PackResult } from './consumer-project.js';

const require = createRequire(import.meta.url);

/** Builds packages/exchange-v4-mock and packs it into `destination`. */
export async function buildAndPackCompanion(destination: string): Promise<PackResult & { readonly tarball: string }> {
  await runNode([repoBin('tsx'), 'scripts/build-mock.ts'], repoRoot, 180_000);
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    join(repoRoot, 'packages/exchange-v4-mock'),
  );
  const [result] = JSON.parse(stdout) as PackResult[];
  if (result === undefined) throw new Error(`npm pack printed no result: ${stdout}`);
  return { ...result, tarball: join(destination, result.filename) };
}

/**
 * An empty project in `dir` with both tarballs installed (dependencies from the npm cache when
 * present) and the application fixture with a strict node16 tsconfig (Node's types from the
 * repository, as an application would have its own).
 */
export async function createFreshProject(dir: string, tarballs: readonly string[]): Promise<void> {
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'app', private: true, type: 'module' }, null, 2)}\n`,
  );
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock', ...tarballs],
    dir,
    180_000,
  );
  copyFileSync(join(import.meta.dirname, 'fixtures', 'app.ts.txt'), join(dir, 'src', 'app.ts'));
  const tsconfig = {
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      // The packages' declarations are checked strictly by the consumer builds; here the app is.
      skipLibCheck: true,
      target: 'ES2022',
      module: 'Node16',
      moduleResolution: 'Node16',
      typeRoots: [join(repoRoot, 'node_modules/@types')],
      types: ['node'],
      rootDir: 'src',
      outDir: 'out',
    },
    files: ['src/app.ts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
}

/** Type-checks and compiles the application with the repository's TypeScript. */
export function compileApp(dir: string): Promise<CommandOutput> {
  return runNode([require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], dir);
}

/** A running mock started from an installed executable. */
export interface RunningMock {
  readonly url: string;
  /** Everything it printed so far. */
  readonly output: () => string;
  /** Stops it (SIGTERM) and resolves with its exit code or signal. */
  readonly stop: () => Promise<number | string>;
}

/** Starts `node <script> ...args` in `cwd` and resolves once it prints `mock listening: URL`. */
export function startInstalledMock(
  script: string,
  args: readonly string[],
  cwd: string,
  timeoutMs = 60_000,
): Promise<RunningMock> {
  const child = spawn(process.execPath, [script, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const stop = async (): Promise<number | string> => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`no "mock listening" line within ${timeoutMs} ms:\n${output}`)));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const url = /mock listening: (\S+)/.exec(output)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve({ url, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${output}`));
    });
  });
}
