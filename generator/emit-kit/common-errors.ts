/**
 * The usual meaning of each error status across the API, which the reference pages print once
 * (reference.ts). Its own module, free of the emitters' tools: the emit stage keys each area's
 * files by it (emit-units.ts).
 */
import type { IR } from '../ir/types.js';

/** The description each error status has most often across the API (ties: the first in text order). */
export function commonErrors(ir: IR): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const response of ir.operations.flatMap((op) => op.responses)) {
    if (response.status.startsWith('2')) continue;
    const byText = counts.get(response.status) ?? new Map<string, number>();
    byText.set(response.description, (byText.get(response.description) ?? 0) + 1);
    counts.set(response.status, byText);
  }
  const common = new Map<string, string>();
  for (const [status, byText] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const [best] = [...byText].sort(([ta, a], [tb, b]) => b - a || ta.localeCompare(tb));
    if (best !== undefined) common.set(status, best[0]);
  }
  return common;
}
