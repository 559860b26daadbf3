/**
 * The diff as text for a reviewer (grouped: breaking, added, deprecated, changed and docs; each
 * line with its operations and both pointers) and as JSON for tools.
 */
import type { VersionPlan } from './semver.js';
import { CATEGORIES, describeOperation, describeTargets, type Category, type Change, type SpecDiff } from './types.js';

/** Report headings of the categories. */
const CATEGORY_TITLES: Readonly<Record<Category, string>> = {
  breaking: 'Breaking',
  added: 'Added',
  deprecated: 'Deprecated',
  changed: 'Changed (documentation and compatible behaviour)',
};

/** Changes grouped by category, in report order. */
function groupByCategory(changes: readonly Change[]): Map<Category, Change[]> {
  const groups = new Map<Category, Change[]>();
  for (const category of CATEGORIES) {
    const list = changes.filter((c) => c.category === category);
    if (list.length > 0) groups.set(category, list);
  }
  return groups;
}

function changeLines(c: Change): string[] {
  const lines = [`  - [${c.kind}] ${c.message}`];
  if (c.operations.length > 0) lines.push(`      operations: ${c.operations.map(describeOperation).join('; ')}`);
  if (c.targets) lines.push(`      targets: ${describeTargets(c)}`);
  lines.push(`      old: ${c.before ?? '(absent)'}`, `      new: ${c.after ?? '(absent)'}`);
  return lines;
}

/** Human-readable version line, e.g. `version: 0.1.0 → 0.2.0 (minor; ...)`. */
export function versionLine(plan: VersionPlan): string {
  if (plan.bump === 'none') return `version: ${plan.current} stays (no changes)`;
  return `version: ${plan.current} → ${plan.next} (${plan.bump}${plan.note ? `; ${plan.note}` : ''})`;
}

/** The text report. */
export function formatReport(diff: SpecDiff, plan: VersionPlan): string {
  const out = [
    `spec diff: ${diff.old.label} (API ${diff.old.release}) → ${diff.new.label} (API ${diff.new.release})`,
    '',
  ];
  const groups = groupByCategory(diff.changes);
  if (groups.size === 0) out.push('No changes.', '');
  for (const [category, list] of groups) {
    out.push(`${CATEGORY_TITLES[category]} (${list.length})`);
    for (const c of list) out.push(...changeLines(c));
    out.push('');
  }
  const counts = CATEGORIES.map((c) => `${groups.get(c)?.length ?? 0} ${c}`).join(', ');
  out.push(`summary: ${counts}`, versionLine(plan));
  return out.join('\n') + '\n';
}

/** The machine-readable report (`--json`). */
export function formatJson(diff: SpecDiff, plan: VersionPlan): string {
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, diff.changes.filter((x) => x.category === c).length]));
  return JSON.stringify({ old: diff.old, new: diff.new, counts, version: plan, changes: diff.changes }, null, 2) + '\n';
}
