/**
 * Builds the companion package `exchange-v4-mock` (packages/exchange-v4-mock/): compiles every
 * module under mock/ (and the few repository modules they import) to ES modules with declarations
 * in packages/exchange-v4-mock/dist/, keeping the repository's layout so the mock finds its files
 * exactly as it does in a clone: dist/mock/ holds the code and its data files (fixtures, the paper
 * exchange's seed), dist/generated/ the bundled spec, the IR and the IR's JSON Schema it serves,
 * the conformance kit (dist/generated/conformance/) and the generated API reference
 * (dist/generated/docs/).
 * Usage: `npm run build:mock` (also run by `npm pack ./packages/exchange-v4-mock`).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Where the companion package lives, relative to the repository root. */
export const COMPANION_DIR = 'packages/exchange-v4-mock';

/** The generated files the mock is built from; they ship in the companion, not in the client. */
export const GENERATED_FILES = ['openapi.json', 'ir.json', 'ir.schema.json'] as const;

/** Raised when the companion cannot be built; the message says what to fix. */
export class MockBuildError extends Error {
  override readonly name = 'MockBuildError';
}

/** The parts of a package.json the companion's consistency rules read. */
export interface Manifest {
  readonly name?: string;
  readonly version?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

/**
 * What is wrong with the companion's manifest next to the client's: it must carry the client's
 * version, and every dependency must be pinned to the exact version the repository installs (the
 * mock is tested with those).
 */
export function manifestProblems(client: Manifest, companion: Manifest): string[] {
  const problems: string[] = [];
  if (companion.version !== client.version)
    problems.push(`version is ${String(companion.version)}, the client's is ${String(client.version)}`);
  const installed = { ...client.devDependencies, ...client.dependencies };
  for (const [name, range] of Object.entries(companion.dependencies ?? {})) {
    const want = installed[name];
    if (want === undefined) problems.push(`dependency ${name} is not installed by the repository`);
    else if (range !== want) problems.push(`dependency ${name} is ${range}, the repository installs ${want}`);
  }
  return problems;
}

const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return ts.formatDiagnosticsWithColorAndContext(diagnostics, {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  });
}

/** Every file under `dir` (recursively) whose name ends with `suffix`, relative to `dir`, sorted. */
function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .sort();
}

/** Compiles mock/ into `outDir` (ES modules, declarations; the root tsconfig's strict settings). */
function compileMock(root: string, outDir: string): void {
  const configPath = join(root, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {
      noEmit: false,
      noEmitOnError: true,
      declaration: true,
      sourceMap: false,
      incremental: false,
      rootDir: root,
      outDir,
    },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new MockBuildError(formatDiagnostics([diagnostic]));
      },
    },
  );
  if (parsed === undefined) throw new MockBuildError('tsconfig.json cannot be read');
  const rootNames = filesUnder(join(root, 'mock'), '.ts').map((file) => join(root, 'mock', file));
  const program = ts.createProgram({ rootNames, options: parsed.options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) throw new MockBuildError(`mock/ does not compile:\n${formatDiagnostics(diagnostics)}`);
  const emitted = program.emit();
  if (emitted.emitSkipped || emitted.diagnostics.length > 0) {
    throw new MockBuildError(`mock/ emit failed:\n${formatDiagnostics(emitted.diagnostics)}`);
  }
}

/**
 * The client's HTML API reference (TypeDoc with the repository's typedoc.json, as `npm run docs`),
 * into `out`; any TypeDoc warning fails the build.
 */
function buildHtmlReference(root: string, out: string): void {
  const typedoc = join(root, 'node_modules/typedoc/bin/typedoc');
  const run = spawnSync(process.execPath, [typedoc, '--out', out], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) {
    throw new MockBuildError(`the HTML reference (typedoc) failed:\n${run.stdout}${run.stderr}`);
  }
}

/** Builds the companion package under `root`; returns the number of files in its dist/. */
export function buildMockPackage(root: string): number {
  const companion = join(root, COMPANION_DIR);
  const problems = manifestProblems(
    readManifest(join(root, 'package.json')),
    readManifest(join(companion, 'package.json')),
  );
  if (problems.length > 0) throw new MockBuildError(`${COMPANION_DIR}/package.json: ${problems.join('; ')}`);
  for (const file of [...GENERATED_FILES, 'conformance/README.md']) {
    if (!existsSync(join(root, 'generated', file)))
      throw new MockBuildError(`generated/${file} is missing: run \`npm run generate\` first`);
  }
  const dist = join(companion, 'dist');
  rmSync(dist, { recursive: true, force: true });
  compileMock(root, dist);
  // Data files next to the code that reads them (fixtures, the paper exchange's seed file).
  for (const file of filesUnder(join(root, 'mock'), '.json')) {
    mkdirSync(dirname(join(dist, 'mock', file)), { recursive: true });
    copyFileSync(join(root, 'mock', file), join(dist, 'mock', file));
  }
  mkdirSync(join(dist, 'generated'), { recursive: true });
  for (const file of GENERATED_FILES) copyFileSync(join(root, 'generated', file), join(dist, 'generated', file));
  // The conformance kit: the vectors a client of another language runs, beside the IR it reads.
  cpSync(join(root, 'generated/conformance'), join(dist, 'generated/conformance'), { recursive: true });
  // The API reference (Markdown) is read while developing, so it ships here, not in the client.
  cpSync(join(root, 'generated/docs'), join(dist, 'generated/docs'), { recursive: true });
  buildHtmlReference(root, join(dist, 'generated/docs-html'));
  cpSync(join(root, 'LICENSE'), join(companion, 'LICENSE'));
  return readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const started = performance.now();
  try {
    const count = buildMockPackage(root);
    console.log(`built ${COMPANION_DIR}/dist (${count} files) in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    rmSync(join(root, COMPANION_DIR, 'dist'), { recursive: true, force: true });
    console.error(error instanceof MockBuildError ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
