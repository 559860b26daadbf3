import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPromise, PagePromise } from '../../generator/targets/typescript/runtime/api-promise.js';
import {
  AbortError,
  BadRequestError,
  TimeoutError,
  ValidationError,
} from '../../generator/targets/typescript/runtime/errors.js';
import { ResponseBodyError } from '../../generator/targets/typescript/runtime/response-errors.js';
import { isResponseBodyError } from '../../generator/targets/typescript/runtime/error-guards.js';
import { resolveOutcome } from '../../generator/targets/typescript/runtime/outcome.js';
import type { LogEvent } from '../../generator/targets/typescript/runtime/logger.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import { RateLimiter } from '../../generator/targets/typescript/runtime/rate-limit.js';
import { pageRequest, request, writeRequest } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import {
  authFailure,
  fakeFetch,
  json,
  startServer,
  TEST_KEY,
  type Captured,
  type Reply,
  type TestServer,
} from './helpers/exchange.js';
import {
  batchOrdersMeta,
  createLoanMeta,
  op,
  futuresOrdersMeta,
  listWithdrawalsMeta,
  lockSubAccountMeta,
  spotTimeMeta,
  transferMeta,
  withdrawMeta,
} from './helpers/meta.js';

const BIG = '36028813724316572';
const createOrderMeta = op('createOrder');
/** The client_order_id of the last request's body. */
const sentId = (): unknown => (JSON.parse(last().body) as { client_order_id?: unknown }).client_order_id;
let server: TestServer;
let handler: (req: Captured) => Reply = () => json(200, {});

beforeAll(async () => {
  const publicPaths = ['/api/v4/spot/time', '/api/v4/spot/currencies'];
  server = await startServer(
    (req) => (publicPaths.includes(req.path) ? undefined : authFailure(req, Date.now())) ?? handler(req),
  );
});
afterAll(() => server.close());

const last = (): Captured => server.requests[server.requests.length - 1]!;

describe('ApiPromise laziness', () => {
  it('sends nothing until awaited, then once however often it is awaited', async () => {
    handler = () => json(200, { server_time: 1 });
    const core = testCore({ baseUrl: server.baseUrl });
    const before = server.requests.length;
    const p = request(core, spotTimeMeta, {});
    expect(p).toBeInstanceOf(ApiPromise);
    await new Promise((r) => setTimeout(r, 30));
    expect(server.requests.length).toBe(before);
    // server_time is an int64 (milliseconds): a decimal string in responses
    expect(await p).toEqual({ server_time: '1' });
    await p;
    await p.withResponse();
    expect(server.requests.length).toBe(before + 1);
  });

  it('catch and finally also start the call', async () => {
    handler = () => json(400, { label: 'INVALID_PARAM_VALUE', message: 'bad' });
    const core = testCore({ baseUrl: server.baseUrl });
    const seen: unknown[] = [];
    await request(core, spotTimeMeta, {}).catch((e: unknown) => seen.push(e));
    expect(seen[0]).toBeInstanceOf(BadRequestError);
    let done = false;
    await request(core, spotTimeMeta, {})
      .finally(() => {
        done = true;
      })
      .catch(() => undefined);
    expect(done).toBe(true);
  });
});

