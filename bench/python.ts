/**
 * The Python rows of the benchmark: the generated Python client (blocking and asyncio) against a
 * bare `http.client` and a bare asyncio client doing the same signed calls, each in a fresh
 * `python3` process per round (bench/python_runner.py), interleaved with the Node clients in the
 * same rounds against the same server. Pure parts (summaries, ratios, verdicts, the section of
 * RESULTS.md) are tested in test/bench/python.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DASH, formatRate, formatRatio, formatUs, markdownTable } from './format.js';
import { median, ratio } from './stats.js';
import { runChildJob } from './child-job.js';

const RUNNER = fileURLToPath(new URL('./python_runner.py', import.meta.url));

/** The Python clients, in table order. */
export const PY_CLIENT_IDS = ['py-bare', 'py-ours', 'py-bare-asyncio', 'py-ours-async'] as const;
/** One Python client. */
export type PyClientId = (typeof PY_CLIENT_IDS)[number];

/** What each Python client is. */
export const PY_CLIENT_NOTES: Readonly<Record<PyClientId, string>> = {
  'py-bare': 'one kept-alive `http.client` connection, HMAC-SHA512 signing by hand, `json.loads`',
  'py-ours': 'this project: `ExchangeClient` (pooled sockets, its own HTTP/1.1 reader), rate_limit off, clock_sync off',
  'py-bare-asyncio': 'asyncio streams, one kept-alive connection per worker, the same signing, `json.loads`',
  'py-ours-async':
    'this project: `AsyncExchangeClient` (a pool of asyncio protocol connections), rate_limit off, clock_sync off',
};

/** A sequential loop's result. */
export interface PySequential {
  readonly calls: number;
  readonly p50Us: number;
  readonly cpuPerCallUs: number;
}

/** What one Python runner reports. */
export type PyRunnerResult =
  | {
      readonly ok: true;
      readonly client: PyClientId;
      readonly get: PySequential;
      readonly post: PySequential;
      /** GETs at the job's concurrency (asyncio clients). */
      readonly throughput?: { readonly calls: number; readonly rps: number; readonly cpuPerCallUs: number };
      /** Sequential GETs over HTTPS after the first (blocking clients; when a certificate could be made). */
      readonly https?: PySequential | null;
    }
  | { readonly ok: false; readonly client: PyClientId; readonly error: string };

/** The job a Python runner is given (`BENCH_JOB`). */
export interface PyJob {
  readonly client: PyClientId;
  readonly baseUrl: string;
  readonly httpsUrl: string | undefined;
  readonly caFile: string | undefined;
  readonly key: string;
  readonly warmup: number;
  readonly sequentialCalls: number;
  readonly concurrentCalls: number;
  readonly concurrency: number;
  readonly loopMaxMs: number;
}

/** Runs one Python client for one round. */
export function runPythonOne(job: PyJob, secret: string, repoRoot: string, timeoutMs: number): Promise<PyRunnerResult> {
  const env = {
    ...process.env,
    PYTHONPATH: join(repoRoot, 'generated', 'python'),
    PYTHONDONTWRITEBYTECODE: '1',
    BENCH_JOB: JSON.stringify(job),
    BENCH_SECRET: secret,
  };
  return runChildJob<PyRunnerResult, PyJob['client']>('python3', [RUNNER], {
    cwd: repoRoot,
    env,
    client: job.client,
    timeoutMs,
  });
}

/** A self-signed certificate for 127.0.0.1 (openssl), or undefined when it cannot be made. */
export function makeLocalCertificate(dir: string): { keyFile: string; certFile: string } | undefined {
  mkdirSync(dir, { recursive: true });
  const keyFile = join(dir, 'bench-key.pem');
  const certFile = join(dir, 'bench-cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
        ...['-keyout', keyFile, '-out', certFile, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore', timeout: 20_000 },
    );
    return { keyFile, certFile };
  } catch {
    return undefined;
  }
}

/** Medians over the rounds of one Python client. */
export interface PySummary {
  readonly id: PyClientId;
  readonly rounds: number;
  readonly getP50Us: number | undefined;
  readonly postP50Us: number | undefined;
  readonly cpuPerCallUs: number | undefined;
  readonly httpsCpuPerCallUs: number | undefined;
  readonly rps: number | undefined;
  readonly error?: string | undefined;
}

const med = (xs: ReadonlyArray<number | undefined>): number | undefined => {
  const known = xs.filter((x): x is number => x !== undefined && Number.isFinite(x));
  return known.length === 0 ? undefined : median(known);
};

