/**
 * Checks of the built IR that the targets rely on, run by the pipeline's IR stage right after
 * `buildIR` so that each problem names the spec file and the JSON pointer it is at (a target never
 * finds a spec problem while it renders): a request body's `if`/`then` of the supported form only, none in a list body's item,
 * paging and time-range rules only on shaped paginated GET operations (the only calls that check
 * them), a clock endpoint that is an operation of the spec, and type names the clients derive for
 * operations (`<Id>Params`, `<Id>Response`, `<Id>Item`) that no schema also takes.
 */
import { SpecError, type SpecProblem } from '../errors.js';
import { pointer } from '../../spec/lint/support/json.js';
import { refName } from './resolve.js';
import { operationNames } from '../emit-kit/naming.js';
import { conditionalParts, isPaginated, listItemConditionals } from './rules.js';
import type { IR, IROperation } from './types.js';

/** Where the IR's nodes came from (see `SourceMap` in build.ts). */
export interface Sources {
  readonly pathFiles: Readonly<Record<string, string>>;
  readonly componentFiles?: Readonly<Record<string, string>>;
  readonly rootFile: string;
}

/** A place in the spec's files. */
interface Place {
  readonly file: string;
  readonly pointer: string;
}

/** Where the component `section/name` is: its own file, or the root file under `components`. */
function componentPlace(sources: Sources, section: string, name: string): Place {
  const file = sources.componentFiles?.[`${section}/${name}`];
  return file ? { file, pointer: '' } : { file: sources.rootFile, pointer: pointer('components', section, name) };
}

/** Where an operation is: its path item's file, or the root file under `paths`. */
function operationPlace(sources: Sources, op: IROperation): Place {
  const file = sources.pathFiles[op.path] ?? sources.rootFile;
  const method = op.method.toLowerCase();
  return { file, pointer: file === sources.rootFile ? pointer('paths', op.path, method) : pointer(method) };
}

/** Where a schema is: a named component's place, or `inline` (where the schema is written). */
function schemaPlace(sources: Sources, schema: unknown, inline: Place): Place {
  const name = refName(schema);
  return name === undefined ? inline : componentPlace(sources, 'schemas', name);
}

/** Every problem of `ir` that a target would otherwise meet while rendering. */
function targetProblems(ir: IR, sources: Sources): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const add = (at: Place, rel: string, message: string, rule: string): void => {
    problems.push({ file: at.file, pointer: at.pointer + rel, message, rule });
  };
  for (const op of ir.operations) {
    const where = operationPlace(sources, op);
    if ((op.pagination !== undefined || op.timeRange !== undefined) && !pagedRead(op)) {
      const rel = op.pagination !== undefined ? '/x-pagination' : '/x-time-range';
      const message = `${op.id}: pagination and time-range rules are checked only for shaped paginated GET operations`;
      add(where, rel, message, 'ir/pagination');
    }
    if (!op.requestBody) continue;
    const body = schemaPlace(sources, op.requestBody.schema, {
      file: where.file,
      pointer: `${where.pointer}${pointer('requestBody', 'content', 'application/json', 'schema')}`,
    });
    for (const { at, rule } of conditionalParts(ir, op))
      if (typeof rule === 'string') add(body, `${at}/if`, `${op.id}: ${rule}`, 'ir/conditional');
    const itemsSchema = ir.schemas[refName(op.requestBody.schema) ?? '']?.items ?? op.requestBody.schema.items;
    const items = schemaPlace(sources, itemsSchema, { file: body.file, pointer: `${body.pointer}/items` });
    for (const at of listItemConditionals(ir, op)) {
      const message = `${op.id}: if/then in a list item is not checked by the client; state it on a single-object body`;
      add(items, `${at}/if`, message, 'ir/conditional');
    }
  }
  for (const problem of nameClashes(ir, sources)) add(problem.at, '', problem.message, 'ir/names');
  const [method, path] = ir.signing.clockEndpoint.split(' ');
  if (ir.signing.clockEndpoint && !ir.operations.some((o) => o.method === method && o.path === path)) {
    const message = `clock endpoint ${ir.signing.clockEndpoint} is not an operation of the spec`;
    add(componentPlace(sources, 'securitySchemes', 'apiv4'), '/x-signing/clockEndpoint', message, 'ir/root');
  }
  return problems;
}

/**
 * The type names the clients derive for operations that a schema (or a schema's previous name, kept
 * as an alias) also takes: both would be declared and the package would not compile. Reported at
 * the schema's file (rename it, e.g. `…Envelope`). Operations cannot clash with each other: their
 * ids are distinct camelCase names, and each role adds its own suffix.
 */
function nameClashes(ir: IR, sources: Sources): Array<{ at: Place; message: string }> {
  const schemaOf = new Map<string, string>();
  for (const name of Object.keys(ir.schemas)) schemaOf.set(name, name);
  for (const [old, current] of Object.entries(ir.previousNames ?? {})) schemaOf.set(old, current);
  const clashes: Array<{ at: Place; message: string }> = [];
  for (const op of ir.operations) {
    const { params, response, item } = operationNames(op.id, isPaginated(op));
    for (const [role, name] of [
      ['params', params],
      ['response', response],
      ['item', item],
    ] as const) {
      const schema = name === undefined ? undefined : schemaOf.get(name);
      if (schema === undefined) continue;
      const what = schema === name ? `schema ${name}` : `the previous name ${name} of schema ${schema}`;
      const message = `${what} is the name of ${op.id}'s ${role} type in the clients; rename the schema`;
      clashes.push({ at: componentPlace(sources, 'schemas', schema), message });
    }
  }
  return clashes;
}

/**
 * Throws {@link SpecError} with every problem of `ir` that a target would otherwise meet while
 * rendering. Not part of `buildIR`: the release diff reads revisions it does not render.
 */
export function checkForTargets(ir: IR, sources: Sources): void {
  const problems = targetProblems(ir, sources);
  if (problems.length > 0) throw new SpecError(problems);
}

/** A shaped paginated GET: the one kind of call whose runtime checks the paging and time-range rules. */
const pagedRead = (op: IROperation): boolean =>
  op.method === 'GET' && op.shape === 'shaped' && op.pagination !== undefined;
