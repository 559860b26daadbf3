/**
 * The stages after the bundle: IR -> types -> emit -> format, each through its cache, and the
 * file helpers their keys are read with. Split from pipeline.ts, which runs them once, or twice
 * when the output made from a reused bundle is not kept.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildIR } from './ir/build.js';
import { checkForTargets } from './ir/checks.js';
import type { IR } from './ir/types.js';
import type { LoadedSpec } from './load.js';
import type { ModelTypes, OperationTypes } from './schema-types/models.js';
import { tsBanner } from './emit-kit/naming.js';
import type { Target } from './targets/target.js';
import { typesInput } from './schema-types/types-input.js';
import { formatCached, formatOutputs, isFormatted, type FormatWorker, type Outputs } from './output.js';
import { cacheKey, type OutputCache } from './output-cache.js';
import { emitUnits } from './emit-units.js';

/** `load()`'s promise, made on the first call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/**
 * What the schema types depend on besides the IR and the bundled spec: the code that emits them
 * and the exact versions of openapi-typescript and TypeScript (the lock file).
 */
const TYPES_CODE = [
  'generator/schema-types/schema-types.ts',
  'generator/schema-types/types-input.ts',
  'generator/schema-types/models.ts',
  'generator/schema-types/doc-comment.ts',
  'generator/emit-kit/naming.ts',
  'package-lock.json',
];

/** Each file as its path and its text (empty when missing). */
export async function texts(root: string, files: readonly string[]): Promise<string[]> {
  const read = await Promise.all(files.map((file) => readFile(path.join(root, file), 'utf8').catch(() => '')));
  return files.flatMap((file, i) => [file, read[i] ?? '']);
}

