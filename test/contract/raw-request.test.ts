/**
 * `client.request()` through the generated client against the mock, on both transports: a raw
 * call to a spec operation's path is that operation on the mock and counts in that operation's
 * bucket in the client (the generated `ExchangeClient` hands its operations to the runtime), and
 * a path the mock would read differently never leaves the client.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter, ValidationError } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { mockClient } from '../support/mock-client.js';
import { startContractMock } from './support/harness.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startContractMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

describe.each(['fetch', 'node'] as const)('%s transport', (transport) => {
  it('20 raw calls to /spot/orders/<id> and 20 getOrder calls share one bucket', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const acquire = vi.spyOn(limiter, 'acquire');
    const client = mockClient(mock.url, { transport, limiter, maxRetries: 0 });
    const settle = (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (e: unknown) => (e instanceof Error ? e.name : 'unknown'),
      );
    for (let i = 0; i < 20; i++) {
      const query = { currency_pair: 'BTC_USDT' };
      await settle(client.request({ method: 'GET', path: `/spot/orders/${1000 + i}`, query }));
      await settle(client.spot.getOrder({ order_id: String(1000 + i), ...query }));
    }
    expect(mock.requests.map((r) => [r.operationId, r.verified])).toEqual(
      Array.from({ length: 40 }, () => ['getOrder', true]),
    );
    const used = new Set(acquire.mock.calls.map(([keys, limit]) => JSON.stringify([keys, limit])));
    expect(acquire).toHaveBeenCalledTimes(40);
    expect(used.size).toBe(1);
    expect([...used][0]).toMatch(/"uid\|getOrder\|[^"]+"\]?,\{"bucket":"getOrder","requests":200,"window":10/);
  });

  it('a path a server would read differently is refused before it reaches the mock', async () => {
    const client = mockClient(mock.url, { transport });
    for (const path of ['//wallet/withdrawals ', '/wallet//withdrawals', '/withdrawals/', '/withdrawals\t']) {
      const error = await client
        .request({ method: 'POST', path, body: { currency: 'USDT', amount: '1' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ field: 'path', rule: 'pattern' });
    }
    expect(mock.requests).toEqual([]);
  });
});
