/**
 * CHANGELOG.md sections, newest first: `## <version> (API <release label>)` with Breaking, Added,
 * Deprecated and Fixed groups (Fixed holds documentation and compatible behaviour changes).
 */
import { CATEGORIES, describeTargets, type Category, type Change } from './types.js';

/** Changelog headings of the categories. */
const CHANGELOG_GROUPS: Readonly<Record<Category, string>> = {
  breaking: 'Breaking',
  added: 'Added',
  deprecated: 'Deprecated',
  changed: 'Fixed',
};

/** A changelog that cannot take the section (for example the version is already there). */
export class ChangelogError extends Error {
  override name = 'ChangelogError';
}

/** The title every changelog starts with. */
const CHANGELOG_TITLE = '# Changelog';

/** One bullet: the message, then the operations it touches. */
function changelogLine(c: Change): string {
  const ops = c.operations.filter((o) => o.id !== '').map((o) => `\`${o.id}\` ${o.method} ${o.path}`);
  const targets = c.targets ? ` [${describeTargets(c)}]` : '';
  return `- ${c.message}${ops.length > 0 ? ` (${ops.join(', ')})` : ''}${targets}`;
}

/**
 * The section for one release; groups without changes are left out. In each group the lines that
 * concern one target (what it exports, each starting with its name: `CLI:`, `Python:`,
 * `TypeScript:`) follow the others, in report order, so the effect on each target reads together.
 */
export function changelogSection(version: string, release: string, changes: readonly Change[]): string {
  const lines = [`## ${version} (API ${release})`];
  const rank = (c: Change): number => (c.target === undefined ? 0 : 1);
  for (const category of CATEGORIES) {
    const list = changes.filter((c) => c.category === category).sort((a, b) => rank(a) - rank(b));
    if (list.length === 0) continue;
    lines.push('', `### ${CHANGELOG_GROUPS[category]}`, '', ...list.map(changelogLine));
  }
  return lines.join('\n') + '\n';
}

/**
 * Puts a section above the newest one (after the title and any introduction). A missing or empty
 * changelog gets the title first. Throws {@link ChangelogError} when the version already has a section.
 */
export function prependSection(existing: string | undefined, section: string): string {
  const heading = section.split('\n', 1)[0] ?? '';
  const version = /^## (\S+)/.exec(heading)?.[1];
  if (!version) throw new ChangelogError(`section must start with "## <version>", got ${JSON.stringify(heading)}`);
  if (existing === undefined || existing.trim() === '') return `${CHANGELOG_TITLE}\n\n${section}`;
  const lines = existing.split('\n');
  if (lines.some((l) => l.startsWith(`## ${version} `) || l === `## ${version}`))
    throw new ChangelogError(
      `CHANGELOG.md already has a section for ${version}: bump the version or remove that section first`,
    );
  const first = lines.findIndex((l) => l.startsWith('## '));
  if (first < 0) return `${existing.replace(/\n*$/, '')}\n\n${section}`;
  const head = lines.slice(0, first).join('\n').replace(/\n*$/, '');
  const rest = lines.slice(first).join('\n');
  return `${head}\n\n${section}\n${rest}`;
}
