/**
 * Renders bench/RESULTS.md from one run's measurements. Pure: everything it shows is passed in.
 */
import { renderPaperSection, type PaperResults } from './paper-report.js';
import type { BundleSize } from './bundle.js';
import { CLIENT_NOTES, type ClientId } from './clients.js';
import type { ImportTiming } from './cold-import.js';
import type { Footprint } from './footprint.js';
import {
  DASH,
  formatBytes,
  formatCount,
  formatMs,
  formatRate,
  formatRatio,
  formatUs,
  markdownTable,
} from './format.js';
import type { GeneratorTimings } from './generator-timing.js';
import type { RateStoreTiming } from './rate-store.js';
import type { PeerStatus } from './peers.js';
import type { ScenarioPlan } from './scenarios.js';
import type { KeyTally } from './server.js';
import { ratio } from './stats.js';
import { generatorTable, rateStoreTable, typecheckTable } from './report-tables.js';
import type { ClientSummary, TargetVerdict } from './targets.js';
import type { TypecheckTiming } from './typecheck.js';

/** Everything one run measured. */
export interface BenchReport {
  readonly date: string;
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
  readonly durationMs: number;
  readonly plan: ScenarioPlan & {
    readonly importRepeats: number;
    readonly tscRepeats: number;
    readonly generatorRepeats: number;
  };
  readonly oursEntry: string;
  readonly peers: readonly PeerStatus[];
  readonly clients: readonly ClientSummary[];
  readonly signatures: Readonly<Record<string, KeyTally>>;
  readonly imports: readonly ImportTiming[];
  readonly footprints: readonly Footprint[];
  readonly bundles: readonly BundleSize[];
  readonly typecheck: readonly TypecheckTiming[];
  readonly generator: GeneratorTimings;
  /** The cost of a rate-limit take, in process and through Redis (absent in older reports). */
  readonly rateStore?: RateStoreTiming | undefined;
  readonly targets: readonly TargetVerdict[];
  /** The paper exchange benchmark, when it ran. */
  readonly paper?: PaperResults;
  /** The "Python client" section (python.ts), when the Python clients ran. */
  readonly python?: string;
  readonly notes: readonly string[];
}

/** Total rejected requests in a tally. */
export function rejectedCount(t: KeyTally | undefined): number {
  return t ? Object.values(t.rejected).reduce<number>((a, b) => a + (b ?? 0), 0) : 0;
}

function latencyTable(r: BenchReport): string {
  const floor = r.clients.find((c) => c.id === 'floor');
  const rows = r.clients.map((c) => [
    c.id,
    formatUs(c.getP50Us),
    formatRatio(ratio(c.getP50Us, floor?.getP50Us)),
    formatUs(c.postP50Us),
    formatRatio(ratio(c.postP50Us, floor?.postP50Us)),
    formatUs(c.getP99Us),
    formatUs(c.postP99Us),
    `${c.rounds}/${r.plan.rounds}`,
  ]);
  return markdownTable(['client', 'GET p50', '× floor', 'POST p50', '× floor', 'GET p99', 'POST p99', 'rounds'], rows);
}

function throughputTable(r: BenchReport): string {
  const floor = r.clients.find((c) => c.id === 'floor');
  const rows = r.clients.map((c) => [
    c.id,
    formatRate(c.rps),
    formatRatio(ratio(c.rps, floor?.rps)),
    formatRate(c.rpsPost),
    formatRatio(ratio(c.rpsPost, floor?.rpsPost)),
    formatUs(c.cpuGetUs),
    formatRatio(ratio(c.cpuGetUs, floor?.cpuGetUs)),
    formatUs(c.cpuPostUs),
    formatRatio(ratio(c.cpuPostUs, floor?.cpuPostUs)),
    formatUs(c.cpuConcurrentUs),
    formatRatio(ratio(c.cpuConcurrentUs, floor?.cpuConcurrentUs)),
  ]);
  return markdownTable(
    [
      'client',
      'GET/s at c=16',
      '× floor',
      'POST/s at c=16',
      '× floor',
      'CPU/GET',
      '× floor',
      'CPU/POST',
      '× floor',
      'CPU/GET at c=16',
      '× floor',
    ],
    rows,
  );
}

