/**
 * Orders whose answer is lost, through the generated client against the mock process, on both
 * transports: every order placement (spot, futures, single and batch) carries a `text` label (the
 * caller's, or a fresh `t-` one), so a placement whose answer was lost is found again by that
 * label through the order read, with the parameters the read needs (`currency_pair`, `settle`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExchangeClient, NotFoundError, UnknownOutcomeError } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { A, B } from '../exchange/support/given.js';
import { clientFor, rejection, startPaperMock } from './support/paper-mock.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startPaperMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const pair = 'BTC_USDT';
const settle = 'usdt';
const contract = 'BTC_USDT';
/** The `text` each placement of `operationId` carried, as the mock received it. */
const sentTexts = (operationId: string): unknown[] =>
  mock.requests
    .filter((r) => r.operationId === operationId)
    .flatMap((r) => {
      const body = JSON.parse(r.body) as unknown;
      return (Array.isArray(body) ? body : [body]).map((item) => (item as { text?: unknown }).text);
    });

describe.each(['fetch', 'node'] as const)('orders whose answer is lost (%s transport)', (transport) => {
  it('a spot order without a label gets a fresh t- one; applied then answered 502: found by it and returned, placed once', async () => {
    mock.faults.add({ operationId: 'createOrder', kind: 'status-after', status: 502 });
    const client = clientFor(mock, A, transport);
    const order = await client.spot.createOrder({ currency_pair: pair, side: 'buy', price: '100', amount: '1' });
    const [text] = sentTexts('createOrder');
    expect(text).toMatch(/^t-[0-9a-f]{24}$/);
    expect(order).toMatchObject({ text, currency_pair: pair, status: 'open' });
    expect(mock.requests.filter((r) => r.operationId === 'createOrder')).toHaveLength(1);
    const lookup = mock.requests.find((r) => r.operationId === 'getOrder');
    expect(lookup?.path).toBe(`/api/v4/spot/orders/${String(text)}`);
    expect(lookup?.query).toContain(`currency_pair=${pair}`);
  });

  it("a spot order with the caller's label whose lookup failed too: UnknownOutcomeError carries the label, resolveOutcome finds it", async () => {
    mock.faults.add({ operationId: 'createOrder', kind: 'status-after', status: 502 });
    mock.faults.add({ operationId: 'getOrder', kind: 'status', status: 503 });
    const client = clientFor(mock, A, transport);
    const error = await rejection(
      client.spot.createOrder({ currency_pair: pair, side: 'sell', price: '1000000', amount: '1', text: 't-mine-1' }),
    );
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as UnknownOutcomeError).idempotency).toEqual({ field: 'text', value: 't-mine-1' });
    const outcome = await client.resolveOutcome(error);
    expect(outcome).toMatchObject({ status: 'applied', data: { text: 't-mine-1', currency_pair: pair } });
    expect(mock.requests.filter((r) => r.operationId === 'createOrder')).toHaveLength(1);
  });

  it('a futures order applied then reset: found by its label in its settle currency, placed once', async () => {
    mock.faults.add({ operationId: 'createFuturesOrder', kind: 'reset-after' });
    const client = clientFor(mock, A, transport);
    const order = await client.futures.createFuturesOrder({ settle, contract, size: '1', price: '100', tif: 'gtc' });
    const [text] = sentTexts('createFuturesOrder');
    expect(text).toMatch(/^t-[0-9a-f]{24}$/);
    expect(order).toMatchObject({ text, contract, status: 'open' });
    expect(mock.requests.filter((r) => r.operationId === 'createFuturesOrder')).toHaveLength(1);
    expect(mock.requests.find((r) => r.operationId === 'getFuturesOrder')?.path).toBe(
      `/api/v4/futures/${settle}/orders/${String(text)}`,
    );
  });

  it('a spot batch answered 502 after it was applied: every item carried a label; resolveOutcome finds them all', async () => {
    mock.faults.add({ operationId: 'createBatchOrders', kind: 'status-after', status: 502 });
    const client = clientFor(mock, A, transport);
    const items = [
      { currency_pair: pair, side: 'buy' as const, price: '100', amount: '1', text: 't-b-1' },
      { currency_pair: pair, side: 'buy' as const, price: '101', amount: '1' },
    ];
    // The second item has no label: the client gives it one (the type asks for one, the runtime fills it).
    const error = await rejection(client.spot.createBatchOrders({ body: items as never }));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    const sent = sentTexts('createBatchOrders');
    expect(sent[0]).toBe('t-b-1');
    expect(sent[1]).toMatch(/^t-[0-9a-f]{24}$/);
    expect((error as UnknownOutcomeError).items).toEqual(sent.map((value) => ({ field: 'text', value })));
    const outcome = await client.resolveOutcome(error);
    expect(outcome.status).toBe('applied');
    expect((outcome as { data: unknown[] }).data.map((o) => (o as { text?: string }).text)).toEqual(sent);
    expect(mock.requests.filter((r) => r.operationId === 'createBatchOrders')).toHaveLength(1);
  });

  it('a futures batch reset after it was applied: resolveOutcome finds each item by its label', async () => {
    mock.faults.add({ operationId: 'createBatchFuturesOrder', kind: 'reset-after' });
    const client = clientFor(mock, A, transport);
    const error = await rejection(
      client.futures.createBatchFuturesOrder({
        settle,
        body: [
          { contract, size: '1', price: '100', tif: 'gtc' },
          { contract, size: '1', price: '99', tif: 'gtc', text: 't-fb-2' },
        ],
      }),
    );
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    const sent = sentTexts('createBatchFuturesOrder');
    expect(sent[1]).toBe('t-fb-2');
    const outcome = await client.resolveOutcome(error);
    expect(outcome).toMatchObject({ status: 'applied' });
    expect((outcome as { data: unknown[] }).data).toHaveLength(2);
  });

  it('a spot order refused (no balance) is not applied: resend safe, no lookup', async () => {
    const client = clientFor(mock, A, transport);
    const error = await rejection(
      client.spot.createOrder({ currency_pair: pair, side: 'buy', price: '1000000', amount: '1000' }),
    );
    expect(await client.resolveOutcome(error)).toMatchObject({ status: 'not-applied', resend: 'safe' });
    expect(mock.requests.filter((r) => r.operationId === 'getOrder')).toHaveLength(0);
  });
});

