/**
 * This project's generator: full regeneration into a temporary folder, several times, with the
 * per-stage times the generator prints in its summary line
 * (`N operations, M schemas; load X ms, ir X ms, emit X ms, format X ms, write X ms; total X ms`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { median } from './stats.js';

const run = promisify(execFile);

/** A parsed summary line: stage names in the order printed, `total` last. */
export interface GeneratorSummary {
  readonly operations: number;
  readonly schemas: number;
  /** Milliseconds by stage name, in the order the line prints them (`total` included). */
  readonly stages: ReadonlyArray<readonly [string, number]>;
}

/** Medians over the runs. */
export interface GeneratorTiming {
  readonly runs: number;
  readonly operations?: number;
  readonly schemas?: number;
  /** Median ms per stage (from the summary line), in printed order, `total` last. */
  readonly stages?: ReadonlyArray<readonly [string, number]>;
  /** Median total ms (the line's `total`). */
  readonly totalMs?: number;
  /** Median wall ms of the whole process (includes the TypeScript loader's start-up). */
  readonly wallMs?: number;
  readonly error?: string;
}

const HEAD = /(\d+) operations, (\d+) schemas;([^\n]*)/;
const STAGE = /([A-Za-z][\w-]*) (\d+(?:\.\d+)?) ms/g;

/**
 * Finds and parses the summary line (`N operations, M schemas; load X ms, ...; total X ms`) in
 * the generator's output. Stage names are read as printed, so new stages need no change here.
 * `undefined` when there is no such line or it has no `total`.
 */
export function parseSummary(output: string): GeneratorSummary | undefined {
  const m = HEAD.exec(output);
  if (!m) return undefined;
  const stages = [...(m[3] ?? '').matchAll(STAGE)].map((s) => [s[1] as string, Number(s[2])] as const);
  if (!stages.some(([name]) => name === 'total')) return undefined;
  return { operations: Number(m[1]), schemas: Number(m[2]), stages };
}

/** Medians per stage name over several summaries; stages in the order of the first summary. */
export function medianStages(summaries: readonly GeneratorSummary[]): Array<readonly [string, number]> {
  const names = summaries[0]?.stages.map(([n]) => n) ?? [];
  return names.map((name) => {
    const values = summaries.flatMap((s) => s.stages.filter(([n]) => n === name).map(([, v]) => v));
    return [name, median(values)] as const;
  });
}

/** Runs `generator/cli.ts --out <temp>` `repeats` times; medians of each stage and of wall time. */
export async function measureGenerator(repoRoot: string, repeats: number): Promise<GeneratorTiming> {
  const tsxCli = join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const summaries: GeneratorSummary[] = [];
  const walls: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const out = mkdtempSync(join(tmpdir(), 'bench-gen-'));
    try {
      const t0 = performance.now();
      const { stdout, stderr } = await run(process.execPath, [tsxCli, 'generator/cli.ts', '--out', out], {
        cwd: repoRoot,
        timeout: 180_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      walls.push(performance.now() - t0);
      const summary = parseSummary(`${stdout}\n${stderr}`);
      if (!summary) return { runs: r, error: 'the generator printed no summary line' };
      summaries.push(summary);
    } catch (error) {
      const e = error as { stderr?: string; message?: string };
      return {
        runs: r,
        error: (e.stderr || e.message || String(error)).trim().split('\n').slice(-2).join(' ').slice(0, 200),
      };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  const last = summaries[summaries.length - 1];
  if (last === undefined) return { runs: 0, error: 'no runs' };
  const stages = medianStages(summaries);
  const total = stages.find(([n]) => n === 'total')?.[1];
  return {
    runs: summaries.length,
    operations: last.operations,
    schemas: last.schemas,
    stages,
    ...(total === undefined ? {} : { totalMs: total }),
    wallMs: median(walls),
  };
}
