/**
 * Pure summaries of the measurements: per-client medians over rounds with ratios to the floor,
 * and the project's targets each judged met or missed (and by how much).
 */
import type { RunnerResult } from './job.js';
import { formatBytes, formatMs, formatRatio } from './format.js';
import { median, ratio } from './stats.js';

/** Medians of one client over its successful rounds. */
export interface ClientSummary {
  readonly id: string;
  /** Rounds that completed. */
  readonly rounds: number;
  /** The first failure, when a round failed. */
  readonly error?: string;
  readonly getP50Us?: number;
  readonly postP50Us?: number;
  readonly getP99Us?: number;
  readonly postP99Us?: number;
  readonly rps?: number;
  /** POSTs per second at the concurrency of the throughput loop. */
  readonly rpsPost?: number;
  readonly cpuGetUs?: number;
  readonly cpuPostUs?: number;
  readonly cpuConcurrentUs?: number;
}

function med(values: number[]): number | undefined {
  return values.length > 0 ? median(values) : undefined;
}

/** Median of each measurement over the rounds that completed. */
export function summarizeClient(id: string, rounds: readonly RunnerResult[]): ClientSummary {
  const ok = rounds.flatMap((r) => (r.ok ? [r] : []));
  const failed = rounds.find((r) => !r.ok);
  const pick = (f: (r: (typeof ok)[number]) => number): number | undefined => med(ok.map(f));
  const values = {
    getP50Us: pick((r) => r.get.p50Us),
    postP50Us: pick((r) => r.post.p50Us),
    getP99Us: pick((r) => r.get.p99Us),
    postP99Us: pick((r) => r.post.p99Us),
    rps: pick((r) => r.throughput.rps),
    rpsPost: pick((r) => r.throughputPost.rps),
    cpuGetUs: pick((r) => r.get.cpuPerCallUs),
    cpuPostUs: pick((r) => r.post.cpuPerCallUs),
    cpuConcurrentUs: pick((r) => r.throughput.cpuPerCallUs),
  };
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<
    typeof values
  >;
  return {
    id,
    rounds: ok.length,
    ...(failed && !failed.ok ? { error: failed.error } : {}),
    ...defined,
  } as ClientSummary;
}

/** One target, judged. */
export interface TargetVerdict {
  readonly target: string;
  /** The measured value as shown. */
  readonly measured: string;
  /** `true` met, `false` missed, `undefined` not measurable in this run. */
  readonly met: boolean | undefined;
  /** `met`, `missed by ...`, or why it could not be judged. */
  readonly verdict: string;
}

/** Judges `value` against `limit`: `most` (at most the limit) or `least` (at least it). */
function judge(
  bound: 'most' | 'least',
  target: string,
  value: number | undefined,
  limit: number,
  show: (v: number) => string,
): TargetVerdict {
  if (value === undefined || !Number.isFinite(value))
    return { target, measured: '—', met: undefined, verdict: 'not measured' };
  const met = bound === 'most' ? value <= limit : value >= limit;
  const off = Math.abs(value - limit);
  const side = bound === 'most' ? 'over' : 'under';
  return {
    target,
    measured: show(value),
    met,
    verdict: met ? 'met' : `missed by ${show(off)} (${((off / limit) * 100).toFixed(0)}% ${side})`,
  };
}

/** `value` must be at most `limit`. */
export const atMost = (target: string, value: number | undefined, limit: number, show: (v: number) => string) =>
  judge('most', target, value, limit, show);

/** `value` must be at least `limit`. */
export const atLeast = (target: string, value: number | undefined, limit: number, show: (v: number) => string) =>
  judge('least', target, value, limit, show);

/** Everything the targets are judged on (issue 29's, with regeneration from issue 11). */
export interface TargetInputs {
  readonly floor?: ClientSummary | undefined;
  /** Bare `node:http` with the same signing: what the `node` transport's CPU is judged against. */
  readonly nodeHttp?: ClientSummary | undefined;
  /** The client on `transport: 'node'`. */
  readonly oursNode?: ClientSummary | undefined;
  /** The client on `transport: 'fetch'`. */
  readonly oursFetch?: ClientSummary | undefined;
  /** The peer whose throughput the `node` transport must reach. */
  readonly ccxt?: ClientSummary | undefined;
  readonly oursImportMs?: number | undefined;
  /** `createCore` plus a public read, bundled for the browser, minified, gzip bytes (bundle-shapes.ts). */
  readonly publicReadGzipBytes?: number | undefined;
  /** `createCore` plus a signed write, the same way. */
  readonly signedWriteGzipBytes?: number | undefined;
  /** Wall time of regenerating after one operation of the spec changed (the other stages cached). */
  readonly regenerationMs?: number | undefined;
}

/** The project's targets, each judged. */
export function evaluateTargets(i: TargetInputs): TargetVerdict[] {
  const { floor: f, nodeHttp: h, oursNode: n, oursFetch: w, ccxt: c } = i;
  const x = (v: number): string => formatRatio(v);
  return [
    atMost('node: GET p50 ≤ 1.10× bare node:http', ratio(n?.getP50Us, h?.getP50Us), 1.1, x),
    atMost('node: POST p50 ≤ 1.10× bare node:http', ratio(n?.postP50Us, h?.postP50Us), 1.1, x),
    atLeast('node: GET/s at c=16 ≥ 0.90× bare node:http', ratio(n?.rps, h?.rps), 0.9, x),
    atLeast('node: POST/s at c=16 ≥ 0.90× bare node:http', ratio(n?.rpsPost, h?.rpsPost), 0.9, x),
    atLeast("node: GET/s at c=16 ≥ ccxt's (× ccxt)", ratio(n?.rps, c?.rps), 1, x),
    atLeast("node: POST/s at c=16 ≥ ccxt's (× ccxt)", ratio(n?.rpsPost, c?.rpsPost), 1, x),
    atMost('fetch: GET p50 ≤ 1.10× bare fetch (floor)', ratio(w?.getP50Us, f?.getP50Us), 1.1, x),
    atMost('fetch: POST p50 ≤ 1.10× bare fetch (floor)', ratio(w?.postP50Us, f?.postP50Us), 1.1, x),
    atMost('createCore + a public read, browser, gzip ≤ 12 KiB', i.publicReadGzipBytes, 12 * 1024, formatBytes),
    atMost('createCore + a signed write, browser, gzip ≤ 16 KiB', i.signedWriteGzipBytes, 16 * 1024, formatBytes),
    atMost('cold import ≤ 15 ms', i.oursImportMs, 15, formatMs),
    atMost('regeneration after one operation changed ≤ 2.5 s', i.regenerationMs, 2500, formatMs),
  ];
}