/** The medians of one client's rounds (failed rounds left out; the last failure kept). Pure. */
export function summarizePython(id: PyClientId, results: readonly PyRunnerResult[]): PySummary {
  const ok = results.filter((r): r is Extract<PyRunnerResult, { ok: true }> => r.ok);
  const failed = results.filter((r): r is Extract<PyRunnerResult, { ok: false }> => !r.ok);
  return {
    id,
    rounds: ok.length,
    getP50Us: med(ok.map((r) => r.get.p50Us)),
    postP50Us: med(ok.map((r) => r.post.p50Us)),
    cpuPerCallUs: med(ok.map((r) => r.get.cpuPerCallUs)),
    httpsCpuPerCallUs: med(ok.map((r) => r.https?.cpuPerCallUs)),
    rps: med(ok.map((r) => r.throughput?.rps)),
    ...(failed.length > 0 ? { error: failed.at(-1)?.error } : {}),
  };
}

/** One judged Python target. */
export interface PyVerdict {
  readonly target: string;
  readonly measured: string;
  readonly verdict: 'met' | 'missed' | 'not measured';
}

const judge = (value: number | undefined, ok: (v: number) => boolean): PyVerdict['verdict'] =>
  value === undefined ? 'not measured' : ok(value) ? 'met' : 'missed';

/**
 * The Python targets: blocking GET p50 at most 1.15× bare `http.client`'s, HTTPS CPU at most 1 ms
 * per call after the first, asyncio throughput at concurrency 16 at least 0.9× bare asyncio's. Pure.
 */
export function pythonTargets(summaries: readonly PySummary[]): PyVerdict[] {
  const of = (id: PyClientId): PySummary | undefined => summaries.find((s) => s.id === id);
  const p50 = ratio(of('py-ours')?.getP50Us, of('py-bare')?.getP50Us);
  const cpu = of('py-ours')?.httpsCpuPerCallUs;
  const rps = ratio(of('py-ours-async')?.rps, of('py-bare-asyncio')?.rps);
  return [
    {
      target: 'blocking GET p50 ≤ 1.15× bare http.client',
      measured: formatRatio(p50),
      verdict: judge(p50, (v) => v <= 1.15),
    },
    {
      target: 'HTTPS CPU per call after the first ≤ 1 ms',
      measured: formatUs(cpu),
      verdict: judge(cpu, (v) => v <= 1000),
    },
    {
      target: 'asyncio GET throughput at c=16 ≥ 0.9× bare asyncio',
      measured: formatRatio(rps),
      verdict: judge(rps, (v) => v >= 0.9),
    },
  ];
}

/** The "Python client" section of RESULTS.md. Pure. */
export function renderPythonSection(summaries: readonly PySummary[], rounds: number, concurrency: number): string {
  const of = (id: PyClientId): PySummary | undefined => summaries.find((s) => s.id === id);
  const base = (s: PySummary): PySummary | undefined => of(s.id.includes('async') ? 'py-bare-asyncio' : 'py-bare');
  const rows = summaries.map((s) => [
    s.id,
    formatUs(s.getP50Us),
    formatRatio(ratio(s.getP50Us, base(s)?.getP50Us)),
    formatUs(s.postP50Us),
    formatUs(s.cpuPerCallUs),
    formatUs(s.httpsCpuPerCallUs),
    s.rps === undefined ? DASH : formatRate(s.rps),
    formatRatio(ratio(s.rps, base(s)?.rps)),
    `${s.rounds}/${rounds}`,
  ]);
  const table = markdownTable(
    [
      'client',
      'GET p50',
      '× bare',
      'POST p50',
      'CPU/GET',
      'HTTPS CPU/GET',
      `GET/s at c=${concurrency}`,
      '× bare',
      'rounds',
    ],
    rows,
  );
  const targets = markdownTable(
    ['target', 'measured', 'verdict'],
    pythonTargets(summaries).map((t) => [t.target, t.measured, t.verdict]),
  );
  const notes = summaries.map(
    (s) => `- **${s.id}**: ${PY_CLIENT_NOTES[s.id]}${s.error ? ` — failed: ${s.error}` : ''}`,
  );
  return `## Python client

Each Python client runs in a fresh \`python3\` process per round, in the same interleaved rounds and
against the same server as the Node clients: the warm-up, then sequential signed GETs and POSTs
(p50; CPU per GET = \`time.process_time()\` over the loop / calls), GETs at concurrency ${concurrency} for
the asyncio clients (calls per second), and for the blocking clients sequential GETs over HTTPS (a
self-signed certificate for 127.0.0.1; CPU per call after the first, whose handshake is left out).
Ratios are to the bare client of the same kind (blocking or asyncio) in the same run.

${table}

${targets}

${notes.join('\n')}
`;
}