describe('a signed call end to end', () => {
  it('sends the JSON body in field order with int64 kept and returns int64 as strings', async () => {
    handler = (req) =>
      req.path === '/api/v4/wallet/transfers'
        ? {
            status: 200,
            body: `{"tx_id":${BIG}}`,
            headers: {
              'X-Svc-Trace-ID': 'trace-1',
              'X-Svc-RateLimit-Requests-Remain': '79',
              'X-Svc-RateLimit-Limit': '80',
              'X-Svc-RateLimit-Reset-Timestamp': '1700000010',
            },
          }
        : json(404, {});
    const core = testCore({ baseUrl: server.baseUrl });
    const { data, response } = await request(core, transferMeta, {
      amount: '1.5',
      currency: 'USDT',
      to: 'margin',
      from: 'spot',
      currency_pair: 'BTC_USDT',
      client_order_id: 'my-id-1',
    }).withResponse();
    expect(data).toEqual({ tx_id: BIG });
    expect(last().body).toBe(
      '{"currency":"USDT","from":"spot","to":"margin","amount":"1.5","currency_pair":"BTC_USDT","client_order_id":"my-id-1"}',
    );
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().headers['accept']).toBe('application/json');
    expect(response).toMatchObject({
      status: 200,
      traceId: 'trace-1',
      requestId: last().headers['x-client-request-id'],
      rateLimit: { remaining: 79, limit: 80, resetAt: 1700000010_000 },
      attempts: 1,
    });
    expect(response.headers['x-svc-trace-id']).toBe('trace-1');
  });

  it('writes int64 request paths as bare JSON numbers', async () => {
    const pushMeta: OperationMeta = {
      ...createLoanMeta,
      id: 'withdrawPushOrder',
      path: '/withdrawals/push',
      bodyFields: ['receive_uid', 'currency', 'amount'],
      rules: [],
      int64: { request: [['receive_uid']] },
    };
    handler = () => json(200, { id: '1' });
    await request(testCore({ baseUrl: server.baseUrl }), pushMeta, { receive_uid: BIG, currency: 'USDT', amount: '1' });
    expect(last().body).toBe(`{"receive_uid":${BIG},"currency":"USDT","amount":"1"}`);
  });

  it('a generated idempotency id is 32 hex chars; the caller value and idempotencyKey win', async () => {
    handler = () => json(200, { tx_id: 1 });
    const core = testCore({ baseUrl: server.baseUrl });
    const base = { currency: 'USDT', from: 'spot', to: 'margin', amount: '1', currency_pair: 'BTC_USDT' };
    await request(core, transferMeta, base);
    expect(sentId()).toMatch(/^[0-9a-f]{32}$/);
    await request(core, transferMeta, base, { idempotencyKey: 'opt-key' });
    expect(sentId()).toBe('opt-key');
    await request(core, transferMeta, { ...base, client_order_id: 'param-key' }, { idempotencyKey: 'opt-key' });
    expect(sentId()).toBe('param-key');
    await expect(request(core, spotTimeMeta, {}, { idempotencyKey: 'x' })).rejects.toMatchObject({
      field: 'idempotencyKey',
    });
  });

  it('fills path parameters, answers 204 with undefined, unwraps nested lists', async () => {
    handler = (req) => (req.path.endsWith('/lock') ? { status: 204 } : json(200, [[{ id: 'w1' }, { id: 'w2' }]]));
    const core = testCore({ baseUrl: server.baseUrl });
    await expect(request(core, lockSubAccountMeta, { user_id: BIG })).resolves.toBeUndefined();
    expect(last().target).toBe(`/api/v4/sub_accounts/${BIG}/lock`);
    const list = await request(core, listWithdrawalsMeta, { currency: 'BTC' });
    expect(list).toEqual([{ id: 'w1' }, { id: 'w2' }]);
    handler = () => json(200, [{ id: 'w3' }]);
    expect(await request(core, listWithdrawalsMeta, { currency: 'BTC' })).toEqual([{ id: 'w3' }]);
  });

  it('sends X-Svc-Size-Decimal on futures operations unless turned off, never on others', async () => {
    handler = () => json(200, []);
    await request(testCore({ baseUrl: server.baseUrl }), futuresOrdersMeta, {
      settle: 'usdt',
      contract: 'BTC_USDT',
      status: 'open',
    });
    expect(last().headers['x-svc-size-decimal']).toBe('1');
    expect(last().query).toBe('contract=BTC_USDT&status=open');
    await request(testCore({ baseUrl: server.baseUrl, sizeDecimal: false }), futuresOrdersMeta, {
      settle: 'usdt',
      status: 'open',
    });
    expect(last().headers['x-svc-size-decimal']).toBeUndefined();
    await request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {});
    expect(last().headers['x-svc-size-decimal']).toBeUndefined();
  });

  it('sends default and per-call headers; the signing headers cannot be given', async () => {
    handler = () => json(200, []);
    expect(() => testCore({ baseUrl: server.baseUrl, defaultHeaders: { SIGN: 'forged' } })).toThrow(ValidationError);
    const core = testCore({ baseUrl: server.baseUrl, defaultHeaders: { 'X-App': 'demo' } });
    await request(
      core,
      listWithdrawalsMeta,
      {},
      { headers: { 'x-svc-exptime': 1700000000000, 'X-Client-Request-Id': 'req-42' } },
    );
    expect(last().headers['x-app']).toBe('demo');
    expect(last().headers['x-svc-exptime']).toBe('1700000000000');
    expect(last().headers['x-client-request-id']).toBe('req-42');
    expect(authFailure(last(), Date.now())).toBeUndefined();
    const sent = server.requests.length;
    await expect(request(core, listWithdrawalsMeta, {}, { headers: { SIGN: 'forged' } })).rejects.toMatchObject({
      field: 'headers.SIGN',
      rule: 'reserved',
    });
    expect(server.requests.length).toBe(sent);
  });

  it('a fresh client request id per call', async () => {
    handler = () => json(200, []);
    const core = testCore({ baseUrl: server.baseUrl });
    await request(core, listWithdrawalsMeta, {});
    const first = last().headers['x-client-request-id'];
    await request(core, listWithdrawalsMeta, {});
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(last().headers['x-client-request-id']).not.toBe(first);
  });
});

