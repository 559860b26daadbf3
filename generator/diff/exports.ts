/**
 * What users import: the surface each target exports (surface.ts) compared between the versions.
 * A name gone is breaking for its target, a name new is an addition. A gone and a new name of
 * corresponding origins (the same operation under a new id or area, a schema renamed with the same
 * content) and the same role are one rename, breaking too; a schema renamed with its old name
 * recorded in `x-previous-names` keeps the old name as a deprecated alias: deprecated. One change
 * per target, kind and origin, its message starting with the target's name.
 */
import { pointer } from '../../spec/lint/support/json.js';
import type { IR, IROperation } from '../ir/types.js';
import { refOf, type DiffContext } from './context.js';
import { operationPointer } from './pointers.js';
import { surface, type Exported, type Origin } from './surface.js';
import { CATEGORY } from './classify.js';
import type { Change, ChangeKind, SurfaceTarget } from './types.js';

/** Display names of the surface targets. */
const SURFACE_TARGET_NAMES: Readonly<Record<SurfaceTarget, string>> = {
  typescript: 'TypeScript',
  python: 'Python',
  cli: 'CLI',
};

/** Old operation id -> new operation id, for the operations both versions have. */
export type OperationPairs = ReadonlyMap<string, string>;

const originKey = (o: Origin): string =>
  o.kind === 'api' ? 'api' : `${o.kind}:${o.kind === 'operation' ? o.id : o.name}`;

const withoutRenameRecord = (schema: unknown): string => {
  const { ['x-previous-names']: _names, ...rest } = (schema ?? {}) as Record<string, unknown>;
  return JSON.stringify(rest);
};

/**
 * Schemas renamed without a record: a schema only the old version has and one only the new version
 * has, with the same content, each the only such match.
 */
export function structuralRenames(oldIR: IR, newIR: IR): Map<string, string> {
  const gone = Object.keys(oldIR.schemas).filter((n) => !(n in newIR.schemas));
  const fresh = Object.keys(newIR.schemas).filter((n) => !(n in oldIR.schemas));
  const out = new Map<string, string>();
  for (const name of gone) {
    const text = withoutRenameRecord(oldIR.schemas[name]);
    const matches = fresh.filter((n) => withoutRenameRecord(newIR.schemas[n]) === text);
    const back = matches.length === 1 ? gone.filter((g) => withoutRenameRecord(oldIR.schemas[g]) === text) : [];
    if (matches.length === 1 && back.length === 1) out.set(name, matches[0] as string);
  }
  return out;
}

/** The new version's origin that corresponds to an old one, if any. */
function correspondent(o: Origin, ops: OperationPairs, schemas: ReadonlyMap<string, string>, newIR: IR): string {
  if (o.kind === 'operation') return ops.has(o.id) ? `operation:${ops.get(o.id) ?? ''}` : '';
  if (o.kind === 'schema') {
    const renamed =
      schemas.get(o.name) ?? Object.entries(newIR.previousNames ?? {}).find(([old]) => old === o.name)?.[1];
    return `schema:${renamed ?? o.name}`;
  }
  return originKey(o);
}

interface Pair {
  from: Exported;
  to: Exported;
}

/** The differences of one target's surface. */
export function compareSurface(
  before: readonly Exported[],
  after: readonly Exported[],
  ops: OperationPairs,
  schemas: ReadonlyMap<string, string>,
  newIR: IR,
): { removed: Exported[]; added: Exported[]; renamed: Pair[]; deprecated: Pair[] } {
  const oldNames = new Map(before.map((e) => [e.name, e]));
  const newNames = new Map(after.map((e) => [e.name, e]));
  const deprecated: Pair[] = [];
  const consumed = new Set<string>();
  for (const e of after) {
    const was = oldNames.get(e.name);
    const current = e.aliasOf === undefined ? undefined : newNames.get(e.aliasOf);
    if (was && was.aliasOf === undefined && current) {
      deprecated.push({ from: was, to: current });
      consumed.add(current.name);
    }
  }
  let removed = before.filter((e) => !newNames.has(e.name));
  let added = after.filter((e) => !oldNames.has(e.name) && !consumed.has(e.name));
  const renamed: Pair[] = [];
  const key = (role: string, origin: string): string => `${role}|${origin}`;
  const addedBy = new Map<string, Exported[]>();
  for (const e of added)
    addedBy.set(key(e.role, originKey(e.origin)), [...(addedBy.get(key(e.role, originKey(e.origin))) ?? []), e]);
  for (const e of removed) {
    const there = correspondent(e.origin, ops, schemas, newIR);
    const candidates = there === '' ? [] : (addedBy.get(key(e.role, there)) ?? []);
    const to = candidates.length === 1 ? candidates[0] : undefined;
    if (to && !renamed.some((p) => p.to === to)) renamed.push({ from: e, to });
  }
  removed = removed.filter((e) => !renamed.some((p) => p.from === e));
  added = added.filter((e) => !renamed.some((p) => p.to === e));
  return { removed, added, renamed, deprecated };
}

