/**
 * Helpers of the pack test: build and pack the repository, then set up a fresh project outside it
 * that installs the tarball and compiles the consumer fixture with the repository's TypeScript.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);

/** The repository root (the package being published). */
export const repoRoot = resolve(import.meta.dirname, '../..');

/** Output of a finished command. */
export interface CommandOutput {
  readonly stdout: string;
  readonly stderr: string;
  /** Exit code (0 unless the command was allowed to fail). */
  readonly code: number;
}

/**
 * Runs a command to completion (bounded by `timeoutMs`) with `env` (default: this process's). A
 * non-zero exit rejects with the output, unless `allowFailure` is set: then the exit code is
 * returned with the output.
 */
export async function run(
  command: string,
  args: readonly string[],
  cwd: string,
  timeoutMs = 120_000,
  allowFailure = false,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandOutput> {
  try {
    const { stdout, stderr } = await execFileAsync(command, [...args], {
      cwd,
      timeout: timeoutMs,
      maxBuffer: 32 * 1024 * 1024,
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string; message: string };
    if (allowFailure && typeof failed.code === 'number') {
      return { stdout: failed.stdout ?? '', stderr: failed.stderr ?? '', code: failed.code };
    }
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
      { cause: error },
    );
  }
}

/** Runs a Node script with the current Node binary. */
export function runNode(args: readonly string[], cwd: string, timeoutMs?: number): Promise<CommandOutput> {
  return run(process.execPath, args, cwd, timeoutMs);
}

/** Path of an executable installed in the repository's node_modules/.bin. */
export function repoBin(name: string): string {
  return join(repoRoot, 'node_modules', '.bin', name);
}

/** One entry of `npm pack --json`. */
export interface PackResult {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
  readonly files: ReadonlyArray<{ readonly path: string; readonly size: number }>;
}

/**
 * Builds dist/ (the client and its CLI) and packs the repository into `destination` (the build
 * already ran, so no scripts).
 */
export async function buildAndPack(destination: string): Promise<PackResult & { readonly tarball: string }> {
  await runNode([repoBin('tsx'), 'scripts/build.ts'], repoRoot, 180_000);
  await runNode([repoBin('tsx'), 'scripts/build-cli.ts'], repoRoot, 60_000);
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    repoRoot,
  );
  const [result] = JSON.parse(stdout) as PackResult[];
  if (result === undefined) throw new Error(`npm pack printed no result: ${stdout}`);
  return { ...result, tarball: join(destination, result.filename) };
}

/** The strict compiler settings every consumer build shares (no Node types, full lib check). */
const strictConsumerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  skipLibCheck: false,
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
};

/** The consumer builds: how TypeScript resolves the package, and which files it compiles. */
export const consumerBuilds = {
  bundler: { module: 'ESNext', moduleResolution: 'Bundler', files: ['src/consumer.mts'] },
  node16: { module: 'Node16', moduleResolution: 'Node16', files: ['src/consumer.mts', 'src/consumer.cts'] },
  // The `require` types under the older resolution (package.json `types`, no `exports`).
  node10: { module: 'CommonJS', moduleResolution: 'Node10', files: ['src/consumer.cts'] },
} as const;

/** Name of a consumer build. */
export type ConsumerBuild = keyof typeof consumerBuilds;

/**
 * Creates a project in `dir` that installs the tarball (dependencies from the npm cache when
 * present, else the registry) and holds the consumer as consumer.mts and consumer.cts plus one
 * tsconfig per consumer build (output in out/<build>/).
 */
export async function createConsumerProject(dir: string, tarball: string): Promise<void> {
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true }, null, 2)}\n`);
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--no-package-lock', tarball],
    dir,
    180_000,
  );
  const fixture = join(import.meta.dirname, 'fixtures', 'consumer.ts.txt');
  copyFileSync(fixture, join(dir, 'src', 'consumer.mts'));
  copyFileSync(fixture, join(dir, 'src', 'consumer.cts'));
  for (const [name, build] of Object.entries(consumerBuilds)) {
    const tsconfig = {
      compilerOptions: {
        ...strictConsumerOptions,
        module: build.module,
        moduleResolution: build.moduleResolution,
        rootDir: 'src',
        outDir: `out/${name}`,
      },
      files: build.files,
    };
    writeFileSync(join(dir, `tsconfig.${name}.json`), `${JSON.stringify(tsconfig, null, 2)}\n`);
  }
}

const compilations = new Map<string, Promise<CommandOutput>>();

/**
 * Compiles one consumer build with the repository's TypeScript (once per project and build);
 * rejects with the diagnostics.
 */
export function compileConsumer(dir: string, build: ConsumerBuild): Promise<CommandOutput> {
  const key = `${dir}\0${build}`;
  let compiled = compilations.get(key);
  if (compiled === undefined) {
    compiled = runNode([require.resolve('typescript/bin/tsc'), '-p', `tsconfig.${build}.json`], dir);
    compilations.set(key, compiled);
  }
  return compiled;
}
