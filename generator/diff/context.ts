/** What every comparison step gets: both versions as documents and IRs, and a way to record changes. */
import type { Node } from '../ir/resolve.js';
import type { IR, IROperation } from '../ir/types.js';
import { CATEGORY } from './classify.js';
import type { Category, Change, ChangeKind, Direction, OperationRef, Target, TargetEffect } from './types.js';

/** Both versions. */
export interface DiffContext {
  oldDoc: Node;
  newDoc: Node;
  oldIR: IR;
  newIR: IR;
}

/** A component schema reached from an operation, and on which side of the exchange. */
export interface ComponentUse {
  component: string;
  direction: Direction;
  operation: OperationRef;
}

/** Collects changes and component uses while comparing one operation or the API root. */
export class ChangeSink {
  readonly changes: Change[] = [];
  readonly uses: ComponentUse[] = [];

  /** Records a change; the category comes from {@link CATEGORY} unless given. */
  add(
    kind: ChangeKind,
    operations: OperationRef[],
    before: string | null,
    after: string | null,
    message: string,
    category?: Category,
    targets?: Record<Target, TargetEffect>,
  ): void {
    const change: Change = { category: category ?? CATEGORY[kind], kind, operations, before, after, message };
    if (targets) change.targets = targets;
    this.changes.push(change);
  }

  /** Records that an operation reaches these components on one side. */
  use(components: Iterable<string>, direction: Direction, operation: OperationRef): void {
    for (const component of components) this.uses.push({ component, direction, operation });
  }
}

/** The reference to an operation used in changes. */
export const refOf = (op: Pick<IROperation, 'id' | 'method' | 'path'>): OperationRef => ({
  id: op.id,
  method: op.method,
  path: op.path,
});

/** `label.field`, `label[].field` or `label` when the field path is empty. */
export function fieldLabel(label: string, field: string): string {
  if (field === '') return label;
  return /^[[{]/.test(field) ? `${label}${field}` : `${label}.${field}`;
}
