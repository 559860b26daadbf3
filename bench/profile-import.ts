/**
 * The cold-import section of `npm run bench:profile` (bench/profile.ts): the benchmark's cold
 * import (bench/cold-import.ts, a fresh `node` process per import of the Node entry) under the V8
 * CPU profiler. Each fresh process starts the profiler (node:inspector), imports the entry, stops
 * the profiler and prints the profile; the self times of a fixed number of such imports are added
 * up (bench/profile-summary.ts). Compiling the module shows as node's `compileSourceTextModule`,
 * running its top level as the entry's `(anonymous)`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ProfileResult } from './profile-target.js';
import { summarizeProfiles, type CpuProfile } from './profile-summary.js';
import { median } from './stats.js';

const run = promisify(execFile);

/** Sampling interval of the import profiles, µs (an import is a few ms: finer than the loops' 100 µs). */
const IMPORT_SAMPLING_US = 50;

/** The script a fresh process runs: `specifier` imported under the profiler; prints the time and the profile. */
export function profiledImportScript(specifier: string, intervalUs = IMPORT_SAMPLING_US): string {
  return [
    "import { Session } from 'node:inspector/promises';",
    'const session = new Session();',
    'session.connect();',
    "await session.post('Profiler.enable');",
    `await session.post('Profiler.setSamplingInterval', { interval: ${intervalUs} });`,
    "await session.post('Profiler.start');",
    'const t0 = performance.now();',
    `await import(${JSON.stringify(specifier)});`,
    'const t1 = performance.now();',
    "const { profile } = await session.post('Profiler.stop');",
    'session.disconnect();',
    'process.stdout.write(JSON.stringify({ importMs: t1 - t0, profile }));',
  ].join('\n');
}

/**
 * Imports `specifier` in `imports` fresh processes, one after the other, each under the profiler;
 * the median import time (profiled) and the self times of all of them together.
 */
export async function profileColdImports(
  id: string,
  specifier: string,
  imports: number,
  repoRoot: string,
): Promise<ProfileResult> {
  const profiles: CpuProfile[] = [];
  const times: number[] = [];
  try {
    for (let i = 0; i < imports; i++) {
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', profiledImportScript(specifier)], {
        cwd: repoRoot,
        timeout: 60_000,
        maxBuffer: 256 * 1024 * 1024,
      });
      const { importMs, profile } = JSON.parse(stdout) as { importMs: number; profile: CpuProfile };
      times.push(importMs);
      profiles.push(profile);
    }
  } catch (error) {
    const e = error as { stderr?: string; message?: string };
    const why = (e.stderr || e.message || String(error)).trim().split('\n').slice(-2).join(' ').slice(0, 300);
    return { ok: false, id, error: why };
  }
  return {
    ok: true,
    id,
    rate: median(times),
    unit: 'ms per import, median',
    noun: 'import',
    ops: imports,
    summary: summarizeProfiles(profiles, repoRoot),
  };
}
