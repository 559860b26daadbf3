/**
 * Last stage but one: format every output file with prettier (here or on the worker thread). The
 * last, write.ts, writes the changed ones or, in check mode, reports the drift.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type * as Prettier from 'prettier';
import type { Options as PrettierOptions } from 'prettier';
import type { BundleResult, RedoclyProblem } from './load.js';
import { cacheKey, type OutputCache } from './output-cache.js';

/** Files of `generated/` by path relative to it. */
export type Outputs = Map<string, string>;

/** TypeScript and Markdown go through prettier; JSON is already canonical (2-space `JSON.stringify`). */
const parserFor = (file: string): string | undefined =>
  file.endsWith('.ts') ? 'babel-ts' : file.endsWith('.md') ? 'markdown' : undefined;

/** Does this file go through prettier? */
export const isFormatted = (file: string): boolean => parserFor(file) !== undefined;

/**
 * prettier's entry module, imported on first use: a run whose formatting (and prettier
 * configuration) is all cached never loads the formatter.
 */
const loadPrettier = (): Promise<typeof Prettier> => import('prettier');

/**
 * Loads prettier and the parsers this project uses (by formatting a one-line text with each),
 * so that a run which will format can load them while it waits for something else. Never fails:
 * a real format call reports any problem.
 */
export async function warmFormatter(): Promise<void> {
  try {
    const prettier = await loadPrettier();
    for (const parser of ['babel-ts', 'markdown']) await prettier.format('a;\n', { parser });
  } catch {
    // reported by the formatting that follows
  }
}

/** prettier's version, read from its package.json (without loading prettier). */
const prettierVersion = (): string =>
  (createRequire(import.meta.url)('prettier/package.json') as { version: string }).version;

/**
 * The files `prettier.resolveConfig` reads for a file at the repository root (it stops at the
 * first it finds there; `.editorconfig` is not read by default). Their texts key the resolved
 * configuration in the cache.
 */
const CONFIG_FILES = [
  'package.json',
  'package.yaml',
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.json5',
  '.prettierrc.js',
  '.prettierrc.mjs',
  '.prettierrc.cjs',
  '.prettierrc.ts',
  '.prettierrc.mts',
  '.prettierrc.cts',
  '.prettierrc.toml',
  'prettier.config.js',
  'prettier.config.mjs',
  'prettier.config.cjs',
  'prettier.config.ts',
  'prettier.config.mts',
  'prettier.config.cts',
];

/** prettier's version and the repository's prettier configuration (no parser). */
interface FormatSettings {
  readonly version: string;
  readonly config: PrettierOptions;
}

/** Settings by the cache they were read through (one cache per run). */
const settingsByCache = new WeakMap<OutputCache, Map<string, Promise<FormatSettings>>>();

/** The repository's prettier settings, resolved by prettier. */
async function resolveSettings(root: string): Promise<FormatSettings> {
  const config = (await (await loadPrettier()).resolveConfig(path.join(root, 'package.json'))) ?? {};
  return { version: prettierVersion(), config };
}

/**
 * The repository's prettier settings: through `cache` (once per cache and root) when given, so
 * that a run finding prettier's version and the texts of its configuration files unchanged never
 * loads prettier; else resolved by prettier.
 */
function formatSettings(root: string, cache?: OutputCache): Promise<FormatSettings> {
  if (!cache) return resolveSettings(root);
  const byRoot = settingsByCache.get(cache) ?? new Map<string, Promise<FormatSettings>>();
  settingsByCache.set(cache, byRoot);
  let settings = byRoot.get(root);
  if (settings === undefined) {
    settings = (async () => {
      const texts = await Promise.all(
        CONFIG_FILES.map((file) => readFile(path.join(root, file), 'utf8').catch(() => '\0missing')),
      );
      const files = CONFIG_FILES.flatMap((file, i) => [file, texts[i] ?? '']);
      const key = cacheKey(['prettier-config', prettierVersion(), ...files]);
      const text = await cache.through(key, async () => JSON.stringify(await resolveSettings(root)));
      return JSON.parse(text) as FormatSettings;
    })();
    byRoot.set(root, settings);
  }
  return settings;
}

/** The prettier options for one file, or undefined when the file is not formatted. */
function optionsFor(file: string, settings: FormatSettings): PrettierOptions | undefined {
  const parser = parserFor(file);
  return parser ? { ...settings.config, parser } : undefined;
}

