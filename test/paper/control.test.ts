/**
 * The control API (`/__mock/...`, plain JSON, outside the API prefix) and the `startMock`
 * options and methods behind it: set prices, add resting liquidity, move the clock, reset, read
 * the state; and the optional state file that keeps the exchange across restarts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import type { ExchangeState, MockServer } from '../../mock/index.js';
import { A, B, seedOf } from '../exchange/support/given.js';
import { clientFor, idOf, startPaperMock } from './support/paper-mock.js';

let mock: MockServer;
let origin: string;
beforeAll(async () => {
  mock = await startPaperMock();
  origin = mock.url.replace(/\/api\/v4$/, '');
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

async function control(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${origin}/__mock/${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

describe('control API over HTTP', () => {
  it('adds resting liquidity (funded first) that a client order then takes', async () => {
    const added = await control('POST', 'exchange/liquidity', {
      currency_pair: 'BTC_USDT',
      side: 'sell',
      price: '100',
      amount: '2',
      uid: B,
    });
    expect(added).toMatchObject({ status: 200, json: { side: 'sell', price: '100', left: '2', status: 'open' } });
    const taken = await clientFor(mock, A).spot.createOrder({
      currency_pair: 'BTC_USDT',
      side: 'buy',
      price: '100',
      amount: '1',
    });
    expect(taken.status).toBe('closed');
    expect((await clientFor(mock, B).spot.listSpotAccounts({ currency: 'BTC' }))[0]).toMatchObject({
      available: '10',
      locked: '1',
    });
  });

  it('sets a pair price that the ticker shows until the next trade', async () => {
    expect(await control('POST', 'exchange/price', { currency_pair: 'BTC_USDT', price: '123.45' })).toEqual({
      status: 200,
      json: { ok: true },
    });
    const [ticker] = await clientFor(mock, A).spot.listTickers({ currency_pair: 'BTC_USDT' });
    expect(ticker?.['last']).toBe('123.45');
  });

  it('moves the clock: candles close and the request clock follows', async () => {
    await control('POST', 'exchange/liquidity', {
      currency_pair: 'BTC_USDT',
      side: 'sell',
      price: '100',
      amount: '1',
      uid: B,
    });
    await clientFor(mock, A).spot.createOrder({ currency_pair: 'BTC_USDT', side: 'buy', price: '100', amount: '1' });
    const before = (await control('GET', 'clock')).json as { now_ms: number };
    const moved = await control('POST', 'clock', { advance_ms: 120_000 });
    expect((moved.json as { now_ms: number }).now_ms - before.now_ms).toBeGreaterThanOrEqual(120_000);
    const candles = await clientFor(mock, A).spot.listCandlesticks({
      currency_pair: 'BTC_USDT',
      interval: '1m',
      limit: 3,
    });
    expect(candles.map((c) => c[7])).toEqual(['true', 'true', 'false']);
    expect(candles[0]?.[2]).toBe('100');
  });

  it('shows the state without key material, resets it, and names bad requests', async () => {
    await control('POST', 'exchange/liquidity', { currency_pair: 'BTC_USDT', side: 'buy', price: '90', amount: '1' });
    const state = (await control('GET', 'exchange')).json as ExchangeState;
    expect(Object.keys(state.spotOrders)).toHaveLength(1);
    expect(JSON.stringify(state)).not.toContain('mock-secret');
    expect(await control('POST', 'reset')).toEqual({ status: 200, json: { ok: true } });
    expect(Object.keys(((await control('GET', 'exchange')).json as ExchangeState).spotOrders)).toHaveLength(0);

    expect(await control('POST', 'exchange/price', { currency_pair: 'NOPE_USDT', price: '1' })).toMatchObject({
      status: 400,
      json: { label: 'INVALID_CURRENCY_PAIR' },
    });
    expect(await control('POST', 'exchange/price', { currency_pair: 'BTC_USDT', price: '-1' })).toMatchObject({
      status: 400,
      json: { label: 'INVALID_PARAM_VALUE', message: expect.stringContaining('price') as unknown },
    });
    expect(await control('POST', 'clock', { later: 1 })).toMatchObject({
      status: 400,
      json: { label: 'INVALID_REQUEST_BODY' },
    });
    expect(await control('GET', 'nothing-here')).toMatchObject({ status: 404, json: { label: 'NOT_FOUND' } });
  });
});

describe('startMock options', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paper-state-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the exchange in a state file across restarts; reset goes back to the seed', async () => {
    const stateFile = join(dir, 'exchange.json');
    const options = { exchange: { seed: seedOf({}), stateFile } };
    const first = await startMock(options);
    const placed = await clientFor(first, A).spot.createOrder({
      currency_pair: 'BTC_USDT',
      side: 'buy',
      price: '90',
      amount: '1',
    });
    await first.close();
    expect(existsSync(stateFile)).toBe(true);
    expect(readFileSync(stateFile, 'utf8')).not.toContain('mock-secret');

    const second = await startMock(options);
    try {
      const order_id = idOf(placed);
      const again = await clientFor(second, A).spot.getOrder({ order_id, currency_pair: 'BTC_USDT' });
      expect(again).toMatchObject({ id: order_id, status: 'open' });
      second.reset();
      expect(Object.keys((JSON.parse(readFileSync(stateFile, 'utf8')) as ExchangeState).spotOrders)).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it('exchange: false leaves the trading endpoints to fixtures and examples', async () => {
    const off = await startMock({ exchange: false });
    try {
      expect(off.exchange).toBeUndefined();
      expect(() => off.setPrice({ currency_pair: 'BTC_USDT', price: '1' })).toThrow(/switched off/);
      const res = await fetch(`${off.url.replace(/\/api\/v4$/, '')}/__mock/exchange`);
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
