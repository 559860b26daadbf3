/**
 * The rest of the release pass after `spec:diff --write` has moved the versions: regenerate
 * `generated/` (the Python package takes the new version from package.json there), then draft
 * mock fixtures for every operation the diff reports as added, so the fixture coverage holds
 * before anyone records or reviews them.
 */
import type { Change } from '../generator/diff/types.js';
import { writeDrafts } from './fixtures/write.js';

/** The ids of the operations `changes` report as added, sorted, each once. */
export function addedOperations(changes: readonly Change[]): string[] {
  const ids = changes.filter((c) => c.kind === 'operation-added').flatMap((c) => c.operations.map((o) => o.id));
  return [...new Set(ids)].sort();
}

/**
 * Regenerates `root`'s `generated/` and drafts the fixtures of the added operations, reporting each
 * step through `log`. Throws `SpecError` when the spec cannot be generated.
 */
export async function regenerateAndDraft(
  root: string,
  changes: readonly Change[],
  log: (line: string) => void,
): Promise<void> {
  const { generate } = await import('../generator/pipeline.js');
  const summary = await generate({ root });
  log(`regenerated generated/ (${summary.report.written.length} written, ${summary.report.removed.length} removed)`);
  const added = addedOperations(changes);
  if (added.length === 0) return;
  const report = await writeDrafts(root, added);
  for (const file of report.written) log(`drafted ${file} (review it: its fixtures are named "drafted: ...")`);
  for (const file of report.kept) log(`kept ${file} (exists)`);
}
