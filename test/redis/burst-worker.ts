/**
 * One bot process of the shared-budget scenario (shared-budget.test.ts): places spot orders in one
 * market at `PER_SECOND` for `DURATION_MS` against the mock at `MOCK_URL`, counting in Redis
 * (`REDIS_URL`) or, without it, in its own limiter. Prints `ready`, starts on a `go` line on
 * stdin, then prints one JSON line of counts and exits. Every call's wait ends with the run.
 */
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { isApiError, RateLimiter, type LogEvent } from '../../generated/src/index.js';
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
    : new RedisRateLimitStore({ redis, uid: '10001', logger: (e) => events.push(e) });
const client = mockClient(env('MOCK_URL'), { maxRetries: 0, transport: 'node', limiter });

const counts = {
  ok: 0,
  server429: 0,
  refusedLocally: 0,
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
      { timeout: Math.max(500, until - Date.now()) },
    );
    counts.ok += 1;
  } catch (error) {
    if (isApiError(error) && error.status === 429) counts.server429 += 1;
    else if (isApiError(error) && error.status === 0) counts.refusedLocally += 1;
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
    calls.push(place(end + 300));
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
