/**
 * The service's own refusals reach the caller as typed errors: a request signed with the wrong
 * secret (401 INVALID_SIGNATURE), a Timestamp outside the 60 s window when the client does not sync
 * its clock (401 REQUEST_EXPIRED) and the same call succeeding once it does, a rate limit exceeded
 * with the client's limiter off (429 TOO_MANY_REQUESTS), and an invalid amount: sent raw through
 * `client.request` the mock refuses it (400 INVALID_PARAM_VALUE); through the typed method the
 * client refuses it before any I/O. Time moves on the mock's clock, never by waiting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthenticationError, BadRequestError, RateLimitError, ValidationError } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { contractClient, paramsFromFixture, startContractMock, successFixture } from './support/harness.js';

let mock: MockServer;

beforeAll(async () => {
  mock = await startContractMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const rejection = (p: PromiseLike<unknown>): Promise<unknown> =>
  Promise.resolve(p).then(
    () => undefined,
    (e: unknown) => e,
  );

const opParams = (id: string): Record<string, unknown> => {
  const op = mock.ir.operations.find((o) => o.id === id);
  if (op === undefined) throw new Error(`no operation ${id}`);
  return paramsFromFixture(op, successFixture(op));
};

describe('the service refuses, the caller gets a typed error', () => {
  it('a request signed with the wrong secret: AuthenticationError 401 INVALID_SIGNATURE', async () => {
    const { client } = contractClient(mock, { secret: 'not-the-mock-secret' });
    const error = await rejection(client.wallet.listWithdrawStatus({ currency: 'USDT' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, label: 'INVALID_SIGNATURE', operation: 'listWithdrawStatus' });
    expect(JSON.stringify(error)).not.toContain('not-the-mock-secret');
    expect(mock.requests.map((r) => [r.operationId, r.verified, r.label])).toEqual([
      ['listWithdrawStatus', false, 'INVALID_SIGNATURE'],
    ]);
  });

  it('a clock 5 minutes off without clock sync: AuthenticationError 401 REQUEST_EXPIRED; with sync: success', async () => {
    mock.clock.advance(5 * 60_000);
    const { client: unsynced } = contractClient(mock, { clockSync: 'off' });
    const error = await rejection(unsynced.wallet.listWithdrawStatus({ currency: 'USDT' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, label: 'REQUEST_EXPIRED' });

    const { client: synced } = contractClient(mock, { clockSync: 'lazy' });
    await expect(synced.wallet.listWithdrawStatus({ currency: 'USDT' })).resolves.toHaveLength(1);
    expect(synced.clockOffsetMs).toBeGreaterThan(4 * 60_000);
    expect(synced.clockOffsetMs).toBeLessThan(6 * 60_000);
    expect(mock.requests.map((r) => [r.operationId, r.status])).toEqual([
      ['listWithdrawStatus', 401],
      ['getSystemTime', 200],
      ['listWithdrawStatus', 200],
    ]);
  });

  it('more withdrawals than 1 per 3 s with the client limiter off: RateLimitError 429 TOO_MANY_REQUESTS', async () => {
    const { client } = contractClient(mock, { rateLimit: 'off' });
    const params = opParams('withdraw');
    await client.withdrawals.withdraw(params as never);
    const error = await rejection(
      client.withdrawals.withdraw({ ...params, withdraw_order_id: 'wd-20261121-0009' } as never),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, label: 'TOO_MANY_REQUESTS' });
    expect((error as RateLimitError).resetAt).toBeGreaterThan(mock.clock.now());
    expect(mock.state.withdrawals.filter((w) => w.withdraw_order_id === 'wd-20261121-0009')).toEqual([]);

    mock.clock.advance(3_000);
    await expect(
      client.withdrawals.withdraw({ ...params, withdraw_order_id: 'wd-20261121-0010' } as never),
    ).resolves.toMatchObject({ status: 'REQUEST' });
  });

  it('an invalid amount sent raw through client.request: BadRequestError 400 INVALID_PARAM_VALUE', async () => {
    const { client } = contractClient(mock);
    const body = { ...opParams('transfer'), amount: '-5' };
    const error = await rejection(client.request({ method: 'POST', path: '/wallet/transfers', body }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, label: 'INVALID_PARAM_VALUE' });
    expect((error as BadRequestError).detail).toContain('amount');
    expect(mock.requests.map((r) => [r.operationId, r.verified, r.status])).toEqual([['transfer', true, 400]]);
    expect(mock.state.transfers).toEqual([]);
  });

  it('the same amount through the typed method: ValidationError before any I/O', async () => {
    const { client, responses } = contractClient(mock);
    const error = await rejection(client.wallet.transfer({ ...opParams('transfer'), amount: '-5' } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'amount', value: '-5', operation: 'transfer' });
    expect(mock.requests).toEqual([]);
    expect(responses).toEqual([]);
  });
});