describe('a success status whose body is not valid JSON', () => {
  const page = '<html><body>Bad gateway? key=' + TEST_KEY + '</body></html>';
  const cases = [
    { name: 'a proxy page', body: page },
    { name: 'an answer cut short', body: `{"tx_id":${BIG}` },
    { name: 'text after the JSON', body: '{"tx_id":1} trailing' },
  ];

  it.each(cases)('$name answering a write: a typed final error, sent once, id and trace kept', async ({ body }) => {
    handler = () => ({ status: 200, body, headers: { 'X-Svc-Trace-ID': 'trace-9', 'X-Echo': TEST_KEY } });
    const core = testCore({ baseUrl: server.baseUrl, maxRetries: 5 });
    const before = server.requests.length;
    const params = { currency: 'USDT', from: 'spot', to: 'margin', amount: '1', currency_pair: 'BTC_USDT' };
    const error: unknown = await request(core, transferMeta, { ...params, client_order_id: 'id-7' }).catch((e) => e);
    expect(server.requests.length - before).toBe(1);
    expect(error).toBeInstanceOf(ResponseBodyError);
    expect(isResponseBodyError(error)).toBe(true);
    const e = error as ResponseBodyError;
    expect(e).toMatchObject({
      status: 200,
      operation: 'transfer',
      endpoint: 'POST /api/v4/wallet/transfers',
      traceId: 'trace-9',
      requestId: last().headers['x-client-request-id'],
      idempotency: { field: 'client_order_id', value: 'id-7' },
    });
    expect(e.message).toBe(
      'transfer: the server answered 200 with a body that is not valid JSON; it accepted the write, which is not sent again',
    );
    // Neither the body nor the key echoed in a header reaches the error.
    expect(JSON.stringify({ ...e.toJSON(), message: e.message, stack: e.stack })).not.toContain(TEST_KEY);
    expect(JSON.stringify(e.toJSON())).not.toContain('html');
    const outcome = await resolveOutcome(core, e);
    expect(outcome).toMatchObject({ status: 'unknown', retryAfterMs: undefined });
    expect(outcome.status === 'unknown' && outcome.reason).toBe(
      'the server accepted it (status 200) but its answer could not be read; do not resend it: find client_order_id=id-7',
    );
  });

  it('answering a read: the same typed error, without the write sentence', async () => {
    handler = () => ({ status: 200, body: page });
    const error: unknown = await request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {}).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ResponseBodyError);
    expect((error as ResponseBodyError).message).toBe(
      'listWithdrawals: the server answered 200 with a body that is not valid JSON',
    );
  });
});

describe('before any I/O', () => {
  it('a validation failure sends nothing and spends no rate-limit token', async () => {
    const limiter = new RateLimiter({ mode: 'wait' });
    const acquire = vi.spyOn(limiter, 'acquire');
    const core = testCore({ baseUrl: server.baseUrl, limiter });
    const before = server.requests.length;
    const err = await request(core, transferMeta, { currency: 'USDT', from: 'spot', to: 'moon', amount: '1' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).field).toBe('to');
    expect(acquire).not.toHaveBeenCalled();
    expect(server.requests.length).toBe(before);
  });

  it.each([
    { given: 'a list body', meta: batchOrdersMeta, params: { body: [{ currency_pair: 'BTC_USDT' }] } },
    { given: 'a paginated lookup read', meta: withdrawMeta, params: { currency: 'USDT', amount: '1', address: 'a' } },
  ])(
    'writeRequest refuses an operation with $given (its checks come with request), sending nothing',
    async ({ meta, params }) => {
      const core = testCore({ baseUrl: server.baseUrl });
      const before = server.requests.length;
      await expect(writeRequest(core, meta, params)).rejects.toMatchObject({
        name: 'ValidationError',
        field: 'operation',
        value: meta.id,
        rule: 'unsupported',
      });
      expect(server.requests.length).toBe(before);
    },
  );

  it('writeRequest validates a write of one object like request: nothing sent', async () => {
    const core = testCore({ baseUrl: server.baseUrl });
    const before = server.requests.length;
    const err = await writeRequest(core, transferMeta, {
      currency: 'USDT',
      from: 'spot',
      to: 'moon',
      amount: '1',
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ValidationError', field: 'to', rule: 'enum' });
    expect(server.requests.length).toBe(before);
  });

  it('a private operation without credentials fails naming the key', async () => {
    const core = testCore({ baseUrl: server.baseUrl, key: undefined, secret: undefined });
    const before = server.requests.length;
    await expect(request(core, listWithdrawalsMeta, {})).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'key',
      rule: 'required',
    });
    expect(server.requests.length).toBe(before);
  });

  it('public operations work without credentials and are not signed', async () => {
    handler = () => json(200, { server_time: 5 });
    const core = testCore({ baseUrl: server.baseUrl, key: undefined, secret: undefined });
    await request(core, spotTimeMeta, {});
    expect(last().headers['sign']).toBeUndefined();
    expect(last().headers['key']).toBeUndefined();
  });
});

