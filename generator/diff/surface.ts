/**
 * The public surface each target exports for one IR, computed with the emitters' own code: the
 * TypeScript names are the exports of the structure `indexFile` builds (the package's one entry
 * point, `src/index.ts`) and, for the area modules it re-exports, the names `operationNames` gives
 * each operation's statements and the area's class; the Python names those of the views
 * `models.py` and the area modules are rendered from; the CLI's commands and flags those
 * `cli/names.ts` and `cli/args.ts` derive from the operation metadata. Names are only
 * computed, never printed: no types stage, no templates. The hand-written runtimes and the names
 * every version exports alike (`ExchangeClient`, `apiMeta`, ...) are left out.
 */

import { operationFlags } from '../../cli/args.js';
import { kebabCase } from '../../cli/names.js';
import { operationMeta } from '../targets/typescript/meta.js';
import { areaClass, areaModule, operationNames, pascal } from '../emit-kit/naming.js';
import { isPaginated } from '../ir/rules.js';
import { areaModule as pyAreaModule, itemName, paramsName, responseName } from '../targets/python/naming.js';
import { PythonTypes } from '../targets/python/types.js';
import { deprecatedAliases } from '../targets/python/aliases.js';
import { areaView } from '../targets/python/views.js';
import { indexFile } from '../targets/typescript/tables.js';
import { exportedModels } from '../schema-types/types-input.js';
import { StructureKind } from '../targets/typescript/ts-morph.js';
import type { IR } from '../ir/types.js';
import type { SurfaceTarget } from './types.js';

/** What a name is generated from; a change is reported against it. */
export type Origin =
  | { kind: 'operation'; id: string }
  | { kind: 'schema'; name: string }
  | { kind: 'area'; name: string }
  | { kind: 'api' };

/** One exported name. */
export interface Exported {
  target: SurfaceTarget;
  /**
   * How users write it, unique per target: `ListOrdersParams` (imported from the package),
   * `exchange_v4.models.SpotOrder`, `spot list-orders` (a command), `spot list-orders --currency_pair` (a flag).
   */
  name: string;
  origin: Origin;
  /**
   * What the name is for its origin, the same across a rename (`params`, `model`, `flag:--limit`,
   * `inline:Item`): a removed and an added name of corresponding origins and one role are a rename.
   */
  role: string;
  /** A deprecated alias: the name it stands for. */
  aliasOf?: string;
}

/** The generated package name of the Python client. */
const PYTHON_PACKAGE = 'exchange_v4';

const areasOf = (ir: IR): string[] => [...new Set(ir.operations.map((o) => o.area))].sort();

/**
 * The names each area module exports (re-exported by the index): for each operation the names of
 * {@link operationNames}, then the area's group class.
 */
function areaModuleNames(ir: IR, area: string): Exported[] {
  const names: Exported[] = ir.operations
    .filter((o) => o.area === area)
    .flatMap((op) =>
      Object.entries(operationNames(op.id, isPaginated(op))).map(([role, name]) => ({
        target: 'typescript' as const,
        name,
        origin: { kind: 'operation' as const, id: op.id },
        role,
      })),
    );
  return [
    ...names,
    { target: 'typescript', name: areaClass(area), origin: { kind: 'area', name: area }, role: 'class' },
  ];
}

/** The package's exports (`src/index.ts`, as `indexFile` builds it) that the spec decides. */
export function typescriptSurface(ir: IR): Exported[] {
  const aliases = ir.previousNames ?? {};
  const out: Exported[] = [];
  for (const statement of indexFile(ir, exportedModels(ir)).statements) {
    if (typeof statement === 'string' || statement.kind !== StructureKind.ExportDeclaration) continue;
    const { moduleSpecifier, namedExports } = statement;
    const module = /^\.\/operations\/(.+)\.js$/.exec(moduleSpecifier ?? '')?.[1];
    const area = areasOf(ir).find((a) => areaModule(a) === module);
    if (area !== undefined && namedExports === undefined) out.push(...areaModuleNames(ir, area));
    if (moduleSpecifier !== './models.js' || !Array.isArray(namedExports)) continue;
    for (const entry of namedExports) {
      if (typeof entry !== 'string') continue; // indexFile writes names as text
      const name = entry.replace(/^type /, '');
      const current = aliases[name];
      out.push(
        current === undefined
          ? { target: 'typescript', name, origin: { kind: 'schema', name }, role: 'model' }
          : { target: 'typescript', name, origin: { kind: 'schema', name: current }, role: 'model', aliasOf: current },
      );
    }
  }
  return out;
}

