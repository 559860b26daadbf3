/**
 * Done when: 200 transfers and 50 withdrawals under 30 % seeded random faults (reset after apply,
 * 5xx after apply, timeout, 503 before apply) end with 0 applied twice, and 0 applied without the
 * caller holding either the result or an UnknownOutcomeError that resolveOutcome() settles.
 *
 * The calls: 100 POST /wallet/transfers (no dedupe promise: never re-sent, looked up by
 * client_order_id), 100 POST /wallet/sub_account_transfers (deduplicated: resent with the same
 * id) and 50 POST /withdrawals (never re-sent, looked up in a list that shows a withdrawal only
 * 5 s after it was accepted); half with the caller's ids, half with ids the client generates; half
 * through each transport. The mock's chaos mode draws the faults from a fixed seed.
 *
 * How it stays fast: the process runs on an accelerated clock (support/accelerated-clock.ts),
 * so the withdrawals' 1 per 3 s and the transfers' 80 per 10 s pass 50 times faster on both the
 * client and the mock, with nothing in the spec or the mock relaxed. The per-attempt timeout and
 * the "timeout" fault's delay are real milliseconds (timers are real): the fault holds the answer
 * well past the client's timeout and then applies the write, as a slow server would. The calls
 * start at a steady 40 per real second (a desk's flow, not a burst: bursts are burst.test.ts), so
 * a request only times out when a fault makes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockClient, SPOT_TO_MARGIN } from '../support/mock-client.js';
import type { ExchangeClient } from '../../generated/src/index.js';
import { isUnknownOutcomeError, type Outcome, type UnknownOutcomeError } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { accelerate, limiterOn, type AcceleratedClock } from './support/accelerated-clock.js';
import { startScenarioMock } from './support/scenario-mock.js';

const SPEED = 50;
const TIMEOUT_MS = 1_000; // real
const LATE_MS = 2 * TIMEOUT_MS; // real: how long the "timeout" fault holds the answer
const LIST_DELAY_MS = 5_000; // server clock: a withdrawal is listed this long after it was accepted
const FAULTS = [
  { kind: 'reset-after' },
  { kind: 'status-after', status: 502 },
  { kind: 'delay', ms: LATE_MS }, // a timeout: the write is applied after the client gave up
  { kind: 'status', status: 503 }, // refused before anything is applied
] as const;

type Kind = 'transfer' | 'sub' | 'withdraw';
interface Call {
  readonly kind: Kind;
  readonly given: string | undefined;
  result?: Record<string, unknown>;
  error?: unknown;
  outcome?: Outcome;
}

let clock: AcceleratedClock;
let mock: MockServer;
beforeAll(async () => {
  clock = accelerate(SPEED);
  mock = await startScenarioMock(clock, { withdrawalListDelayMs: LIST_DELAY_MS });
  mock.faults.chaos({
    rate: 0.3,
    seed: 20261123,
    operationIds: ['transfer', 'transferWithSubAccount', 'withdraw'],
    faults: FAULTS,
  });
});
afterAll(async () => {
  await mock.close();
  clock.restore();
});

/**
 * Asks resolveOutcome until it settles, the way a caller polls, until `deadline` (real ms, from
 * performance.now()): by then every write the mock could still apply is applied and listed.
 */
async function settle(client: ExchangeClient, error: UnknownOutcomeError, deadline: number): Promise<Outcome> {
  for (;;) {
    const outcome = await client.resolveOutcome(error);
    if (outcome.status !== 'unknown' || outcome.retryAfterMs === undefined || performance.now() > deadline) {
      return outcome;
    }
    await clock.sleep(outcome.retryAfterMs);
  }
}

/**
 * Waits until the mock has answered every request a `delay` fault held (its record's status is set
 * once the work is done), polling every 20 real ms until `deadline` (real ms, from performance.now()).
 */
