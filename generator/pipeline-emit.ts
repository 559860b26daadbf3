/**
 * The emit stage: every target of the list run over the IR, the schema types and its templates, in
 * the units of emit-units.ts (each area's files, the shared files, the runtimes, the documents).
 * Imported by the pipeline only when the emit cache misses, so that a cached run never loads
 * ts-morph, TypeScript, openapi-typescript or handlebars.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { irDocument } from './ir/document.js';
import type { IR } from './ir/types.js';
import { BANNER_LINES, GENERATED_MARKER } from './emit-kit/naming.js';
import type { Target } from './targets/target.js';
import type { Outputs } from './output.js';
import type { AreaSlice } from './emit-units.js';

/** Every target's files, in the targets' order; a file two targets both make is a bug, reported. */
async function merged(targets: readonly Target[], make: (t: Target) => Promise<Outputs>): Promise<Outputs> {
  const outputs: Outputs = new Map();
  for (const target of targets)
    for (const [file, text] of await make(target)) {
      if (outputs.has(file)) throw new Error(`target ${target.name} makes ${file}, which another target made`);
      outputs.set(file, text);
    }
  return outputs;
}

/** An area's files (see emit-units.ts), made from its slice only, by every target. */
export function emitArea(slice: AreaSlice, root: string, targets: readonly Target[]): Promise<Outputs> {
  const input = { ...slice, types: new Map(slice.types), common: new Map(slice.common), root };
  return merged(targets, (target) => target.areaFiles(input));
}

/**
 * Every target's files but the areas' ({@link emitArea}), the runtimes ({@link emitRuntime}) and
 * the JSON documents ({@link emitDocuments}), before formatting (`generated/`-relative paths).
 * Made from the IR without the operations' descriptions (emit-units.ts), the model names and the
 * root package.json's version.
 */
export function emitShared(
  ir: IR,
  root: string,
  modelNames: readonly string[],
  packageVersion: string,
  targets: readonly Target[],
): Promise<Outputs> {
  return merged(targets, (target) => target.sharedFiles({ ir, modelNames, packageVersion, root }));
}

/** Every target's hand-written runtime, copied as written (never reformatted). */
export function emitRuntime(root: string, targets: readonly Target[]): Promise<Outputs> {
  return merged(targets, async (target) => (target.runtimeFiles ? target.runtimeFiles(root) : new Map()));
}

/** The JSON documents: the bundled spec (`openapi.json`), the IR (`ir.json`) and its schema. */
export async function emitDocuments(ir: IR, bundled: Record<string, unknown>, root: string): Promise<Outputs> {
  const outputs: Outputs = new Map();
  outputs.set(
    'openapi.json',
    `${JSON.stringify({ [GENERATED_MARKER]: BANNER_LINES.join(' '), ...bundled }, null, 2)}\n`,
  );
  const irSchema = JSON.parse(await readFile(path.join(root, 'generator/ir/ir.schema.json'), 'utf8')) as object;
  outputs.set('ir.schema.json', `${JSON.stringify({ $comment: BANNER_LINES.join(' '), ...irSchema }, null, 2)}\n`);
  outputs.set('ir.json', `${JSON.stringify({ $comment: BANNER_LINES.join(' '), ...irDocument(ir) }, null, 2)}\n`);
  return outputs;
}
