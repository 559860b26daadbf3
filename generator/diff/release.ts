/**
 * `--write`: records a release in the repository files: a new CHANGELOG.md section, in
 * package.json the new `version` and the API release label the spec tracks
 * (`"exchangeApi": {"release": "v4.106.51"}`), and the same `version` in the companion package
 * (packages/exchange-v4-mock/package.json, with any dependency on the client moved along). The
 * Python package needs nothing here: the generator derives its version from package.json.
 * Nothing else in either package.json is touched.
 */
import { isObject } from '../../spec/lint/support/json.js';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { changelogSection, prependSection } from './changelog.js';
import { parseVersion, type VersionPlan } from './semver.js';
import type { Change } from './types.js';

/** package.json cannot be read or edited as needed. */
export class PackageJsonError extends Error {
  override name = 'PackageJsonError';
}

/** Reads the `version` field of package.json text. */
export function packageVersion(text: string): string {
  const pkg = parsePackage(text);
  if (typeof pkg.version !== 'string')
    throw new PackageJsonError(`package.json "version" must be a string, got ${JSON.stringify(pkg.version)}`);
  parseVersion(pkg.version);
  return pkg.version;
}

function parsePackage(text: string): Record<string, unknown> {
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch (error) {
    throw new PackageJsonError(`package.json is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof pkg !== 'object' || pkg === null || Array.isArray(pkg))
    throw new PackageJsonError('package.json must hold a JSON object');
  return pkg as Record<string, unknown>;
}

/**
 * package.json text with `version` set and `exchangeApi.release` recorded (added right after
 * `version` when absent); key order kept, 2-space indentation, trailing newline.
 */
export function setPackageRelease(text: string, version: string, release: string): string {
  parseVersion(version);
  if (!/^v4\.\d+\.\d+$/.test(release))
    throw new PackageJsonError(`API release label ${JSON.stringify(release)} must look like v4.<minor>.<patch>`);
  const pkg = parsePackage(text);
  const out: Record<string, unknown> = {};
  const had = 'exchangeApi' in pkg;
  for (const [key, value] of Object.entries(pkg)) {
    if (key === 'version') {
      out.version = version;
      if (!had) out.exchangeApi = { release };
    } else if (key === 'exchangeApi') {
      const prev = isObject(value) ? value : {};
      out.exchangeApi = { ...prev, release };
    } else out[key] = value;
  }
  if (!('version' in out)) Object.assign(out, { version, exchangeApi: { release } });
  return JSON.stringify(out, null, 2) + '\n';
}

/** The companion package's folder (the mock), whose version moves with the client's. */
export const COMPANION_PACKAGE = 'packages/exchange-v4-mock';

/** Dependency fields of a package.json that may pin the client. */
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'devDependencies', 'optionalDependencies'] as const;

/**
 * The companion's package.json text with `version` set and every dependency on `client` moved to
 * `version` (keeping a range prefix such as `^`); key order kept, 2-space indentation.
 */
export function setCompanionVersion(text: string, version: string, client: string): string {
  parseVersion(version);
  const pkg = parsePackage(text);
  const out: Record<string, unknown> = { ...pkg, version };
  for (const field of DEPENDENCY_FIELDS) {
    const deps = pkg[field];
    if (!isObject(deps) || typeof deps[client] !== 'string') continue;
    const prefix = /^[~^=]?/.exec(deps[client])?.[0] ?? '';
    out[field] = { ...deps, [client]: `${prefix}${version}` };
  }
  return JSON.stringify(out, null, 2) + '\n';
}

/** What {@link writeRelease} wrote. */
export interface WrittenRelease {
  changelog: string;
  packageJson: string;
  /** The companion's package.json, when the repository has the companion. */
  companion?: string;
  section: string;
}

/** Writes the changelog section and the package.json fields under `root`. */
export async function writeRelease(
  root: string,
  plan: VersionPlan,
  release: string,
  changes: readonly Change[],
): Promise<WrittenRelease> {
  const pkgPath = path.join(root, 'package.json');
  const changelogPath = path.join(root, 'CHANGELOG.md');
  const pkgText = await readFile(pkgPath, 'utf8');
  if (packageVersion(pkgText) !== plan.current)
    throw new PackageJsonError(
      `package.json version is ${packageVersion(pkgText)}, but the plan starts from ${plan.current}`,
    );
  const section = changelogSection(plan.next, release, changes);
  const changelog = prependSection(
    existsSync(changelogPath) ? await readFile(changelogPath, 'utf8') : undefined,
    section,
  );
  const packageJson = setPackageRelease(pkgText, plan.next, release);
  const companionPath = path.join(root, COMPANION_PACKAGE, 'package.json');
  let companion: string | undefined;
  if (existsSync(companionPath)) {
    const companionText = await readFile(companionPath, 'utf8');
    const companionVersion = parsePackage(companionText).version;
    if (companionVersion !== plan.current)
      throw new PackageJsonError(
        `${COMPANION_PACKAGE}/package.json version is ${String(companionVersion)}, but the client's is ${plan.current}: put it back in step first`,
      );
    companion = setCompanionVersion(companionText, plan.next, String(parsePackage(pkgText).name));
  }
  await writeFile(changelogPath, changelog);
  await writeFile(pkgPath, packageJson);
  if (companion !== undefined) await writeFile(companionPath, companion);
  return {
    changelog: changelogPath,
    packageJson: pkgPath,
    ...(companion === undefined ? {} : { companion: companionPath }),
    section,
  };
}
