/**
 * The generator: load (lint + bundle) -> IR -> types -> emit -> format -> write/check. Stages pass
 * plain data; any spec problem stops the run before anything is written. Each slow stage goes
 * through a cache keyed by its inputs (the types by their own input, types-input.ts, so an edit of
 * an operation's docs reuses them; formatting per file), and the tools a stage needs (Redocly,
 * openapi-typescript, ts-morph, prettier) are imported only when that stage misses: a run with
 * nothing to redo loads none. Redocly runs on the worker thread (bundle first, then lint, with the
 * rules that can stop a run: see `nonErrorRules` in redocly-steps.mjs).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildIR } from './ir/build.js';
import type { IR } from './ir/types.js';
import { toLoadedSpec, toProblems, type LoadedSpec, type RedoclyProblem } from './load.js';
import { SpecError, type SpecProblem } from './errors.js';
import type { ModelTypes, OperationTypes } from './emit/models.js';
import { tsBanner } from './emit/naming.js';
import { typesInput } from './emit/types-input.js';
import {
  FormatWorker,
  formatOutputs,
  warmFormatter,
  isFormatted,
  syncOutputs,
  type OutputReport,
  type Outputs,
} from './output.js';
import { cacheKey, OutputCache } from './output-cache.js';

/** Options of {@link generate}. */
export interface GenerateOptions {
  /** Repository root (holds spec/, templates/, generated/). */
  root: string;
  /** Root spec file; default `spec/openapi.yaml`. */
  entry?: string;
  /** Output folder; default `generated/`. */
  outDir?: string;
  /** Compare instead of writing. */
  check?: boolean;
  /**
   * Reuse lint, bundle, type, emit and format results of earlier runs from
   * `node_modules/.cache/exchange-v4/` (default `true`; only for the repository's own
   * `spec/openapi.yaml`). Entries are keyed by everything they depend on, so output is identical.
   */
  cache?: boolean;
  /** Folder of the caches; default `node_modules/.cache/exchange-v4/` under `root`. */
  cacheDir?: string;
}

/** What a run did. */
export interface GenerateSummary {
  operations: number;
  schemas: number;
  report: OutputReport;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** Per cache (`lint`, `bundle`, `types`, `emit`, `format`): entries found and entries computed. */
  cache: Record<string, { hits: number; misses: number }>;
}

/**
 * What the schema types depend on besides the IR and the bundled spec: the code that emits them
 * and the exact versions of openapi-typescript and TypeScript (the lock file).
 */
const TYPES_CODE = [
  'generator/emit/schema-types.ts',
  'generator/emit/types-input.ts',
  'generator/emit/models.ts',
  'generator/emit/doc-comment.ts',
  'generator/emit/naming.ts',
  'package-lock.json',
];

/** The code that lints and bundles the spec (their results are cached by this code and the spec files). */
const LOAD_CODE = ['generator/load.ts', 'generator/redocly-steps.mjs', 'generator/errors.ts'];

/** Each file as its path and its text (empty when missing). */
async function texts(root: string, files: readonly string[]): Promise<string[]> {
  const read = await Promise.all(files.map((file) => readFile(path.join(root, file), 'utf8').catch(() => '')));
  return files.flatMap((file, i) => [file, read[i] ?? '']);
}

