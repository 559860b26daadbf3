/**
 * Perpetual futures through the generated client against the mock process, single position mode:
 * open a position, watch its unrealised PnL follow the mark price moved from outside, reduce-only
 * and close as the reference models them, poc/fok rejections with the futures labels, and
 * order ids above 2^53 kept exact.
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