/** `wallet list-withdrawals --status` -> `--status`. */
const flagOf = (name: string): string => name.slice(name.lastIndexOf(' ') + 1);
const isFlag = (e: Exported): boolean => e.role.startsWith('flag:');
const quote = (name: string): string => `\`${name}\``;

/** What a group's message says, by target and kind. */
function describe(target: SurfaceTarget, kind: ChangeKind, items: Array<{ from?: Exported; to?: Exported }>): string {
  const shown = (e: Exported): string => quote(target === 'cli' && isFlag(e) ? flagOf(e.name) : e.name);
  const list = items
    .map(({ from, to }) => (from && to ? `${shown(from)} → ${shown(to)}` : shown((from ?? to) as Exported)))
    .sort()
    .join(', ');
  const first = items[0]?.to ?? items[0]?.from;
  const flags = first !== undefined && target === 'cli' && isFlag(first);
  const what = target === 'cli' ? (flags ? 'flags' : 'commands') : target === 'python' ? 'names' : 'exports';
  const command = flags && first ? quote(first.name.slice(0, first.name.lastIndexOf(' '))) : '';
  const at = (preposition: string): string => (flags ? ` ${preposition} ${command}` : '');
  const name = SURFACE_TARGET_NAMES[target];
  switch (kind) {
    case 'export-removed':
      return `${name}: ${what} removed${at('from')}: ${list}`;
    case 'export-added':
      return `${name}: ${what} added${at('to')}: ${list}`;
    case 'export-deprecated':
      return `${name}: ${what} renamed${at('of')}, each old name kept as a deprecated alias until the next major version: ${list}`;
    default:
      return `${name}: ${what} renamed${at('of')}: ${list}`;
  }
}

/** The changes of what every target exports between the two versions. */
export function exportChanges(ctx: DiffContext, pairs: ReadonlyArray<{ a: IROperation; b: IROperation }>): Change[] {
  const ops: OperationPairs = new Map(pairs.map(({ a, b }) => [a.id, b.id]));
  const schemas = structuralRenames(ctx.oldIR, ctx.newIR);
  const oldOps = new Map(ctx.oldIR.operations.map((o) => [o.id, o]));
  const newOps = new Map(ctx.newIR.operations.map((o) => [o.id, o]));
  const [before, after] = [surface(ctx.oldIR), surface(ctx.newIR)];
  const out: Change[] = [];
  for (const target of ['typescript', 'python', 'cli'] as const) {
    const diff = compareSurface(
      before.filter((e) => e.target === target),
      after.filter((e) => e.target === target),
      ops,
      schemas,
      ctx.newIR,
    );
    // A flag is reported for a command both versions have; a command added, removed or renamed
    // carries its flags (a flag under a renamed command is a rename, not reported).
    const paired = new Set(ops.values());
    const kept = (e: Exported, old: boolean): boolean =>
      !isFlag(e) || (e.origin.kind === 'operation' && (old ? ops.has(e.origin.id) : paired.has(e.origin.id)));
    const groups: Array<[ChangeKind, Array<{ from?: Exported; to?: Exported }>]> = [
      ['export-removed', diff.removed.filter((e) => kept(e, true)).map((from) => ({ from }))],
      ['export-added', diff.added.filter((e) => kept(e, false)).map((to) => ({ to }))],
      ['export-renamed', diff.renamed.filter((p) => !isFlag(p.to))],
      ['export-deprecated', diff.deprecated],
    ];
    for (const [kind, items] of groups) {
      const byOrigin = new Map<string, Array<{ from?: Exported; to?: Exported }>>();
      for (const item of items) {
        const e = item.to ?? item.from;
        if (!e) continue;
        const k = `${originKey(e.origin)}|${isFlag(e) ? 'flag' : 'name'}`;
        byOrigin.set(k, [...(byOrigin.get(k) ?? []), item]);
      }
      for (const list of byOrigin.values()) out.push(change(target, kind, list, oldOps, newOps));
    }
  }
  return out;
}

/** One change for a group of names of one origin. */
function change(
  target: SurfaceTarget,
  kind: ChangeKind,
  items: Array<{ from?: Exported; to?: Exported }>,
  oldOps: ReadonlyMap<string, IROperation>,
  newOps: ReadonlyMap<string, IROperation>,
): Change {
  const from = items[0]?.from;
  const to = items[0]?.to;
  const at = (e: Exported | undefined, side: ReadonlyMap<string, IROperation>): string | null => {
    if (e?.origin.kind === 'operation') {
      const op = side.get(e.origin.id);
      return op ? operationPointer(op) : null;
    }
    return e?.origin.kind === 'schema' ? pointer('components', 'schemas', e.origin.name) : null;
  };
  const subject = to ?? from;
  const op = subject?.origin.kind === 'operation' ? (to ? newOps : oldOps).get(subject.origin.id) : undefined;
  const c: Change = {
    category: CATEGORY[kind],
    kind,
    operations: op ? [refOf(op)] : [],
    before: at(from, oldOps),
    after: at(to, newOps),
    message: describe(target, kind, items),
    target,
  };
  if (subject?.origin.kind === 'schema') c.component = subject.origin.name;
  return c;
}
