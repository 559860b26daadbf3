/**
 * The paper exchange benchmark (issue 29): orders per second with 0, 10,000 and 100,000 resting
 * orders, in-process (the engine alone) and over HTTP against the mock in a child process at
 * concurrency 1 and 16, in interleaved rounds. The book is seeded in-process before each run (no
 * HTTP); the orders are bench/paper-orders.ts's stream. Results are judged and rendered by
 * bench/paper-report.ts.
 */
import { fork } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { placeSpotOrder } from '../mock/exchange/spot-place.js';
import { DEFAULT_SEED_FILE, PaperExchange, loadSeedFile } from '../mock/index.js';
import { PROVIDER_UID, TRADERS, benchOrder, benchSeed, restingOrder, traderKey } from './paper-orders.js';
import { RESTING } from './paper-report.js';
import type { PaperMeasurement, PaperResults } from './paper-report.js';
import { nextMessage } from './server-process.js';
import { rotate } from './stats.js';

/** How long and how often. */
export interface PaperPlan {
  rounds: number;
  /** Seconds of each measured run. */
  seconds: number;
  /** Orders sent before each HTTP run, not counted. */
  warmup: number;
}

const ENTRY = fileURLToPath(new URL('./paper-server-main.ts', import.meta.url));
const MODES = ['engine', 1, 16] as const;
const EXCHANGE_PATH = '/api/v4/spot/orders';

let sequence = 0;

/** Runs the benchmark; `log` reports progress. */
export async function measurePaperExchange(plan: PaperPlan, log: (line: string) => void): Promise<PaperResults> {
  const started = performance.now();
  const loadBefore = loadavg();
  const seed = benchSeed(loadSeedFile(DEFAULT_SEED_FILE));
  const measurements: PaperMeasurement[] = RESTING.flatMap((resting) =>
    MODES.map((mode) => ({ resting, mode, ordersPerSecond: [], serverCpuMs: [], failures: 0 })),
  );
  const child = fork(ENTRY, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const ready = nextMessage<{ url: string }>(child, 'ready', 60_000);
    child.send({ type: 'start' });
    const { url } = await ready;
    const base = new URL(url).origin;
    // One unmeasured pass first, so no configuration of round 1 pays for the JIT alone.
    engineRun(seed, 0, plan.seconds / 2);
    await httpRun(base, 16, plan.warmup * 10, undefined);
    for (let round = 0; round < plan.rounds; round += 1) {
      for (const resting of rotate(RESTING, round)) {
        const engine = measurements.find((m) => m.resting === resting && m.mode === 'engine');
        const run = engineRun(seed, resting, plan.seconds);
        engine?.ordersPerSecond.push(run.ordersPerSecond);
        engine?.serverCpuMs.push(run.cpuMs);
        const seeded = nextMessage<{ ms: number }>(child, 'book', 120_000);
        child.send({ type: 'book', resting });
        const { ms } = await seeded;
        log(`paper exchange round ${round + 1}: ${resting} resting orders seeded in ${Math.round(ms)} ms`);
        for (const concurrency of rotate([1, 16] as const, round)) {
          const m = measurements.find((x) => x.resting === resting && x.mode === concurrency);
          await httpRun(base, concurrency, plan.warmup, undefined);
          const cpuBefore = await cpuOf(child);
          const run = await httpRun(base, concurrency, Number.POSITIVE_INFINITY, plan.seconds);
          const cpuUs = (await cpuOf(child)) - cpuBefore;
          m?.ordersPerSecond.push(run.orders / (run.ms / 1000));
          m?.serverCpuMs.push(cpuUs / 1000 / Math.max(1, run.orders));
          if (m !== undefined) m.failures += run.failures;
        }
      }
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  }
  return {
    rounds: plan.rounds,
    secondsPerRun: plan.seconds,
    loadBefore,
    loadAfter: loadavg(),
    durationMs: performance.now() - started,
    measurements,
  };
}

/** Orders per second placed in-process on a fresh exchange with `resting` orders, and CPU ms per order. */
export function engineRun(
  seed: ReturnType<typeof benchSeed>,
  resting: number,
  seconds: number,
): { ordersPerSecond: number; cpuMs: number } {
  const { ordersPerSecond, cpuMs } = placeFor(seededExchange(seed, resting), seconds);
  return { ordersPerSecond, cpuMs };
}

/** A fresh in-process exchange with `resting` orders of the book placed. */
export function seededExchange(seed: ReturnType<typeof benchSeed>, resting: number): PaperExchange {
  const exchange = new PaperExchange({ seed, now: Date.now });
  exchange.change((state, nowMs) => {
    for (let i = 0; i < resting; i += 1) placeSpotOrder(state, PROVIDER_UID, restingOrder(i), nowMs);
  });
  return exchange;
}

/** Places the benchmark's order stream on `exchange` for `seconds`, 256 orders per change. */
export function placeFor(
  exchange: PaperExchange,
  seconds: number,
): { ordersPerSecond: number; cpuMs: number; orders: number } {
  let orders = 0;
  const cpuBefore = process.cpuUsage();
  const startedMs = performance.now();
  const endMs = startedMs + seconds * 1000;
  while (performance.now() < endMs) {
    exchange.change((state, nowMs) => {
      for (let k = 0; k < 256; k += 1) {
        const n = sequence++;
        placeSpotOrder(state, traderKey(n % TRADERS).uid, benchOrder(n), nowMs);
      }
    });
    orders += 256;
  }
  const ms = performance.now() - startedMs;
  const cpu = process.cpuUsage(cpuBefore);
  return { ordersPerSecond: orders / (ms / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / orders, orders };
}

async function cpuOf(child: ReturnType<typeof fork>): Promise<number> {
  const answer = nextMessage<{ us: number }>(child, 'cpu', 10_000);
  child.send({ type: 'cpu' });
  return (await answer).us;
}

/** Sends orders at `concurrency` until `count` are sent or `seconds` have passed. */
async function httpRun(
  base: string,
  concurrency: number,
  count: number,
  seconds: number | undefined,
): Promise<{ orders: number; failures: number; ms: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const startedMs = performance.now();
  const endMs = seconds === undefined ? Number.POSITIVE_INFINITY : startedMs + seconds * 1000;
  let sent = 0;
  let failures = 0;
  const worker = async (): Promise<void> => {
    while (sent < count && performance.now() < endMs) {
      sent += 1;
      if (!(await placeOrder(base, agent, sequence++))) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { orders: sent, failures, ms: performance.now() - startedMs };
}

/** Places order `n` of the stream for its trader; resolves whether the answer was a success. */
function placeOrder(base: string, agent: Agent, n: number): Promise<boolean> {
  const { key, secret } = traderKey(n % TRADERS);
  const body = JSON.stringify(benchOrder(n));
  const ts = String(Math.floor(Date.now() / 1000));
  const bodyHash = createHash('sha512').update(body).digest('hex');
  const sign = createHmac('sha512', secret).update(`POST\n${EXCHANGE_PATH}\n\n${bodyHash}\n${ts}`).digest('hex');
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${EXCHANGE_PATH}`,
      {
        method: 'POST',
        agent,
        headers: {
          KEY: key,
          Timestamp: ts,
          SIGN: sign,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