describe('timeouts and aborts (fake fetch)', () => {
  it('times out a hanging attempt with TimeoutError', async () => {
    const { fetch } = fakeFetch(() => ({ hang: true }));
    const core = testCore({ fetch, timeout: 50, maxRetries: 0 });
    await expect(request(core, listWithdrawalsMeta, {})).rejects.toBeInstanceOf(TimeoutError);
  });

  it("honours the caller's signal", async () => {
    const { fetch, requests } = fakeFetch(() => ({ hang: true }));
    const core = testCore({ fetch });
    const controller = new AbortController();
    const p = request(core, listWithdrawalsMeta, {}, { signal: controller.signal });
    const settled = p.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await vi.waitFor(() => expect(requests.length).toBe(1));
    controller.abort();
    expect(await settled).toBeInstanceOf(AbortError);
    const aborted = new AbortController();
    aborted.abort();
    await expect(request(core, listWithdrawalsMeta, {}, { signal: aborted.signal })).rejects.toBeInstanceOf(AbortError);
    expect(requests.length).toBe(1);
  });
});

describe('raw requests', () => {
  it('signs any path, sends the query in key order and a JSON body', async () => {
    handler = () => json(200, { fee: '0.1' });
    const core = testCore({ baseUrl: server.baseUrl });
    await expect(
      core.request({ method: 'GET', path: '/spot/fee', query: { currency_pair: 'BTC_USDT', list: ['a', 'b'] } }),
    ).resolves.toEqual({ fee: '0.1' });
    expect(last().target).toBe('/api/v4/spot/fee?currency_pair=BTC_USDT&list=a,b');
    expect(authFailure(last(), Date.now())).toBeUndefined();
    await core.request({ method: 'POST', path: '/api/v4/account/debit_fee', body: { enabled: true } });
    expect(last().path).toBe('/api/v4/account/debit_fee');
    expect(last().body).toBe('{"enabled":true}');
  });

  it('public raw requests are not signed; bad paths and bodies on GET are refused before sending', async () => {
    handler = () => json(200, {});
    const core = testCore({ baseUrl: server.baseUrl });
    await core.request({ method: 'GET', path: '/spot/currencies', auth: 'public' });
    expect(last().headers['sign']).toBeUndefined();
    const before = server.requests.length;
    await expect(core.request({ method: 'GET', path: '/a/../b' })).rejects.toMatchObject({ field: 'path' });
    await expect(core.request({ method: 'GET', path: '/spot/fee', body: { a: 1 } })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(server.requests.length).toBe(before);
  });
});

describe('pages through the same loop', () => {
  it('iterates offset pages, each one signed, until a short page', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ id: String(i + 1) }));
    handler = (req) => {
      const q = new URLSearchParams(req.query);
      const offset = Number(q.get('offset'));
      const limit = Number(q.get('limit'));
      return json(200, [items.slice(offset, offset + limit)]);
    };
    const core = testCore({ baseUrl: server.baseUrl });
    const before = server.requests.length;
    const page = pageRequest<unknown, { id: string }>(core, listWithdrawalsMeta, { limit: 2 });
    expect(page).toBeInstanceOf(PagePromise);
    const seen: string[] = [];
    for await (const item of page) seen.push(item.id);
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
    const sent = server.requests.slice(before);
    expect(sent.map((r) => r.query)).toEqual(['limit=2&offset=0', 'limit=2&offset=2', 'limit=2&offset=4']);
    for (const r of sent) expect(authFailure(r, Date.now())).toBeUndefined();
    expect(await page).toEqual([{ id: '1' }, { id: '2' }]);
  });
});

