/**
 * Writes whose answer was lost, against a small stateful exchange on 127.0.0.1: what the loop does
 * (look up, resend with the same id, or end as UnknownOutcomeError carrying the id it used) and
 * what `resolveOutcome` answers (applied / not applied / unknown), per the service's own rules.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExchangeClient } from '../../generated/src/index.js';
import {
  ConnectionError,
  ExchangeError,
  RateLimitError,
  UnknownOutcomeError,
  ValidationError,
} from '../../generator/targets/typescript/runtime/errors.js';
import type { Outcome } from '../../generator/targets/typescript/runtime/options.js';
import { resolveOutcome } from '../../generator/targets/typescript/runtime/outcome.js';
import { outcomeRecordOf, pickLookupResult } from '../../generator/targets/typescript/runtime/write-lookup.js';
import { request, writeRequest } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import {
  authFailure,
  json,
  startServer,
  TEST_KEY,
  TEST_SECRET,
  type Captured,
  type Reply,
  type TestServer,
} from './helpers/exchange.js';
import { createLoanMeta, subTransferMeta, transferMeta, withdrawMeta } from './helpers/meta.js';

/** What the first POST of a test does. */
type FirstSend =
  | 'normal'
  | 'apply-then-hang'
  | 'hold-unapplied'
  | 'reset-before-apply'
  | 'apply-then-reset'
  | 'apply-then-502'
  | '503-before-apply';

/** A small stateful exchange: transfers, withdrawals and loans, counted as they are applied. */
class Exchange {
  transfers = new Map<string, { tx_id: string; status: string }>();
  withdrawals = new Map<string, Record<string, unknown>>();
  applied = 0;
  posts: Captured[] = [];
  lookups: Captured[] = [];
  first: FirstSend = 'normal';
  /** Every POST does what `first` says, not only the first one. */
  always = false;
  /** Lookups that answer "not found" before the truth (a list that shows a write only later). */
  lookupLag = 0;
  lookupFails = false;
  nextTx = 36028813724316572n;
  /** A write the server holds, not applied yet (`hold-unapplied`): it applies it on `applyHeld()`. */
  held: Captured | undefined;

