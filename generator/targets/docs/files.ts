/**
 * The Markdown reference's files: `docs/operations.md` (every operation, by area) and one page per
 * area (`docs/<area>.md`), rendered from the IR with the handlebars templates of `templates/`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IR } from '../../ir/types.js';
import type { AreaInput, Files, SharedInput } from '../target.js';
import { operationsDoc } from './docs.js';
import { areaPage, compileReference, referencePage } from './reference.js';

const TEMPLATES = 'generator/targets/docs/templates';

/** Each area's description, by area name. */
const areaDocs = (ir: IR): Record<string, string> =>
  Object.fromEntries(ir.api.areas.map((a) => [a.name, a.description]));

/** One area's page, `docs/<area>.md`. */
export async function areaFiles({ ir, area, common, root }: AreaInput): Promise<Files> {
  const template = await readFile(path.join(root, TEMPLATES, 'reference-area.md.hbs'), 'utf8');
  const page = referencePage(ir, area, compileReference(template), areaDocs(ir), new Map(common));
  return new Map([[`docs/${areaPage(area)}`, page]]);
}

/** The operations index, `docs/operations.md`. */
export async function sharedFiles({ ir, root }: SharedInput): Promise<Files> {
  const template = await readFile(path.join(root, TEMPLATES, 'operations.md.hbs'), 'utf8');
  return new Map([['docs/operations.md', operationsDoc(ir, template, areaDocs(ir))]]);
}
