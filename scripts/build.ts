/**
 * Builds the published package from the generated client: generated/src -> dist/esm (ES modules)
 * and dist/cjs (CommonJS), each with .js and .d.ts files, using the TypeScript compiler API and the
 * build tsconfigs (tsconfig.build.json, tsconfig.build.cjs.json); then the Node entry, dist/esm
 * bundled into one file (dist/node/index.mjs; see node-bundle.ts).
 * dist/ is removed first, so the output depends on generated/src alone. Usage: `npm run build`
 * (also run by `npm pack`).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { bundleNodeEntry } from './node-bundle.js';

/** One compiled flavour of the package. */
export interface BuildTarget {
  /** Short name used in messages. */
  readonly name: 'esm' | 'cjs';
  /** The tsconfig (relative to the repository root) describing the compilation. */
  readonly tsconfig: string;
  /** Output folder relative to the repository root; must match the tsconfig's outDir. */
  readonly outDir: string;
  /**
   * The folder's own package.json `type`, or none when the package root's `"type": "module"` and
   * `imports` map apply (a nested package.json would hide the root's `#platform` map).
   */
  readonly packageType: 'commonjs' | undefined;
}

/** The two flavours the package's `exports` map points at. */
export const buildTargets: readonly BuildTarget[] = [
  { name: 'esm', tsconfig: 'tsconfig.build.json', outDir: 'dist/esm', packageType: undefined },
  { name: 'cjs', tsconfig: 'tsconfig.build.cjs.json', outDir: 'dist/cjs', packageType: 'commonjs' },
];

/** Raised when the package cannot be built; the message says what to fix. */
export class BuildError extends Error {
  override readonly name = 'BuildError';
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost);
}

/** Reads a build tsconfig (following `extends`) and checks that its outDir is the expected one. */
function readBuildConfig(root: string, target: BuildTarget): ts.ParsedCommandLine {
  const configPath = join(root, target.tsconfig);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new BuildError(`${target.tsconfig}: ${formatDiagnostics([diagnostic])}`);
    },
  });
  if (parsed === undefined) throw new BuildError(`${target.tsconfig}: cannot be read`);
  if (parsed.errors.length > 0) throw new BuildError(formatDiagnostics(parsed.errors));
  const outDir = parsed.options.outDir === undefined ? undefined : resolve(parsed.options.outDir);
  if (outDir !== resolve(root, target.outDir)) {
    throw new BuildError(`${target.tsconfig}: outDir must be ${target.outDir} (is ${String(parsed.options.outDir)})`);
  }
  return parsed;
}

/** Counts the files under a folder. */
function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** A compiled file's text without its doc comments: `/** … *\/` blocks on lines of their own. */
export function withoutDocComments(text: string): string {
  return text.replace(/^[ \t]*\/\*\*(?:(?!\*\/)[\s\S])*\*\/[ \t]*\r?\n/gm, '');
}

/**
 * The named models are types only (models.ts emits no value): the CommonJS build re-exports the ES
 * module build's declarations instead of carrying a second copy of the largest `.d.ts` file. A
 * type-only re-export may cross module formats.
 */
function shareModelTypes(outDir: string): void {
  const path = join(outDir, 'models.d.ts');
  if (!existsSync(path)) throw new BuildError(`${path} is missing`);
  const compiled = readFileSync(join(outDir, 'models.js'), 'utf8');
  if (/\bexports\.\w+\s*=(?!\s*void 0)/.test(compiled.replace(/exports\.__esModule/g, ''))) {
    throw new BuildError('models.ts exports a value: its CommonJS declarations cannot be shared');
  }
  writeFileSync(path, "export type * from '../esm/models.js' with { 'resolution-mode': 'import' };\n");
}

