/**
 * Compares two spec versions (each as its bundled document and IR) and classifies every change.
 * Operations are matched by operationId (same id at another method or path: moved), then by
 * method and path (same place, other id: renamed); the rest are removed or added. Then what each
 * target exports is compared (exports.ts): names, commands and flags users reach.
 */
import type { IR, IROperation } from '../ir/types.js';
import { componentChanges } from './components.js';
import { exportChanges } from './exports.js';
import { ChangeSink, refOf, type DiffContext } from './context.js';
import { compareOperationAttributes } from './operations.js';
import { operationPointer } from './pointers.js';
import { compareRemovedOperations, entryFor, removalOf, replacementOf } from './removed.js';
import { compareSignature } from './signature.js';
import { CATEGORIES, type Change, type SideInfo, type SpecDiff } from './types.js';

/** One version to compare: its bundled document and its IR. */
export interface DiffSide {
  label: string;
  document: Record<string, unknown>;
  ir: IR;
}

const location = (op: Pick<IROperation, 'method' | 'path'>): string => `${op.method} ${op.path}`;

type Pair = { a: IROperation; b: IROperation };

/** Matches the operations of both versions. */
function matchOperations(oldIR: IR, newIR: IR): { pairs: Pair[]; removed: IROperation[]; added: IROperation[] } {
  const newById = new Map(newIR.operations.map((o) => [o.id, o]));
  const oldIds = new Set(oldIR.operations.map((o) => o.id));
  const newByLocation = new Map(newIR.operations.map((o) => [location(o), o]));
  const pairs: Pair[] = [];
  const removed: IROperation[] = [];
  const matched = new Set<string>();
  for (const a of oldIR.operations) {
    const byId = newById.get(a.id);
    const byPlace = newByLocation.get(location(a));
    const b = byId ?? (byPlace && !oldIds.has(byPlace.id) && !matched.has(byPlace.id) ? byPlace : undefined);
    if (b) {
      pairs.push({ a, b });
      matched.add(b.id);
    } else removed.push(a);
  }
  const added = newIR.operations.filter((o) => !matched.has(o.id));
  return { pairs, removed, added };
}

/** Report order: category, first operation, kind, pointers, message. */
function compareChanges(x: Change, y: Change): number {
  const key = (c: Change): string[] => [
    String(CATEGORIES.indexOf(c.category)),
    c.operations[0]?.id ?? '',
    c.component ?? '',
    c.kind,
    c.before ?? '',
    c.after ?? '',
    c.message,
  ];
  const kx = key(x);
  const ky = key(y);
  for (let i = 0; i < kx.length; i++) {
    const d = (kx[i] as string).localeCompare(ky[i] as string);
    if (d !== 0) return d;
  }
  return 0;
}

/** Compares two versions and returns every classified change, in report order. */
export function diffSpecs(oldSide: DiffSide, newSide: DiffSide): SpecDiff {
  const ctx: DiffContext = { oldDoc: oldSide.document, newDoc: newSide.document, oldIR: oldSide.ir, newIR: newSide.ir };
  const sink = new ChangeSink();
  const { pairs, removed, added } = matchOperations(ctx.oldIR, ctx.newIR);
  const gone = new Set<string>();

  for (const a of removed) {
    gone.add(location(a));
    const entry = entryFor(ctx.newIR.removed, a);
    const extra = entry
      ? ` (${entry.status}; ${replacementOf(entry)}${removalOf(entry) ? `; removal ${removalOf(entry)}` : ''})`
      : '';
    sink.add('operation-removed', [refOf(a)], operationPointer(a), null, `${location(a)} removed${extra}`);
  }
  for (const { a, b } of pairs) {
    if (a.id !== b.id)
      sink.add(
        'operation-renamed',
        [refOf(b)],
        operationPointer(a),
        operationPointer(b),
        `operationId ${a.id} → ${b.id} (the client method is renamed)`,
      );
    else if (location(a) !== location(b)) {
      gone.add(location(a));
      sink.add(
        'operation-moved',
        [refOf(b)],
        operationPointer(a),
        operationPointer(b),
        `moved from ${location(a)} to ${location(b)}`,
      );
    }
    compareOperationAttributes(ctx, sink, a, b);
    compareSignature(ctx, sink, a, b);
  }
  for (const b of added) sink.add('operation-added', [refOf(b)], null, operationPointer(b), `${location(b)} added`);

  compareRemovedOperations(ctx, sink, gone);
  if (ctx.oldIR.api.release !== ctx.newIR.api.release)
    sink.add(
      'api-release-changed',
      [],
      '/info/version',
      '/info/version',
      `API release ${ctx.oldIR.api.release} → ${ctx.newIR.api.release}`,
    );

  const changes = [...sink.changes, ...componentChanges(ctx, sink.uses), ...exportChanges(ctx, pairs)].sort(
    compareChanges,
  );
  const info = (s: DiffSide): SideInfo => ({ label: s.label, release: s.ir.api.release });
  return { old: info(oldSide), new: info(newSide), changes };
}
