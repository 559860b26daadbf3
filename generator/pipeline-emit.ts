/**
 * The emit stage: every emitter run over the IR, the bundled spec and the templates, in the units
 * of emit-units.ts (each area's files, then the rest). Imported by
 * the pipeline only when the emit cache misses, so that a cached run never loads ts-morph,
 * TypeScript, openapi-typescript or handlebars.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { irDocument } from './ir/document.js';
import type { IR } from './ir/types.js';
import { clientFile } from './targets/typescript/client.js';
import { operationsDoc } from './targets/docs/docs.js';
import { areaPage, compileReference, referencePage } from './targets/docs/reference.js';
import { cliHelpFile } from './targets/typescript/cli-help.js';
import { BANNER_LINES, copiedBanner, GENERATED_MARKER } from './emit-kit/naming.js';
import { operationFile } from './targets/typescript/operations.js';
import { pythonAreaOutputs, pythonOutputs } from './targets/python/index.js';
import { printTypeScript } from './targets/typescript/printer.js';
import { exportedModels } from './schema-types/types-input.js';
import { apiMetaFile, indexFile, labelsFile, metadataFile, rateLimitFile } from './targets/typescript/tables.js';
import type { Outputs } from './output.js';
import type { AreaSlice } from './emit-units.js';

/** An area's files (see emit-units.ts), made from its slice only: its module, its reference page, its Python module. */
export async function emitArea(slice: AreaSlice, root: string): Promise<Outputs> {
  const { ir, area } = slice;
  const areaDocs = Object.fromEntries(ir.api.areas.map((a) => [a.name, a.description]));
  const outputs: Outputs = new Map(printTypeScript([operationFile(ir, area, areaDocs, new Map(slice.types))]));
  const template = await readFile(path.join(root, 'generator/targets/docs/templates/reference-area.md.hbs'), 'utf8');
  const page = referencePage(ir, area, compileReference(template), areaDocs, new Map(slice.common));
  outputs.set(`docs/${areaPage(area)}`, page);
  for (const [file, text] of await pythonAreaOutputs(ir, area, root)) outputs.set(file, text);
  return outputs;
}

/**
 * Everything the emitters produce except the schema types, the areas' files ({@link emitArea}) and
 * the JSON documents ({@link emitDocuments}), before formatting (`generated/`-relative paths), the
 * Python package included, whose version is `packageVersion` (the root package.json's). Made from
 * the IR without the operations' descriptions (emit-units.ts).
 */
export async function emitShared(
  ir: IR,
  root: string,
  modelNames: readonly string[],
  packageVersion: string,
): Promise<Outputs> {
  const areaDocs = Object.fromEntries(ir.api.areas.map((a) => [a.name, a.description]));
  const ts = printTypeScript([
    clientFile(ir, areaDocs),
    cliHelpFile(ir),
    apiMetaFile(ir),
    metadataFile(ir),
    rateLimitFile(ir),
    labelsFile(ir),
    indexFile(ir, exportedModels(ir, modelNames)),
  ]);
  const outputs: Outputs = new Map(ts);
  const runtimeDir = 'generator/targets/typescript/runtime';
  for (const file of (await readdir(path.join(root, runtimeDir))).filter((f) => f.endsWith('.ts')).sort()) {
    const text = await readFile(path.join(root, runtimeDir, file), 'utf8');
    outputs.set(`src/runtime/${file}`, copiedBanner(`${runtimeDir}/${file}`) + text);
  }
  // The runtime's package.json holds its `#platform` import map; JSON has no comments, so the
  // banner goes under a "//" key.
  const manifest = JSON.parse(await readFile(path.join(root, runtimeDir, 'package.json'), 'utf8')) as {
    '//'?: string;
  };
  const banner = `Copied by exchange-v4 from ${runtimeDir}/package.json. Do not edit here: edit that file, then run: npm run generate.`;
  const copied = { ...manifest, '//': [banner, manifest['//']].filter(Boolean).join(' ') };
  outputs.set('src/runtime/package.json', `${JSON.stringify(copied, null, 2)}\n`);
  const template = await readFile(path.join(root, 'generator/targets/docs/templates/operations.md.hbs'), 'utf8');
  outputs.set('docs/operations.md', operationsDoc(ir, template, areaDocs));
  for (const [file, text] of await pythonOutputs(ir, root, packageVersion)) outputs.set(file, text);
  return outputs;
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
