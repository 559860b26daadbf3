/**
 * Component schemas: each one that operations reach on both sides is compared once, and each
 * difference in it is reported once, naming every operation that uses the component. When the
 * component is used on both the request and the response side and the two sides classify the
 * difference differently, one change per classification is reported; an enum change is reported
 * once per side in any case (requests read enums closed, responses open).
 */
import { isObject, pointer } from '../../spec/lint/support/json.js';
import { classifySchemaDiff, PER_DIRECTION } from './classify.js';
import type { ComponentUse, DiffContext } from './context.js';
import { compareSchemas, type WalkResult } from './schema-walk.js';
import { schemaMessage } from './signature.js';
import type { Category, Change, ChangeKind, Direction, OperationRef, Target, TargetEffect } from './types.js';

function schemaOf(doc: Record<string, unknown>, name: string): unknown {
  return isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas[name] : undefined;
}

/** Every (component, direction) reached from the uses, following references between components. */
function reach(
  ctx: DiffContext,
  uses: readonly ComponentUse[],
): { results: Map<string, WalkResult>; reached: ComponentUse[] } {
  const results = new Map<string, WalkResult>();
  const compare = (name: string): WalkResult => {
    let r = results.get(name);
    if (!r) {
      const ptr = pointer('components', 'schemas', name);
      r = compareSchemas(ctx.oldDoc, ctx.newDoc, schemaOf(ctx.oldDoc, name), schemaOf(ctx.newDoc, name), ptr, ptr);
      results.set(name, r);
    }
    return r;
  };
  const seen = new Set<string>();
  const reached: ComponentUse[] = [];
  const queue = [...uses];
  for (let use = queue.shift(); use; use = queue.shift()) {
    const key = `${use.component}|${use.direction}|${use.operation.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    reached.push(use);
    for (const next of compare(use.component).refs) queue.push({ ...use, component: next });
  }
  return { results, reached };
}

/** The changes inside component schemas, one per difference and classification. */
export function componentChanges(ctx: DiffContext, uses: readonly ComponentUse[]): Change[] {
  const { results, reached } = reach(ctx, uses);
  const usersOf = new Map<string, Map<Direction, Map<string, OperationRef>>>();
  for (const u of reached) {
    const byDirection = usersOf.get(u.component) ?? new Map<Direction, Map<string, OperationRef>>();
    const ops = byDirection.get(u.direction) ?? new Map<string, OperationRef>();
    ops.set(u.operation.id, u.operation);
    byDirection.set(u.direction, ops);
    usersOf.set(u.component, byDirection);
  }
  const out: Change[] = [];
  for (const [name, result] of [...results].sort(([x], [y]) => x.localeCompare(y))) {
    const byDirection = usersOf.get(name);
    if (!byDirection) continue;
    for (const d of result.diffs) {
      type Group = {
        kind: ChangeKind;
        category: Category;
        direction?: Direction;
        targets?: Record<Target, TargetEffect>;
        ops: Map<string, OperationRef>;
      };
      const groups = new Map<string, Group>();
      for (const direction of ['request', 'response'] as const) {
        const ops = byDirection.get(direction);
        if (!ops) continue;
        const { kind, category, targets } = classifySchemaDiff(d, direction);
        const split = PER_DIRECTION.has(kind) && byDirection.size > 1;
        const key = `${category}|${kind}|${split ? direction : ''}|${JSON.stringify(targets ?? null)}`;
        const group: Group = groups.get(key) ?? { kind, category, ops: new Map() };
        if (split) group.direction = direction;
        if (targets) group.targets = targets;
        for (const [id, op] of ops) group.ops.set(id, op);
        groups.set(key, group);
      }
      for (const g of groups.values()) {
        const side = g.direction === 'request' ? ' (requests)' : g.direction === 'response' ? ' (responses)' : '';
        const change: Change = {
          category: g.category,
          kind: g.kind,
          operations: [...g.ops.values()].sort((x, y) => x.id.localeCompare(y.id)),
          component: name,
          before: d.before,
          after: d.after,
          message: schemaMessage(name, d) + side,
        };
        if (g.direction) change.direction = g.direction;
        if (g.targets) change.targets = g.targets;
        out.push(change);
      }
    }
  }
  return out;
}