function signatureTable(r: BenchReport): string {
  // The Node clients, then any other client the server counted (the Python ones).
  const ids = [...r.clients.map((c) => c.id), ...Object.keys(r.signatures).filter((k) => k.startsWith('py-'))];
  const rows = ids.map((id) => {
    const t = r.signatures[id];
    const rejected = rejectedCount(t);
    const labels = t
      ? Object.entries(t.rejected)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')
      : '';
    return [id, formatCount(t?.accepted ?? 0), formatCount(rejected), labels || DASH];
  });
  return markdownTable(['client', 'accepted', 'rejected', 'rejection labels'], rows, [
    'left',
    'right',
    'right',
    'left',
  ]);
}

function importTable(r: BenchReport): string {
  const floor = r.imports.find((i) => i.id === 'floor');
  return markdownTable(
    ['module', 'import (median)', '× floor', 'node process (median)', 'runs'],
    r.imports.map((i) => [
      i.id,
      formatMs(i.importMs),
      formatRatio(ratio(i.importMs, floor?.importMs)),
      formatMs(i.processMs),
      i.error ? `failed: ${i.error}` : String(i.runs),
    ]),
  );
}

function footprintTable(r: BenchReport): string {
  return markdownTable(
    ['package', 'own size', 'with dependency tree', 'direct deps', 'packages in tree', 'direct dependencies'],
    r.footprints.map((f) => [
      f.id,
      formatBytes(f.ownBytes),
      formatBytes(f.totalBytes),
      formatCount(f.directDeps),
      formatCount(f.treeDeps),
      `${f.direct.join(', ') || DASH}${f.error ? ` (${f.error})` : ''}`,
    ]),
    ['left', 'right', 'right', 'right', 'right', 'left'],
  );
}

function bundleTable(r: BenchReport): string {
  const floor = r.bundles.find((b) => b.id === 'floor');
  return markdownTable(
    ['program', 'minified', '× floor', 'gzip', 'notes'],
    r.bundles.map((b) => [
      b.id,
      formatBytes(b.minBytes),
      formatRatio(ratio(b.minBytes, floor?.minBytes)),
      formatBytes(b.gzipBytes),
      b.error ? `failed: ${b.error}` : b.external ? `left external: ${b.external.join(', ')}` : '',
    ]),
    ['left', 'right', 'right', 'right', 'left'],
  );
}

function largestInputs(r: BenchReport): string {
  const ours = r.bundles.find((b) => b.id === 'ours-browser');
  if (!ours?.largest || ours.largest.length === 0) return '';
  const rows = ours.largest.map((l) => [l.input, formatBytes(l.bytes)]);
  return `Largest inputs of our one-operation browser bundle (bytes in the minified output):\n\n${markdownTable(['input', 'bytes'], rows)}\n`;
}

function targetTable(r: BenchReport): string {
  return markdownTable(
    ['target', 'measured', 'verdict'],
    r.targets.map((t) => [
      t.target,
      t.measured,
      t.met === true ? 'met' : t.met === false ? `**${t.verdict}**` : t.verdict,
    ]),
    ['left', 'left', 'left'],
  );
}

