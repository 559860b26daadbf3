/**
 * `POST /futures/{settle}/batch_amend_orders` on the paper exchange: each item is the single
 * amendment (`PUT /futures/{settle}/orders/{order_id}`) of the order named by `order_id` or `text`,
 * tried on its own; the answer is one result per item, in request order, and a refused item leaves
 * its order as it was.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreateFuturesOrderParams } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { A, B } from '../exchange/support/given.js';
import { clientFor, idOf, startPaperMock } from './support/paper-mock.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startPaperMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const settle = 'usdt';
const contract = 'BTC_USDT';
const place = (uid: number, order: Omit<CreateFuturesOrderParams, 'settle' | 'contract'>) =>
  clientFor(mock, uid).futures.createFuturesOrder({ settle, contract, ...order });
const amendBatch = (
  uid: number,
  body: Parameters<ReturnType<typeof clientFor>['futures']['amendBatchFutureOrders']>[0]['body'],
) => clientFor(mock, uid).futures.amendBatchFutureOrders({ settle, body });

describe('batch amendment', () => {
  it('amends each order by id or by text, as the single amendment does', async () => {
    const first = await place(A, { size: '10', price: '99', text: 't-first' });
    const second = await place(A, { size: '5', price: '98', text: 't-second' });

    const results = await amendBatch(A, [
      { order_id: idOf(first), size: '6', amend_text: 'smaller' },
      { text: 't-second', price: '97' },
    ]);

    expect(results.map((r) => [r.succeeded, r.id, r.size, r.price, r.left, r.status])).toEqual([
      [true, idOf(first), '6', '99', '6', 'open'],
      [true, idOf(second), '5', '97', '5', 'open'],
    ]);
    // The batch result declares the reference's fields only (no `amend_text`): the order keeps the note.
    const noted = await clientFor(mock, A).futures.getFuturesOrder({ settle, order_id: idOf(first) });
    expect(noted.amend_text).toBe('smaller');
    const stored = await clientFor(mock, A).futures.getFuturesOrder({ settle, order_id: idOf(second) });
    expect(stored).toMatchObject({ price: '97', left: '5' });
  });

  it('a new price that crosses trades at once; a smaller size keeps its place; at or below the filled part cancels', async () => {
    await place(B, { size: '-4', price: '100' });
    const mine = await place(A, { size: '10', price: '99' });
    const other = await place(A, { size: '3', price: '95' });

    const [crossed, smaller] = await amendBatch(A, [
      { order_id: idOf(mine), price: '100' },
      { order_id: idOf(other), size: '2' },
    ]);

    expect(crossed).toMatchObject({ succeeded: true, status: 'open', size: '10', left: '6', fill_price: '100' });
    expect(smaller).toMatchObject({ succeeded: true, status: 'open', size: '2', left: '2', price: '95' });
    const [gone] = await amendBatch(A, [{ order_id: idOf(mine), size: '4' }]);
    expect(gone).toMatchObject({ succeeded: true, status: 'finished', finish_as: 'cancelled', left: '6' });
  });

  it('refused items carry the label and leave their order unchanged; the others still apply', async () => {
    await place(B, { size: '-4', price: '100' });
    const maker = await place(A, { size: '2', price: '95', tif: 'poc', text: 't-maker' });
    const plain = await place(A, { size: '1', price: '90' });
    await clientFor(mock, A).futures.cancelFuturesOrder({ settle, order_id: idOf(plain) });
    const kept = await place(A, { size: '3', price: '91' });

    const results = await amendBatch(A, [
      { order_id: idOf(maker), price: '100', amend_text: 'would-take' },
      { order_id: idOf(plain), price: '92' },
      { order_id: '36028813724316582', price: '92' },
      { text: 't-nobody', price: '92' },
      { order_id: idOf(kept), size: '-3' },
      { order_id: idOf(kept), price: '92' },
      {},
    ]);

    expect(results.map((r) => [r.succeeded, r.label])).toEqual([
      [false, 'ORDER_POC_IMMEDIATE'],
      [false, 'ORDER_FINISHED'],
      [false, 'ORDER_NOT_FOUND'],
      [false, 'ORDER_NOT_FOUND'],
      [false, 'INVALID_PARAM_VALUE'],
      [true, undefined],
      [false, 'MISSING_REQUIRED_PARAM'],
    ]);
    expect(results[5]).toMatchObject({ id: idOf(kept), price: '92', size: '3' });
    const unchanged = await clientFor(mock, A).futures.getFuturesOrder({ settle, order_id: idOf(maker) });
    expect(unchanged).toMatchObject({ price: '95', left: '2', status: 'open', amend_text: maker.amend_text });
  });

  it('another account cannot amend the order: ORDER_NOT_FOUND', async () => {
    const mine = await place(A, { size: '1', price: '90' });
    const [result] = await amendBatch(B, [{ order_id: idOf(mine), price: '91' }]);
    expect(result).toMatchObject({ succeeded: false, label: 'ORDER_NOT_FOUND' });
    expect(await clientFor(mock, A).futures.getFuturesOrder({ settle, order_id: idOf(mine) })).toMatchObject({
      price: '90',
    });
  });
});
