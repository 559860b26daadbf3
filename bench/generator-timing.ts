/**
 * This project's generator, timed in the three runs a maintainer meets, each in a private copy
 * of the repository (spec/, generator/ and the root config, `node_modules` linked)
 * with its own stage cache, written into a temporary folder:
 * - `unchanged`: nothing changed since the last run (every stage cached);
 * - `oneOperation`: one operation's description changed (a release note's typical edit), every
 *   other cache entry warm: what a maintainer waits for after editing the spec;
 * - `cold`: `--no-cache`, every stage computed.
 * Stage times come from the generator's summary line
 * (`N operations, M schemas; bundle X ms, ir X ms, ...; total X ms`); wall time is the whole
 * process, TypeScript loader included.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

/** The three timed runs (see the module comment). */
export interface GeneratorTimings {
  readonly unchanged: GeneratorTiming;
  readonly oneOperation: GeneratorTiming;
  readonly cold: GeneratorTiming;
  /** The spec file whose operation description the `oneOperation` runs change. */
  readonly editedFile?: string;
}

/** What the generator reads from the repository: copied into each private copy. */
export const GENERATOR_INPUTS = [
  'spec',
  'generator',
  'conformance',
  'package.json',
  'package-lock.json',
  'redocly.yaml',
  '.prettierrc.json',
  'tsconfig.json',
] as const;

/**
 * `text` (a path file of the spec) with the first line of the first operation `description`
 * ending in ` (edit <mark>)`: a one-operation change that alters its docs but not its shape.
 * Works for a block scalar (`description: |` and its first line) and a plain one-line value;
 * `undefined` when the file has no description to change.
 */
export function withEditedDescription(text: string, mark: string): string | undefined {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => /^ {2}description:/.test(line));
  if (at < 0) return undefined;
  const line = lines[at] as string;
  const value = line.slice(line.indexOf(':') + 1).trim();
  const target = /^[|>][-+]?$/.test(value) ? at + 1 : at;
  const old = lines[target];
  if (old === undefined || old.trim() === '' || /^['"]/.test(value)) return undefined;
  lines[target] = `${old} (edit ${mark})`;
  return lines.join('\n');
}

/** The first spec path file (sorted) that {@link withEditedDescription} can change, repository-relative. */
function editableFile(copy: string): string | undefined {
  const files = readdirSync(join(copy, 'spec', 'paths'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  for (const file of files) {
    const rel = join('spec', 'paths', file);
    if (withEditedDescription(readFileSync(join(copy, rel), 'utf8'), '0') !== undefined) return rel;
  }
  return undefined;
}

/** One generator process in `copy`; its summary line and wall time, or why it failed. */
async function generateOnce(
  copy: string,
  args: readonly string[],
): Promise<{ summary: GeneratorSummary; wallMs: number } | { error: string }> {
  const out = mkdtempSync(join(tmpdir(), 'bench-gen-out-'));
  try {
    const tsxCli = join(copy, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const t0 = performance.now();
    const { stdout, stderr } = await run(
      process.execPath,
      [tsxCli, 'generator/cli.ts', '--out', out, '--cache-dir', join(copy, '.bench-cache'), ...args],
      { cwd: copy, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const wallMs = performance.now() - t0;
    const summary = parseSummary(`${stdout}\n${stderr}`);
    return summary ? { summary, wallMs } : { error: 'the generator printed no summary line' };
  } catch (error) {
    const e = error as { stderr?: string; message?: string };
    return { error: (e.stderr || e.message || String(error)).trim().split('\n').slice(-2).join(' ').slice(0, 200) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Medians of several runs' summaries and wall times. */
export function summarize(runs: ReadonlyArray<{ summary: GeneratorSummary; wallMs: number }>): GeneratorTiming {
  const last = runs[runs.length - 1];
  if (last === undefined) return { runs: 0, error: 'no runs' };
  const stages = medianStages(runs.map((r) => r.summary));
  const total = stages.find(([n]) => n === 'total')?.[1];
  return {
    runs: runs.length,
    operations: last.summary.operations,
    schemas: last.summary.schemas,
    stages,
    ...(total === undefined ? {} : { totalMs: total }),
    wallMs: median(runs.map((r) => r.wallMs)),
  };
}

/**
 * Times the generator `repeats` times in each of the three runs, interleaved (cold, then one
 * operation changed, then unchanged, per repetition), in a private copy of `repoRoot` that is
 * removed afterwards. The repository's own cache is never touched.
 */
export async function measureGenerator(repoRoot: string, repeats: number): Promise<GeneratorTimings> {
  const copy = mkdtempSync(join(tmpdir(), 'bench-gen-repo-'));
  const runs = { unchanged: [] as RunResult[], oneOperation: [] as RunResult[], cold: [] as RunResult[] };
  const errors: Partial<Record<keyof typeof runs, string>> = {};
  try {
    for (const input of GENERATOR_INPUTS) cpSync(join(repoRoot, input), join(copy, input), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const editedFile = editableFile(copy);
    if (editedFile === undefined) throw new Error('no spec path file has an operation description to change');
    const original = readFileSync(join(copy, editedFile), 'utf8');
    const record = (name: keyof typeof runs, result: Awaited<ReturnType<typeof generateOnce>>): void => {
      if ('error' in result) errors[name] ??= result.error;
      else runs[name].push(result);
    };
    const warm = await generateOnce(copy, []);
    if ('error' in warm) throw new Error(warm.error);
    for (let r = 0; r < repeats; r++) {
      record('cold', await generateOnce(copy, ['--no-cache']));
      writeFileSync(join(copy, editedFile), withEditedDescription(original, String(r + 1)) as string);
      record('oneOperation', await generateOnce(copy, []));
      record('unchanged', await generateOnce(copy, []));
    }
    const timing = (name: keyof typeof runs): GeneratorTiming => {
      const error = errors[name];
      return error === undefined ? summarize(runs[name]) : { runs: runs[name].length, error };
    };
    return { unchanged: timing('unchanged'), oneOperation: timing('oneOperation'), cold: timing('cold'), editedFile };
  } catch (error) {
    const failed: GeneratorTiming = { runs: 0, error: String((error as Error).message ?? error).slice(0, 200) };
    return { unchanged: failed, oneOperation: failed, cold: failed };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

type RunResult = { summary: GeneratorSummary; wallMs: number };
