/** Shared helpers of the spec diff tests: corpus paths, loading a case, a compact view of changes. */
import { fileURLToPath } from 'node:url';
import { diffSpecs } from '../../generator/diff/compare.js';
import { loadSide } from '../../generator/diff/load-side.js';
import type { Change, SpecDiff } from '../../generator/diff/types.js';

/** The repository root. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The corpus folder. */
export const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));

/** Folder of one side of a corpus case. */
export const caseDir = (name: string, side: 'old' | 'new'): string => `${CORPUS}${name}/${side}`;

/** Diffs a corpus case (bundle only: the corpus skips the house lint rules). */
export async function diffCase(name: string): Promise<SpecDiff> {
  const options = { repo: REPO, lint: false };
  const [a, b] = await Promise.all([loadSide(caseDir(name, 'old'), options), loadSide(caseDir(name, 'new'), options)]);
  return diffSpecs(a, b);
}

/** A change as the corpus tests assert it. */
export interface Row {
  category: Change['category'];
  kind: Change['kind'];
  ops: string[];
  before: string | null;
  after: string | null;
  /** For a change of what a target exports: that target. */
  target?: Change['target'];
}

/** The compact view: category, kind, `id METHOD /path` of each operation, both pointers, the target of an export change. */
export const rows = (changes: readonly Change[]): Row[] =>
  changes.map((c) => ({
    category: c.category,
    kind: c.kind,
    ops: c.operations.map((o) => `${o.id} ${o.method} ${o.path}`),
    before: c.before,
    after: c.after,
    ...(c.target ? { target: c.target } : {}),
  }));

/** One expected change in the compact view. */
export const row = (
  category: Row['category'],
  kind: Row['kind'],
  ops: string[],
  before: string | null,
  after: string | null,
  target?: Row['target'],
): Row => ({
  category,
  kind,
  ops,
  before,
  after,
  ...(target ? { target } : {}),
});

/** The same change of what each target exports (report order: CLI, Python, TypeScript). */
export const perTarget = (
  category: Row['category'],
  kind: Row['kind'],
  ops: string[],
  before: string | null,
  after: string | null,
  targets: ReadonlyArray<NonNullable<Row['target']>> = ['cli', 'python', 'typescript'],
): Row[] => targets.map((t) => row(category, kind, ops, before, after, t));