  /** The held write is processed now, long after its sender gave up waiting. */
  applyHeld(): void {
    const held = this.held;
    this.held = undefined;
    if (held) this.apply(held, JSON.parse(held.body) as Record<string, string>);
  }

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
    const mode = this.posts.length === 1 || this.always ? this.first : 'normal';
    if (mode === 'reset-before-apply') return { reset: true };
    if (mode === '503-before-apply') return json(503, { label: 'TOO_BUSY', message: 'busy' });
    if (mode === 'hold-unapplied') {
      this.held = req;
      return { hang: true };
    }
    if (req.path.endsWith('/sub_account_transfers') && this.transfers.has(body['client_order_id'] ?? ''))
      return json(400, { label: 'DUPLICATE_REQUEST', message: 'duplicate client_order_id' });
    const answer = this.apply(req, body);
    if (mode === 'apply-then-hang') return { hang: true };
    if (mode === 'apply-then-reset') return { reset: true };
    if (mode === 'apply-then-502') return json(502, { label: 'SERVER_ERROR', message: 'bad gateway' });
    return answer;
  }

  private apply(req: Captured, body: Record<string, string>): Reply {
    let answer: Reply;
    if (req.path.endsWith('transfers')) {
      const id = body['client_order_id'] ?? '';
      const tx = String(this.nextTx++);
      this.transfers.set(id, { tx_id: tx, status: 'SUCCESS' });
      answer = { status: 200, body: `{"tx_id":${tx}}` };
    } else if (req.path.endsWith('/withdrawals')) {
      const id = body['withdraw_order_id'] ?? '';
      const record = {
        id: `w${this.applied + 1}`,
        withdraw_order_id: id,
        currency: body['currency'],
        status: 'REQUEST',
      };
      this.withdrawals.set(id, record);
      answer = json(200, record);
    } else {
      answer = { status: 200, body: '{"tran_id":9527}' };
    }
    this.applied += 1;
    return answer;
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
const subTransfer = { sub_account: '10002', currency: 'USDT', amount: '5', direction: 'to' };
const withdrawal = { currency: 'USDT', amount: '10', chain: 'TRX', address: 'Txyz' };
const client = () => testCore({ baseUrl: server.baseUrl, timeout: 300 });
const failure = (p: PromiseLike<unknown>): Promise<unknown> =>
  Promise.resolve(p).then(
    () => undefined,
    (e: unknown) => e,
  );
const sentId = (post: Captured | undefined, field: string): string | undefined =>
  (JSON.parse(post?.body ?? '{}') as Record<string, string>)[field];

describe('POST /wallet/transfers: no dedupe promise, so never re-sent; looked up by client_order_id', () => {
  it.each([
    { given: 'apply-then-hang' as const, why: 'a timeout after it was applied' },
    { given: 'apply-then-reset' as const, why: 'a reset after it was applied' },
    { given: 'apply-then-502' as const, why: 'a 502 after it was applied' },
  ])('$why: the lookup finds it and returns it; one POST', async ({ given }) => {
    exchange.first = given;
    const result = await request(client(), transferMeta, { ...transfer, client_order_id: 'c-1' });
    expect(result).toEqual({ tx_id: '36028813724316572', status: 'SUCCESS' });
    expect(exchange.posts).toHaveLength(1);
    expect(exchange.applied).toBe(1);
    expect(new URLSearchParams(exchange.lookups[0]!.query).get('client_order_id')).toBe('c-1');
  });

  it.each([{ given: '503-before-apply' as const }, { given: 'reset-before-apply' as const }])(
    '$given: not found, so UnknownOutcomeError with the generated id; resolveOutcome never says "not applied"',
    async ({ given }) => {
      exchange.first = given;
      const core = client();
      const error = (await failure(request(core, transferMeta, transfer))) as UnknownOutcomeError;
      expect(error).toBeInstanceOf(UnknownOutcomeError);
      const id = sentId(exchange.posts[0], 'client_order_id');
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(error.idempotency).toEqual({ field: 'client_order_id', value: id });
      expect(error.message).toContain(`client_order_id=${id}`);
      expect(exchange.posts).toHaveLength(1);
      const outcome = await resolveOutcome(core, error);
      expect(outcome.status).toBe('unknown');
      expect((outcome as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(0);
      expect(exchange.applied).toBe(0);
    },
  );

  it('a failing lookup leaves the outcome unknown and nothing is resent', async () => {
    exchange.first = 'apply-then-hang';
    exchange.lookupFails = true;
    const error = await failure(request(client(), transferMeta, transfer, { maxRetries: 0 }));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as Error).message).toContain('looking it up failed');
    expect(exchange.posts).toHaveLength(1);
  });
});

describe('POST /wallet/transfers through writeRequest (what its generated function calls): the same settling', () => {
  it('applied, then a 502: looked up by client_order_id and returned; one POST', async () => {
    exchange.first = 'apply-then-502';
    const result = await writeRequest(client(), transferMeta, { ...transfer, client_order_id: 'c-2' });
    expect(result).toEqual({ tx_id: '36028813724316572', status: 'SUCCESS' });
    expect(exchange.posts).toHaveLength(1);
    expect(new URLSearchParams(exchange.lookups[0]!.query).get('client_order_id')).toBe('c-2');
  });

  it('a reset before it was applied: not found, UnknownOutcomeError with the generated id; one POST', async () => {
    exchange.first = 'reset-before-apply';
    const error = (await failure(writeRequest(client(), transferMeta, transfer))) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.idempotency).toEqual({
      field: 'client_order_id',
      value: sentId(exchange.posts[0], 'client_order_id'),
    });
    expect(exchange.posts).toHaveLength(1);
    expect(exchange.applied).toBe(0);
  });
});

