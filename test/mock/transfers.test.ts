import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_TX_ID } from '../../mock/index.js';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const transfer = (fields: Record<string, unknown> = {}) =>
  t.call({
    method: 'POST',
    path: '/wallet/transfers',
    body: json({ currency: 'USDT', from: 'spot', to: 'futures', amount: '12.5', settle: 'usdt', ...fields }),
  });
const subTransfer = (fields: Record<string, unknown> = {}) =>
  t.call({
    method: 'POST',
    path: '/wallet/sub_account_transfers',
    body: json({ sub_account: '10001', currency: 'USDT', amount: '3', direction: 'to', ...fields }),
  });
const status = (query: string) => t.call({ method: 'GET', path: '/wallet/order_status', query });

describe('transfers', () => {
  it('answers tx_id as a JSON number above 2^53 with every digit', async () => {
    const first = await transfer();
    expect(first.status).toBe(200);
    expect(first.text).toBe('{"tx_id":9007199254740993}');
    expect(FIRST_TX_ID).toBe(9007199254740993n);
    const second = await transfer();
    expect(second.text).toBe('{"tx_id":9007199254740994}');
    expect(t.mock.state.transfers.map((x) => x.txId)).toEqual([9007199254740993n, 9007199254740994n]);
  });

  it('does not apply a duplicate client_order_id twice (400 DUPLICATE_REQUEST)', async () => {
    expect((await transfer({ client_order_id: 'tr-1' })).status).toBe(200);
    const again = await transfer({ client_order_id: 'tr-1', amount: '99' });
    expect(again.status).toBe(400);
    expect(again.json.label).toBe('DUPLICATE_REQUEST');
    expect(t.mock.state.transfers).toHaveLength(1);
    expect(t.mock.state.transfers[0]?.request['amount']).toBe('12.5');
  });

  it('also refuses a client_order_id already used by the other transfer endpoint', async () => {
    expect((await subTransfer({ client_order_id: 'shared-1' })).status).toBe(200);
    expect((await transfer({ client_order_id: 'shared-1' })).json.label).toBe('DUPLICATE_REQUEST');
  });

  it('finds a transfer by client_order_id or tx_id', async () => {
    await transfer({ client_order_id: 'tr-2' });
    const byClient = await status('client_order_id=tr-2');
    expect(byClient.status).toBe(200);
    expect(byClient.json).toEqual({ tx_id: '9007199254740993', status: 'SUCCESS' });
    const byTx = await status('tx_id=9007199254740993');
    expect(byTx.json).toEqual({ tx_id: '9007199254740993', status: 'SUCCESS' });
  });

  it('answers 404 ORDER_NOT_FOUND for an unknown transfer', async () => {
    for (const query of ['client_order_id=nope', 'tx_id=9007199254740993']) {
      const res = await status(query);
      expect(res.status).toBe(404);
      expect(res.json.label).toBe('ORDER_NOT_FOUND');
    }
  });

  it('applies transfers without a client_order_id each time', async () => {
    await transfer();
    await transfer();
    expect(t.mock.state.transfers).toHaveLength(2);
  });

  it('lists main/sub transfers newest first, filtered by sub_uid, with paging headers', async () => {
    await subTransfer({ client_order_id: 'st-1' });
    t.mock.clock.advance(1_000);
    await subTransfer({ sub_account: '10002', direction: 'from' });
    await transfer();
    const all = await t.call({ method: 'GET', path: '/wallet/sub_account_transfers' });
    expect(all.status).toBe(200);
    expect(all.json.map((r) => r['sub_account'])).toEqual(['10002', '10001']);
    expect(all.json[1]).toMatchObject({
      client_order_id: 'st-1',
      status: 'success',
      uid: '10000',
      currency: 'USDT',
      amount: '3',
      direction: 'to',
    });
    expect(all.headers.get('x-pagination-total')).toBe('2');
    const one = await t.call({ method: 'GET', path: '/wallet/sub_account_transfers', query: 'sub_uid=10001,10003' });
    expect(one.json).toHaveLength(1);
  });
});
