/**
 * Child-process entry that measures ONE client for one round, so every client gets a fresh
 * process (own heap, own JIT state, own CPU counters). Reads the job from `BENCH_JOB` (JSON) and
 * the secret from `BENCH_SECRET`; prints one line `BENCH_RESULT <json>` on stdout.
 */
import { createClient, type ClientContext } from './clients.js';
import { describeError, type RunnerJob, type RunnerResult } from './job.js';
import { concurrent, sequential } from './measure.js';
import { TRANSFER_TX_ID, WITHDRAWAL_COUNT } from './records.js';

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function main(): Promise<RunnerResult> {
  const job = JSON.parse(process.env['BENCH_JOB'] ?? '{}') as RunnerJob;
  const secret = process.env['BENCH_SECRET'] ?? '';
  const ctx: ClientContext = {
    baseUrl: job.baseUrl,
    key: job.key,
    secret,
    scratch: job.scratch,
    oursEntry: job.oursEntry,
  };
  try {
    const client = await createClient(job.client, ctx);
    const count = await client.get();
    if (count !== WITHDRAWAL_COUNT) throw new Error(`GET parsed ${count} records, expected ${WITHDRAWAL_COUNT}`);
    const tx = await client.post();
    if (tx !== String(TRANSFER_TX_ID)) throw new Error(`POST parsed tx_id ${tx}, expected ${TRANSFER_TX_ID}`);
    for (let i = 0; i < job.warmup; i++) {
      await client.get();
      await client.post();
    }
    // The concurrent loops' own warm-up (as many GETs, then POSTs, at the job's concurrency): their
    // extra keep-alive sockets open and their code paths compile here, not in the measured loops.
    await concurrent(() => client.get(), job.warmup, job.concurrency, job.loopMaxMs);
    await concurrent(() => client.post(), job.warmup, job.concurrency, job.loopMaxMs);
    collect();
    const get = await sequential(() => client.get(), job.sequentialCalls, job.loopMaxMs);
    collect();
    const post = await sequential(() => client.post(), job.sequentialCalls, job.loopMaxMs);
    collect();
    const throughput = await concurrent(() => client.get(), job.concurrentCalls, job.concurrency, job.loopMaxMs);
    collect();
    const throughputPost = await concurrent(() => client.post(), job.concurrentCalls, job.concurrency, job.loopMaxMs);
    await client.close?.();
    return { ok: true, client: job.client, get, post, throughput, throughputPost };
  } catch (error) {
    return { ok: false, client: job.client, error: describeError(error) };
  }
}

const result = await main();
process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
process.exit(0);
