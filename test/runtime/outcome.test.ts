import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExchangeError, UnknownOutcomeError } from '../../templates/typescript/runtime/errors.js';
import { outcomeRecordOf, pickLookupResult, resolveOutcome } from '../../templates/typescript/runtime/outcome.js';
import { request } from '../../templates/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import { authFailure, json, startServer, type Captured, type Reply, type TestServer } from './helpers/exchange.js';
import { transferMeta, withdrawMeta } from './helpers/meta.js';

/** What the first POST of a test does. */
type FirstSend = 'apply-then-hang' | 'reset-before-apply' | 'apply-then-reset' | 'apply-then-502' | 'normal';

/** A small stateful exchange: transfers and withdrawals, counted as they are applied. */
class Exchange {
  transfers = new Map<string, { tx_id: string; status: string }>();
  withdrawals = new Map<string, Record<string, unknown>>();
  applied = 0;
  posts: Captured[] = [];
  lookups: Captured[] = [];
  first: FirstSend = 'normal';
  /** Lookups that answer "not found" before the truth (an eventually consistent read side). */
  lookupLag = 0;
  lookupFails = false;
  nextTx = 36028813724316572n;

  reset(): void {
    Object.assign(this, new Exchange());
  }

  handle(req: Captured): Reply {
    const fail = authFailure(req, Date.now());
    if (fail) return fail;
    if (req.method === 'POST') return this.write(req);
    this.lookups.push(req);
    if (this.lookupFails) return json(500, { label: 'INTERNAL', message: 'lookup down' });
    const q = new URLSearchParams(req.query);
    const lagging = this.lookupLag > 0;
    if (lagging) this.lookupLag -= 1;
    if (req.path === '/api/v4/wallet/order_status') {
      const t = lagging ? undefined : this.transfers.get(q.get('client_order_id') ?? '');
      return t
        ? { status: 200, body: `{"tx_id":"${t.tx_id}","status":"${t.status}"}` }
        : json(404, { label: 'ORDER_NOT_FOUND', message: 'no such transfer' });
    }
    const w = lagging ? undefined : this.withdrawals.get(q.get('withdraw_order_id') ?? '');
    return json(200, w ? [[w]] : [[]]);
  }

  private write(req: Captured): Reply {
    this.posts.push(req);
    const body = JSON.parse(req.body) as Record<string, string>;
    const first = this.posts.length === 1 ? this.first : 'normal';
    if (first === 'reset-before-apply') return { reset: true };
    if (req.path === '/api/v4/wallet/transfers') {
      const id = body['client_order_id'] ?? '';
      if (this.transfers.has(id))
        return json(400, { label: 'DUPLICATE_REQUEST', message: 'duplicate client_order_id' });
      const tx = String(this.nextTx++);
      this.transfers.set(id, { tx_id: tx, status: 'SUCCESS' });
    } else {
      const id = body['withdraw_order_id'] ?? '';
      this.withdrawals.set(id, {
        id: 'w123',
        withdraw_order_id: id,
        currency: body['currency'],
        amount: body['amount'],
        status: 'REQUEST',
      });
    }
    this.applied += 1;
    if (first === 'apply-then-hang') return { hang: true };
    if (first === 'apply-then-reset') return { reset: true };
    if (first === 'apply-then-502') return json(502, { label: 'SERVER_ERROR', message: 'bad gateway' });
    return req.path === '/api/v4/wallet/transfers'
      ? { status: 200, body: `{"tx_id":${this.transfers.get(body['client_order_id'] ?? '')!.tx_id}}` }
      : json(200, this.withdrawals.get(body['withdraw_order_id'] ?? ''));
  }
}

