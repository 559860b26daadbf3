/**
 * The version bump a spec change needs. Semantic versioning: any breaking change is a major bump,
 * additions and deprecations a minor one, documentation and compatible fixes a patch. While the
 * package is 0.x the scale shifts down by one: breaking changes bump the minor, everything else
 * the patch.
 */
import semver from 'semver';
import type { Change } from './types.js';

/** A semver bump. */
export type Bump = 'major' | 'minor' | 'patch' | 'none';

/** A version string that is not a semantic version (`MAJOR.MINOR.PATCH[-pre-release][+build]`). */
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

/**
 * Reads a semantic version (`1.4.2`, `2.0.0-beta.1`, `1.0.0+build.5`) with npm's `semver`; throws
 * {@link VersionError} naming the value otherwise (a leading `v` or a missing part is refused).
 */
export function parseVersion(version: string): [number, number, number] {
  const parsed = semver.parse(version);
  const build = parsed && parsed.build.length > 0 ? `+${parsed.build.join('.')}` : '';
  if (!parsed || `${parsed.version}${build}` !== version)
    throw new VersionError(
      `package version ${JSON.stringify(version)} is not a semantic version MAJOR.MINOR.PATCH[-pre-release][+build]`,
    );
  return [parsed.major, parsed.minor, parsed.patch];
}

/** The bump the changes call for: major for any breaking change, minor for additions or deprecations, patch for the rest. */
export function neededBump(changes: readonly Pick<Change, 'category'>[]): Bump {
  const has = (c: Change['category']): boolean => changes.some((x) => x.category === c);
  if (has('breaking')) return 'major';
  if (has('added') || has('deprecated')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}

/**
 * Applies a bump with semver's rules: `1.4.2` + minor = `1.5.0`; a pre-release is bumped to its
 * release where that is the bump (`2.0.0-beta.1` + major = `2.0.0`).
 */
export function bumpVersion(version: string, bump: Bump): string {
  parseVersion(version);
  if (bump === 'none') return version;
  const next = semver.inc(version, bump);
  if (next === null) throw new VersionError(`cannot apply a ${bump} bump to ${JSON.stringify(version)}`);
  return next;
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