describe('logger', () => {
  it('reports request and response events without headers', async () => {
    handler = () => json(200, [], { 'X-Svc-Trace-ID': 't-9' });
    const events: LogEvent[] = [];
    const core = testCore({ baseUrl: server.baseUrl, logger: (e) => events.push(e) });
    await request(core, listWithdrawalsMeta, { currency: 'BTC' });
    expect(events.map((e) => e.type)).toEqual(['request', 'response']);
    expect(events[1]).toMatchObject({
      operation: 'listWithdrawals',
      method: 'GET',
      url: `${server.baseUrl}/wallet/withdrawals?currency=BTC`,
      status: 200,
      attempt: 1,
      traceId: 't-9',
    });
    expect(typeof events[1]!.durationMs).toBe('number');
  });

  it('a throwing logger does not break the call', async () => {
    handler = () => json(200, []);
    const core = testCore({
      baseUrl: server.baseUrl,
      logger: () => {
        throw new Error('logger down');
      },
    });
    await expect(request(core, listWithdrawalsMeta, {})).resolves.toEqual([]);
  });
});

describe('both header families: the seed X-Svc-* names and the live X-Gate-* names', () => {
  it.each([
    {
      family: 'seed',
      headers: {
        'X-Svc-Trace-ID': 'trace-seed',
        'X-Svc-RateLimit-Requests-Remain': '12',
        'X-Svc-RateLimit-Limit': '200',
        'X-Svc-RateLimit-Reset-Timestamp': '1700000010',
      },
      want: { traceId: 'trace-seed', rateLimit: { remaining: 12, limit: 200, resetAt: 1700000010_000 } },
    },
    {
      family: 'live',
      headers: {
        'X-Gate-Trace-Id': 'trace-live',
        'X-Gate-RateLimit-Requests-Remain': '7',
        'X-Gate-RateLimit-Limit': '200',
        'X-Gate-RateLimit-Reset-Timestamp': '1700000020',
      },
      want: { traceId: 'trace-live', rateLimit: { remaining: 7, limit: 200, resetAt: 1700000020_000 } },
    },
  ])('$family names fill traceId and rateLimit', async ({ headers, want }) => {
    handler = () => json(200, [], headers);
    const { response } = await request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {}).withResponse();
    expect(response).toMatchObject(want);
  });

  it('a live 429 gives the reset time and trace id, and the limiter waits for it', async () => {
    handler = () =>
      json(
        429,
        { label: 'TOO_MANY_REQUESTS', message: 'Request Rate Limit Exceeded' },
        { 'X-Gate-RateLimit-Reset-Timestamp': '4102444800', 'X-Gate-Trace-Id': 'trace-429' },
      );
    const limiter = new RateLimiter({ mode: 'reject' });
    const core = testCore({ baseUrl: server.baseUrl, limiter, rateLimit: 'reject' });
    const error = await request(core, listWithdrawalsMeta, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, resetAt: 4102444800_000, traceId: 'trace-429' });
    const local = await request(core, listWithdrawalsMeta, {}).catch((e: unknown) => e);
    expect(local).toMatchObject({ status: 0, label: 'RATE_LIMITED_LOCALLY' });
  });
});

describe('rate-limit-wait events', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a wait longer than a moment is reported with the bucket (and market) and the wait in ms', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch } = fakeFetch(() => json(200, { id: 'o1' }));
    const events: LogEvent[] = [];
    const core = testCore({ fetch, logger: (e) => events.push(e) });
    const place = () =>
      request(core, createOrderMeta, { currency_pair: 'BTC_USDT', side: 'buy', amount: '1', price: '1' });
    const all = Promise.all(Array.from({ length: 11 }, place));
    await vi.advanceTimersByTimeAsync(2000);
    await all;
    const waits = events.filter((e) => e.type === 'rate-limit-wait');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ operation: 'createOrder', bucket: 'spot-place BTC_USDT' });
    expect(waits[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(waits[0]!.delayMs).toBeLessThan(1100);
  });

  it('short waits and calls without a logger report nothing', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch } = fakeFetch(() => json(200, []));
    const events: LogEvent[] = [];
    const core = testCore({ fetch, logger: (e) => events.push(e) });
    await Promise.all([request(core, listWithdrawalsMeta, {}), request(core, listWithdrawalsMeta, {})]);
    expect(events.filter((e) => e.type === 'rate-limit-wait')).toHaveLength(0);
  });
});