/** Every file under the given folders of `root`, repository-relative, sorted. */
export async function filesUnder(root: string, dirs: readonly string[]): Promise<string[]> {
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
 * The `version` of package.json text (the npm package's version, which the Python package
 * follows); `undefined` when the text is not a package.json with a string version.
 */
export function packageVersionOf(text: string): string | undefined {
  try {
    const pkg = JSON.parse(text) as unknown;
    const version = typeof pkg === 'object' && pkg !== null ? (pkg as Record<string, unknown>)['version'] : undefined;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** What the stages after the bundle need. */
export interface StageContext {
  time: <T>(stage: string, run: () => Promise<T> | T) => Promise<T>;
  root: string;
  typesCache: OutputCache;
  emitCache: OutputCache;
  formatCache: OutputCache;
  /** The targets to render (`generator/targets/index.ts`'s list unless a caller gives others). */
  targets: readonly Target[];
  /** The thread that formats (prettier never loads through the TypeScript loader there). */
  formatter: FormatWorker;
  /**
   * Whether this thread formats its share too (prettier loaded here). Not after a reused bundle,
   * whose few files to format go to a thread of their own while Redocly works on the other.
   */
  formatHere: boolean;
}

/** The IR and every output file, formatted. */
export interface Made {
  ir: IR;
  formatted: Outputs;
}

/** The schema types of no target: for a run whose targets do not render from them. */
const NO_TYPES: ModelTypes = { models: '', modelNames: [], operations: new Map() };

/**
 * The schema types stage (openapi-typescript over the bundled spec), through its cache. Keyed by
 * the types' own input only: a description edit leaves it, and the types, unchanged.
 */
async function schemaTypes(ir: IR, document: Record<string, unknown>, c: StageContext): Promise<ModelTypes> {
  const input = typesInput(ir, document);
  const typesKey = cacheKey(['types', ...(await texts(c.root, TYPES_CODE)), JSON.stringify(input)]);
  const typesText = await c.time('types', () =>
    c.typesCache.through(typesKey, async () => {
      const { typesOf } = await import('./schema-types/schema-types.js');
      const computed = await typesOf(input);
      return JSON.stringify({ ...computed, operations: [...computed.operations] });
    }),
  );
  const typesRead = JSON.parse(typesText) as Omit<ModelTypes, 'operations'> & {
    operations: Array<[string, OperationTypes]>;
  };
  return { ...typesRead, operations: new Map(typesRead.operations) };
}

/** IR -> types -> emit -> format, from a bundled spec. Throws `SpecError` when the IR cannot be built. */
export async function produce(loaded: LoadedSpec, rootFile: string, c: StageContext): Promise<Made> {
  const { time, root, emitCache, formatCache, formatter, targets } = c;
  const ir = await time('ir', () => {
    const built = buildIR(loaded.document, { ...loaded, rootFile });
    checkForTargets(built, { ...loaded, rootFile });
    return built;
  });
  const documentText = JSON.stringify(loaded.document);
  // The schema types, and their models module, only for a target that renders from them.
  const modelsModule = targets.find((t) => t.modelsModule !== undefined)?.modelsModule;
  const types = modelsModule ? await schemaTypes(ir, loaded.document, c) : NO_TYPES;
  const schema = `${tsBanner()}${types.models}\n`;
  const schemaFormatted = modelsModule ? formatter.format(modelsModule, schema, formatCache) : undefined;
  // The emitters are pure functions of the IR, the bundled spec, their own code and templates; in
  // units (emit-units.ts), so that an edit in one area re-emits only that area's files and the rest.
  const code = [
    ...(await texts(root, await filesUnder(root, ['generator']))),
    'targets',
    ...targets.map((t) => t.name),
  ];
  const [, pkgText = ''] = await texts(root, ['package.json']);
  const units = emitUnits(ir, types, code, documentText, packageVersionOf(pkgText) ?? '');
  const emitters = once(() => import('./pipeline-emit.js'));
  // When this thread does not format, each unit's files go to the formatter as soon as the unit is
  // made, so that it formats while the next units are emitted.
  const early = new Map<string, Promise<string>>();
  const emitted: Outputs = new Map();
  // The runtimes' files, copied as written: their sources are kept prettier-clean (a test checks).
  const copied = new Set<string>();
  await time('emit', async () => {
    for (const unit of units) {
      const text = await emitCache.through(unit.key, async () => {
        const { emitArea, emitDocuments, emitRuntime, emitShared } = await emitters();
        const files =
          unit.kind === 'area'
            ? await emitArea(unit.slice, root, targets)
            : unit.kind === 'shared'
              ? await emitShared(unit.ir, root, types.modelNames, unit.packageVersion, targets)
              : unit.kind === 'runtime'
                ? await emitRuntime(root, targets)
                : await emitDocuments(ir, loaded.document, root);
        return JSON.stringify([...files]);
      });
      for (const [file, fileText] of JSON.parse(text) as Array<[string, string]>) {
        emitted.set(file, fileText);
        if (unit.kind === 'runtime') copied.add(file);
        if (!c.formatHere && !copied.has(file) && isFormatted(file)) {
          const formatting = formatter.format(file, fileText, formatCache);
          formatting.catch(() => undefined); // awaited (and its error thrown) with the others below
          early.set(file, formatting);
        }
      }
    }
  });
  const cached = new Set<string>();
  for (const [file, text] of emitted) if (await formatCached(file, text, root, formatCache)) cached.add(file);
  const modelsCost =
    modelsModule === undefined || (await formatCached(modelsModule, schema, root, formatCache)) ? 0 : schema.length;
  const { onMain, onWorker, verbatim } = shareFormatting(
    emitted,
    cached,
    copied,
    c.formatHere ? modelsCost : -Infinity,
  );
  const workerDone = Promise.all(
    [...onWorker].map(async ([f, t]) => [f, await (early.get(f) ?? formatter.format(f, t, formatCache))] as const),
  );
  const rest = await time('format', () => formatOutputs(onMain, root, formatCache));
  const [schemaText, fromWorker] = await time('format-wait', () => Promise.all([schemaFormatted, workerDone]));
  const models = modelsModule !== undefined && schemaText !== undefined ? [[modelsModule, schemaText] as const] : [];
  const formatted: Outputs = new Map(
    [...rest, ...verbatim, ...fromWorker, ...models].sort(([a], [b]) => a.localeCompare(b)),
  );
  return { ir, formatted };
}

/**
 * Splits the files to format between the two threads by estimated cost (Markdown tables cost
 * about six times as much per byte as TypeScript; a file whose formatting is `cached` costs
 * nothing), the worker starting at `workerStart` (what it already holds; `-Infinity`: everything
 * on the worker). The `copied` files (the runtimes) and the files prettier does not format are
 * kept as they are.
 */
function shareFormatting(
  emitted: Outputs,
  cached: ReadonlySet<string>,
  copied: ReadonlySet<string>,
  workerStart: number,
): { onMain: Outputs; onWorker: Outputs; verbatim: Outputs } {
  const cost = (file: string, text: string): number =>
    cached.has(file) ? 0 : text.length * (file.endsWith('.md') ? 6 : 1);
  const out = { onMain: new Map() as Outputs, onWorker: new Map() as Outputs, verbatim: new Map() as Outputs };
  let worker = workerStart;
  let main = 0;
  for (const [file, text] of [...emitted].sort(([fa, a], [fb, b]) => cost(fb, b) - cost(fa, a))) {
    if (copied.has(file) || !isFormatted(file)) out.verbatim.set(file, text);
    else if (worker < main) {
      out.onWorker.set(file, text);
      worker += cost(file, text);
    } else {
      out.onMain.set(file, text);
      main += cost(file, text);
    }
  }
  return out;
}
