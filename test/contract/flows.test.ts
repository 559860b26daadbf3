/**
 * Stateful flows through the generated client against the mock: a transfer and its status by
 * client_order_id, a duplicate client_order_id applied once, a withdrawal and its cancellation,
 * the sub-account key life cycle, lock/unlock, paging through more withdrawals than one page, and a
 * 90-day range iterated as 30-day windows. Inputs come from the success fixtures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthenticationError, NotFoundError } from '../../generated/src/index.js';
import type { ExchangeClient } from '../../generated/src/index.js';
import type { IROperation } from '../../generator/ir/types.js';
import type { MockServer } from '../../mock/index.js';
import {
  callOperation,
  contractClient,
  paramsFromFixture,
  startContractMock,
  successFixture,
} from './support/harness.js';

const DAY = 86_400;

let mock: MockServer;
let client: ExchangeClient;

beforeAll(async () => {
  mock = await startContractMock();
  client = contractClient(mock).client;
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const op = (id: string): IROperation => {
  const found = mock.ir.operations.find((o) => o.id === id);
  if (found === undefined) throw new Error(`no operation ${id}`);
  return found;
};
/** The params of an operation's success fixture. */
const fixtureParams = (id: string): Record<string, unknown> => paramsFromFixture(op(id), successFixture(op(id)));
/** Runs an operation with the given params and returns the typed result. */
const call = <T>(id: string, params: Record<string, unknown>): Promise<T> =>
  callOperation(client, op(id), params) as Promise<T>;
