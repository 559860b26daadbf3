/**
 * Child-process entry of `npm run bench:profile` (bench/profile.ts): runs ONE target's loop, the
 * same loop the benchmark runs (bench/measure.ts, bench/clients.ts, bench/paper-exchange.ts),
 * under the V8 CPU profiler (node:inspector), after an unprofiled warm-up. Reads the target from
 * `BENCH_JOB` (JSON) and the secret from `BENCH_SECRET`; prints one line `BENCH_RESULT <json>`.
 */
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SEED_FILE, loadSeedFile } from '../mock/index.js';
import { createClient, type ClientId } from './clients.js';
import { describeError } from './job.js';
import { concurrent, sequential } from './measure.js';
import { placeFor, seededExchange } from './paper-exchange.js';
import { benchSeed } from './paper-orders.js';
import { summarizeProfile, type CpuProfile, type ProfileSummary } from './profile-summary.js';

/** One profiled loop. */
export interface ProfileJob {
  readonly id: string;
  /** A client loop, or the in-process engine. */
  readonly kind: 'client' | 'engine';
  readonly client?: ClientId;
  readonly call?: 'get' | 'post';
  /** 1 for the sequential loop, more for the concurrent one. */
  readonly concurrency?: number;
  /** Calls of the profiled loop (client), or resting orders (engine). */
  readonly calls: number;
  /** Unprofiled GET+POST pairs first (client), or seconds of unprofiled placing (engine). */
  readonly warmup: number;
  /** Seconds of profiled placing (engine). */
  readonly seconds?: number;
  readonly baseUrl?: string;
  readonly key?: string;
  readonly scratch?: string;
  readonly oursEntry?: string;
}

/** What the child reports: the profile's self times and what the loop measured while profiled. */
export type ProfileResult =
  | {
      readonly ok: true;
      readonly id: string;
      readonly rate: number;
      readonly unit: string;
      /** What one op is (`call` when absent, `import`, `order`). */
      readonly noun?: string;
      readonly ops: number;
      readonly summary: ProfileSummary;
    }
  | { readonly ok: false; readonly id: string; readonly error: string };

async function profiled(
  run: () => Promise<{ rate: number; ops: number }>,
): Promise<{ rate: number; ops: number; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const { rate, ops } = await run();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  return { rate, ops, profile };
}

async function clientTarget(job: ProfileJob): Promise<{ rate: number; ops: number; profile: CpuProfile }> {
  const client = await createClient(job.client ?? 'ours+node', {
    baseUrl: job.baseUrl ?? '',
    key: job.key ?? '',
    secret: process.env['BENCH_SECRET'] ?? '',
    scratch: job.scratch ?? '',
    oursEntry: job.oursEntry ?? '',
  });
  for (let i = 0; i < job.warmup; i++) {
    await client.get();
    await client.post();
  }
  const fn = job.call === 'post' ? () => client.post() : () => client.get();
  const result = await profiled(async () => {
    if ((job.concurrency ?? 1) === 1) {
      const r = await sequential(fn, job.calls, 20_000);
      return { rate: 1e6 / r.p50Us, ops: r.calls };
    }
    const r = await concurrent(fn, job.calls, job.concurrency ?? 16, 20_000);
    return { rate: r.rps, ops: r.calls };
  });
  await client.close?.();
  return result;
}

async function engineTarget(job: ProfileJob): Promise<{ rate: number; ops: number; profile: CpuProfile }> {
  const seed = benchSeed(loadSeedFile(DEFAULT_SEED_FILE));
  placeFor(seededExchange(seed, 0), job.warmup);
  const exchange = seededExchange(seed, job.calls);
  return profiled(() => {
    const r = placeFor(exchange, job.seconds ?? 1);
    return Promise.resolve({ rate: r.ordersPerSecond, ops: r.orders });
  });
}

async function main(): Promise<ProfileResult> {
  const job = JSON.parse(process.env['BENCH_JOB'] ?? '{}') as ProfileJob;
  try {
    const run = job.kind === 'engine' ? await engineTarget(job) : await clientTarget(job);
    const unit = job.kind === 'engine' ? 'orders/s' : (job.concurrency ?? 1) === 1 ? 'calls/s at p50' : 'calls/s';
    const repoRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
    return {
      ok: true,
      id: job.id,
      unit,
      rate: run.rate,
      ops: run.ops,
      summary: summarizeProfile(run.profile, repoRoot),
    };
  } catch (error) {
    return { ok: false, id: job.id, error: describeError(error) };
  }
}

const result = await main();
process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
process.exit(0);
