/**
 * One bot process of the shared-budget scenario (shared-budget.test.ts): places spot orders in one
 * market at `PER_SECOND` for `DURATION_MS` against the mock at `MOCK_URL`, counting in Redis
 * (`REDIS_URL`) or, without it, in its own limiter. Prints `ready`, starts on a `go` line on
 * stdin, then prints one JSON line of counts and exits. Every call's wait ends with the run.
 */
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import {
  isApiError,
  isTimeoutError,
  isUnknownOutcomeError,
  RateLimiter,
  type LogEvent,
} from '../../generated/src/index.js';
import { RedisRateLimitStore } from '../../generated/src/redis/index.js';
import { mockClient } from '../support/mock-client.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const durationMs = Number(env('DURATION_MS'));
const perSecond = Number(env('PER_SECOND'));
const market = env('MARKET');
const redisUrl = process.env['REDIS_URL'];

const redis =
  redisUrl === undefined ? undefined : new Redis(redisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
redis?.on('error', () => undefined); // reported through the store's events
const events: LogEvent[] = [];
const limiter =
  redis === undefined
    ? new RateLimiter({ mode: 'wait' })
    : // A share of 1 / 5 per process: the 5 processes stay within the limit even while falling back;
      // a Redis answer may take up to 2 s on a loaded test machine before a process falls back.
      new RedisRateLimitStore({
        redis,
        uid: '10001',
        fallbackShare: 0.2,
        timeoutMs: 2_000,
        logger: (e) => events.push(e),
      });
const client = mockClient(env('MOCK_URL'), { maxRetries: 0, transport: 'node', limiter });

const counts = {
  ok: 0,
  server429: 0,
  refusedLocally: 0,
  timedOut: 0,
  other: [] as string[],
  events: 0,
  slowestWaitMs: 0,
  reasons: [] as string[],
};

async function place(until: number): Promise<void> {
  const started = Date.now();
  try {
    await client.spot.createOrder(
      { currency_pair: market, side: 'buy', amount: '1', price: '1' },
      // The call's time bounds its wait for a slot (to the end of the run) and, after it, leaves
      // its request 2 s for the answer.
      { timeout: Math.max(0, until - Date.now()) + 2_000 },
    );
    counts.ok += 1;
  } catch (error) {
    if (isApiError(error) && error.status === 429) counts.server429 += 1;
    else if (isApiError(error) && error.status === 0) counts.refusedLocally += 1;
    // An answer slower than the call's time on a loaded machine (an order: looked up, then unknown).
    else if (isTimeoutError(error) || isUnknownOutcomeError(error)) counts.timedOut += 1;
    else counts.other.push(String(error));
  }
  counts.slowestWaitMs = Math.max(counts.slowestWaitMs, Date.now() - started);
}

async function main(): Promise<void> {
  if (redis !== undefined) await new Promise((resolve) => redis.once('ready', resolve));
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  lines.close();
  const start = Date.now();
  const end = start + durationMs;
  const calls: Promise<void>[] = [];
  for (let i = 0; Date.now() < end; i++) {
    calls.push(place(end));
    const next = start + ((i + 1) * 1000) / perSecond;
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
  await Promise.all(calls);
  counts.events = events.filter((e) => e.type === 'rate-limit-store').length;
  counts.reasons = events.map((e) => e.reason ?? '');
  process.stdout.write(`${JSON.stringify(counts)}\n`);
  redis?.disconnect();
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
