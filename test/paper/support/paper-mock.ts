/**
 * The mock process as a paper exchange for scenario tests: started with the engine tests' seed
 * (accounts A, B, C with 10000 USDT and 10 BTC, BTC_USDT, a BTC_USDT contract, an empty book)
 * and no fixtures, plus a client per account on either transport.
 */
import { ExchangeClient } from '../../../generated/src/index.js';
import { startMock } from '../../../mock/index.js';
import type { MockServer } from '../../../mock/index.js';
import { seedOf } from '../../exchange/support/given.js';
import type { Given } from '../../exchange/support/given.js';

/** The client transports the scenarios run on. */
export type Transport = 'fetch' | 'node';

/** Starts the mock on the real generated spec with the scenario seed. */
export function startPaperMock(given: Given = {}): Promise<MockServer> {
  return startMock({ exchange: { seed: seedOf(given) } });
}

/**
 * A client signing as account `uid` of the mock's seed. No client-side limiter (the mock enforces
 * the limits), no clock sync (the mock runs on real time), no retries (one call, one request).
 */
export function clientFor(mock: MockServer, uid: number, transport: Transport = 'fetch'): ExchangeClient {
  const account = mock.exchange?.seed.accounts.find((a) => a.uid === uid);
  if (account === undefined) throw new Error(`no account ${uid} in the mock's seed`);
  return new ExchangeClient({
    key: account.key,
    secret: account.secret,
    baseUrl: mock.url,
    transport,
    rateLimit: 'off',
    clockSync: 'off',
    maxRetries: 0,
  });
}

/** The id of an order the API answered (every order answer carries one). */
export function idOf(order: { readonly id?: string | undefined }): string {
  if (order.id === undefined) throw new Error('the answer has no order id');
  return order.id;
}

/** The promise's rejection (or `undefined` when it resolves). */
export function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => undefined,
    (e: unknown) => e,
  );
}
