/**
 * A batch with one bad order never leaves the client: the generated client against the mock, on
 * both transports, with the mock's request log as the witness. The bad batch takes no rate-limit
 * slot (the limiter's clock is frozen, so ten good batches after any number of refused ones still
 * fit the 10 r/s spot placement bucket, and the eleventh does not), and a good batch round-trips.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimiter, ValidationError } from '../../generated/src/index.js';
import type { CreateBatchOrdersParams } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { mockClient } from '../support/mock-client.js';
import { startContractMock } from './support/harness.js';

const TRANSPORTS = ['fetch', 'node'] as const;
type Order = CreateBatchOrdersParams['body'][number];

const order = (i: number): Order => ({
  text: `t-batch-${i}`,
  currency_pair: 'BTC_USDT',
  type: 'limit',
  side: 'buy',
  amount: '0.001',
  price: '64000',
});
const good = Array.from({ length: 3 }, (_, i) => order(i));
/** The good batch with item 1 replaced: typed loosely, as a caller's untyped input would be. */
const bad = (item: Record<string, unknown>): { body: Order[] } => ({
  body: [good[0], { ...order(1), ...item }, good[2]] as Order[],
});

let mock: MockServer;
beforeAll(async () => {
  mock = await startContractMock();
  mock.fixtures.add([
    {
      operationId: 'createBatchOrders',
      name: 'any batch: every order placed',
      response: { status: 200, body: [{ succeeded: true }, { succeeded: true }, { succeeded: true }] },
    },
  ]);
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

describe.each(TRANSPORTS)('%s: POST /spot/batch_orders with a bad order', (transport) => {
  it('is refused before any I/O, naming the item, the field, the value and the rule', async () => {
    const client = mockClient(mock.url, { transport, rateLimit: 'off', maxRetries: 0 });
    const cases = [
      { item: { side: 'BUY' }, want: ['body[1].side', 'enum', 'BUY'] },
      { item: { amount: '1e-3' }, want: ['body[1].amount', 'decimal', '1e-3'] },
      { item: { text: 'desk-1' }, want: ['body[1].text', 'pattern', 'desk-1'] },
      { item: { currency_pair: undefined }, want: ['body[1].currency_pair', 'required', undefined] },
    ];
    for (const { item, want } of cases) {
      const error = await client.spot.createBatchOrders(bad(item)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      const { field, rule, value } = error as ValidationError;
      expect([field, rule, value]).toEqual(want);
    }
    expect(mock.requests).toHaveLength(0);
  });

  it('takes no rate-limit slot, and a good batch still round-trips', async () => {
    const frozen = Date.now();
    const limiter = new RateLimiter({ mode: 'reject', now: () => frozen });
    const client = mockClient(mock.url, { transport, limiter, rateLimit: 'reject', maxRetries: 0 });
    for (let i = 0; i < 12; i++) {
      await expect(client.spot.createBatchOrders(bad({ amount: 'x' }))).rejects.toBeInstanceOf(ValidationError);
    }
    expect(mock.requests).toHaveLength(0);
    for (let i = 0; i < 10; i++) {
      const placed = await client.spot.createBatchOrders({ body: good });
      expect(placed.map((r) => r.succeeded)).toEqual([true, true, true]);
    }
    expect(mock.requests).toHaveLength(10);
    expect(JSON.parse(mock.requests[0]?.body ?? '')).toEqual(good);
    await expect(client.spot.createBatchOrders({ body: good })).rejects.toMatchObject({
      label: 'RATE_LIMITED_LOCALLY',
    });
    expect(mock.requests).toHaveLength(10);
  });
});