/** The cache key of formatting `text` with `options`: prettier's version, the options and the text. */
const formatKey = (text: string, options: PrettierOptions, settings: FormatSettings): string =>
  cacheKey(['prettier', settings.version, JSON.stringify(options), text]);

/** Whether formatting `text` as `file` has a result in `cache` (so it costs nothing to format). */
export async function formatCached(file: string, text: string, root: string, cache: OutputCache): Promise<boolean> {
  const settings = await formatSettings(root, cache);
  const options = optionsFor(file, settings);
  return options === undefined || cache.has(formatKey(text, options, settings));
}

/** Formats every file with the repository's prettier config (through `cache`, when given). */
export async function formatOutputs(outputs: Outputs, root: string, cache?: OutputCache): Promise<Outputs> {
  const settings = await formatSettings(root, cache);
  const out: Outputs = new Map();
  for (const [file, text] of outputs) {
    const options = optionsFor(file, settings);
    const format = async (): Promise<string> => (await loadPrettier()).format(text, options);
    if (!options) out.set(file, text);
    else if (!cache) out.set(file, await format());
    else out.set(file, await cache.through(formatKey(text, options, settings), format));
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The generator's worker thread: `lint` and `format` run on the other core while the
 * caller keeps working. Results are the same as on the main thread; only the thread differs. The
 * thread starts with the first job, so a run that finds everything in the cache never starts it.
 */
export class FormatWorker {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (e: Error) => void }>();
  private next = 0;

  constructor(private readonly root: string) {}

  /** Whether the thread was started (by a job that was not answered from a cache). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** The thread, started on first use. */
  private started(): Worker {
    if (this.worker) return this.worker;
    // Plain JS on the thread: no TypeScript loader (the parent's `--import tsx`) between it and its modules.
    const worker = new Worker(new URL('./format-worker.mjs', import.meta.url), { execArgv: [] });
    worker.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) waiter?.reject(new Error(m.error));
      else waiter?.resolve(m.result);
    });
    worker.on('error', (e) => {
      for (const w of this.pending.values()) w.reject(e);
      this.pending.clear();
    });
    this.worker = worker;
    return worker;
  }

  private run(job: Record<string, unknown>): Promise<unknown> {
    const id = this.next++;
    const worker = this.started();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...job, id });
    });
  }

  /**
   * Bundles the spec at `entry` on the thread (see `bundleSpec` in redocly-steps.mjs): the same
   * plain data as on the calling thread, without loading Redocly there.
   */
  async bundle(entry: string): Promise<BundleResult> {
    return (await this.run({ kind: 'bundle', entry, root: this.root })) as BundleResult;
  }

  /**
   * Lints, then bundles the spec on the thread, both from one reading of its files (see
   * `lintAndBundleSpec` in redocly-steps.mjs): for a run that needs both and does not wait for the bundle first.
   */
  async lintAndBundle(entry: string): Promise<{ problems: RedoclyProblem[]; bundle: BundleResult }> {
    return (await this.run({ kind: 'lint-bundle', entry, root: this.root })) as {
      problems: RedoclyProblem[];
      bundle: BundleResult;
    };
  }

  /** Lints the spec with the repository's Redocly config (recommended + house rules). */
  async lint(entry: string): Promise<RedoclyProblem[]> {
    return (await this.run({ kind: 'lint', entry, root: this.root })) as RedoclyProblem[];
  }

  /**
   * Loads prettier and the parsers this project uses on the thread (see {@link warmFormatter}), so
   * that the first file to format does not wait for them. Never fails.
   */
  async warm(): Promise<void> {
    await this.run({ kind: 'warm' }).catch(() => undefined);
  }

  /** Formats one file on the worker thread (through `cache`, when given). */
  async format(file: string, text: string, cache?: OutputCache): Promise<string> {
    const settings = await formatSettings(this.root, cache);
    const options = optionsFor(file, settings);
    if (!options) return text;
    const compute = async (): Promise<string> => (await this.run({ kind: 'format', text, options })) as string;
    return cache ? cache.through(formatKey(text, options, settings), compute) : compute();
  }

  /** Stops the thread (if it was started). */
  async close(): Promise<void> {
    await this.worker?.terminate();
  }
}
