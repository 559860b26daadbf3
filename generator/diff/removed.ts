/**
 * The root `x-removed-operations` list: a new `status: deprecated` entry announces a deprecation
 * (with its replacement and removal date or version where given); other new, changed or dropped
 * entries are documentation. An entry that records an operation this diff reports as removed or
 * moved is folded into that change instead.
 */
import { nodeAt, pointer } from '../../spec/lint/support/json.js';
import type { IRRemovedOperation } from '../ir/types.js';
import type { ChangeSink, DiffContext } from './context.js';
import type { OperationRef } from './types.js';

const keyOf = (e: { method: string; path: string }): string => `${e.method.toUpperCase()} ${e.path}`;

/** Pointer to an entry in the document's list (the IR sorts the list; the document keeps its order). */
function entryPointer(doc: Record<string, unknown>, e: IRRemovedOperation): string {
  const list = nodeAt(doc, '/x-removed-operations');
  const i = Array.isArray(list)
    ? list.findIndex(
        (x) => typeof x === 'object' && x !== null && keyOf(x as { method: string; path: string }) === keyOf(e),
      )
    : -1;
  return i >= 0 ? pointer('x-removed-operations', i) : '/x-removed-operations';
}

/** The removal date (`YYYY-MM-DD` in the note) or version (`removedIn`), when given. */
export function removalOf(e: IRRemovedOperation): string | undefined {
  return e.removedIn ?? e.note?.match(/\b\d{4}-\d{2}-\d{2}\b/)?.[0];
}

/** `replaced by GET /a, GET /b` or `no replacement`. */
export const replacementOf = (e: IRRemovedOperation): string =>
  e.replacedBy.length > 0 ? `replaced by ${e.replacedBy.join(', ')}` : 'no replacement';

/** `<status>; replaced by ...; removal <date or version>`. */
function describeEntry(e: IRRemovedOperation): string {
  const removal = removalOf(e);
  return [e.status, replacementOf(e), ...(removal ? [`removal ${removal}`] : [])].join('; ');
}

const refOfEntry = (e: IRRemovedOperation): OperationRef => ({
  id: e.operationId ?? '',
  method: e.method,
  path: e.path,
});

/** The new version's entry for an operation, matched by method and path, else by operationId. */
export function entryFor(
  entries: readonly IRRemovedOperation[],
  op: { id: string; method: string; path: string },
): IRRemovedOperation | undefined {
  return entries.find((e) => keyOf(e) === keyOf(op)) ?? entries.find((e) => e.operationId === op.id);
}

/**
 * Compares the lists. `gone` holds `METHOD /path` of old operations this diff reports as removed
 * or moved: their entries are not reported again.
 */
export function compareRemovedOperations(ctx: DiffContext, sink: ChangeSink, gone: ReadonlySet<string>): void {
  const oldByKey = new Map(ctx.oldIR.removed.map((e) => [keyOf(e), e]));
  const newKeys = new Set(ctx.newIR.removed.map(keyOf));
  for (const e of ctx.newIR.removed) {
    const after = entryPointer(ctx.newDoc, e);
    const prev = oldByKey.get(keyOf(e));
    const ref = [refOfEntry(e)];
    if (e.status === 'deprecated' && prev?.status !== 'deprecated') {
      sink.add(
        'deprecation-announced',
        ref,
        prev ? entryPointer(ctx.oldDoc, prev) : null,
        after,
        `${keyOf(e)} ${describeEntry(e)}`,
      );
    } else if (!prev) {
      if (!gone.has(keyOf(e)))
        sink.add('removed-operations-changed', ref, null, after, `${keyOf(e)} listed as ${describeEntry(e)}`);
    } else if (JSON.stringify(prev) !== JSON.stringify(e)) {
      sink.add(
        'removed-operations-changed',
        ref,
        entryPointer(ctx.oldDoc, prev),
        after,
        `${keyOf(e)} entry changed: ${describeEntry(e)}`,
      );
    }
  }
  for (const e of ctx.oldIR.removed)
    if (!newKeys.has(keyOf(e)))
      sink.add(
        'removed-operations-changed',
        [refOfEntry(e)],
        entryPointer(ctx.oldDoc, e),
        null,
        `${keyOf(e)} no longer listed as ${e.status}`,
      );
}
