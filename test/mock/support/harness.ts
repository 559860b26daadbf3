/**
 * Starts the mock with the hand-made test API and a frozen clock, and sends signed requests to
 * it with the test signer (timestamps follow the mock's clock unless a test overrides them). The
 * paper exchange is off by default here: these tests use the test API's spot operations as
 * stand-ins for any operation (fixtures, examples, validation, limits); test/exchange/ covers it.
 */
import { startMock } from '../../../mock/index.js';
import type { MockOptions, MockServer } from '../../../mock/index.js';
import type { IR } from '../../../generator/ir/types.js';
import { makeTestApi } from './api.js';
import { send } from './sign.js';
import type { TestRequest, TestResponse } from './sign.js';

/** The frozen source time of the test clock: 2026-01-15T12:00:00Z. */
export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

/** A started mock plus a `call` helper bound to it. */
export interface TestMock {
  mock: MockServer;
  /** Sends a request (signed unless `signed: false`), timestamped by the mock's clock. */
  call(req: TestRequest): Promise<TestResponse>;
}

/** Starts a mock on the test API (paper exchange off unless `exchange` is given); `edit` may change the IR/spec first. */
export async function startTestMock(
  options: Omit<MockOptions, 'spec' | 'ir'> & { edit?: (api: { spec: Record<string, unknown>; ir: IR }) => void } = {},
): Promise<TestMock> {
  const { edit, ...rest } = options;
  const api = makeTestApi();
  edit?.(api);
  const mock = await startMock({ now: () => T0, exchange: false, ...rest, spec: api.spec, ir: api.ir });
  return {
    mock,
    call: (req) => send(mock.url, { nowMs: mock.clock.now(), ...req }),
  };
}

/** JSON body text. */
export const json = (value: unknown): string => JSON.stringify(value);

/** Moves 1 USDT from spot to margin (BTC_USDT) with the given `client_order_id`: the stock write of the fault tests. */
export const transferToMargin = (t: TestMock, clientOrderId: string): Promise<TestResponse> =>
  t.call({
    method: 'POST',
    path: '/wallet/transfers',
    body: json({
      currency: 'USDT',
      from: 'spot',
      to: 'margin',
      amount: '1',
      currency_pair: 'BTC_USDT',
      client_order_id: clientOrderId,
    }),
  });
