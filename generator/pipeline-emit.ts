/**
 * The emit stage: every emitter run over the IR, the bundled spec and the templates. Imported by
 * the pipeline only when the emit cache misses, so that a cached run never loads ts-morph,
 * TypeScript, openapi-typescript or handlebars.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { irDocument } from './ir/document.js';
import type { IR } from './ir/types.js';
import { clientFile } from './emit/client.js';
import { operationsDoc } from './emit/docs.js';
import { referencePages } from './emit/reference.js';
import { cliHelpFile } from './emit/cli-help.js';
import { BANNER_LINES, copiedBanner } from './emit/naming.js';
import { operationFiles } from './emit/operations.js';
import { pythonOutputs } from './emit/python/index.js';
import { printTypeScript } from './emit/printer.js';
import type { ModelTypes } from './emit/models.js';
import { publicModels } from './emit/types-input.js';
import { apiMetaFile, indexFile, labelsFile, metadataFile, rateLimitFile } from './emit/tables.js';
import type { Outputs } from './output.js';

export { pythonOutputs };

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
  // The runtime's package.json holds its `#platform` import map; JSON has no comments, so the
  // banner goes under a "//" key.
  const manifest = JSON.parse(await readFile(path.join(root, runtimeDir, 'package.json'), 'utf8')) as {
    '//'?: string;
  };
  const banner = `Copied by exchange-v4 from ${runtimeDir}/package.json. Do not edit here: edit that file, then run: npm run generate.`;
  const copied = { ...manifest, '//': [banner, manifest['//']].filter(Boolean).join(' ') };
  outputs.set('src/runtime/package.json', `${JSON.stringify(copied, null, 2)}\n`);
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
