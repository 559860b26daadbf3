/**
 * `client.request()` end to end on both transports: a path a server could read differently is
 * refused before any I/O and before a rate-limit slot; the path on the wire is the path signed;
 * a raw call to a spec operation's path counts in that operation's bucket.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operationMetas } from '../../generated/src/metadata.js';
import { ClientCore } from '../../generator/targets/typescript/runtime/client-core.js';
import { ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import type { ApiMeta, OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import type { ClientOptions } from '../../generator/targets/typescript/runtime/options.js';
import { RateLimiter } from '../../generator/targets/typescript/runtime/rate-limit.js';
import { readRequest } from '../../generator/targets/typescript/runtime/request.js';
import { authFailure, json, startServer, TEST_KEY, TEST_SECRET, type TestServer } from './helpers/exchange.js';
import { apiMeta } from './helpers/meta.js';

/** The client class with the spec's operations, as the generated `ExchangeClient` builds it. */
const WithOperations = ClientCore as unknown as new (
  options: ClientOptions,
  api: ApiMeta,
  operations: Readonly<Record<string, OperationMeta>>,
) => ClientCore;

/** A client with the spec's operations (as the generated `ExchangeClient` has), its own limiter. */
const clientOf = (options: ClientOptions): ClientCore =>
  new WithOperations(
    { key: TEST_KEY, secret: TEST_SECRET, clockSync: 'off', limiter: new RateLimiter({ mode: 'wait' }), ...options },
    apiMeta,
    operationMetas,
  );

describe.each(['node', 'fetch'] as const)('client.request() on the %s transport', (transport) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(() => json(200, {}));
  });
  afterAll(() => server.close());

  it.each(['//wallet/withdrawals ', '/spot/%2e%2e/withdrawals', '/spot\\..\\withdrawals', '/spot/fee\t', '/x//y'])(
    'refuses %j before any I/O and before a rate-limit slot',
    async (path) => {
      const limiter = new RateLimiter({ mode: 'wait' });
      const acquire = vi.spyOn(limiter, 'acquire');
      const client = clientOf({ baseUrl: server.baseUrl, transport, limiter });
      const before = server.requests.length;
      const error = await client.request({ method: 'POST', path, body: { amount: '1' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ field: 'path', value: path, rule: 'pattern' });
      expect(server.requests.length).toBe(before);
      expect(acquire).not.toHaveBeenCalled();
    },
  );

  it('sends and signs the encoded path, byte for byte', async () => {
    const client = clientOf({ baseUrl: server.baseUrl, transport });
    await client.request({ method: 'GET', path: '/spot/orders/café:1', query: { currency_pair: 'BTC_USDT' } });
    const last = server.requests.at(-1);
    expect(last?.target).toBe('/api/v4/spot/orders/caf%C3%A9%3A1?currency_pair=BTC_USDT');
    expect(last?.headers['sign']).toMatch(/^[0-9a-f]{128}$/);
    expect(last && authFailure(last, Date.now())).toBeUndefined();
  });

  it('20 raw calls to /spot/orders/<id> and 20 getOrder calls count in one bucket', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const acquire = vi.spyOn(limiter, 'acquire');
    const client = clientOf({ baseUrl: server.baseUrl, transport, limiter });
    const getOrder = operationMetas.getOrder;
    for (let i = 0; i < 20; i++) {
      await client.request({ method: 'GET', path: `/spot/orders/${i}`, query: { currency_pair: 'BTC_USDT' } });
      await readRequest(client, getOrder, { order_id: String(i), currency_pair: 'BTC_USDT' });
    }
    const keys = new Set(acquire.mock.calls.map(([key, limit]) => JSON.stringify([key, limit])));
    expect(acquire).toHaveBeenCalledTimes(40);
    expect([...keys]).toHaveLength(1);
    expect([...keys][0]).toContain('uid|getOrder|');
  });
});
