/**
 * Installed footprint: the size on disk of a package plus its whole runtime dependency tree
 * (dependencies and installed optional dependencies, resolved the way Node resolves them), and
 * how many packages that tree holds.
 */
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Footprint of one package. */
export interface Footprint {
  readonly id: string;
  /** Bytes of the package itself. */
  readonly ownBytes: number;
  /** Bytes of the package and every package in its runtime tree. */
  readonly totalBytes: number;
  /** Direct runtime dependencies (`dependencies` of its package.json). */
  readonly directDeps: number;
  /** Distinct packages in its runtime tree, itself excluded. */
  readonly treeDeps: number;
  /** Names of the direct dependencies. */
  readonly direct: readonly string[];
  readonly error?: string;
}

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** Bytes of every file under `dir`, nested `node_modules` folders excluded, symlinks not followed. */
export function dirBytes(dir: string): number {
  let total = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') stack.push(full);
      } else if (entry.isFile()) {
        total += lstatSync(full).size;
      }
    }
  }
  return total;
}

/**
 * Where Node finds package `name` required from the package at `fromDir`: the nearest
 * `node_modules/<name>` in `fromDir` or an ancestor, no higher than `rootDir`.
 */
export function resolvePackageDir(name: string, fromDir: string, rootDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === rootDir) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The runtime tree under the package at `packageDir`: every distinct package directory reached
 * through `dependencies` and installed `optionalDependencies`. Missing non-optional dependencies
 * are listed in `missing`.
 */
export function dependencyTree(packageDir: string, rootDir: string): { dirs: string[]; missing: string[] } {
  const seen = new Set<string>([packageDir]);
  const missing: string[] = [];
  const queue = [packageDir];
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    const manifest = readManifest(dir);
    const optional = manifest.optionalDependencies ?? {};
    const names = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(optional)]);
    for (const name of names) {
      const found = resolvePackageDir(name, dir, rootDir);
      if (found === undefined) {
        if (!(name in optional)) missing.push(`${name} (from ${manifest.name ?? dir})`);
        continue;
      }
      if (!seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  seen.delete(packageDir);
  return { dirs: [...seen], missing };
}

/** Footprint of an installed package (its directory under `rootDir/node_modules`). */
export function installedFootprint(id: string, packageDir: string, rootDir: string): Footprint {
  const manifest = readManifest(packageDir);
  const direct = Object.keys(manifest.dependencies ?? {});
  const { dirs, missing } = dependencyTree(packageDir, rootDir);
  const ownBytes = dirBytes(packageDir);
  const totalBytes = ownBytes + dirs.reduce((sum, d) => sum + dirBytes(d), 0);
  return {
    id,
    ownBytes,
    totalBytes,
    directDeps: direct.length,
    treeDeps: dirs.length,
    direct,
    ...(missing.length > 0 ? { error: `missing: ${missing.join(', ')}` } : {}),
  };
}

/**
 * Footprint of this project as npm would install it: the files `npm pack --dry-run` lists,
 * except that dist/ is replaced by `distBytes` (the benchmark's own build of it, so a missing or
 * half-written shared dist/ does not skew the number), plus its runtime tree as installed in
 * the repository's node_modules.
 */
export async function projectFootprint(id: string, repoRoot: string, distBytes: number): Promise<Footprint> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: repoRoot,
    maxBuffer: 32 * 1024 * 1024,
    timeout: 120_000,
  });
  const files = (JSON.parse(stdout) as Array<{ files?: Array<{ path: string; size: number }> }>)[0]?.files ?? [];
  const manifest = readManifest(repoRoot);
  const direct = Object.keys(manifest.dependencies ?? {});
  const { dirs, missing } = dependencyTree(repoRoot, repoRoot);
  const ownBytes = packedBytesOutside(files, 'dist/') + distBytes;
  return {
    id,
    ownBytes,
    totalBytes: ownBytes + dirs.reduce((sum, d) => sum + dirBytes(d), 0),
    directDeps: direct.length,
    treeDeps: dirs.length,
    direct,
    ...(missing.length > 0 ? { error: `missing: ${missing.join(', ')}` } : {}),
  };
}

/** Bytes of the packed files whose path does not start with `prefix`. */
export function packedBytesOutside(files: ReadonlyArray<{ path: string; size: number }>, prefix: string): number {
  return files.filter((f) => !f.path.startsWith(prefix)).reduce((sum, f) => sum + f.size, 0);
}
