/**
 * Done when: 4 Node processes and 1 Python process of one account, together offering 3x the spot
 * placement limit of one market (10 / s per UID and market) for 3 s against the mock (which
 * counts by arrival, per key and market), draw 0 server 429s when they share the Redis budget and
 * reach at least 0.9x the allowed rate (accepted calls per 1 s window, counted from the mock's
 * arrival log, not timed); the same processes each with its own limiter draw 429s. And with
 * Redis stopped mid-run, every process goes on under its local fallback, reports it, and ends by
 * itself with every call answered or refused (no crash, no unbounded wait).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IR } from '../../generator/ir/types.js';
import {
  DEFAULT_FIXTURES_DIR,
  GENERATED_DIR,
  MOCK_KEY,
  MOCK_SECRET,
  startMock,
  type MockServer,
} from '../../mock/index.js';
import { SYSTEM_PYTHON, ensurePythonRedis, startRedis } from '../support/redis-server.js';
import { PYTHON_DIR, ROOT } from '../python/support/runner.js';

const PROCESSES_NODE = 4;
const DURATION_MS = 3_000;
const LIMIT = 10; // spot placement: 10 per second per UID and market (the seed's table)
const PER_SECOND = (3 * LIMIT) / (PROCESSES_NODE + 1); // 3x the limit, all processes together

interface Counts {
  ok: number;
  server429: number;
  refusedLocally: number;
  timedOut: number;
  other: string[];
  events: number;
}

let redis: Awaited<ReturnType<typeof startRedis>>;
let mock: MockServer;
const dir = mkdtempSync(join(tmpdir(), 'exchange-v4-budget-'));
/** The Node worker bundled once (a process then starts in a fraction of what tsx takes). */
const nodeWorker = join(dir, 'burst-worker.mjs');
beforeAll(async () => {
  await ensurePythonRedis();
  await build({
    entryPoints: [`${ROOT}test/redis/burst-worker.ts`],
    outfile: nodeWorker,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    // ioredis is CommonJS: give it `require` inside the ES module.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  redis = await startRedis();
  const spec = JSON.parse(readFileSync(`${GENERATED_DIR}openapi.json`, 'utf8')) as object;
  const ir = JSON.parse(readFileSync(`${GENERATED_DIR}ir.json`, 'utf8')) as IR;
  mock = await startMock({ spec, ir, fixturesDir: DEFAULT_FIXTURES_DIR, exchange: false });
  mock.fixtures.add([
    { operationId: 'createOrder', name: 'any order: placed', response: { status: 201, body: { id: '1' } } },
  ]);
}, 600_000);
afterAll(async () => {
  await mock.close();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts one worker; resolves when it is ready, with its result line to come. */
function worker(
  python: boolean,
  env: Record<string, string>,
): Promise<{ child: ChildProcessWithoutNullStreams; result: Promise<Counts> }> {
  const child = python
    ? spawn(SYSTEM_PYTHON, [`${ROOT}test/redis/burst_worker.py`], {
        env: { ...process.env, ...env, PYTHONPATH: PYTHON_DIR, PYTHONDONTWRITEBYTECODE: '1' },
      })
    : spawn(process.execPath, [nodeWorker], { env: { ...process.env, ...env } });
  const kill = setTimeout(() => child.kill('SIGKILL'), 120_000);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolveReady, rejectReady) => {
    let ready = false;
    const result = new Promise<Counts>((resolve, reject) => {
      lines.on('line', (line) => {
        if (line === 'ready') {
          ready = true;
          resolveReady({ child, result });
        } else if (line.startsWith('{')) resolve(JSON.parse(line) as Counts);
      });
      void exited.then((code) => {
        clearTimeout(kill);
        const why = new Error(`${python ? 'python' : 'node'} worker exited with ${String(code)}:\n${stderr}`);
        if (!ready) rejectReady(why);
        reject(why);
      });
    });
  });
}

/** Runs the 5 workers in `market`; returns their counts and the mock's answers in that market. */
async function run(market: string, shared: boolean, duringRun?: () => Promise<void>) {
  const env: Record<string, string> = {
    MOCK_URL: mock.url,
    MOCK_KEY,
    MOCK_SECRET,
    MARKET: market,
    DURATION_MS: String(DURATION_MS),
    PER_SECOND: String(PER_SECOND),
    ...(shared ? { REDIS_URL: redis.url } : {}),
  };
  const workers = await Promise.all([
    ...Array.from({ length: PROCESSES_NODE }, () => worker(false, env)),
    worker(true, env),
  ]);
  const go = Date.now();
  for (const w of workers) w.child.stdin.write('go\n');
  await duringRun?.();
  const counts = await Promise.all(workers.map((w) => w.result));
  const answers = mock.requests.filter(
    (r) => r.operationId === 'createOrder' && r.body.includes(`"${market}"`) && r.at >= go - 1_000,
  );
  return { counts, answers };
}

/** Accepted arrivals in the first `windows` whole windows from the first one, over what the limit allows. */
function rateRatio(arrivals: readonly number[], windows: number): number {
  const first = Math.min(...arrivals);
  return arrivals.filter((at) => at < first + windows * 1000).length / (windows * LIMIT);
}

describe('4 Node + 1 Python processes, one account, 3x one bucket’s limit', () => {
  it('sharing the Redis budget: 0 server 429s, at least 0.9x the allowed rate', async () => {
    const { counts, answers } = await run('BTC_USDT', true);
    expect(counts.flatMap((c) => c.other)).toEqual([]);
    expect(
      answers.filter((a) => a.status === 429),
      JSON.stringify(counts),
    ).toHaveLength(0);
    expect(counts.reduce((n, c) => n + c.server429, 0)).toBe(0);
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.at);
    expect(rateRatio(accepted, Math.floor(DURATION_MS / 1000))).toBeGreaterThanOrEqual(0.9);
    // Every process, the Python one too, had calls accepted: one budget, not one winner.
    for (const c of counts) expect(c.ok).toBeGreaterThan(0);
  }, 120_000);

  it('control: each process with its own limiter draws server 429s', async () => {
    const { counts, answers } = await run('ETH_USDT', false);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(counts.reduce((n, c) => n + c.server429, 0)).toBeGreaterThan(0);
  }, 120_000);

  it('Redis stopped mid-run: every process goes on under its fallback, reports it, and ends by itself', async () => {
    let stoppedAt = 0;
    const { counts, answers } = await run('GT_USDT', true, async () => {
      await new Promise((r) => setTimeout(r, DURATION_MS / 2));
      stoppedAt = Date.now();
      await redis.stop();
    });
    expect(counts).toHaveLength(PROCESSES_NODE + 1); // each printed its counts and exited 0
    expect(counts.flatMap((c) => c.other)).toEqual([]);
    for (const c of counts) expect(c.events).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status === 201 && a.at > stoppedAt + 100).length).toBeGreaterThan(0);
  }, 120_000);
});
