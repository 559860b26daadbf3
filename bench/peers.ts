/**
 * The clients people use today, at pinned versions, installed into bench/.scratch (git-ignored,
 * outside the package: they are never dependencies of this project), and the lookup of their
 * entry files there.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Pinned peer versions (exact). undici 7.x is the last line that supports Node 20. */
export const PEERS = {
  'gate-api': '7.2.144',
  'gateio-api': '1.6.4',
  ccxt: '4.5.84',
  undici: '7.30.2',
} as const;

/** A pinned peer package name. */
export type PeerName = keyof typeof PEERS;

/** Whether a peer could be installed, and why not. */
export interface PeerStatus {
  readonly name: PeerName;
  readonly version: string;
  readonly installed: boolean;
  /** Why it is missing (install error, wrong version). */
  readonly reason?: string;
}

/** Version of `name` installed under `scratch`, or `undefined`. */
export function installedVersion(scratch: string, name: string): string | undefined {
  const file = join(scratch, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
}

/**
 * Makes sure every pinned peer is installed in `scratch` at its exact version (one
 * `npm install --prefix` when any is missing), and says which are usable.
 */
export async function ensurePeers(scratch: string, log: (line: string) => void): Promise<PeerStatus[]> {
  mkdirSync(scratch, { recursive: true });
  const manifest = join(scratch, 'package.json');
  if (!existsSync(manifest))
    writeFileSync(manifest, `${JSON.stringify({ name: 'bench-peers', private: true }, null, 2)}\n`);
  const names = Object.keys(PEERS) as PeerName[];
  const missing = names.filter((n) => installedVersion(scratch, n) !== PEERS[n]);
  let installError: string | undefined;
  if (missing.length > 0) {
    const specs = names.map((n) => `${n}@${PEERS[n]}`);
    log(`installing peers into ${scratch}: ${specs.join(' ')}`);
    try {
      await run(
        'npm',
        ['install', '--prefix', scratch, '--save-exact', '--no-audit', '--no-fund', '--loglevel=error', ...specs],
        {
          timeout: 240_000,
          maxBuffer: 16 * 1024 * 1024,
        },
      );
    } catch (error) {
      const e = error as { stderr?: string; message?: string };
      installError = (e.stderr || e.message || String(error)).trim().split('\n').slice(-3).join(' ');
    }
  }
  return names.map((name) => {
    const have = installedVersion(scratch, name);
    if (have === PEERS[name]) return { name, version: PEERS[name], installed: true };
    const reason = installError ?? (have === undefined ? 'not installed' : `found ${have}, pinned ${PEERS[name]}`);
    return { name, version: PEERS[name], installed: false, reason };
  });
}

type ExportTarget = string | { readonly [condition: string]: ExportTarget } | null | undefined;

function pick(target: ExportTarget, conditions: readonly string[]): string | undefined {
  if (target === null || target === undefined) return undefined;
  if (typeof target === 'string') return target;
  for (const [condition, value] of Object.entries(target)) {
    if (conditions.includes(condition)) {
      const found = pick(value, conditions);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The entry file a package.json gives for `import` (ESM) or `require` (CommonJS): the `.`
 * export under those conditions (with `node` and `default`), else `module`/`main`, else
 * `index.js`. Pure: takes the parsed manifest.
 */
export function entryOf(manifest: Record<string, unknown>, mode: 'import' | 'require'): string {
  const conditions = [mode, 'node', 'default'];
  const exportsField = manifest['exports'] as ExportTarget | Record<string, ExportTarget>;
  if (exportsField !== undefined && exportsField !== null) {
    const dot =
      typeof exportsField === 'string' || Object.keys(exportsField).every((k) => !k.startsWith('.'))
        ? (exportsField as ExportTarget)
        : (exportsField as Record<string, ExportTarget>)['.'];
    const found = pick(dot, conditions);
    if (found !== undefined) return found.replace(/^\.\//, '');
  }
  const main = mode === 'import' && typeof manifest['module'] === 'string' ? manifest['module'] : manifest['main'];
  return typeof main === 'string' ? main.replace(/^\.\//, '') : 'index.js';
}

/** Absolute path of a peer's entry file in `scratch`. */
export function peerEntry(scratch: string, name: string, mode: 'import' | 'require'): string {
  const dir = join(scratch, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  return join(dir, entryOf(manifest, mode));
}
