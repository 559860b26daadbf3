/**
 * The generator: load (lint + bundle) -> IR -> emit -> format -> write/check. Stages pass plain
 * data; any spec problem stops the run before anything is written.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildIR } from './ir/build.js';
import { irDocument } from './ir/document.js';
import type { IR } from './ir/types.js';
import { loadSpec, toProblems, type LoadedSpec } from './load.js';
import { SpecError, type SpecProblem } from './errors.js';
import { clientFile } from './emit/client.js';
import { operationsDoc } from './emit/docs.js';
import { referencePages } from './emit/reference.js';
import { cliHelpFile } from './emit/cli-help.js';
import { BANNER_LINES, copiedBanner } from './emit/naming.js';
import { operationFiles } from './emit/operations.js';
import { pythonOutputs } from './emit/python/index.js';
import { printTypeScript } from './emit/printer.js';
import type { ModelTypes } from './emit/models.js';
import { tsBanner } from './emit/naming.js';
import { publicModels, schemaTypes } from './emit/schema-types.js';
import { apiMetaFile, indexFile, labelsFile, metadataFile, rateLimitFile } from './emit/tables.js';
import { FormatWorker, formatOutputs, isFormatted, syncOutputs, type OutputReport, type Outputs } from './output.js';

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
}

/** What a run did. */
export interface GenerateSummary {
  operations: number;
  schemas: number;
  report: OutputReport;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

/** Everything the emitters produce except the schema types, before formatting (`generated/`-relative paths). */
export async function emitAll(
  ir: IR,
  bundled: Record<string, unknown>,
  root: string,
  types: ModelTypes,
): Promise<Outputs> {
  const areaDocs = Object.fromEntries(ir.api.areas.map((a) => [a.name, a.description]));
  const ts = printTypeScript([
    ...operationFiles(ir, areaDocs, types.operations),
    clientFile(ir, areaDocs),
    cliHelpFile(ir),
    apiMetaFile(ir),
    metadataFile(ir),
    rateLimitFile(ir),
    labelsFile(ir),
    indexFile(
      ir,
      publicModels(ir).filter((name) => types.modelNames.includes(name)),
    ),
  ]);
  const outputs: Outputs = new Map(ts);
  const runtimeDir = 'templates/typescript/runtime';
  for (const file of (await readdir(path.join(root, runtimeDir))).filter((f) => f.endsWith('.ts')).sort()) {
    const text = await readFile(path.join(root, runtimeDir, file), 'utf8');
    outputs.set(`src/runtime/${file}`, copiedBanner(`${runtimeDir}/${file}`) + text);
  }
  const template = await readFile(path.join(root, 'templates/typescript/operations.md.hbs'), 'utf8');
  outputs.set('docs/operations.md', operationsDoc(ir, template, areaDocs));
  const areaTemplate = await readFile(path.join(root, 'templates/typescript/reference-area.md.hbs'), 'utf8');
  for (const [file, text] of referencePages(ir, areaTemplate, areaDocs)) outputs.set(`docs/${file}`, text);
  outputs.set('openapi.json', `${JSON.stringify({ 'x-generated': BANNER_LINES.join(' '), ...bundled }, null, 2)}\n`);
  const irSchema = JSON.parse(await readFile(path.join(root, 'generator/ir/ir.schema.json'), 'utf8')) as object;
  outputs.set('ir.schema.json', `${JSON.stringify({ $comment: BANNER_LINES.join(' '), ...irSchema }, null, 2)}\n`);
  outputs.set('ir.json', `${JSON.stringify({ $comment: BANNER_LINES.join(' '), ...irDocument(ir) }, null, 2)}\n`);
  return outputs;
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
  // A second thread lints the spec (then formats the largest files) while this one bundles, builds
  // the IR and emits. Lint problems stop the run before anything is written, as on one thread.
  const worker = new FormatWorker(root);
  try {
    const linting = worker.lint(entry).then((problems) => toProblems(problems, root));
    const stopIfLintFails = async (alsoFound: readonly SpecProblem[] = []): Promise<void> => {
      const lintProblems = await time('lint-wait', () => linting);
      if (lintProblems.length > 0) throw new SpecError([...lintProblems, ...alsoFound]);
    };
    let loaded: LoadedSpec;
    let ir: IR;
    try {
      loaded = await time('bundle', () => loadSpec({ entry, root, lint: false }));
      ir = await time('ir', () =>
        buildIR(loaded.document, { pathFiles: loaded.pathFiles, rootFile: path.relative(root, entry) }),
      );
    } catch (error) {
      if (error instanceof SpecError) await stopIfLintFails(error.problems);
      throw error;
    }
    const types = await time('types', () => schemaTypes(ir, loaded.document));
    const schema = `${tsBanner()}${types.models}\n`;
    const schemaFormatted = worker.format('src/models.ts', schema);
    const emitted = await time('emit', () => emitAll(ir, loaded.document, root, types));
    for (const [file, text] of await time('python', () => pythonOutputs(ir, root))) emitted.set(file, text);
    const { onMain, onWorker, verbatim } = shareFormatting(emitted, schema.length);
    const workerDone = Promise.all([...onWorker].map(async ([f, t]) => [f, await worker.format(f, t)] as const));
    const rest = await time('format', () => formatOutputs(onMain, root));
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
    return { operations: ir.operations.length, schemas: Object.keys(ir.schemas).length, report, timings };
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