/** A client of account `uid` that follows the mock's clock (the tests move it by hours). */
function syncedClient(uid: number): ExchangeClient {
  const account = mock.exchange?.seed.accounts.find((a) => a.uid === uid);
  if (account === undefined) throw new Error(`no account ${uid}`);
  return new ExchangeClient({
    key: account.key,
    secret: account.secret,
    baseUrl: mock.url,
    rateLimit: 'off',
    clockSync: 'lazy',
    maxRetries: 1,
  });
}

describe('the mock finds an order by its label for as long as the reference says', () => {
  it('spot: while open, and up to an hour after it ended; later only by its id', async () => {
    const maker = syncedClient(B);
    const taker = syncedClient(A);
    await maker.spot.createOrder({ currency_pair: pair, side: 'sell', price: '100', amount: '1', text: 't-maker' });
    const filled = await taker.spot.createOrder({
      currency_pair: pair,
      side: 'buy',
      price: '100',
      amount: '1',
      text: 't-taker',
    });
    expect(filled.status).toBe('closed');
    const byText = () => taker.spot.getOrder({ order_id: 't-taker', currency_pair: pair });
    expect(await byText()).toMatchObject({ id: filled.id, status: 'closed' });
    mock.clock.advance(59 * 60_000);
    await taker.syncClock();
    expect(await byText()).toMatchObject({ id: filled.id });
    mock.clock.advance(2 * 60_000);
    await taker.syncClock();
    expect(await rejection(byText())).toBeInstanceOf(NotFoundError);
    expect(await taker.spot.getOrder({ order_id: filled.id ?? '', currency_pair: pair })).toMatchObject({
      text: 't-taker',
    });
  });

  it('futures: a filled order stays found by its label; an unfilled cancellation only for 60 s', async () => {
    const maker = syncedClient(B);
    const taker = syncedClient(A);
    await maker.futures.createFuturesOrder({ settle, contract, size: '-1', price: '100', text: 't-fmaker' });
    const filled = await taker.futures.createFuturesOrder({
      settle,
      contract,
      size: '1',
      price: '100',
      text: 't-ftaker',
    });
    const resting = await taker.futures.createFuturesOrder({
      settle,
      contract,
      size: '1',
      price: '50',
      text: 't-fcancel',
    });
    await taker.futures.cancelFuturesOrder({ settle, order_id: resting.id ?? '' });
    const byText = (text: string) => taker.futures.getFuturesOrder({ settle, order_id: text });
    expect(await byText('t-fcancel')).toMatchObject({ id: resting.id, status: 'finished' });
    mock.clock.advance(61_000);
    await taker.syncClock();
    expect(await rejection(byText('t-fcancel'))).toBeInstanceOf(NotFoundError);
    mock.clock.advance(24 * 3_600_000);
    await taker.syncClock();
    expect(await byText('t-ftaker')).toMatchObject({ id: filled.id, status: 'finished' });
  });
});
