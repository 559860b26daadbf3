/**
 * The paper exchange benchmark's results, its targets (issue 29) and its section of RESULTS.md.
 * Pure: no timing and no I/O, so it is unit-tested with plain tables.
 */
import { DASH, formatRate, formatRatio, markdownTable } from './format.js';
import type { TargetVerdict } from './targets.js';

/** One measured configuration. */
export interface PaperMeasurement {
  /** Resting orders in the book before the run. */
  resting: number;
  /** `engine` (in-process, no HTTP) or the HTTP concurrency. */
  mode: 'engine' | 1 | 16;
  /** Orders per second, one value per round. */
  ordersPerSecond: number[];
  /** CPU per order (ms), one value per round: the mock process's over HTTP, this process's for `engine`. */
  serverCpuMs: number[];
  /** Answers that were not a success (should be 0). */
  failures: number;
}

/** The whole benchmark. */
export interface PaperResults {
  rounds: number;
  secondsPerRun: number;
  loadBefore: readonly number[];
  loadAfter: readonly number[];
  durationMs: number;
  measurements: PaperMeasurement[];
}

/** Resting book sizes measured. */
export const RESTING = [0, 10_000, 100_000] as const;

/** Median of a non-empty list, `undefined` for an empty one. */
function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The median orders/s of one configuration. */
export function rateOf(r: PaperResults, resting: number, mode: PaperMeasurement['mode']): number | undefined {
  return median(r.measurements.find((m) => m.resting === resting && m.mode === mode)?.ordersPerSecond ?? []);
}

function cpuOf(r: PaperResults, resting: number, mode: PaperMeasurement['mode']): number | undefined {
  return median(r.measurements.find((m) => m.resting === resting && m.mode === mode)?.serverCpuMs ?? []);
}

/** The three targets, judged on the medians. */
export function paperTargets(r: PaperResults): TargetVerdict[] {
  const deep = rateOf(r, 100_000, 16);
  const empty = rateOf(r, 0, 16);
  const engine = rateOf(r, 100_000, 'engine');
  const ratio = deep !== undefined && empty !== undefined && empty > 0 ? deep / empty : undefined;
  const verdict = (met: boolean | undefined, miss: string): { met: boolean | undefined; verdict: string } => ({
    met,
    verdict: met === undefined ? 'not measured' : met ? 'met' : miss,
  });
  return [
    {
      target: 'paper exchange over HTTP, c=16, 100,000 resting orders: ≥ 2,000 orders/s',
      measured: formatRate(deep),
      ...verdict(deep === undefined ? undefined : deep >= 2000, 'below 2,000/s'),
    },
    {
      target: 'the same within 20 % of the empty book (≥ 0.80×)',
      measured: ratio === undefined ? DASH : `${formatRatio(ratio)} (${formatRate(empty)} empty)`,
      ...verdict(ratio === undefined ? undefined : ratio >= 0.8, 'more than 20 % slower'),
    },
    {
      target: 'in-process engine, 100,000 resting orders: ≥ 100,000 orders/s',
      measured: formatRate(engine),
      ...verdict(engine === undefined ? undefined : engine >= 100_000, 'below 100,000/s'),
    },
  ];
}

/** The section of RESULTS.md. */
export function renderPaperSection(r: PaperResults): string {
  const rows = RESTING.map((resting) => [
    resting.toLocaleString('en-US'),
    formatRate(rateOf(r, resting, 'engine')),
    formatRate(rateOf(r, resting, 1)),
    formatRate(rateOf(r, resting, 16)),
    formatMs3(cpuOf(r, resting, 'engine')),
    formatMs3(cpuOf(r, resting, 16)),
  ]);
  const failures = r.measurements.reduce((n, m) => n + m.failures, 0);
  const targets = paperTargets(r).map((t) => [t.target, t.measured, t.met === true ? 'met' : t.verdict]);
  return `## Paper exchange: orders per second

\`POST /spot/orders\` against the mock's paper exchange (bench/paper-exchange.ts): a mix of
orders that take (immediate or cancel) and orders that rest inside the book, spread over
trader accounts; the book is seeded in the mock process before each run. \`engine\` places the
same orders in-process (no HTTP). Medians of ${r.rounds} interleaved rounds of ${r.secondsPerRun} s per
configuration, after one unmeasured pass; CPU per order is \`process.cpuUsage\` over the run
divided by the orders (the mock process's over HTTP), which a loaded machine distorts less than
orders per second. Load average before: ${r.loadBefore.map((x) => x.toFixed(2)).join(' / ')}; after: ${r.loadAfter.map((x) => x.toFixed(2)).join(' / ')}.
Failed answers: ${failures}. This section took ${(r.durationMs / 1000).toFixed(1)} s.

${markdownTable(['resting orders', 'engine', 'HTTP c=1', 'HTTP c=16', 'engine CPU/order', 'server CPU/order, c=16'], rows)}

${markdownTable(['target', 'measured', 'verdict'], targets, ['left', 'right', 'left'])}
`;
}

function formatMs3(ms: number | undefined): string {
  return ms === undefined || !Number.isFinite(ms) ? DASH : `${ms.toFixed(3)} ms`;
}