/** The whole RESULTS.md. */
export function renderReport(r: BenchReport): string {
  const peerLines = r.peers.map(
    (p) => `- ${p.name}@${p.version}: ${p.installed ? 'installed' : `NOT usable (${p.reason ?? 'unknown'})`}`,
  );
  const clientLines = r.clients.map(
    (c) => `- **${c.id}**: ${CLIENT_NOTES[c.id as ClientId] ?? ''}${c.error ? ` — failed: ${c.error}` : ''}`,
  );
  const p = r.plan;
  return `# Benchmarks

Written by \`npm run bench\` (bench/run.ts). One run, one machine, one local server; every ratio is
against the floor measured in the same run. Numbers on a shared 2-core machine are noisy: compare
ratios, not absolute values, and rerun before drawing conclusions.

- Date: ${r.date}
- Node: ${r.node}
- CPU: ${r.cpu}, ${r.cores} cores
- Load average (1/5/15 min) before: ${r.loadBefore.map((x) => x.toFixed(2)).join(' / ')}; after: ${r.loadAfter.map((x) => x.toFixed(2)).join(' / ')}
- Whole run: ${formatMs(r.durationMs)}
- This project's client loaded from: \`${r.oursEntry}\` (compiled from generated/src with the package's own build tsconfigs; dist/ is not touched)

## Targets

${targetTable(r)}

Where the time goes in each missed transport, bundle, cold-import and engine target: [PROFILES.md](PROFILES.md), written by \`npm run bench:profile\` (CPU profiles of the same loops, and the inputs of each bundle); for regeneration, the time by stage in the generator section below; for the Python clients, [PYTHON-PROFILE.md](PYTHON-PROFILE.md).

## Method

- Server: a child process on 127.0.0.1 (keep-alive) that checks every request's HMAC-SHA512
  signature (method, path with /api/v4, raw query, SHA-512 of the body, Timestamp) and answers
  \`GET /api/v4/wallet/withdrawals\` with 20 records and \`POST /api/v4/wallet/transfers\` with a tx id.
  Each client signs with its own key, so signatures are counted per client.
- Each client runs in a fresh process per round: ${p.warmup} warm-up GET+POST pairs (so JIT compilation, which
  process.cpuUsage counts on every thread, is mostly done: after 300 pairs V8 was still optimising the clients' hot functions inside the measured loop) and ${p.warmup} GETs and ${p.warmup} POSTs at
  concurrency ${p.concurrency} (so the concurrent loops' extra sockets are open and their path compiled before they are timed), then ${p.sequentialCalls}
  sequential GETs, ${p.sequentialCalls} sequential POSTs (latency; CPU per call = process.cpuUsage over the loop / calls),
  then ${p.concurrentCalls} GETs and ${p.concurrentCalls} POSTs at concurrency ${p.concurrency} (throughput). ${p.rounds} rounds, interleaved
  (each round starts with a different client); tables show medians over rounds.
- Cold import: a fresh \`node\` process per import, ${p.importRepeats} runs each after one discarded warm-up run, interleaved.
- Bundle: esbuild, platform node (and browser for \`ours-browser\`), ESM, minify, tree-shaking, one program that lists withdrawals.
- Type check: a one-file consumer per client, \`tsc -p\` (strict, NodeNext, skipLibCheck, noEmit), ${p.tscRepeats} runs each.
- Generator: \`generator/cli.ts --out <temp dir>\` in a private copy of the repository, ${p.generatorRepeats} runs each of: no change since the last run, one operation's description changed (the target), and \`--no-cache\`.

Clients:

${clientLines.join('\n')}

Peers (installed into bench/.scratch, never dependencies of this project):

${peerLines.join('\n')}

## Latency at concurrency 1

${latencyTable(r)}

## Throughput at concurrency ${p.concurrency} and client CPU per call

${throughputTable(r)}

${
  r.python
    ? `${r.python}
`
    : ''
}## Signatures checked by the server

${signatureTable(r)}

## Cold import

${importTable(r)}

## Installed size and dependencies

${footprintTable(r)}

## One-operation bundle

${bundleTable(r)}

${largestInputs(r)}
## Type-check time of a small consumer

${typecheckTable(r)}

## Generator: regeneration

${generatorTable(r)}
${r.paper === undefined ? '' : `\n${renderPaperSection(r.paper)}`}${r.rateStore === undefined ? '' : `\n## Rate-limit take: in process and through Redis\n\n${rateStoreTable(r.rateStore)}\n`}${r.notes.length > 0 ? `\n## Notes\n\n${r.notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`;
}
