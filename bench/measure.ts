/**
 * Timing loops run inside a client's own process: sequential calls (latency samples and CPU per
 * call) and a fixed number of calls at a fixed concurrency (throughput). Loops are bounded in
 * count and in time.
 */
import { percentile } from './stats.js';

/** Result of a sequential loop. */
export interface SequentialResult {
  /** Calls completed. */
  readonly calls: number;
  readonly p50Us: number;
  readonly p90Us: number;
  readonly p99Us: number;
  /** User + system CPU of this process per call, µs. */
  readonly cpuPerCallUs: number;
}

/** Result of a concurrent loop. */
export interface ConcurrentResult {
  readonly calls: number;
  readonly concurrency: number;
  readonly wallMs: number;
  /** Calls per second. */
  readonly rps: number;
  /** User + system CPU of this process per call, µs. */
  readonly cpuPerCallUs: number;
}

function cpuUs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return d.user + d.system;
}

/**
 * Calls `fn` one after another `calls` times (stopping early after `maxMs`), timing each call.
 */
export async function sequential(fn: () => Promise<unknown>, calls: number, maxMs: number): Promise<SequentialResult> {
  const samples: number[] = [];
  const deadline = performance.now() + maxMs;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
    if (performance.now() > deadline) break;
  }
  const cpu = cpuUs(cpu0);
  return {
    calls: samples.length,
    p50Us: percentile(samples, 50),
    p90Us: percentile(samples, 90),
    p99Us: percentile(samples, 99),
    cpuPerCallUs: cpu / samples.length,
  };
}

/**
 * Runs `calls` calls of `fn` with `concurrency` in flight (workers pulling from a shared
 * counter), stopping early after `maxMs`.
 */
export async function concurrent(
  fn: () => Promise<unknown>,
  calls: number,
  concurrency: number,
  maxMs: number,
): Promise<ConcurrentResult> {
  let started = 0;
  let done = 0;
  const t0 = performance.now();
  const deadline = t0 + maxMs;
  const cpu0 = process.cpuUsage();
  const worker = async (): Promise<void> => {
    while (started < calls && performance.now() < deadline) {
      started++;
      await fn();
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - t0;
  const cpu = cpuUs(cpu0);
  return { calls: done, concurrency, wallMs, rps: (done * 1000) / wallMs, cpuPerCallUs: cpu / done };
}