async function heldAnswered(server: MockServer, deadline: number): Promise<void> {
  const held = (): number => server.requests.filter((r) => r.fault === 'delay' && r.status === 0).length;
  while (held() > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(held()).toBe(0);
}

describe('200 transfers and 50 withdrawals under 30 % random faults', () => {
  it('none applied twice; every applied one is held as a result or an UnknownOutcomeError resolveOutcome settles', async () => {
    // The withdrawals queue (1 per 3 s) for longer than the 1 s per-attempt timeout the faults
    // need; this flow is about outcomes under faults, so their wait is not bounded here (the bound
    // is tested in test/runtime/rate-limit-bounds.test.ts and rate-limit-calls.test.ts).
    const limiter = limiterOn(clock, 'none');
    const clients = [
      mockClient(mock.url, { limiter, timeout: TIMEOUT_MS, transport: 'fetch' }),
      mockClient(mock.url, { limiter, timeout: TIMEOUT_MS, transport: 'node' }),
    ];
    const via = (i: number): ExchangeClient => clients[i % 2] as ExchangeClient;

    const calls: Call[] = [];
    const run = (kind: Kind, i: number, send: (id: string | undefined) => PromiseLike<unknown>): Promise<void> => {
      const call: Call = { kind, given: i % 4 < 2 ? `${kind}-${i}` : undefined };
      calls.push(call);
      return Promise.resolve(send(call.given)).then(
        (result) => void (call.result = result as Record<string, unknown>),
        (error: unknown) => void (call.error = error),
      );
    };
    const pending: Promise<void>[] = [];
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pending.push(
        run('transfer', i, (id) =>
          via(i).wallet.transfer({
            ...SPOT_TO_MARGIN,
            ...(id === undefined ? {} : { client_order_id: id }),
          }),
        ),
        run('sub', i, (id) =>
          via(i).wallet.transferWithSubAccount({
            sub_account: '10002',
            currency: 'USDT',
            amount: '1',
            direction: 'to',
            ...(id === undefined ? {} : { client_order_id: id }),
          }),
        ),
      );
      if (i < 50) {
        pending.push(
          run('withdraw', i, (id) =>
            via(i).withdrawals.withdraw({
              currency: 'USDT',
              amount: '1',
              chain: 'TRX',
              address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
              ...(id === undefined ? {} : { withdraw_order_id: id }),
            }),
          ),
        );
      }
    }
    await Promise.all(pending);

    // Every failure is an unknown outcome carrying the id its request used: never a plain error
    // for a write that may have been applied.
    const failed = calls.filter((c) => c.error !== undefined);
    expect(failed.filter((c) => !isUnknownOutcomeError(c.error)).map((c) => String(c.error))).toEqual([]);
    for (const c of failed) {
      const error = c.error as UnknownOutcomeError;
      expect(error.idempotency?.value).toMatch(/\S/);
      if (c.given !== undefined) expect(error.idempotency?.value).toBe(c.given);
    }
    // Settle every unknown outcome the way a caller would: ask until the service tells. A write
    // held by the "timeout" fault is applied when the mock answers it (LATE_MS after it arrived,
    // later on a loaded machine) and listed (withdrawals) LIST_DELAY_MS after that: once the mock
    // has answered every held request and that time has passed, what is still unknown was never
    // applied.
    await heldAnswered(mock, performance.now() + 30_000);
    const deadline = performance.now() + clock.real(LIST_DELAY_MS) + 1_500;
    await Promise.all(
      failed.map(async (c, n) => {
        c.outcome = await settle(via(n), c.error as UnknownOutcomeError, deadline);
      }),
    );

    // Which id each call used: given, carried by its error, or read from its result.
    const transfers = mock.state.transfers;
    const idOf = (c: Call): string | undefined => {
      if (c.given !== undefined) return c.given;
      if (isUnknownOutcomeError(c.error)) return c.error.idempotency?.value;
      if (c.kind === 'withdraw') return c.result?.['withdraw_order_id'] as string;
      return transfers.find((t) => t.txId.toString() === String(c.result?.['tx_id']))?.clientOrderId;
    };
    const byId = new Map(calls.map((c) => [`${c.kind}|${idOf(c)}`, c]));
    expect(byId.size).toBe(250);

    // 0 applied twice.
    const appliedIds = [
      ...transfers.map((t) => `${t.kind === 'account' ? 'transfer' : 'sub'}|${t.clientOrderId}`),
      ...mock.state.withdrawals
        .filter((w) => w.withdraw_order_id !== undefined && !w.withdraw_order_id.startsWith('seed-'))
        .map((w) => `withdraw|${w.withdraw_order_id}`),
    ];
    expect(appliedIds.filter((id, i) => appliedIds.indexOf(id) !== i)).toEqual([]);

    // 0 applied without the caller holding the result or an unknown outcome settled as applied.
    const unheld = appliedIds.filter((id) => {
      const c = byId.get(id);
      if (c === undefined) return true;
      if (c.result !== undefined) return false;
      return c.outcome?.status !== 'applied';
    });
    expect(unheld).toEqual([]);

    // resolveOutcome never says "not applied" for what was applied, nor for a write the service
    // does not deduplicate.
    for (const c of calls.filter((x) => x.outcome?.status === 'not-applied')) {
      expect(c.kind).toBe('sub');
      expect(appliedIds).not.toContain(`${c.kind}|${idOf(c)}`);
    }
    // The results are the applied records.
    for (const c of calls.filter((x) => x.result !== undefined && x.kind !== 'withdraw')) {
      expect(transfers.some((t) => t.txId.toString() === String(c.result?.['tx_id']))).toBe(true);
    }

    // The faults really happened, of every kind, at about the rate asked for.
    const faulted = mock.requests.filter((r) => r.fault !== undefined);
    expect(new Set(faulted.map((r) => r.fault))).toEqual(new Set(['reset-after', 'status-after', 'delay', 'status']));
    expect(faulted.length).toBeGreaterThanOrEqual(50);
    expect(failed.length).toBeGreaterThan(0);
  }, 60_000);
});
