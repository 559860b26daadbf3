/**
 * The request scenarios: every client measured in its own fresh process, rounds interleaved
 * (each round visits every client, starting with a different one), against one server child.
 */
import { runChildJob } from './child-job.js';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { ClientId } from './clients.js';
import type { RunnerJob, RunnerResult } from './job.js';
import { runPythonOne, type PyClientId, type PyRunnerResult } from './python.js';
import { spawnServer } from './server-process.js';
import type { ServerStats } from './server.js';
import { rotate } from './stats.js';

const RUNNER = fileURLToPath(new URL('./runner.ts', import.meta.url));

/** Sizes of the request scenarios. */
export interface ScenarioPlan {
  readonly rounds: number;
  readonly warmup: number;
  readonly sequentialCalls: number;
  readonly concurrentCalls: number;
  readonly concurrency: number;
  readonly loopMaxMs: number;
}

/** Everything the request scenarios produced. */
export interface ScenarioOutcome {
  /** Results per client, one per round (failed rounds included). */
  readonly results: Record<string, RunnerResult[]>;
  /** Results per Python client, one per round. */
  readonly pythonResults: Record<string, PyRunnerResult[]>;
  /** The server's per-key counters, re-keyed by client id (the Python clients' too). */
  readonly signatures: Record<string, ServerStats['byKey'][string]>;
}

/** The API key a client signs with (distinct per client, so the server can tell them apart). */
export function keyOf(client: ClientId | PyClientId): string {
  return `bench-${client.replace(/[^a-z0-9]+/gi, '-')}`;
}

function runOne(job: RunnerJob, secret: string, repoRoot: string, timeoutMs: number): Promise<RunnerResult> {
  const env = { ...process.env, BENCH_JOB: JSON.stringify(job), BENCH_SECRET: secret };
  return runChildJob<RunnerResult, RunnerJob['client']>(process.execPath, ['--expose-gc', '--import', 'tsx', RUNNER], {
    cwd: repoRoot,
    env,
    client: job.client,
    timeoutMs,
  });
}

/**
 * Starts the server child (with an HTTPS twin when `tls` is given), then for each round runs every
 * client once, the Python ones among them (rotated order), and finally collects the server's
 * signature counters.
 */
export async function runScenarios(options: {
  readonly clients: readonly ClientId[];
  readonly plan: ScenarioPlan;
  readonly repoRoot: string;
  readonly scratch: string;
  readonly oursEntry: string;
  readonly log: (line: string) => void;
  /** The Python clients to run in the same rounds (default none). */
  readonly python?: readonly PyClientId[];
  /** PEM key and certificate (and the certificate's file, for the clients) of the HTTPS twin. */
  readonly tls?: { readonly key: string; readonly cert: string; readonly certFile: string };
}): Promise<ScenarioOutcome> {
  const python = options.python ?? [];
  const all: ReadonlyArray<ClientId | PyClientId> = [...options.clients, ...python];
  const secrets = new Map(all.map((c) => [c, randomBytes(24).toString('hex')]));
  const keys = Object.fromEntries(all.map((c) => [keyOf(c), secrets.get(c) as string]));
  const tls = options.tls;
  const server = await spawnServer(keys, options.repoRoot, tls && { key: tls.key, cert: tls.cert });
  const results: Record<string, RunnerResult[]> = Object.fromEntries(options.clients.map((c) => [c, []]));
  const pythonResults: Record<string, PyRunnerResult[]> = Object.fromEntries(python.map((c) => [c, []]));
  const isPython = (c: ClientId | PyClientId): c is PyClientId => (python as readonly string[]).includes(c);
  try {
    for (let round = 0; round < options.plan.rounds; round++) {
      for (const client of rotate(all, round)) {
        if (isPython(client)) {
          const p = options.plan;
          const job = {
            client,
            baseUrl: server.url,
            httpsUrl: server.httpsUrl,
            caFile: tls?.certFile,
            key: keyOf(client),
            ...{ warmup: p.warmup, sequentialCalls: p.sequentialCalls, concurrentCalls: p.concurrentCalls },
            ...{ concurrency: p.concurrency, loopMaxMs: p.loopMaxMs },
          };
          const result = await runPythonOne(
            job,
            secrets.get(client) as string,
            options.repoRoot,
            p.loopMaxMs * 6 + 30_000,
          );
          pythonResults[client]?.push(result);
          options.log(
            result.ok
              ? `round ${round + 1} ${client}: GET p50 ${result.get.p50Us.toFixed(0)} µs${result.throughput ? `, ${result.throughput.rps.toFixed(0)} req/s` : ''}${result.https ? `, HTTPS CPU ${result.https.cpuPerCallUs.toFixed(0)} µs/call` : ''}`
              : `round ${round + 1} ${client}: FAILED ${result.error}`,
          );
          continue;
        }
        const job: RunnerJob = {
          client,
          baseUrl: server.url,
          key: keyOf(client),
          scratch: options.scratch,
          oursEntry: options.oursEntry,
          warmup: options.plan.warmup,
          sequentialCalls: options.plan.sequentialCalls,
          concurrentCalls: options.plan.concurrentCalls,
          concurrency: options.plan.concurrency,
          loopMaxMs: options.plan.loopMaxMs,
        };
        const result = await runOne(
          job,
          secrets.get(client) as string,
          options.repoRoot,
          options.plan.loopMaxMs * 4 + 30_000,
        );
        results[client]?.push(result);
        options.log(
          result.ok
            ? `round ${round + 1} ${client}: GET p50 ${result.get.p50Us.toFixed(0)} µs, POST p50 ${result.post.p50Us.toFixed(0)} µs, ${result.throughput.rps.toFixed(0)} req/s`
            : `round ${round + 1} ${client}: FAILED ${result.error}`,
        );
      }
    }
    const stats = await server.stats();
    const signatures = Object.fromEntries(all.map((c) => [c, stats.byKey[keyOf(c)] ?? { accepted: 0, rejected: {} }]));
    return { results, pythonResults, signatures };
  } finally {
    await server.stop();
  }
}
