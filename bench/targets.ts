/**
 * Pure summaries of the measurements: per-client medians over rounds with ratios to the floor,
 * and the project's targets each judged met or missed (and by how much).
 */
import type { RunnerResult } from './job.js';
import { formatBytes, formatMs, formatRate, formatRatio, formatUs } from './format.js';
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

/** `value` must be at most `limit`. */
export function atMost(
  target: string,
  value: number | undefined,
  limit: number,
  show: (v: number) => string,
): TargetVerdict {
  if (value === undefined || !Number.isFinite(value))
    return { target, measured: '—', met: undefined, verdict: 'not measured' };
  const met = value <= limit;
  const over = ((value - limit) / limit) * 100;
  return {
    target,
    measured: show(value),
    met,
    verdict: met ? 'met' : `missed by ${show(value - limit)} (${over.toFixed(0)}% over)`,
  };
}

/** `value` must be below `limit`. */
export function below(
  target: string,
  value: number | undefined,
  limit: number,
  show: (v: number) => string,
): TargetVerdict {
  const v = atMost(target, value, limit, show);
  if (v.met === true && value === limit)
    return { ...v, met: false, verdict: `missed by 0 (must be below ${show(limit)})` };
  return v;
}

/**
 * Ours must beat the best peer: lower is better for latency (`lowerIsBetter`), higher for
 * throughput. Peers without a value are left out; with none left it cannot be judged.
 */
export function aheadOfPeers(
  target: string,
  ours: number | undefined,
  peers: ReadonlyArray<{ id: string; value: number | undefined }>,
  lowerIsBetter: boolean,
  show: (v: number) => string,
): TargetVerdict {
  const measured = peers.filter(
    (p): p is { id: string; value: number } => p.value !== undefined && Number.isFinite(p.value),
  );
  if (ours === undefined || measured.length === 0)
    return { target, measured: ours === undefined ? '—' : show(ours), met: undefined, verdict: 'not measured' };
  const best = measured.reduce((a, b) => (lowerIsBetter ? (b.value < a.value ? b : a) : b.value > a.value ? b : a));
  const met = lowerIsBetter ? ours < best.value : ours > best.value;
  const factor = lowerIsBetter ? ours / best.value : best.value / ours;
  return {
    target,
    measured: `${show(ours)} vs best peer ${best.id} ${show(best.value)}`,
    met,
    verdict: met
      ? 'met'
      : `missed: ${best.id} is ${((factor - 1) * 100).toFixed(0)}% ${lowerIsBetter ? 'faster' : 'higher'}`,
  };
}

/** Everything the targets are judged on. */
export interface TargetInputs {
  readonly floor?: ClientSummary | undefined;
  readonly ours?: ClientSummary | undefined;
  /** The client on its optional faster transport (`transport: 'node'`). */
  readonly oursFast?: ClientSummary | undefined;
  readonly peers: readonly ClientSummary[];
  readonly oursImportMs?: number | undefined;
  readonly oursDirectDeps?: number | undefined;
  readonly oursBundleBytes?: number | undefined;
  readonly regenerationMs?: number | undefined;
}

/** The project's targets, each judged. */
export function evaluateTargets(i: TargetInputs): TargetVerdict[] {
  const f = i.floor;
  const o = i.ours;
  // Against peers, the client on its best transport: the faster option is there for exactly that.
  const best = i.oursFast ?? o;
  const viaNode = i.oursFast ? " (transport: 'node')" : '';
  const ratioShow = (v: number): string => formatRatio(v);
  const peersOf = (pick: (s: ClientSummary) => number | undefined): Array<{ id: string; value: number | undefined }> =>
    i.peers.map((p) => ({ id: p.id, value: pick(p) }));
  return [
    atMost('GET p50 ≤ 1.1× floor', ratio(o?.getP50Us, f?.getP50Us), 1.1, ratioShow),
    atMost('POST p50 ≤ 1.1× floor', ratio(o?.postP50Us, f?.postP50Us), 1.1, ratioShow),
    atMost('CPU per GET ≤ 1.2× floor', ratio(o?.cpuGetUs, f?.cpuGetUs), 1.2, ratioShow),
    atMost('CPU per POST ≤ 1.2× floor', ratio(o?.cpuPostUs, f?.cpuPostUs), 1.2, ratioShow),
    ...(i.oursFast
      ? [
          atMost("GET p50 ≤ 1.1× floor (transport: 'node')", ratio(i.oursFast.getP50Us, f?.getP50Us), 1.1, ratioShow),
          atMost(
            "POST p50 ≤ 1.1× floor (transport: 'node')",
            ratio(i.oursFast.postP50Us, f?.postP50Us),
            1.1,
            ratioShow,
          ),
          atMost(
            "CPU per GET ≤ 1.2× floor (transport: 'node')",
            ratio(i.oursFast.cpuGetUs, f?.cpuGetUs),
            1.2,
            ratioShow,
          ),
          atMost(
            "CPU per POST ≤ 1.2× floor (transport: 'node')",
            ratio(i.oursFast.cpuPostUs, f?.cpuPostUs),
            1.2,
            ratioShow,
          ),
        ]
      : []),
    aheadOfPeers(
      'ahead of every peer: GET p50' + viaNode,
      best?.getP50Us,
      peersOf((p) => p.getP50Us),
      true,
      formatUs,
    ),
    aheadOfPeers(
      'ahead of every peer: POST p50' + viaNode,
      best?.postP50Us,
      peersOf((p) => p.postP50Us),
      true,
      formatUs,
    ),
    aheadOfPeers(
      'ahead of every peer: throughput at concurrency 16' + viaNode,
      best?.rps,
      peersOf((p) => p.rps),
      false,
      formatRate,
    ),
    below('cold import < 50 ms', i.oursImportMs, 50, formatMs),
    atMost('≤ 2 runtime dependencies', i.oursDirectDeps, 2, (v) => String(v)),
    below('one-operation bundle < 15 KiB minified', i.oursBundleBytes, 15 * 1024, formatBytes),
    below('full regeneration < 3 s', i.regenerationMs, 3000, formatMs),
  ];
}
