/**
 * The TypeScript target's files: `generated/src/` (one module per area, the client class, the
 * API-wide tables, the CLI help and the package index) from the IR and the schema types.
 */
import type { IR } from '../../ir/types.js';
import { exportedModels } from '../../schema-types/types-input.js';
import type { AreaInput, Files, SharedInput } from '../target.js';
import { clientFile } from './client.js';
import { cliHelpFile } from './cli-help.js';
import { operationFile } from './operations.js';
import { printTypeScript } from './printer.js';
import { apiMetaFile, indexFile, labelsFile, metadataFile, rateLimitFile } from './tables.js';

/** Each area's description, by area name. */
const areaDocs = (ir: IR): Record<string, string> =>
  Object.fromEntries(ir.api.areas.map((a) => [a.name, a.description]));

/** One area's module, `src/operations/<area>.ts`. */
export function areaFiles({ ir, area, types }: AreaInput): Files {
  return printTypeScript([operationFile(ir, area, areaDocs(ir), new Map(types))]);
}

/** The client class, the API-wide tables, the CLI help and the package index. */
export function sharedFiles({ ir, modelNames }: SharedInput): Files {
  return printTypeScript([
    clientFile(ir, areaDocs(ir)),
    cliHelpFile(ir),
    apiMetaFile(ir),
    metadataFile(ir),
    rateLimitFile(ir),
    labelsFile(ir),
    indexFile(ir, exportedModels(ir, modelNames)),
  ]);
}
