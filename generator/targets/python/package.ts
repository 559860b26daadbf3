/**
 * The Python target: `generated/python/`, the package `exchange_v4`, rendered from the IR alone
 * with the handlebars templates of `templates/` and the hand-written runtime copied from
 * `runtime/` (both beside this file; the runtime is copied by index.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { IR } from '../../ir/types.js';
import { BANNER_LINES } from '../../emit-kit/naming.js';
import { areaModule, pyBanner, pyCopiedBanner } from './naming.js';
import { PythonTypes } from './types.js';
import { areaView, clientView, labelsView, metaView, modelsView } from './views.js';
import { packageView } from './version.js';

const TEMPLATES = 'generator/targets/python/templates';
const PACKAGE = 'python/exchange_v4';

/** Renders a template of `templates/` (each compiled once) with a view. */
type Render = (template: string, view: unknown) => Promise<string>;

/** A renderer over `root`'s Python templates. */
async function renderer(root: string): Promise<Render> {
  const read = (file: string): Promise<string> => readFile(path.join(root, TEMPLATES, file), 'utf8');
  const partial = await read('typedef.hbs');
  let hb = handlebarsByPartial.get(partial);
  if (hb === undefined) {
    hb = { instance: Handlebars.create(), compiled: new Map() };
    hb.instance.registerPartial('typedef', partial);
    handlebarsByPartial.set(partial, hb);
  }
  const { instance, compiled } = hb;
  return async (template, view) => {
    const text = await read(template);
    let run = compiled.get(text);
    if (!run) compiled.set(text, (run = instance.compile(text, { noEscape: true, strict: true })));
    return run(view);
  };
}

/**
 * Handlebars environments by the text of the `typedef` partial, each with its templates compiled
 * by their text: compiled once per process, not once per area module.
 */
const handlebarsByPartial = new Map<
  string,
  { instance: typeof Handlebars; compiled: Map<string, HandlebarsTemplateDelegate> }
>();

/** Each area's description, by area name. */
const areaDocs = (ir: IR): Record<string, string> =>
  Object.fromEntries(ir.api.areas.map((a) => [a.name, a.description]));

/** One area's module of the Python package (`python/exchange_v4/operations/<area>.py`), by path relative to `generated/`. */
export async function pythonAreaOutputs(ir: IR, area: string, root: string): Promise<Map<string, string>> {
  const render = await renderer(root);
  const view = areaView(ir, new PythonTypes(ir), area, areaDocs(ir)[area] ?? '');
  return new Map([[`${PACKAGE}/operations/${areaModule(area)}.py`, await render('area.py.hbs', view)]]);
}

/**
 * Every file of the Python package but the area modules ({@link pythonAreaOutputs}) and the
 * runtime (index.ts), by path
 * relative to `generated/`. The areas' views are still built here: they collect the named types
 * that `models.py` prints. `version` is the package's version (the root package.json's).
 */
export async function pythonOutputs(ir: IR, root: string, version: string): Promise<Map<string, string>> {
  const render = await renderer(root);
  const out = new Map<string, string>();
  const types = new PythonTypes(ir);
  const docs = areaDocs(ir);
  for (const area of [...new Set(ir.operations.map((o) => o.area))].sort()) areaView(ir, types, area, docs[area] ?? '');
  const pkg = packageView(ir, version);
  out.set(`${PACKAGE}/operations/__init__.py`, await render('operations_init.py.hbs', pkg));
  out.set(`${PACKAGE}/models.py`, await render('models.py.hbs', modelsView(types, ir.previousNames)));
  out.set(`${PACKAGE}/_meta.py`, await render('meta.py.hbs', metaView(ir)));
  out.set(`${PACKAGE}/labels.py`, await render('labels.py.hbs', labelsView(ir)));
  out.set(`${PACKAGE}/client.py`, await render('client.py.hbs', clientView(ir)));
  out.set(`${PACKAGE}/async_client.py`, await render('async_client.py.hbs', clientView(ir)));
  out.set(`${PACKAGE}/__init__.py`, await render('init.py.hbs', pkg));
  out.set(`${PACKAGE}/py.typed`, `${pyBanner(BANNER_LINES)}\n`);
  out.set('python/pyproject.toml', await render('pyproject.toml.hbs', pkg));
  out.set('python/README.md', await render('README.md.hbs', pkg));
  const license = await readFile(path.join(root, TEMPLATES, 'LICENSE'), 'utf8');
  const copied = `Copied by exchange-v4 from ${TEMPLATES}/LICENSE. Do not edit here: edit that file, then run: npm run generate`;
  out.set('python/LICENSE', `${license}\n${copied}\n`);
  const backend = path.join(TEMPLATES, 'build/backend.py');
  out.set('python/_build/backend.py', pyCopiedBanner(backend) + (await readFile(path.join(root, backend), 'utf8')));
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}
