/**
 * Cold import time: a fresh `node` process imports one client's entry and reports how long the
 * import took (performance.now() around `await import(...)`), plus the process's wall time as
 * seen from outside. Repeated, interleaved across clients.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { median } from './stats.js';

const run = promisify(execFile);

/** One thing to import. */
export interface ImportTarget {
  /** Row name in the report. */
  readonly id: string;
  /** Module specifier: a `file:` URL or a `node:` builtin. */
  readonly specifier: string;
}

/** Medians of one target. */
export interface ImportTiming {
  readonly id: string;
  /** Median ms spent in `await import()`. */
  readonly importMs?: number;
  /** Median ms of the whole `node` process (start, import, exit), measured by the parent. */
  readonly processMs?: number;
  readonly runs: number;
  readonly error?: string;
}

/** The script a fresh process runs for `specifier` (ESM, top-level await). */
export function importScript(specifier: string): string {
  return [
    'const t0 = performance.now();',
    `await import(${JSON.stringify(specifier)});`,
    'const t1 = performance.now();',
    'process.stdout.write(JSON.stringify({ importMs: t1 - t0 }));',
  ].join('\n');
}

async function once(target: ImportTarget, cwd: string): Promise<{ importMs: number; processMs: number }> {
  const t0 = performance.now();
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', importScript(target.specifier)], {
    cwd,
    timeout: 60_000,
  });
  const processMs = performance.now() - t0;
  const { importMs } = JSON.parse(stdout) as { importMs: number };
  return { importMs, processMs };
}

/** Imports every target `repeats` times (round-robin, first round discarded as disk warm-up). */
export async function measureColdImports(
  targets: readonly ImportTarget[],
  repeats: number,
  cwd: string,
): Promise<ImportTiming[]> {
  const samples = new Map(
    targets.map((t) => [
      t.id,
      { importMs: [] as number[], processMs: [] as number[], error: undefined as string | undefined },
    ]),
  );
  for (let r = 0; r <= repeats; r++) {
    for (const target of targets) {
      const s = samples.get(target.id);
      if (!s || s.error !== undefined) continue;
      try {
        const timing = await once(target, cwd);
        if (r === 0) continue;
        s.importMs.push(timing.importMs);
        s.processMs.push(timing.processMs);
      } catch (error) {
        s.error = String((error as { stderr?: string }).stderr || (error as Error).message)
          .trim()
          .split('\n')
          .slice(-2)
          .join(' ')
          .slice(0, 200);
      }
    }
  }
  return targets.map((t) => {
    const s = samples.get(t.id);
    if (!s || s.importMs.length === 0) return { id: t.id, runs: 0, error: s?.error ?? 'no runs' };
    return { id: t.id, importMs: median(s.importMs), processMs: median(s.processMs), runs: s.importMs.length };
  });
}