describe('POST /wallet/sub_account_transfers: the service deduplicates by client_order_id', () => {
  it('a reset before it was applied: resent with the SAME id, applied once', async () => {
    exchange.first = 'reset-before-apply';
    const result = await request(client(), subTransferMeta, subTransfer).withResponse();
    expect(exchange.posts).toHaveLength(2);
    const ids = exchange.posts.map((p) => sentId(p, 'client_order_id'));
    expect(ids[0]).toBe(ids[1]);
    expect(exchange.applied).toBe(1);
    expect(result.data).toEqual({ tx_id: '36028813724316572' });
    expect(result.response.attempts).toBe(2);
  });

  it('applied, then the answer lost: the resend is refused as a duplicate, looked up and returned', async () => {
    exchange.first = 'apply-then-reset';
    const result = await request(client(), subTransferMeta, subTransfer);
    expect(exchange.posts).toHaveLength(2);
    expect(exchange.applied).toBe(1);
    expect(result).toEqual({ tx_id: '36028813724316572', status: 'SUCCESS' });
  });

  it('a 502 after applying with no retries allowed: looked up and returned', async () => {
    exchange.first = 'apply-then-502';
    const result = await request(client(), subTransferMeta, subTransfer, { maxRetries: 0 });
    expect(exchange.posts).toHaveLength(1);
    expect(result).toMatchObject({ status: 'SUCCESS' });
  });

  it('held by the server past the timeout: unknown (same-id resend safe), never "not applied"; the same-id resend answered DUPLICATE_REQUEST is looked up and returns the one transfer', async () => {
    exchange.first = 'hold-unapplied';
    const core = client();
    const error = (await failure(
      request(core, subTransferMeta, { ...subTransfer, client_order_id: 'sub-held' }, { maxRetries: 0 }),
    )) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    // In flight still: nothing is listed, and nothing proves it will not be applied.
    const first = await core.resolveOutcome(error);
    expect(first).toMatchObject({
      status: 'unknown',
      resend: 'same-id',
      idempotency: { field: 'client_order_id', value: 'sub-held' },
    });
    expect((first as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(0);
    exchange.applyHeld();
    expect(exchange.applied).toBe(1);
    // The caller resends with the same id, as advised: the service refuses it as a duplicate, and
    // the client answers with the transfer that id names.
    const again = await request(core, subTransferMeta, { ...subTransfer, client_order_id: 'sub-held' });
    expect(again).toMatchObject({ tx_id: '36028813724316572', status: 'SUCCESS' });
    expect(exchange.applied).toBe(1);
    expect(await core.resolveOutcome(error)).toMatchObject({ status: 'applied' });
  });

  it('a DUPLICATE_REQUEST given to resolveOutcome is never "not applied, resend safe"', async () => {
    exchange.transfers.set('sub-dup', { tx_id: '77', status: 'SUCCESS' });
    exchange.lookupLag = 100; // the list does not show it (yet): the refusal alone must not read as "not applied"
    const core = client();
    const error = await failure(request(core, subTransferMeta, { ...subTransfer, client_order_id: 'sub-dup' }));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(String((error as UnknownOutcomeError).message)).toMatch(/duplicate/);
    const outcome = await core.resolveOutcome(error);
    expect(outcome).toMatchObject({ status: 'unknown', resend: 'never' });
    expect(exchange.posts).toHaveLength(1);
  });

  it('never applied and out of retries: unknown, resend with the same id (never "not applied": it may be in flight)', async () => {
    exchange.first = '503-before-apply';
    exchange.always = true;
    const core = client();
    const error = (await failure(
      request(core, subTransferMeta, { ...subTransfer, client_order_id: 'sub-9' }),
    )) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(exchange.posts).toHaveLength(3);
    expect(exchange.posts.every((p) => sentId(p, 'client_order_id') === 'sub-9')).toBe(true);
    const outcome = await core.resolveOutcome(error);
    expect(outcome).toMatchObject({
      status: 'unknown',
      resend: 'same-id',
      idempotency: { field: 'client_order_id', value: 'sub-9' },
    });
  });
});

describe('POST /withdrawals: never re-sent; withdraw_order_id generated; looked up in the withdrawal list', () => {
  it('generates a withdraw_order_id within the seed rule (at most 32 letters, digits, _ - .)', async () => {
    await request(client(), withdrawMeta, withdrawal);
    expect(sentId(exchange.posts[0], 'withdraw_order_id')).toMatch(/^[0-9A-Za-z_.-]{1,32}$/);
  });

  it('applied but listed only later: unknown until the list shows it, then applied', async () => {
    exchange.first = 'apply-then-hang';
    exchange.lookupLag = 2;
    const core = client();
    const error = (await failure(request(core, withdrawMeta, withdrawal))) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    const id = sentId(exchange.posts[0], 'withdraw_order_id');
    expect(error.idempotency).toEqual({ field: 'withdraw_order_id', value: id });
    const first: Outcome = await resolveOutcome(core, error);
    expect(first.status).toBe('unknown');
    expect((first as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(0);
    expect((first as { reason: string }).reason).toMatch(/never resend/);
    const second = await resolveOutcome(core, error);
    expect(second.status).toBe('applied');
    expect((second as { data: unknown }).data).toMatchObject({ withdraw_order_id: id, status: 'REQUEST' });
    expect(exchange.posts).toHaveLength(1);
    const q = new URLSearchParams(exchange.lookups.at(-1)!.query);
    expect(q.get('withdraw_order_id')).toBe(id);
    expect(Number(q.get('to')) - Number(q.get('from'))).toBeLessThanOrEqual(30 * 86_400);
  });

  it('never arrived: still unknown (a withdrawal could appear later), never "safe to resend"', async () => {
    exchange.first = 'reset-before-apply';
    const core = client();
    const error = await failure(request(core, withdrawMeta, withdrawal));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    await expect(resolveOutcome(core, error)).resolves.toMatchObject({ status: 'unknown' });
    expect(exchange.applied).toBe(0);
    expect(exchange.posts).toHaveLength(1);
  });

  it('aborted after it was sent: UnknownOutcomeError, nothing looked up', async () => {
    exchange.first = 'apply-then-hang';
    const controller = new AbortController();
    const pending = failure(request(client(), withdrawMeta, withdrawal, { signal: controller.signal, timeout: 5000 }));
    setTimeout(() => controller.abort(), 60);
    const error = await pending;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as Error).message).toContain('aborted after the request was sent');
    expect(exchange.lookups).toHaveLength(0);
  });
});

describe('POST /unified/loans: no dedupe, no lookup', () => {
  it('a 503 is an UnknownOutcomeError at once, carrying the text it was sent with', async () => {
    exchange.first = '503-before-apply';
    const core = client();
    const error = (await failure(
      request(core, createLoanMeta, { currency: 'BTC', type: 'borrow', amount: '0.1', text: 't-loan-7' }),
    )) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.idempotency).toEqual({ field: 'text', value: 't-loan-7' });
    expect(exchange.lookups).toHaveLength(0);
    expect(exchange.posts).toHaveLength(1);
    const outcome = await resolveOutcome(core, error);
    expect(outcome).toMatchObject({ status: 'unknown', retryAfterMs: undefined });
    expect((outcome as { reason: string }).reason).toContain("check the account's history");
  });
});

describe('resolveOutcome of errors that already say "not applied"', () => {
  it.each([
    { name: 'never sent', given: new ConnectionError('refused', { requestSent: false }) },
    { name: 'validation', given: new ValidationError('amount', '-1', 'decimal.gt', 'must be greater than 0') },
    { name: 'local rate limit', given: new RateLimitError(0, 'RATE_LIMITED_LOCALLY', '', {}) },
    { name: 'server 429', given: new RateLimitError(429, 'TOO_MANY_REQUESTS', '', {}) },
  ])('$name: not applied, safe to resend, no request', async ({ given }) => {
    const before = server.requests.length;
    await expect(resolveOutcome(client(), given)).resolves.toMatchObject({ status: 'not-applied', resend: 'safe' });
    expect(server.requests.length).toBe(before);
  });

  it('refuses what is not an error of a write call of this client', async () => {
    await expect(resolveOutcome(client(), new Error('other'))).rejects.toBeInstanceOf(ExchangeError);
    await expect(resolveOutcome(client(), new UnknownOutcomeError('made by hand'))).rejects.toBeInstanceOf(
      ExchangeError,
    );
  });
});

describe('UnknownOutcomeError internals', () => {
  it('keeps the lookup data non-enumerable', async () => {
    exchange.first = 'reset-before-apply';
    const err = await failure(request(client(), withdrawMeta, { ...withdrawal, withdraw_order_id: 'w-77' }));
    expect(outcomeRecordOf(err)).toMatchObject({ operation: 'withdraw', field: 'withdraw_order_id', value: 'w-77' });
    expect(Object.keys(err as object)).not.toContain('lookup');
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({
      name: 'UnknownOutcomeError',
      idempotency: { field: 'withdraw_order_id', value: 'w-77' },
    });
  });

  it('an error thrown by another copy of the runtime (the generated client) can be resolved', async () => {
    exchange.first = 'apply-then-hang';
    exchange.lookupLag = 1;
    const other = new ExchangeClient({
      key: TEST_KEY,
      secret: TEST_SECRET,
      baseUrl: server.baseUrl,
      clockSync: 'off',
      timeout: 300,
    });
    const error = await failure(other.withdrawals.withdraw(withdrawal));
    expect(error).not.toBeInstanceOf(UnknownOutcomeError);
    await expect(resolveOutcome(client(), error)).resolves.toMatchObject({ status: 'applied' });
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
