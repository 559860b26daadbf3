/**
 * The generator: load (lint + bundle) -> IR -> types -> emit -> format -> write/check. Stages pass
 * plain data; any spec problem stops the run before anything is written. Each slow stage goes
 * through a cache keyed by its inputs (the types by their own input, types-input.ts, so an edit of
 * an operation's docs reuses them; formatting per file), and the tools a stage needs (Redocly,
 * openapi-typescript, ts-morph, prettier) are imported only when that stage misses: a run with
 * nothing to redo loads none. Redocly runs on the worker thread (bundle first, then lint, with the
 * rules that can stop a run: see `nonErrorRules` in redocly-steps.mjs). After an edit of path item
 * files only, this thread starts from the previous bundle (bundle-reuse.ts) while the worker lints
 * and bundles; the output is kept only if Redocly's bundle is the same, else it is made again from it.
 */
import path from 'node:path';
import { toLoadedSpec, toProblems, type LoadedSpec, type RedoclyProblem } from './load.js';
import { SpecError, type SpecProblem } from './errors.js';
import { kitOutputs } from './conformance-kit.js';
import { FormatWorker, warmFormatter } from './output.js';
import { syncOutputs, type OutputReport } from './write.js';
import { cacheKey, OutputCache } from './output-cache.js';
import { reuseBundle, type BundleBase, type Reuse } from './bundle-reuse.js';
import { filesUnder, produce, texts, type Made } from './pipeline-stages.js';
import { TARGETS } from './targets/index.js';
import type { Target } from './targets/target.js';

/** Options of {@link generate}. */
export interface GenerateOptions {
  /** Repository root (holds spec/, generator/, generated/). */
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
  /**
   * The targets to render; default every target of `generator/targets/index.ts`. A target whose
   * code is outside `generator/` should run with `cache: false` (the emit cache knows it by name only).
   */
  targets?: readonly Target[];
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
  /**
   * Whether the previous bundle gave this run its head start (bundle-reuse.ts): `kept` when the
   * output made from it was kept (Redocly's bundle was the same), else why it was not used.
   */
  reuse: string;
}

