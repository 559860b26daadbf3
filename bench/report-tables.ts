/**
 * Sections of the benchmark report (report.ts) apart for size: the type-check times of a consumer
 * program, the generator's stage timings and the rate-limit store's take.
 */
import { DASH, formatMs, formatRatio, markdownTable } from './format.js';
import type { GeneratorTiming } from './generator-timing.js';
import type { RateStoreTiming } from './rate-store.js';
import type { BenchReport } from './report.js';
import { ratio } from './stats.js';

/** `tsc --noEmit` of a consumer program per client, as ratios to the floor. */
export function typecheckTable(r: BenchReport): string {
  const floor = r.typecheck.find((t) => t.id === 'floor');
  return markdownTable(
    ['consumer', 'tsc --noEmit (median)', '× floor', 'over floor', 'runs'],
    r.typecheck.map((t) => [
      t.id,
      formatMs(t.ms),
      formatRatio(ratio(t.ms, floor?.ms)),
      t.ms !== undefined && floor?.ms !== undefined ? formatMs(t.ms - floor.ms) : DASH,
      t.error ? `failed: ${t.error}` : String(t.runs),
    ]),
  );
}

/** The three generator runs side by side: each stage's median, then the process's wall time. */
export function generatorTable(r: BenchReport): string {
  const runs: ReadonlyArray<readonly [string, GeneratorTiming]> = [
    ['no change', r.generator.unchanged],
    ['one operation changed', r.generator.oneOperation],
    ['cold (--no-cache)', r.generator.cold],
  ];
  const failed = runs.filter(([, g]) => g.error !== undefined || !g.stages);
  const failures = failed.map(([name, g]) => `- ${name}: could not be timed: ${g.error ?? 'no runs'}.`).join('\n');
  const timed = runs.filter(([, g]) => g.error === undefined && g.stages);
  if (timed.length === 0) return failures;
  const names = [...new Set(timed.flatMap(([, g]) => (g.stages ?? []).map(([n]) => n)))];
  names.sort((a, b) => Number(a === 'total') - Number(b === 'total'));
  const cell = (g: GeneratorTiming, name: string): string => {
    const ms = g.stages?.find(([n]) => n === name)?.[1];
    return ms === undefined ? '—' : formatMs(ms);
  };
  const rows = names.map((name) => [name, ...timed.map(([, g]) => cell(g, name))]);
  rows.push(['process wall time', ...timed.map(([, g]) => formatMs(g.wallMs))]);
  const first = timed[0]?.[1];
  const edited = r.generator.editedFile
    ? ` The changed operation is the first one in \`${r.generator.editedFile}\`.`
    : '';
  return (
    `${first?.operations} operations, ${first?.schemas} schemas, medians of ${first?.runs} runs each, ` +
    `interleaved, in a private copy of the repository with its own cache.${edited}\n\n` +
    markdownTable(['stage', ...timed.map(([name]) => name)], rows) +
    (failures ? `\n\n${failures}` : '')
  );
}

/** The rate-limit take: in process and through Redis, p50 per take and the ratio. */
export function rateStoreTable(t: RateStoreTiming): string {
  if (t.error !== undefined || t.inProcessP50Us === undefined || t.redisP50Us === undefined)
    return `Not measured: ${t.error ?? 'no result'}.`;
  return (
    `One take and its release per call, one call at a time, ${t.takes} takes per round, median of 3 interleaved rounds; ` +
    'Redis is a local redis-server reached through ioredis.\n\n' +
    markdownTable(
      ['store', 'p50 per take', 'x in-process'],
      [
        ['in-process (`RateLimiter`)', `${t.inProcessP50Us.toFixed(1)} µs`, '1.00'],
        [
          'Redis (`RedisRateLimitStore`)',
          `${t.redisP50Us.toFixed(1)} µs`,
          t.ratio === undefined ? '—' : t.ratio.toFixed(1),
        ],
      ],
    )
  );
}
