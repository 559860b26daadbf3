/**
 * The version bump a spec change needs. Semantic versioning: any breaking change is a major bump,
 * additions and deprecations a minor one, documentation and compatible fixes a patch. While the
 * package is 0.x the scale shifts down by one: breaking changes bump the minor, everything else
 * the patch.
 */
import type { Change } from './types.js';

/** A semver bump. */
export type Bump = 'major' | 'minor' | 'patch' | 'none';

/** A version string that is not `MAJOR.MINOR.PATCH`. */
export class VersionError extends Error {
  override name = 'VersionError';
}

/** What the package version becomes. */
export interface VersionPlan {
  /** The bump the changes call for under semver rules (as for a 1.x package). */
  needed: Bump;
  /** The bump the package gets (differs from `needed` while the package is 0.x). */
  bump: Bump;
  current: string;
  /** The next version (`current` when the bump is `none`). */
  next: string;
  /** Set when the 0.x rule changed the bump. */
  note?: string;
}

/** Reads `MAJOR.MINOR.PATCH`; throws {@link VersionError} naming the value otherwise. */
export function parseVersion(version: string): [number, number, number] {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m)
    throw new VersionError(
      `package version ${JSON.stringify(version)} is not MAJOR.MINOR.PATCH (pre-release and build tags are not supported)`,
    );
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The bump the changes call for: major for any breaking change, minor for additions or deprecations, patch for the rest. */
export function neededBump(changes: readonly Pick<Change, 'category'>[]): Bump {
  const has = (c: Change['category']): boolean => changes.some((x) => x.category === c);
  if (has('breaking')) return 'major';
  if (has('added') || has('deprecated')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}

/** Applies a bump: `1.4.2` + minor = `1.5.0`. */
export function bumpVersion(version: string, bump: Bump): string {
  const [major, minor, patch] = parseVersion(version);
  switch (bump) {
    case 'major':
      return `${major + 1}.0.0`;
    case 'minor':
      return `${major}.${minor + 1}.0`;
    case 'patch':
      return `${major}.${minor}.${patch + 1}`;
    case 'none':
      return version;
  }
}

/** The bump and next version for a package at `current`, given the changes. */
export function planVersion(current: string, changes: readonly Pick<Change, 'category'>[]): VersionPlan {
  const [major] = parseVersion(current);
  const needed = neededBump(changes);
  if (major > 0 || needed === 'none') return { needed, bump: needed, current, next: bumpVersion(current, needed) };
  const bump: Bump = needed === 'major' ? 'minor' : 'patch';
  const note =
    `the package is 0.x: ${needed === 'major' ? 'breaking changes bump the minor version' : 'changes without a breaking one bump the patch version'}` +
    ` (semver would need ${needed})`;
  return { needed, bump, current, next: bumpVersion(current, bump), note };
}