/** The code that lints and bundles the spec (their results are cached by this code and the spec files). */
const LOAD_CODE = ['generator/load.ts', 'generator/redocly-steps.mjs', 'generator/errors.ts'];

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
  // A second thread, started only after a reused bundle: it formats while the first runs Redocly.
  const formatting = new FormatWorker(root);
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
    const entryFile = path.relative(root, entry);
    const bundleKey = cacheKey(['bundle', entryFile, ...loadCode, ...specInputs]);
    const lintKey = cacheKey(['lint', ...loadCode, ...specInputs]);
    const bundleHit = bundleCache.has(bundleKey);
    // On a bundle miss after an edit of path item files only, the previous bundle with those
    // files' path items rebuilt (bundle-reuse.ts) lets this thread start while Redocly bundles;
    // the run keeps what it made from it only if Redocly's bundle is the same.
    const base: BundleBase = { settings: cacheKey(['bundle-settings', ...loadCode]), entry: entryFile, texts: {} };
    const current = { ...base, texts: Object.fromEntries(pairs(specInputs)) };
    const baseKey = cacheKey(['bundle-base', base.settings, entryFile]);
    const reuse = bundleHit
      ? ({ reason: 'the bundle is cached' } as const)
      : await time('reuse', () => reusedBundle(bundleCache, baseKey, current));
    const head = 'loaded' in reuse ? reuse.loaded : undefined;
    // The worker bundles (its first job), then lints: Redocly loads once, on that thread, and only
    // on a miss. With a head start it lints first, then bundles from the same reading of the files.
    const both = head && !lintCache.has(lintKey) ? worker.lintAndBundle(entry) : undefined;
    const bundling = bundleCache.through(bundleKey, async () => {
      const loaded = toLoadedSpec(await (both ? both.then((b) => b.bundle) : worker.bundle(entry)), root);
      bundleCache.put(baseKey, JSON.stringify({ ...current, bundleKey }));
      return JSON.stringify(loaded);
    });
    const linting = lintCache
      .through(lintKey, async () => JSON.stringify(await (both ? both.then((b) => b.problems) : worker.lint(entry))))
      .then((text) => toProblems(JSON.parse(text) as RedoclyProblem[], root));
    // Meanwhile, on a bundle miss, this thread loads the emitters and the formatter (an edited spec
    // almost always re-emits; they are only loaded early, nothing is computed here); after a reused
    // bundle, the second thread formats instead, loading prettier while this one emits.
    const formatter = both ? formatting : worker;
    const warming = bundleHit
      ? Promise.resolve()
      : both
        ? formatter.warm()
        : import('./pipeline-emit.js').then(warmFormatter, () => undefined);
    const stopIfLintFails = async (alsoFound: readonly SpecProblem[] = []): Promise<void> => {
      const lintProblems = await time('lint-wait', () => linting);
      if (lintProblems.length > 0) throw new SpecError([...lintProblems, ...alsoFound]);
    };
    const targets = options.targets ?? TARGETS;
    const stages = {
      time,
      root,
      typesCache,
      emitCache,
      formatCache,
      formatter,
      formatHere: formatter === worker,
      targets,
    };
    let made: Made | undefined;
    let reused = 'reason' in reuse ? reuse.reason : 'kept';
    if (head) {
      // Any problem here is found again, and reported, from Redocly's bundle below.
      made = await produce(head, entryFile, stages).catch(() => undefined);
      const bundled = await time('bundle-wait', () => bundling.catch(() => undefined));
      if (bundled !== JSON.stringify(head)) reused = "not the same as Redocly's bundle";
      else if (made === undefined) reused = 'the output could not be made from it';
      if (reused !== 'kept') made = undefined;
    }
    if (made === undefined) {
      let loaded: LoadedSpec;
      try {
        loaded = await time('bundle', async () => JSON.parse(await bundling) as LoadedSpec);
        made = await produce(loaded, entryFile, stages);
      } catch (error) {
        if (error instanceof SpecError) await stopIfLintFails(error.problems);
        throw error;
      }
    }
    await stopIfLintFails();
    for (const [file, text] of await kitOutputs(root)) made.formatted.set(file, text);
    const report = await time(options.check ? 'check' : 'write', () =>
      syncOutputs(made.formatted, path.resolve(root, options.outDir ?? 'generated'), options.check === true),
    );
    await time('cache-write', () => Promise.all([warming, ...caches.map((cache) => cache.save())]));
    const cache = Object.fromEntries(
      caches.map((c, i) => [cacheNames[i] as string, { hits: c.hits, misses: c.misses }]),
    );
    const { ir } = made;
    return {
      operations: ir.operations.length,
      schemas: Object.keys(ir.schemas).length,
      report,
      timings,
      cache,
      reuse: reused,
    };
  } finally {
    await Promise.all([worker.close(), formatting.close()]);
  }
}

/** `[name, value, name, value, ...]` as pairs. */
function pairs(flat: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
}

/**
 * The previous bundle, reused for `current` (see bundle-reuse.ts), or why not. The YAML reader
 * is loaded only here, after a bundle miss.
 */
async function reusedBundle(cache: OutputCache, baseKey: string, current: BundleBase): Promise<Reuse> {
  const baseText = cache.peek(baseKey);
  if (baseText === undefined) return { reason: 'no previous bundle' };
  const previous = JSON.parse(baseText) as BundleBase & { bundleKey: string };
  const loadedText = cache.peek(previous.bundleKey);
  if (loadedText === undefined) return { reason: 'no previous bundle' };
  const { parseSpecYaml } = await import('./spec-yaml.js');
  return reuseBundle(previous, JSON.parse(loadedText) as LoadedSpec, current, parseSpecYaml);
}