const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('transfers', () => {
  it('finds a transfer by its client_order_id, with the 64-bit tx_id as a string', async () => {
    const params = fixtureParams('transfer');
    const { tx_id } = await client.wallet.transfer(params as never);
    expect(tx_id).toBe('9007199254740993');
    const status = await client.wallet.getTransferOrderStatus({ client_order_id: params['client_order_id'] as string });
    expect(status).toEqual({ tx_id: '9007199254740993', status: 'SUCCESS' });
  });

  it('applies a duplicate client_order_id once: the resend, refused with a duplicate label, answers with the transfer that id names', async () => {
    const params = fixtureParams('transferWithSubAccount');
    const first = await call<{ tx_id?: string }>('transferWithSubAccount', params);
    const again = await call<{ tx_id?: string }>('transferWithSubAccount', params);
    const posts = mock.requests.filter((r) => r.operationId === 'transferWithSubAccount');
    expect(posts.map((r) => [r.status, r.label])).toEqual([
      [200, undefined],
      [400, 'DUPLICATE_REQUEST'],
    ]);
    expect(mock.ir.errors.duplicate).toContain('DUPLICATE_REQUEST');
    expect(mock.requests.filter((r) => r.operationId === 'getTransferOrderStatus')).toHaveLength(1);
    expect(first.tx_id).toBeDefined();
    expect(again).toMatchObject({ tx_id: first.tx_id });
    expect(mock.state.transfers.map((t) => t.clientOrderId)).toEqual([params['client_order_id']]);
  });

  it('fills a fresh client_order_id when the caller gives none, so two transfers are two', async () => {
    const { client_order_id: _given, ...params } = fixtureParams('transfer');
    const first = await call<{ tx_id: string }>('transfer', params);
    const second = await call<{ tx_id: string }>('transfer', params);
    expect(second.tx_id).not.toBe(first.tx_id);
    const ids = mock.state.transfers.map((t) => t.clientOrderId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('withdrawals', () => {
  it('withdraws, then cancels that withdrawal', async () => {
    const created = await call<{ id: string; status: string }>('withdraw', fixtureParams('withdraw'));
    expect(created.status).toBe('REQUEST');
    const cancelled = await client.withdrawals.cancelWithdrawal({ withdrawal_id: created.id });
    expect(cancelled).toMatchObject({ id: created.id, status: 'CANCELPEND' });
    const [listed] = await client.wallet.listWithdrawals({ withdraw_id: created.id });
    expect(listed).toMatchObject({ id: created.id, status: 'CANCELPEND' });
    const again = await rejection(client.withdrawals.cancelWithdrawal({ withdrawal_id: created.id }));
    expect(again).toMatchObject({ status: 400, label: 'INVALID_WITHDRAW_CANCEL_STATUS' });
  });

  it('pages through more records than one page with for await', async () => {
    const nowSec = Math.floor(mock.clock.now() / 1000);
    const expected = mock.state.withdrawals.filter(
      (w) => Number(w.timestamp) >= nowSec - 7 * DAY && Number(w.timestamp) <= nowSec,
    );
    expect(expected.length).toBeGreaterThan(10);
    const seen: string[] = [];
    for await (const w of client.wallet.listWithdrawals({ limit: 10 })) seen.push(w.id);
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(expected.map((w) => w.id)));
    const offsets = mock.requests
      .filter((r) => r.operationId === 'listWithdrawals')
      .map((r) => new URLSearchParams(r.query).get('offset'));
    expect(offsets).toEqual(Array.from({ length: Math.ceil((expected.length + 1) / 10) }, (_, i) => String(i * 10)));
  });

  it('iterates a 90-day range as four windows of at most 30 days, without duplicates', async () => {
    const to = Math.floor(mock.clock.now() / 1000);
    const from = to - 90 * DAY;
    const expected = mock.state.withdrawals.filter((w) => Number(w.timestamp) >= from && Number(w.timestamp) <= to);
    const seen: string[] = [];
    for await (const w of client.wallet.listWithdrawals({ from, to, limit: 50 })) seen.push(w.id);
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen)).toEqual(new Set(expected.map((w) => w.id)));

    const windows = [
      ...new Map(
        mock.requests
          .filter((r) => r.operationId === 'listWithdrawals')
          .map((r) => new URLSearchParams(r.query))
          .map(
            (q) =>
              [`${q.get('from')}-${q.get('to')}`, { from: Number(q.get('from')), to: Number(q.get('to')) }] as const,
          ),
      ).values(),
    ];
    expect(windows).toHaveLength(4);
    expect(windows[0]?.from).toBe(from);
    expect(windows.at(-1)?.to).toBe(to);
    windows.forEach((w, i) => {
      expect(w.to - w.from).toBeLessThan(30 * DAY);
      if (i > 0) expect(w.from).toBe((windows[i - 1]?.to ?? 0) + 1);
    });
  });
});

describe('sub-accounts', () => {
  it('creates, lists, updates and deletes a key, which signs requests until deleted', async () => {
    const user_id = 10001;
    const created = await call<{ key: string; secret: string; user_id: string }>('createSubAccountKeys', {
      ...fixtureParams('createSubAccountKeys'),
      user_id,
    });
    expect(created.user_id).toBe('10001');
    expect(created.secret).toMatch(/^mock-subsecret-/);
    const listed = await client.subAccounts.listSubAccountKeys({ user_id });
    expect(listed.map((k) => k.key)).toEqual([created.key]);

    await client.subAccounts.updateSubAccountKeys({
      user_id,
      key: created.key,
      name: 'renamed',
      perms: [{ name: 'wallet', read_only: true }],
    });
    const updated = await client.subAccounts.getSubAccountKey({ user_id, key: created.key });
    expect(updated).toMatchObject({ name: 'renamed', perms: [{ name: 'wallet', read_only: true }], ip_whitelist: [] });

    const { client: subClient } = contractClient(mock, { key: created.key, secret: created.secret });
    await expect(subClient.wallet.getLowCapExchangeList()).resolves.toBeInstanceOf(Array);

    await client.subAccounts.deleteSubAccountKeys({ user_id, key: created.key });
    expect(await client.subAccounts.listSubAccountKeys({ user_id })).toEqual([]);
    const gone = await rejection(client.subAccounts.getSubAccountKey({ user_id, key: created.key }));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).toMatchObject({ status: 404, label: 'NOT_FOUND' });
    const refused = await rejection(subClient.wallet.getLowCapExchangeList());
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(refused).toMatchObject({ status: 401, label: 'INVALID_KEY' });
  });

  it('locks and unlocks a sub-account, changing its state', async () => {
    const params = fixtureParams('lockSubAccount');
    const user_id = params['user_id'] as number;
    expect((await client.subAccounts.getSubAccount({ user_id })).state).toBe(1);
    await call('lockSubAccount', params);
    expect((await client.subAccounts.getSubAccount({ user_id })).state).toBe(2);
    await call('unlockSubAccount', fixtureParams('unlockSubAccount'));
    expect((await client.subAccounts.getSubAccount({ user_id })).state).toBe(1);
  });
});
