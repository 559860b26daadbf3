/**
 * Money safety through the generated client against the mock, on both transports: a cross-origin
 * redirect sends nothing elsewhere; a write applied and then failed (5xx, reset) is found, never
 * doubled; a withdrawal held pending before it is listed settles by polling; the mock counts rate
 * limits by arrival time with a simulated network delay (and batches per pair); the live header
 * names are read.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from '../support/mock-client.js';
import type { ExchangeClient } from '../../generated/src/index.js';
import {
  RateLimiter,
  RedirectError,
  UnknownOutcomeError,
  isRateLimitError,
  type ClientOptions,
} from '../../generated/src/index.js';
import { startMock, type MockServer } from '../../mock/index.js';
import { startContractMock } from './support/harness.js';

const TRANSPORTS = ['fetch', 'node'] as const;
const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** A client of `mock` on `transport` with its own limiter (no sharing between tests). */
function clientOf(mock: MockServer, transport: 'fetch' | 'node', options: ClientOptions = {}): ExchangeClient {
  return mockClient(mock.url, { transport, limiter: new RateLimiter({ mode: 'wait' }), ...options });
}

let mock: MockServer;
let elsewhere: Server;
const arrivedElsewhere: string[] = [];
let elsewhereOrigin = '';
beforeAll(async () => {
  mock = await startContractMock();
  // Any order or batch is placed (the recorded fixtures answer only their own bodies).
  mock.fixtures.add([
    {
      operationId: 'createBatchOrders',
      name: 'any batch: every order placed',
      response: { status: 200, body: [{ succeeded: true }, { succeeded: true }] },
    },
    {
      operationId: 'createOrder',
      name: 'any order: placed',
      response: { status: 201, body: { id: '1', status: 'open' } },
    },
  ]);
  elsewhere = createServer((req, res) => {
    arrivedElsewhere.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"w-elsewhere","status":"DONE"}');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await mock.close();
  await new Promise((resolve) => elsewhere.close(resolve));
});
beforeEach(() => {
  mock.reset();
  arrivedElsewhere.length = 0;
});

describe.each(TRANSPORTS)('transport %s', (transport) => {
  it.each([307, 308] as const)(
    'a cross-origin %i on a signed POST /withdrawals sends nothing to the other origin',
    async (status) => {
      mock.faults.add({
        operationId: 'withdraw',
        kind: 'redirect',
        status,
        location: `${elsewhereOrigin}/api/v4/withdrawals?stolen=1`,
      });
      const client = clientOf(mock, transport);
      const error = await client.withdrawals
        .withdraw({ currency: 'USDT', amount: '10', chain: 'TRX', address })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ status, location: elsewhereOrigin });
      expect(arrivedElsewhere).toEqual([]);
      expect(mock.requests.filter((r) => r.operationId === 'withdraw')).toHaveLength(1);
      expect(mock.state.withdrawals.filter((w) => w.status === 'REQUEST')).toHaveLength(0);
      await expect(client.resolveOutcome(error)).resolves.toMatchObject({ status: 'not-applied' });
    },
  );

  it('a transfer applied and then answered 502 is looked up and returned, sent once', async () => {
    mock.faults.add({ operationId: 'transfer', kind: 'status-after', status: 502 });
    const result = await clientOf(mock, transport).wallet.transfer({
      currency: 'USDT',
      from: 'spot',
      to: 'margin',
      currency_pair: 'BTC_USDT',
      amount: '3',
    });
    expect(result).toEqual({ tx_id: '9007199254740993', status: 'SUCCESS' });
    expect(mock.state.transfers).toHaveLength(1);
    expect(mock.requests.filter((r) => r.operationId === 'transfer')).toHaveLength(1);
  });

  it('a sub-account transfer applied and then reset is resent with the same id and applied once', async () => {
    mock.faults.add({ operationId: 'transferWithSubAccount', kind: 'reset-after' });
    const result = await clientOf(mock, transport).wallet.transferWithSubAccount({
      sub_account: '10002',
      currency: 'USDT',
      amount: '4',
      direction: 'to',
    });
    expect(result).toMatchObject({ status: 'SUCCESS' });
    const posts = mock.requests.filter((r) => r.operationId === 'transferWithSubAccount');
    expect(posts.map((r) => [r.status, r.label])).toEqual([
      [200, undefined],
      [400, 'DUPLICATE_REQUEST'],
    ]);
    const ids = posts.map((r) => (JSON.parse(r.body) as { client_order_id: string }).client_order_id);
    expect(ids[0]).toBe(ids[1]);
    expect(mock.state.transfers).toHaveLength(1);
  });

  it('a sub-account transfer held by the server past the timeout: unknown (resend with the same id), never "not applied"; the same-id resend is refused as a duplicate and answers with the one transfer', async () => {
    mock.faults.add({ operationId: 'transferWithSubAccount', kind: 'delay', ms: 1_500 });
    const client = clientOf(mock, transport, { timeout: 300, maxRetries: 0 });
    const transfer = {
      sub_account: '10002',
      currency: 'USDT',
      amount: '4',
      direction: 'to' as const,
      client_order_id: 'held-1',
    };
    const error = await client.wallet.transferWithSubAccount(transfer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    const first = await client.resolveOutcome(error);
    expect(first).toMatchObject({ status: 'unknown', resend: 'same-id', idempotency: { value: 'held-1' } });
    // The server finishes the held request (bounded wait: at most 5 s).
    for (let i = 0; i < 100 && mock.state.transfers.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(mock.state.transfers).toHaveLength(1);
    const again = await client.wallet.transferWithSubAccount(transfer);
    expect(again).toMatchObject({ status: 'SUCCESS' });
    expect(mock.state.transfers).toHaveLength(1);
    const posts = mock.requests.filter((r) => r.operationId === 'transferWithSubAccount');
    expect(posts.at(-1)?.label).toBe('DUPLICATE_REQUEST');
    await expect(client.resolveOutcome(error)).resolves.toMatchObject({ status: 'applied' });
  });

  it('a withdrawal held pending before it is listed: unknown, then applied once listed', async () => {
    mock.state.withdrawalListDelayMs = 30_000;
    mock.faults.add({ operationId: 'withdraw', kind: 'status-after', status: 503 });
    const client = clientOf(mock, transport);
    const error = await client.withdrawals
      .withdraw({ currency: 'USDT', amount: '10', chain: 'TRX', address })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    await expect(client.resolveOutcome(error)).resolves.toMatchObject({ status: 'unknown' });
    mock.clock.advance(30_000); // within the 60 s Timestamp skew the mock accepts
    const outcome = await client.resolveOutcome(error);
    expect(outcome).toMatchObject({ status: 'applied', data: { status: 'REQUEST' } });
    expect(mock.requests.filter((r) => r.operationId === 'withdraw')).toHaveLength(1);
  });

  it('a batch across two pairs counts in both pairs’ buckets, on the mock and in the client', async () => {
    const batch = Array.from({ length: 2 }, (_, i) => ({
      text: `t-batch-${i}`,
      currency_pair: i === 0 ? 'BTC_USDT' : 'ETH_USDT',
      side: 'buy' as const,
      amount: '1',
      price: '1',
    }));
    const single = (currency_pair: string) => ({ currency_pair, side: 'buy' as const, amount: '1', price: '1' });
    const off = clientOf(mock, transport, { rateLimit: 'off', maxRetries: 0 });
    for (let i = 0; i < 10; i++) await off.spot.createBatchOrders({ body: batch });
    const refused = await off.spot.createOrder(single('ETH_USDT')).catch((e: unknown) => e);
    expect(isRateLimitError(refused) && refused.status === 429).toBe(true);
    mock.reset();
    const reject = clientOf(mock, transport, { rateLimit: 'reject' });
    for (let i = 0; i < 10; i++) await reject.spot.createBatchOrders({ body: batch });
    const local = await reject.spot.createOrder(single('ETH_USDT')).catch((e: unknown) => e);
    expect(local).toMatchObject({ status: 0, label: 'RATE_LIMITED_LOCALLY' });
    await expect(reject.spot.createOrder(single('GT_USDT'))).resolves.toBeDefined();
  });
});

describe('a mock with a simulated network delay, counting by arrival', () => {
  let delayed: MockServer;
  const delays = new Map<string, number>();
  beforeAll(async () => {
    delayed = await startMock({
      liveHeaders: true,
      networkDelay: ({ body }) => {
        const id = /"withdraw_order_id":"([^"]+)"/.exec(body)?.[1];
        return id === undefined ? 0 : (delays.get(id) ?? 0);
      },
    });
  });
  afterAll(() => delayed.close());
  beforeEach(() => delayed.reset());

  it.each(TRANSPORTS)('%s: the withdrawal sent first but arriving later is the one refused', async (transport) => {
    delays.set(`late-${transport}`, 300);
    const client = clientOf(delayed, transport, { rateLimit: 'off', maxRetries: 0 });
    const withdraw = (id: string) =>
      client.withdrawals.withdraw({ currency: 'USDT', amount: '1', chain: 'TRX', address, withdraw_order_id: id }).then(
        () => 200,
        (e: unknown) => (isRateLimitError(e) ? e.status : -1),
      );
    const late = withdraw(`late-${transport}`);
    const early = withdraw(`early-${transport}`);
    expect([await late, await early]).toEqual([429, 200]);
  });

  it.each(TRANSPORTS)('%s: the live X-Gate-* names fill trace id and counters', async (transport) => {
    const { response } = await clientOf(delayed, transport).wallet.listWithdrawals({ limit: 1 }).withResponse();
    expect(response.headers['x-svc-trace-id']).toBeUndefined();
    expect(response.traceId).toBe(response.headers['x-gate-trace-id']);
    expect(response.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(response.rateLimit).toMatchObject({ limit: 200, remaining: 199 });
  });
});