/** Compiles one target; throws BuildError listing every diagnostic when anything fails to check. */
function compile(root: string, target: BuildTarget): number {
  const config = readBuildConfig(root, target);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences ?? [],
  });
  const preEmit = ts.getPreEmitDiagnostics(program);
  if (preEmit.length > 0) {
    throw new BuildError(`${target.name} build (${target.tsconfig}) failed:\n${formatDiagnostics(preEmit)}`);
  }
  // Doc comments go to the `.d.ts` files only (where editors read them); in the `.js` files they
  // would double the package's size. Other comments (`/* @__PURE__ */` marks) stay.
  const emitted = program.emit(undefined, (fileName, text, bom) =>
    ts.sys.writeFile(fileName, fileName.endsWith('.js') ? withoutDocComments(text) : text, bom),
  );
  if (emitted.emitSkipped || emitted.diagnostics.length > 0) {
    throw new BuildError(`${target.name} emit failed:\n${formatDiagnostics(emitted.diagnostics)}`);
  }
  const outDir = join(root, target.outDir);
  // The package entry and the `exchange-v4/redis` entry (package.json `exports`).
  for (const entry of ['index.js', 'index.d.ts', 'redis/index.js', 'redis/index.d.ts']) {
    if (!existsSync(join(outDir, entry)))
      throw new BuildError(`${target.name} build wrote no ${target.outDir}/${entry}`);
  }
  if (target.packageType !== undefined) {
    writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type: target.packageType }, null, 2)}\n`);
    bindNodePlatform(join(outDir, 'runtime'));
    shareModelTypes(outDir);
  }
  return countFiles(outDir);
}

type ImportTarget = string | { readonly [condition: string]: ImportTarget };

/** An import map's targets with `.ts` files replaced by the compiled `.js` ones under `dir`. */
function compiledTargets(target: ImportTarget, dir: string): ImportTarget {
  if (typeof target === 'string') return `./${join(dir, target).replace(/\.ts$/, '.js')}`;
  return Object.fromEntries(
    Object.entries(target).map(([condition, inner]) => [condition, compiledTargets(inner, dir)]),
  );
}

/**
 * The `imports` map the package root must carry for the ES module build: the runtime's `#platform`
 * map (from generated/src/runtime/package.json) pointing at dist/esm/runtime. Node and bundlers
 * read `imports` from the root package.json, so the build writes no nested package.json there.
 */
export function rootImports(root: string, esmDir = 'dist/esm'): Record<string, ImportTarget> {
  const source = JSON.parse(readFileSync(join(root, 'generated/src/runtime/package.json'), 'utf8')) as {
    imports?: Record<string, ImportTarget>;
  };
  if (source.imports === undefined) throw new BuildError('generated/src/runtime/package.json has no imports map');
  return Object.fromEntries(
    Object.entries(source.imports).map(([name, t]) => [name, compiledTargets(t, `${esmDir}/runtime`)]),
  );
}

/** Throws unless the root package.json's `imports` is exactly {@link rootImports}. */
function checkRootImports(root: string): void {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports?: unknown };
  const want = rootImports(root);
  if (JSON.stringify(manifest.imports) !== JSON.stringify(want)) {
    throw new BuildError(`package.json "imports" must be ${JSON.stringify(want)}`);
  }
}

/**
 * The CommonJS build is what Node's `require` loads (bundlers and browsers take the `module` or
 * `import` condition first), so its `#platform` is bound to the node platform at build time.
 */
export function bindNodePlatform(runtimeDir: string): void {
  for (const name of readdirSync(runtimeDir).filter((file) => file.endsWith('.js'))) {
    const path = join(runtimeDir, name);
    const text = readFileSync(path, 'utf8');
    if (text.includes('require("#platform")')) {
      writeFileSync(path, text.replaceAll('require("#platform")', 'require("./platform-node.js")'));
    }
  }
}

/** Removes dist/ and builds every target, then the Node entry; returns the number of files written per target. */
export function buildPackage(root: string): Record<BuildTarget['name'], number> {
  const entry = join(root, 'generated/src/index.ts');
  if (!existsSync(entry)) {
    throw new BuildError(`${relative(root, entry)} is missing: run \`npm run generate\` first`);
  }
  checkRootImports(root);
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  mkdirSync(join(root, 'dist'));
  const counts: Record<string, number> = {};
  for (const target of buildTargets) counts[target.name] = compile(root, target);
  bundleNodeEntry(join(root, 'dist/esm/index.js'), join(root, 'dist/node'));
  return counts;
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const started = performance.now();
  try {
    const counts = buildPackage(root);
    const summary = [
      ...buildTargets.map((target) => `${target.outDir} (${counts[target.name]} files)`),
      'dist/node/index.mjs',
    ].join(', ');
    console.log(`built ${summary} in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    console.error(error instanceof BuildError ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
