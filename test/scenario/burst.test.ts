/**
 * Done when: 1,000 calls bursting at 10x the seed's limits on POST /wallet/transfers (80 / 10 s),
 * POST /unified/loans (15 / 10 s) and spot placement across 3 pairs with batches (10 / s per pair)
 * draw 0 429s from the mock, which counts by arrival time with a simulated 150 ms network delay.
 *
 * How it stays fast without weakening it: the whole process runs on one accelerated clock
 * (SPEED x real time, see support/accelerated-clock.ts). The client signs, limits and measures
 * answers on it; the mock stamps arrivals, counts its windows and checks Timestamps on it. So each
 * side sees exactly the seed's limits and a 150 ms delay, measured in the same (faster) time: the
 * ~70 s the loans alone need pass in a few real seconds. Nothing is scaled in the spec and
 * nothing is relaxed in the mock: a request the mock counts over the limit is a 429 here as on a
 * real clock. Real event-loop and queueing delays only make arrivals later and more irregular,
 * which is the case the limiter has to survive anyway (arrival lies anywhere between send and
 * answer). The one check measured in real time is the mock's Timestamp window (clock drift is not
 * accelerated), so it is widened by the same factor (support/scenario-mock.ts).
 * The control at the end shows the same mock does answer 429 to a client that bursts unlimited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockClient, SPOT_TO_MARGIN } from '../support/mock-client.js';
import type { ExchangeClient } from '../../generated/src/index.js';
import { RateLimiter, type ClientOptions } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { seededRandom } from '../../mock/faults.js';
import { accelerate, limiterOn, type AcceleratedClock } from './support/accelerated-clock.js';
import { startScenarioMock } from './support/scenario-mock.js';

const SPEED = 25;
const DELAY_MS = 150;
const PAIRS = ['BTC_USDT', 'ETH_USDT', 'GT_USDT'] as const;
const pairAt = (n: number): (typeof PAIRS)[number] => PAIRS[n % PAIRS.length] ?? 'BTC_USDT';

let clock: AcceleratedClock;
let mock: MockServer;
beforeAll(async () => {
  clock = accelerate(SPEED);
  mock = await startScenarioMock(clock, { networkDelay: () => clock.real(DELAY_MS) });
});
afterAll(async () => {
  await mock.close();
  clock.restore();
});

function client(transport: 'fetch' | 'node', limiter: RateLimiter, extra: ClientOptions = {}): ExchangeClient {
  return mockClient(mock.url, { transport, limiter, ...extra });
}

/** Starts `count` calls at `perSecond` (virtual), each through `call(i)`; resolves with every outcome. */
async function offer(count: number, perSecond: number, call: (i: number) => PromiseLike<unknown>): Promise<unknown[]> {
  const running: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    running.push(
      Promise.resolve(call(i)).then(
        () => 'ok',
        (e: unknown) => e,
      ),
    );
    await clock.sleep(1000 / perSecond);
  }
  return Promise.all(running);
}

describe('1,000 calls at 10x the limits, 150 ms network delay, counted by arrival', () => {
  it('draw 0 429s, and every call succeeds', async () => {
    const limiter = limiterOn(clock);
    const clients = [client('fetch', limiter), client('node', limiter)] as const;
    const via = (i: number): ExchangeClient => clients[i % 2] as ExchangeClient;
    const random = seededRandom(20261123);
    const started = clock.now();

    const outcomes = (
      await Promise.all([
        // 400 transfers offered at 80 / s: 10x 80 per 10 s.
        offer(400, 80, (i) => via(i).wallet.transfer(SPOT_TO_MARGIN)),
        // 100 loans offered at 15 / s: 10x 15 per 10 s.
        offer(100, 15, (i) =>
          via(i).unified.createUnifiedLoan({ currency: 'BTC', type: i % 2 === 0 ? 'borrow' : 'repay', amount: '0.01' }),
        ),
        // 500 spot placements offered at 300 / s (10x 10 / s on each of 3 pairs): singles and
        // batches, each batch carrying two of the three pairs.
        offer(500, 300, (i) => {
          if (i % 5 === 4) {
            const first = Math.floor(random() * 3);
            const pairs = [pairAt(first), pairAt(first + 1)];
            return via(i).spot.createBatchOrders({
              body: pairs.map((currency_pair, n) => ({
                text: `t-burst-${i}-${n}`,
                currency_pair,
                side: 'buy',
                amount: '1',
                price: '1',
              })),
            });
          }
          return via(i).spot.createOrder({ currency_pair: pairAt(i), side: 'buy', amount: '1', price: '1' });
        }),
      ])
    ).flat();

    expect(outcomes).toHaveLength(1000);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    const answered = mock.requests.filter((r) => r.operationId !== 'getSystemTime');
    expect(answered.filter((r) => r.status === 429)).toEqual([]);
    expect(answered).toHaveLength(1000);
    expect(mock.state.transfers).toHaveLength(400);
    // The limits really bound the run: 100 loans at 15 per 10 s cannot take less than 60 s.
    expect(clock.now() - started).toBeGreaterThanOrEqual(60_000);
  }, 60_000);

  it('control: the same mock answers 429 to a client bursting unlimited', async () => {
    mock.reset();
    const unlimited = client('node', new RateLimiter({ mode: 'off' }), { rateLimit: 'off', maxRetries: 0 });
    // All 40 at once: paced by timers, a loaded machine could stretch them (x SPEED) under the limit.
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        unlimited.spot.createOrder({ currency_pair: 'BTC_USDT', side: 'buy', amount: '1', price: '1' }).then(
          () => 'ok',
          (e: unknown) => e,
        ),
      ),
    );
    expect(outcomes.filter((o) => o !== 'ok').length).toBeGreaterThan(0);
    expect(mock.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });
});
