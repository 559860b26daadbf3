/**
 * Perpetual futures through the generated client against the mock process, single position mode:
 * open a position, watch its unrealised PnL follow the mark price moved from outside, reduce-only
 * and close as the reference models them, poc/fok rejections with the futures labels, a batch
 * placed and cancelled by id, and order ids above 2^53 kept exact.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BadRequestError } from '../../generated/src/index.js';
import type { CreateFuturesOrderParams } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { A, B, C } from '../exchange/support/given.js';
import { clientFor, idOf, rejection, startPaperMock } from './support/paper-mock.js';
import type { Transport } from './support/paper-mock.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startPaperMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const settle = 'usdt';
const contract = 'BTC_USDT';
const place = (
  uid: number,
  order: Omit<CreateFuturesOrderParams, 'settle' | 'contract'> & { contract?: string },
  transport: Transport = 'fetch',
) => clientFor(mock, uid, transport).futures.createFuturesOrder({ settle, contract, ...order });

describe.each(['fetch', 'node'] as const)('a position over its life (%s transport)', (transport) => {
  it('opens, follows the mark price, refuses reduce-only growth, closes with size 0', async () => {
    const client = clientFor(mock, A, transport);
    await place(B, { size: '-10', price: '100' });
    await place(C, { size: '20', price: '99' });

    const opened = await place(A, { size: '10', price: '0', tif: 'ioc' }, transport);
    expect(opened).toMatchObject({ status: 'finished', finish_as: 'filled', size: '10', left: '0', fill_price: '100' });
    expect(typeof opened.id).toBe('string');
    expect(BigInt(idOf(opened))).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(await client.futures.getFuturesOrder({ settle, order_id: idOf(opened) })).toEqual(opened);
    expect(await client.futures.getPosition({ settle, contract })).toMatchObject({
      size: '10',
      entry_price: '100',
      margin: '1',
      unrealised_pnl: '0',
    });

    mock.setPrice({ settle: 'usdt', contract: 'BTC_USDT', mark_price: '110' });
    expect(await client.futures.getPosition({ settle, contract })).toMatchObject({
      mark_price: '110',
      unrealised_pnl: '1',
    });
    expect(await client.futures.listFuturesAccounts({ settle })).toMatchObject({
      unrealised_pnl: '1',
      position_margin: '1',
      currency: 'USDT',
    });

    const grow = await rejection(place(A, { size: '5', price: '99', reduce_only: true }, transport));
    expect(grow).toBeInstanceOf(BadRequestError);
    expect(grow).toMatchObject({ label: 'INCREASE_POSITION' });

    const closed = await place(A, { size: '0', close: true, price: '0', tif: 'ioc' }, transport);
    expect(closed).toMatchObject({
      status: 'finished',
      finish_as: 'filled',
      size: '0',
      is_close: true,
      is_reduce_only: true,
    });
    expect(await client.futures.getPosition({ settle, contract })).toMatchObject({
      size: '0',
      margin: '0',
      last_close_pnl: '-0.10995',
    });
    const trades = await client.futures.getMyTrades({ settle, contract });
    expect(trades.map((t) => [t.size, t.close_size, t.price, t.role])).toEqual([
      ['-10', '-10', '99', 'taker'],
      ['10', '0', '100', 'taker'],
    ]);
  });
});

describe('futures rejections', () => {
  it('poc that would take: ORDER_POC_IMMEDIATE; fok that cannot fill: ORDER_FOK; nothing placed', async () => {
    await place(B, { size: '-4', price: '100' });
    const poc = await rejection(place(A, { size: '1', price: '100', tif: 'poc' }));
    const fok = await rejection(place(A, { size: '10', price: '100', tif: 'fok' }));
    expect([poc, fok].map((e) => (e as BadRequestError).label)).toEqual(['ORDER_POC_IMMEDIATE', 'ORDER_FOK']);
    expect(await clientFor(mock, A).futures.getPosition({ settle, contract })).toMatchObject({ size: '0' });
  });

  it('an unknown contract: 400 CONTRACT_NOT_FOUND', async () => {
    const error = await rejection(place(A, { contract: 'DOGE_USDT', size: '1', price: '1' }));
    expect(error).toMatchObject({ status: 400, label: 'CONTRACT_NOT_FOUND' });
  });

  it('amend and cancel a resting order', async () => {
    const client = clientFor(mock, A);
    const resting = await place(A, { size: '10', price: '99' });
    const order_id = idOf(resting);
    const amended = await client.futures.amendFuturesOrder({ settle, order_id, size: '6', price: '98' });
    expect(amended).toMatchObject({ id: order_id, size: '6', left: '6', status: 'open' });
    const cancelled = await client.futures.cancelFuturesOrder({ settle, order_id });
    expect(cancelled).toMatchObject({ status: 'finished', finish_as: 'cancelled' });
  });
});

describe('position leverage (isolated margin)', () => {
  it('recomputes the margin of the position and of its open orders; refuses too high, zero and cross', async () => {
    const client = clientFor(mock, A);
    await place(B, { size: '-10', price: '100' });
    await place(A, { size: '10', price: '0', tif: 'ioc' });
    // Rests and reserves 10 × 0.01 × 90 ÷ 10 (the contract's default leverage) = 0.9.
    await place(A, { size: '10', price: '90' });
    expect(await client.futures.listFuturesAccounts({ settle })).toMatchObject({
      total: '9999.995',
      position_margin: '1',
      order_margin: '0.9',
      available: '9998.095',
    });

    const set = await client.futures.updateContractPositionLeverage({
      settle,
      contract,
      leverage: '5',
      margin_mode: 'isolated',
    });
    expect(set).toMatchObject({ size: '10', leverage: '5', margin: '2' });
    expect(await client.futures.listFuturesAccounts({ settle })).toMatchObject({
      total: '9999.995',
      position_margin: '2',
      order_margin: '1.8',
      available: '9996.195',
    });
    expect(await client.futures.updatePositionLeverage({ settle, contract, leverage: '20' })).toMatchObject({
      leverage: '20',
      margin: '0.5',
    });

    const refusals = await Promise.all([
      rejection(client.futures.updatePositionLeverage({ settle, contract, leverage: '101' })),
      rejection(client.futures.updatePositionLeverage({ settle, contract, leverage: '0' })),
      rejection(
        client.futures.updateContractPositionLeverage({ settle, contract, leverage: '5', margin_mode: 'cross' }),
      ),
    ]);
    expect(refusals.map((e) => [(e as BadRequestError).status, (e as BadRequestError).label])).toEqual([
      [400, 'LEVERAGE_TOO_HIGH'],
      [400, 'INVALID_PARAM_VALUE'],
      [400, 'INVALID_PARAM_VALUE'],
    ]);
    expect(await client.futures.getPosition({ settle, contract })).toMatchObject({ leverage: '20', margin: '0.5' });
  });
});

describe.each(['fetch', 'node'] as const)('a futures batch placed and cancelled (%s transport)', (transport) => {
  it('places each order on its own, one typed result per item, then cancels the placed ones by id', async () => {
    const client = clientFor(mock, A, transport);
    await place(B, { size: '-4', price: '100' });

    const placed = await client.futures.createBatchFuturesOrder({
      settle,
      body: [
        { contract, size: '2', price: '99', text: 't-fbatch-1' },
        { contract, size: '1', price: '100', tif: 'poc', text: 't-fbatch-2' },
        { contract, size: '3', price: '98', text: 't-fbatch-3' },
        { contract, size: '1', price: '97', stp_act: 'co', text: 't-fbatch-4' },
      ],
    });
    // The poc order would take, and A is in no STP group: those two are refused, the rest placed.
    expect(placed.map((r) => [r.succeeded, r.label ?? '', r.text])).toEqual([
      [true, '', 't-fbatch-1'],
      [false, 'ORDER_POC_IMMEDIATE', 't-fbatch-2'],
      [true, '', 't-fbatch-3'],
      [false, 'INVALID_PARAM_VALUE', 't-fbatch-4'],
    ]);
    const [first, , third] = placed;
    expect(first).toMatchObject({ status: 'open', contract, size: '2', left: '2', price: '99', stp_act: '-' });
    // A typed answer: ids and user ids as exact strings, times as numbers.
    expect([typeof first?.id, typeof first?.user, typeof first?.create_time]).toEqual(['string', 'string', 'number']);
    const ids = [idOf(first ?? {}), idOf(third ?? {})];
    expect(BigInt(ids[0] ?? '0')).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    const open = await client.futures.listFuturesOrders({ settle, contract, status: 'open' });
    expect(open.map((o) => o.id).sort()).toEqual([...ids].sort());

    const unknown = '36028797018963967';
    const cancelled = await client.futures.cancelBatchFutureOrders({ settle, body: [...ids, unknown] });
    expect(cancelled.map((r) => [r.id, r.succeeded, r.message])).toEqual([
      [ids[0], true, ''],
      [ids[1], true, ''],
      [unknown, false, 'ORDER_NOT_FOUND'],
    ]);
    expect(cancelled.every((r) => r.user_id === String(A))).toBe(true);
    expect(await client.futures.listFuturesOrders({ settle, contract, status: 'open' })).toEqual([]);
    expect(await client.futures.getFuturesOrder({ settle, order_id: ids[1] ?? '' })).toMatchObject({
      status: 'finished',
      finish_as: 'cancelled',
    });
    expect(await client.futures.listFuturesAccounts({ settle })).toMatchObject({ order_margin: '0' });

    // Cancelling them again: each is finished now.
    const again = await client.futures.cancelBatchFutureOrders({ settle, body: ids });
    expect(again.map((r) => [r.succeeded, r.message])).toEqual([
      [false, 'ORDER_FINISHED'],
      [false, 'ORDER_FINISHED'],
    ]);
  });

  it('a malformed batch never reaches the exchange: the client refuses it, naming the item and field', async () => {
    const client = clientFor(mock, A, transport);
    const before = mock.requests.length;
    const error = await rejection(
      client.futures.createBatchFuturesOrder({
        settle,
        body: [
          { contract, size: '1', price: '99' },
          { contract, size: '1', price: '9 9' },
        ],
      }),
    );
    expect(error).toMatchObject({ field: 'body[1].price', rule: 'decimal', value: '9 9' });
    expect(mock.requests.length).toBe(before);
    expect(await client.futures.listFuturesOrders({ settle, contract, status: 'open' })).toEqual([]);
  });
  it('the exchange refuses what the client would: an 11-order batch, 21 ids, a numeric id (400, nothing placed)', async () => {
    const client = clientFor(mock, A, transport);
    const raw = (path: string, body: unknown) =>
      rejection(client.request({ method: 'POST', path: `/futures/${settle}/${path}`, body }));
    const order = { contract, size: '1', price: '90' };
    const refused = await Promise.all([
      raw(
        'batch_orders',
        Array.from({ length: 11 }, () => order),
      ),
      raw('batch_orders', [order, { ...order, size: 1 }]),
      raw(
        'batch_cancel_orders',
        Array.from({ length: 21 }, (_, i) => String(i + 1)),
      ),
      raw('batch_cancel_orders', [58828013512]),
    ]);
    // A list of the wrong length is a malformed body; a bad item value is a bad parameter value.
    expect(refused.map((e) => [(e as BadRequestError).status, (e as BadRequestError).label])).toEqual([
      [400, 'INVALID_REQUEST_BODY'],
      [400, 'INVALID_PARAM_VALUE'],
      [400, 'INVALID_REQUEST_BODY'],
      [400, 'INVALID_PARAM_VALUE'],
    ]);
    expect(await client.futures.listFuturesOrders({ settle, contract, status: 'open' })).toEqual([]);
  });
});
