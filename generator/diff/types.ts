/**
 * The vocabulary of the spec differ: what a change is, how it is classified, and what a diff of two
 * spec versions returns. Plain JSON-serialisable data (the CLI's `--json` prints it as is).
 */
import type { HttpMethod } from '../ir/types.js';

/** How a change affects users of the generated client. */
export type Category = 'breaking' | 'added' | 'deprecated' | 'changed';

/** Report and changelog order of the categories. */
export const CATEGORIES: readonly Category[] = ['breaking', 'added', 'deprecated', 'changed'];

/** What changed. The category a kind lands in is decided by `classify.ts`. */
export type ChangeKind =
  // operations
  | 'operation-removed'
  | 'operation-moved'
  | 'operation-renamed'
  | 'operation-added'
  | 'operation-deprecated'
  | 'operation-undeprecated'
  | 'area-changed'
  // parameters
  | 'parameter-removed'
  | 'parameter-added'
  | 'parameter-added-required'
  | 'parameter-made-required'
  | 'parameter-made-optional'
  | 'parameter-deprecated'
  // bodies and schema fields
  | 'request-body-removed'
  | 'request-body-added'
  | 'request-body-made-required'
  | 'response-body-removed'
  | 'response-body-added'
  | 'field-removed'
  | 'field-added'
  | 'field-added-required'
  | 'field-made-required'
  | 'field-made-optional'
  | 'field-deprecated'
  | 'field-undeprecated'
  | 'type-changed'
  | 'format-changed'
  | 'enum-value-removed'
  | 'enum-value-added'
  | 'integer-widened'
  | 'decimal-format-changed'
  | 'constraint-changed'
  | 'composition-changed'
  // operation behaviour (x- extensions, security)
  | 'success-status-changed'
  | 'auth-added'
  | 'auth-removed'
  | 'permission-changed'
  | 'rate-limit-tightened'
  | 'rate-limit-loosened'
  | 'rate-limit-bucket-changed'
  | 'pagination-changed'
  | 'pagination-added'
  | 'pagination-limits-changed'
  | 'retry-changed'
  | 'behaviour-changed'
  // what the targets export (TypeScript names, Python names, CLI commands and flags)
  | 'export-removed'
  | 'export-added'
  | 'export-renamed'
  | 'export-deprecated'
  // documentation and root metadata
  | 'docs-changed'
  | 'deprecation-announced'
  | 'removed-operations-changed'
  | 'api-release-changed';

/** An operation a change touches, by its id and where it lives (in the new version when it still exists). */
export interface OperationRef {
  id: string;
  method: HttpMethod;
  path: string;
}

/** The client languages generated from the IR. */
export type Target = 'typescript' | 'python';

/** How a change affects one target's generated code. */
export interface TargetEffect {
  category: Category;
  /** What happens to that target's types, e.g. `number → string`. */
  note: string;
}

/** One classified difference between two spec versions. */
export interface Change {
  category: Category;
  kind: ChangeKind;
  /** Operations affected, sorted by id; empty for API-wide changes. */
  operations: OperationRef[];
  /** Component schema the change sits in (reported once for every operation that uses it). */
  component?: string;
  /** JSON pointer into the old bundled document; null when the thing does not exist there. */
  before: string | null;
  /** JSON pointer into the new bundled document; null when the thing does not exist there. */
  after: string | null;
  /** One readable line: what changed, with old and new values. */
  message: string;
  /** For changes reported once per side of the exchange (enums): the side. */
  direction?: Direction;
  /**
   * When the targets are affected differently: the effect on each. `category` is then the most
   * severe of them.
   */
  targets?: Record<Target, TargetEffect>;
  /** For a change of what a target exports (`export-*` kinds): that target; the message starts with its name. */
  target?: SurfaceTarget;
}

/** What users reach by name: the TypeScript client, the Python client, the command line. */
export type SurfaceTarget = Target | 'cli';

/** Which way data flows through a schema: sent by the client, or received by it. */
export type Direction = 'request' | 'response';

/** What one side of the diff is. */
export interface SideInfo {
  /** What the user passed (or the default), e.g. `HEAD~1`, `spec`, `v0.2.0`. */
  label: string;
  /** The API release label of that spec (`info.version`). */
  release: string;
}

/** The result of comparing two spec versions. */
export interface SpecDiff {
  old: SideInfo;
  new: SideInfo;
  /** Every change, in report order (category, then operation, then pointer). */
  changes: Change[];
}

/** Display names of the targets. */
const TARGET_NAMES: Readonly<Record<Target, string>> = { typescript: 'TypeScript', python: 'Python' };

/** `TypeScript: breaking (number → string); Python: changed (int either way)`. */
export const describeTargets = (c: Pick<Change, 'targets'>): string =>
  Object.entries(c.targets ?? {})
    .map(([t, e]) => `${TARGET_NAMES[t as Target]}: ${e.category} (${e.note})`)
    .join('; ');

/** Formats an operation as `id METHOD /path`. */
export const describeOperation = (op: OperationRef): string => `${op.id} ${op.method} ${op.path}`;