const exchange = new Exchange();
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req) => exchange.handle(req));
});
afterAll(() => server.close());
beforeEach(() => {
  exchange.reset();
  vi.restoreAllMocks();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

const transfer = { currency: 'USDT', from: 'spot', to: 'margin', amount: '2', currency_pair: 'BTC_USDT' };
const withdrawal = { currency: 'USDT', amount: '10', chain: 'TRX', address: 'Txyz', withdraw_order_id: 'w-77' };
const client = () => testCore({ baseUrl: server.baseUrl, timeout: 1000 });

describe('transfers whose answer never came (keyed, lookup by client_order_id)', () => {
  it('a timeout after the transfer was sent resolves to ONE transfer, not two', async () => {
    exchange.first = 'apply-then-hang';
    const result = await request(client(), transferMeta, { ...transfer, client_order_id: 'c-1' });
    expect(exchange.applied).toBe(1);
    expect(exchange.posts).toHaveLength(1);
    expect(result).toEqual({ tx_id: '36028813724316572', status: 'SUCCESS' });
    expect(new URLSearchParams(exchange.lookups[0]!.query).get('client_order_id')).toBe('c-1');
  });

  it('the generated id is the one looked up', async () => {
    exchange.first = 'apply-then-hang';
    await request(client(), transferMeta, transfer);
    const sentId = (JSON.parse(exchange.posts[0]!.body) as Record<string, string>)['client_order_id'];
    expect(sentId).toMatch(/^[0-9a-f]{32}$/);
    expect(new URLSearchParams(exchange.lookups[0]!.query).get('client_order_id')).toBe(sentId);
    expect(exchange.applied).toBe(1);
  });

  it('not found after a reset: resent with the SAME id, applied once', async () => {
    exchange.first = 'reset-before-apply';
    const result = await request(client(), transferMeta, transfer).withResponse();
    expect(exchange.posts).toHaveLength(2);
    const ids = exchange.posts.map((p) => (JSON.parse(p.body) as Record<string, string>)['client_order_id']);
    expect(ids[0]).toBe(ids[1]);
    expect(exchange.applied).toBe(1);
    expect(result.data).toEqual({ tx_id: '36028813724316572' });
    expect(result.response.attempts).toBe(2);
  });

  it('a resend refused as a duplicate is looked up again and returned', async () => {
    exchange.first = 'apply-then-reset';
    exchange.lookupLag = 1;
    const result = await request(client(), transferMeta, transfer);
    expect(exchange.posts).toHaveLength(2);
    expect(exchange.lookups).toHaveLength(2);
    expect(exchange.applied).toBe(1);
    expect(result).toEqual({ tx_id: '36028813724316572', status: 'SUCCESS' });
  });

  it('a 5xx after the write was applied is looked up before any resend', async () => {
    exchange.first = 'apply-then-502';
    const result = await request(client(), transferMeta, transfer);
    expect(exchange.posts).toHaveLength(1);
    expect(exchange.applied).toBe(1);
    expect(result).toMatchObject({ status: 'SUCCESS' });
  });

  it('with no retries left: UnknownOutcomeError, and resolveOutcome finds the one transfer', async () => {
    exchange.first = 'apply-then-hang';
    const core = client();
    const err = await request(core, transferMeta, { ...transfer, client_order_id: 'c-9' }, { maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UnknownOutcomeError);
    const e = err as UnknownOutcomeError;
    expect(e.idempotency).toEqual({ field: 'client_order_id', value: 'c-9' });
    expect(e.message).toContain('client_order_id=c-9');
    expect(exchange.lookups).toHaveLength(0);
    await expect(resolveOutcome(core, e)).resolves.toEqual({
      applied: true,
      data: { tx_id: '36028813724316572', status: 'SUCCESS' },
    });
    await expect(core.resolveOutcome(e)).resolves.toMatchObject({ applied: true });
    expect(exchange.applied).toBe(1);
  });

  it('a failing lookup leaves the outcome unknown and nothing is resent', async () => {
    exchange.first = 'apply-then-hang';
    exchange.lookupFails = true;
    const err = await request(client(), transferMeta, transfer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnknownOutcomeError);
    expect((err as Error).message).toContain('looking it up failed');
    expect(exchange.posts).toHaveLength(1);
  });
});

describe('withdrawals (retry: never)', () => {
  it('a timeout is an UnknownOutcomeError at once; resolveOutcome finds the withdrawal record', async () => {
    exchange.first = 'apply-then-hang';
    const core = client();
    const err = (await request(core, withdrawMeta, withdrawal).catch((e: unknown) => e)) as UnknownOutcomeError;
    expect(err).toBeInstanceOf(UnknownOutcomeError);
    expect(err.idempotency).toEqual({ field: 'withdraw_order_id', value: 'w-77' });
    expect(exchange.posts).toHaveLength(1);
    expect(exchange.lookups).toHaveLength(0);
    const outcome = await resolveOutcome(core, err);
    expect(outcome).toEqual({
      applied: true,
      data: expect.objectContaining({ withdraw_order_id: 'w-77', status: 'REQUEST' }) as unknown,
    });
  });

  it('resolveOutcome says not applied when the write never arrived', async () => {
    exchange.first = 'reset-before-apply';
    const core = client();
    const err = (await request(core, withdrawMeta, withdrawal).catch((e: unknown) => e)) as UnknownOutcomeError;
    expect(err).toBeInstanceOf(UnknownOutcomeError);
    await expect(resolveOutcome(core, err)).resolves.toEqual({ applied: false });
    expect(exchange.applied).toBe(0);
  });
});

describe('UnknownOutcomeError and resolveOutcome edges', () => {
  it('keeps the lookup data non-enumerable', async () => {
    exchange.first = 'apply-then-hang';
    const err = (await request(client(), withdrawMeta, withdrawal).catch((e: unknown) => e)) as UnknownOutcomeError;
    expect(outcomeRecordOf(err)).toMatchObject({ operation: 'withdraw', field: 'withdraw_order_id', value: 'w-77' });
    expect(Object.keys(err)).not.toContain('lookup');
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({
      name: 'UnknownOutcomeError',
      idempotency: { field: 'withdraw_order_id', value: 'w-77' },
    });
  });

  it('refuses errors that carry no id to look up', async () => {
    const bare = new UnknownOutcomeError('lost');
    await expect(resolveOutcome(client(), bare)).rejects.toBeInstanceOf(ExchangeError);
  });
});

describe('pickLookupResult', () => {
  it.each([
    {
      name: 'object answer',
      given: { tx_id: '5', status: 'SUCCESS' },
      want: { found: true, data: { tx_id: '5', status: 'SUCCESS' } },
    },
    { name: 'object naming another id', given: { client_order_id: 'other' }, want: { found: false } },
    { name: 'empty object', given: {}, want: { found: false } },
    {
      name: 'list with the id',
      given: [{ withdraw_order_id: 'a' }, { withdraw_order_id: 'k' }],
      want: { found: true, data: { withdraw_order_id: 'k' } },
    },
    { name: 'list without the id', given: [{ withdraw_order_id: 'a' }], want: { found: false } },
    { name: 'empty list', given: [], want: { found: false } },
    { name: 'single item without the field', given: [{ id: 1 }], want: { found: true, data: { id: 1 } } },
    { name: 'null', given: null, want: { found: false } },
  ])('$name', ({ given, want }) => {
    const field = Array.isArray(given) ? 'withdraw_order_id' : 'client_order_id';
    expect(pickLookupResult(given, field, 'k')).toEqual(want);
  });
});
