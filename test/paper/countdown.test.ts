/**
 * The dead man's switch (`countdown_cancel_all`) through the generated client against the mock as
 * a paper exchange, on the mock clock alone (moved with `clock.advance`, no sleeps): a countdown
 * not refreshed in time cancels the account's open orders in its scope, a refreshed one does not,
 * `timeout: 0` stops it, and other accounts' orders stay.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BadRequestError } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { A, B } from '../exchange/support/given.js';
import { clientFor, idOf, rejection, startPaperMock } from './support/paper-mock.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startPaperMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const pair = 'BTC_USDT';
const settle = 'usdt';
const spotBid = async (uid: number, price = '90') =>
  idOf(await clientFor(mock, uid).spot.createOrder({ currency_pair: pair, side: 'buy', price, amount: '0.1' }));
const spotStatus = async (uid: number, id: string) =>
  (await clientFor(mock, uid).spot.getOrder({ order_id: id, currency_pair: pair })).status;
const futuresBid = async (uid: number) =>
  idOf(await clientFor(mock, uid).futures.createFuturesOrder({ settle, contract: 'BTC_USDT', size: '1', price: '90' }));
const futuresStatus = async (uid: number, id: string) =>
  (await clientFor(mock, uid).futures.getFuturesOrder({ settle, order_id: id })).status;
/** Moves the mock clock by whole seconds (the client signs with the clock untouched: stay within 60 s). */
const advance = (seconds: number) => mock.clock.advance(seconds * 1000);

describe('spot countdown', () => {
  it('answers when it ends, and cancels the open orders once it passes unrefreshed', async () => {
    const mine = await spotBid(A);
    const theirs = await spotBid(B);
    const before = mock.clock.now();
    const { triggerTime } = await clientFor(mock, A).spot.countdownCancelAllSpot({ timeout: 10 });
    expect(Number(triggerTime) - before).toBeGreaterThanOrEqual(10_000);
    expect(Number(triggerTime) - before).toBeLessThan(11_000);
    advance(8);
    expect(await spotStatus(A, mine)).toBe('open');
    advance(3);
    expect(await spotStatus(A, mine)).toBe('cancelled');
    expect(await spotStatus(B, theirs)).toBe('open');
  });

  it('does not fire while it is refreshed in time, and fires after the last refresh', async () => {
    const mine = await spotBid(A);
    const client = clientFor(mock, A);
    await client.spot.countdownCancelAllSpot({ timeout: 10 });
    for (let i = 0; i < 3; i++) {
      advance(8);
      await client.spot.countdownCancelAllSpot({ timeout: 10 });
    }
    expect(await spotStatus(A, mine)).toBe('open');
    advance(11);
    expect(await spotStatus(A, mine)).toBe('cancelled');
  });

  it('timeout 0 stops it: nothing is cancelled later', async () => {
    const mine = await spotBid(A);
    const client = clientFor(mock, A);
    await client.spot.countdownCancelAllSpot({ timeout: 10 });
    expect((await client.spot.countdownCancelAllSpot({ timeout: 0 })).triggerTime).toBe('0');
    advance(20);
    expect(await spotStatus(A, mine)).toBe('open');
  });

  it('with a currency pair, cancels only that pair and leaves the countdown of every pair apart', async () => {
    const mine = await spotBid(A);
    const client = clientFor(mock, A);
    await client.spot.countdownCancelAllSpot({ timeout: 10, currency_pair: pair });
    await client.spot.countdownCancelAllSpot({ timeout: 30 });
    advance(11);
    expect(await spotStatus(A, mine)).toBe('cancelled');
    const unknown = await rejection(client.spot.countdownCancelAllSpot({ timeout: 10, currency_pair: 'NOPE_USDT' }));
    expect((unknown as BadRequestError).label).toBe('INVALID_CURRENCY_PAIR');
  });

  it('refuses a countdown under 5 seconds other than 0', async () => {
    const error = await rejection(clientFor(mock, A).spot.countdownCancelAllSpot({ timeout: 3 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).label).toBe('INVALID_PARAM_VALUE');
  });
});

describe('futures countdown', () => {
  it('cancels the open orders of its settle currency once it passes unrefreshed, and not before', async () => {
    const mine = await futuresBid(A);
    const theirs = await futuresBid(B);
    const client = clientFor(mock, A);
    await client.futures.countdownCancelAllFutures({ settle, timeout: 10, contract: 'BTC_USDT' });
    advance(8);
    await client.futures.countdownCancelAllFutures({ settle, timeout: 10, contract: 'BTC_USDT' });
    advance(8);
    expect(await futuresStatus(A, mine)).toBe('open');
    advance(3);
    expect(await futuresStatus(A, mine)).toBe('finished');
    expect(await futuresStatus(B, theirs)).toBe('open');
  });

  it('timeout 0 stops it', async () => {
    const mine = await futuresBid(A);
    const client = clientFor(mock, A);
    await client.futures.countdownCancelAllFutures({ settle, timeout: 10 });
    await client.futures.countdownCancelAllFutures({ settle, timeout: 0 });
    advance(20);
    expect(await futuresStatus(A, mine)).toBe('open');
  });
});