/** The origin and role of a Python model name: a schema, its `Input` variant, or an inline type named after an operation or a schema. */
function pythonModelOrigin(ir: IR, name: string): { origin: Origin; role: string } {
  if (name in ir.schemas) return { origin: { kind: 'schema', name }, role: 'model' };
  const base = name.replace(/Input$/, '');
  if (base !== name && base in ir.schemas) return { origin: { kind: 'schema', name: base }, role: 'model-input' };
  const prefixes: Array<[string, Origin]> = [
    ...ir.operations.map((o): [string, Origin] => [pascal(o.id), { kind: 'operation', id: o.id }]),
    ...Object.keys(ir.schemas).map((s): [string, Origin] => [s, { kind: 'schema', name: s }]),
  ];
  const best = prefixes.filter(([p]) => name.startsWith(p)).sort(([a], [b]) => b.length - a.length)[0];
  return best
    ? { origin: best[1], role: `inline:${name.slice(best[0].length)}` }
    : { origin: { kind: 'api' }, role: `inline:${name}` };
}

/** The Python client's module-level names the spec decides: `exchange_v4.models` and each `exchange_v4.operations.<area>`. */
export function pythonSurface(ir: IR): Exported[] {
  const types = new PythonTypes(ir);
  const out: Exported[] = [];
  for (const area of areasOf(ir)) {
    const view = areaView(ir, types, area, '') as { types: Array<{ name: string }>; className: string };
    const module = `${PYTHON_PACKAGE}.operations.${pyAreaModule(area)}`;
    const ops = ir.operations.filter((o) => o.area === area);
    for (const { name } of view.types) {
      const op = ops.find((o) => [paramsName(o.id), responseName(o.id), itemName(o.id)].includes(name));
      const role = op ? name.slice(pascal(op.id).length).toLowerCase() : `local:${name}`;
      const origin: Origin = op ? { kind: 'operation', id: op.id } : { kind: 'api' };
      out.push({ target: 'python', name: `${module}.${name}`, origin, role });
    }
    // The area's class, its twin behind `client.with_response.<area>`, and both of the asyncio
    // client (area.py.hbs).
    for (const [className, role] of [
      [view.className, 'class'],
      [`${view.className}WithResponse`, 'class-with-response'],
      [`${view.className}Async`, 'class-async'],
      [`${view.className}AsyncWithResponse`, 'class-async-with-response'],
    ] as const) {
      out.push({ target: 'python', name: `${module}.${className}`, origin: { kind: 'area', name: area }, role });
    }
  }
  const models = `${PYTHON_PACKAGE}.models`;
  for (const name of types.defs.keys())
    out.push({ target: 'python', name: `${models}.${name}`, ...pythonModelOrigin(ir, name) });
  const aliases = ir.previousNames ?? {};
  for (const { name, of } of deprecatedAliases(new Set(types.defs.keys()), aliases)) {
    const current = of.replace(/Input$/, '');
    const origin: Origin = { kind: 'schema', name: current in ir.schemas ? current : of };
    const role = of === current ? 'model' : 'model-input';
    out.push({ target: 'python', name: `${models}.${name}`, origin, role, aliasOf: `${models}.${of}` });
  }
  return out;
}

/** The CLI's commands (`<area> <operation>`) and each command's flags. */
export function cliSurface(ir: IR): Exported[] {
  return ir.operations.flatMap((op): Exported[] => {
    const command = `${kebabCase(op.area)} ${kebabCase(op.id)}`;
    const origin: Origin = { kind: 'operation', id: op.id };
    const flags = operationFlags(operationMeta(ir, op)).map((flag) => ({
      target: 'cli' as const,
      name: `${command} --${flag}`,
      origin,
      role: `flag:--${flag}`,
    }));
    return [{ target: 'cli', name: command, origin, role: 'command' }, ...flags];
  });
}

/** Everything the three targets export for `ir`. */
export const surface = (ir: IR): Exported[] => [...typescriptSurface(ir), ...pythonSurface(ir), ...cliSurface(ir)];