/** Every file under the given folders of `root`, repository-relative, sorted. */
async function filesUnder(root: string, dirs: readonly string[]): Promise<string[]> {
  const lists = await Promise.all(
    dirs.map(async (dir) =>
      (await readdir(path.join(root, dir), { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
    ),
  );
  return lists.flat().sort();
}

/**
 * What the spec lint and bundle depend on: every file under spec/ (the spec, the house rules and
 * the extension table), the Redocly config and the lock file, each as its path and text.
 */
async function specFiles(root: string): Promise<string[]> {
  return texts(root, [...(await filesUnder(root, ['spec'])), 'redocly.yaml', 'package-lock.json']);
}

/** Runs the whole pipeline. Throws `SpecError` (nothing written) when the spec has problems. */
export async function generate(options: GenerateOptions): Promise<GenerateSummary> {
  const timings: Record<string, number> = {};
  const time = async <T>(stage: string, run: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      timings[stage] = Math.round(performance.now() - start);
    }
  };
  const root = options.root;
  const entry = path.resolve(root, options.entry ?? 'spec/openapi.yaml');
  // A second thread bundles and lints the spec (then formats the largest files) while this one
  // builds the IR and emits. Lint problems stop the run before anything is written, as on one thread.
  const worker = new FormatWorker(root);
  try {
    // Only the repository's own spec is cached: its inputs (spec/, the lint config) are known.
    const ownSpec = entry === path.join(root, 'spec', 'openapi.yaml');
    const cacheRoot = options.cache !== false && ownSpec ? root : undefined;
    const cacheNames = ['lint', 'bundle', 'types', 'emit', 'format'];
    const caches = await time('cache-read', () =>
      Promise.all(cacheNames.map((name) => OutputCache.open(cacheRoot, name, options.cacheDir))),
    );
    const [lintCache, bundleCache, typesCache, emitCache, formatCache] = caches as [
      OutputCache,
      OutputCache,
      OutputCache,
      OutputCache,
      OutputCache,
    ];
    const specInputs = await time('keys', () => specFiles(root));
    const loadCode = await texts(root, LOAD_CODE);
    // The worker bundles (its first job), then lints: Redocly loads once, on that thread, and only
    // on a miss. Meanwhile, on a bundle miss, this thread loads the emitters and the formatter (an
    // edited spec almost always re-emits; they are only loaded early, nothing is computed here).
    const bundleKey = cacheKey(['bundle', path.relative(root, entry), ...loadCode, ...specInputs]);
    const bundleHit = bundleCache.has(bundleKey);
    const bundling = bundleCache.through(bundleKey, async () =>
      JSON.stringify(toLoadedSpec(await worker.bundle(entry), root)),
    );
    const lintKey = cacheKey(['lint', ...loadCode, ...specInputs]);
    const linting = lintCache
      .through(lintKey, async () => JSON.stringify(await worker.lint(entry)))
      .then((text) => toProblems(JSON.parse(text) as RedoclyProblem[], root));
    const warming = bundleHit ? Promise.resolve() : import('./pipeline-emit.js').then(warmFormatter, () => undefined);
    const stopIfLintFails = async (alsoFound: readonly SpecProblem[] = []): Promise<void> => {
      const lintProblems = await time('lint-wait', () => linting);
      if (lintProblems.length > 0) throw new SpecError([...lintProblems, ...alsoFound]);
    };
    let loaded: LoadedSpec;
    let ir: IR;
    try {
      loaded = await time('bundle', async () => JSON.parse(await bundling) as LoadedSpec);
      ir = await time('ir', () =>
        buildIR(loaded.document, { pathFiles: loaded.pathFiles, rootFile: path.relative(root, entry) }),
      );
    } catch (error) {
      if (error instanceof SpecError) await stopIfLintFails(error.problems);
      throw error;
    }
    const irText = JSON.stringify(ir);
    const documentText = JSON.stringify(loaded.document);
    // Keyed by the types' own input only: a description edit leaves it, and the types, unchanged.
    const input = typesInput(ir, loaded.document);
    const typesKey = cacheKey(['types', ...(await texts(root, TYPES_CODE)), JSON.stringify(input)]);
    const typesText = await time('types', () =>
      typesCache.through(typesKey, async () => {
        const { typesOf } = await import('./emit/schema-types.js');
        const computed = await typesOf(input);
        return JSON.stringify({ ...computed, operations: [...computed.operations] });
      }),
    );
    const typesRead = JSON.parse(typesText) as Omit<ModelTypes, 'operations'> & {
      operations: Array<[string, OperationTypes]>;
    };
    const types: ModelTypes = { ...typesRead, operations: new Map(typesRead.operations) };
    const schema = `${tsBanner()}${types.models}\n`;
    const schemaFormatted = worker.format('src/models.ts', schema, formatCache);
    // The emitters are pure functions of the IR, the bundled spec, their own code and templates.
    const emitKey = cacheKey([
      'emit',
      ...(await texts(root, await filesUnder(root, ['generator', 'templates']))),
      irText,
      documentText,
    ]);
    const emittedText = await emitCache.through(emitKey, async () => {
      const { emitAll, pythonOutputs } = await import('./pipeline-emit.js');
      const all = await time('emit', () => emitAll(ir, loaded.document, root, types));
      for (const [file, text] of await time('python', () => pythonOutputs(ir, root))) all.set(file, text);
      return JSON.stringify([...all]);
    });
    const emitted: Outputs = new Map(JSON.parse(emittedText) as Array<[string, string]>);
    const { onMain, onWorker, verbatim } = shareFormatting(emitted, schema.length);
    const workerDone = Promise.all(
      [...onWorker].map(async ([f, t]) => [f, await worker.format(f, t, formatCache)] as const),
    );
    const rest = await time('format', () => formatOutputs(onMain, root, formatCache));
    const [schemaText, fromWorker] = await time('format-wait', () => Promise.all([schemaFormatted, workerDone]));
    await stopIfLintFails();
    const formatted: Outputs = new Map(
      [...rest, ...verbatim, ...fromWorker, ['src/models.ts', schemaText] as const].sort(([a], [b]) =>
        a.localeCompare(b),
      ),
    );
    const report = await time(options.check ? 'check' : 'write', () =>
      syncOutputs(formatted, path.resolve(root, options.outDir ?? 'generated'), options.check === true),
    );
    await time('cache-write', () => Promise.all([warming, ...caches.map((cache) => cache.save())]));
    const cache = Object.fromEntries(
      caches.map((c, i) => [cacheNames[i] as string, { hits: c.hits, misses: c.misses }]),
    );
    return { operations: ir.operations.length, schemas: Object.keys(ir.schemas).length, report, timings, cache };
  } finally {
    await worker.close();
  }
}

/**
 * Splits the files to format between the two threads by estimated cost (Markdown tables cost
 * about six times as much per byte as TypeScript), the worker already holding the schema types.
 * The runtime is copied as written: its sources are kept prettier-clean (a test checks).
 */
function shareFormatting(
  emitted: Outputs,
  workerStart: number,
): { onMain: Outputs; onWorker: Outputs; verbatim: Outputs } {
  const cost = (file: string, text: string): number => text.length * (file.endsWith('.md') ? 6 : 1);
  const out = { onMain: new Map() as Outputs, onWorker: new Map() as Outputs, verbatim: new Map() as Outputs };
  let worker = workerStart;
  let main = 0;
  for (const [file, text] of [...emitted].sort(([fa, a], [fb, b]) => cost(fb, b) - cost(fa, a))) {
    if (!isFormatted(file) || file.startsWith('src/runtime/')) out.verbatim.set(file, text);
    else if (worker <= main) {
      out.onWorker.set(file, text);
      worker += cost(file, text);
    } else {
      out.onMain.set(file, text);
      main += cost(file, text);
    }
  }
  return out;
}
