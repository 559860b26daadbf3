import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConnectionError,
  RateLimitError,
  ServerError,
  UnknownOutcomeError,
  ValidationError,
} from '../../generator/targets/typescript/runtime/errors.js';
import type { LogEvent } from '../../generator/targets/typescript/runtime/logger.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import { readRequest, request } from '../../generator/targets/typescript/runtime/request.js';
import {
  backoffDelay,
  parseResetAt,
  parseRetryAfter,
} from '../../generator/targets/typescript/runtime/retry-timing.js';
import { testCore } from './helpers/core.js';
import { advanceUntilSettled } from './helpers/time.js';
import { fakeFetch, json, startServer, type Captured, type Reply, type TestServer } from './helpers/exchange.js';
import { listWithdrawalsMeta, subTransferMeta, withdrawMeta } from './helpers/meta.js';

describe('backoffDelay (full jitter, base 500 ms, cap 8 s)', () => {
  it.each([
    { retry: 1, random: 0.999999, want: 499 },
    { retry: 2, random: 0.999999, want: 999 },
    { retry: 3, random: 0.999999, want: 1999 },
    { retry: 4, random: 0.999999, want: 3999 },
    { retry: 5, random: 0.999999, want: 7999 },
    { retry: 6, random: 0.999999, want: 7999 },
    { retry: 20, random: 0.999999, want: 7999 },
    { retry: 3, random: 0, want: 0 },
    { retry: 3, random: 0.5, want: 1000 },
  ])('retry $retry, random $random -> $want ms', ({ retry, random, want }) => {
    expect(backoffDelay(retry, () => random)).toBe(want);
  });
});

describe('server-given waits', () => {
  const now = Date.parse('2024-01-01T00:00:00Z');
  it.each([
    { given: '3', want: 3000 },
    { given: '0.5', want: 500 },
    { given: 'Mon, 01 Jan 2024 00:00:10 GMT', want: 10_000 },
    { given: 'Sun, 31 Dec 2023 23:00:00 GMT', want: 0 },
    { given: 'soon', want: undefined },
    { given: '', want: undefined },
    { given: undefined, want: undefined },
  ])('Retry-After $given -> $want', ({ given, want }) => {
    expect(parseRetryAfter(given, now)).toBe(want);
  });

  it.each([
    { given: '1700000010', want: 1700000010_000 },
    { given: '1700000010123', want: 1700000010123 },
    { given: '0', want: undefined },
    { given: 'x', want: undefined },
    { given: null, want: undefined },
  ])('reset header $given -> $want', ({ given, want }) => {
    expect(parseResetAt(given)).toBe(want);
  });
});

describe('what is retried (127.0.0.1)', () => {
  let server: TestServer;
  let handler: (req: Captured, n: number) => Reply = () => json(200, {});
  const counts = new Map<string, number>();
  beforeAll(async () => {
    server = await startServer((req) => {
      const n = (counts.get(req.path) ?? 0) + 1;
      counts.set(req.path, n);
      return handler(req, n);
    });
  });
  afterAll(() => server.close());
  afterEach(() => {
    counts.clear();
    vi.restoreAllMocks();
  });
  const sent = (path: string): number => counts.get(`/api/v4${path}`) ?? 0;
  const withdrawal = { currency: 'USDT', amount: '10', chain: 'TRX', address: 'Txyz', withdraw_order_id: 'w-1' };

  it('a 5xx on a read is retried and the call succeeds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    handler = (_req, n) => (n < 3 ? json(502, { label: 'SERVER_ERROR', message: 'bad gateway' }) : json(200, []));
    const events: LogEvent[] = [];
    const core = testCore({ baseUrl: server.baseUrl, logger: (e) => events.push(e) });
    const { response } = await request(core, listWithdrawalsMeta, {}).withResponse();
    expect(sent('/wallet/withdrawals')).toBe(3);
    expect(response.attempts).toBe(3);
    expect(events.filter((e) => e.type === 'retry').map((e) => e.status)).toEqual([502, 502]);
  });

  it('a 5xx on POST /withdrawals is never resent and never a plain ServerError', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    handler = (req) => (req.method === 'POST' ? json(500, { label: 'INTERNAL', message: 'oops' }) : json(200, [[]]));
    const core = testCore({ baseUrl: server.baseUrl });
    const error = await request(core, withdrawMeta, withdrawal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error).toMatchObject({ idempotency: { field: 'withdraw_order_id', value: 'w-1' } });
    expect((error as Error).cause).toBeInstanceOf(ServerError);
    expect(sent('/withdrawals')).toBe(1);
    expect(sent('/wallet/withdrawals')).toBe(1);
  });

  it('a 502 on a deduplicated write is resent with the same id', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    handler = (_req, n) =>
      n === 1 ? json(502, { label: 'SERVER_ERROR', message: 'bad gateway' }) : json(200, { tx_id: 7 });
    const params = { sub_account: '10002', currency: 'USDT', amount: '5', direction: 'to', client_order_id: 'same-1' };
    const { data, response } = await request(
      testCore({ baseUrl: server.baseUrl }),
      subTransferMeta,
      params,
    ).withResponse();
    expect(data).toEqual({ tx_id: '7' });
    expect(response.attempts).toBe(2);
    expect(sent('/wallet/sub_account_transfers')).toBe(2);
  });

  it('stops after maxRetries (client option and per call)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    handler = () => json(503, { label: 'TOO_BUSY', message: 'busy' });
    await expect(request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {})).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(sent('/wallet/withdrawals')).toBe(3);
    counts.clear();
    await expect(
      request(testCore({ baseUrl: server.baseUrl, maxRetries: 1 }), listWithdrawalsMeta, {}),
    ).rejects.toBeInstanceOf(ServerError);
    expect(sent('/wallet/withdrawals')).toBe(2);
    counts.clear();
    await expect(
      request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {}, { maxRetries: 0 }),
    ).rejects.toBeInstanceOf(ServerError);
    expect(sent('/wallet/withdrawals')).toBe(1);
  });

  it('501 Not Implemented is permanent and not retried', async () => {
    handler = () => json(501, { label: 'NOT_IMPLEMENTED', message: 'no' });
    await expect(request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {})).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(sent('/wallet/withdrawals')).toBe(1);
  });

  it('4xx answers are never retried', async () => {
    handler = () => json(400, { label: 'INVALID_PARAM_VALUE', message: 'bad' });
    await expect(request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {})).rejects.toMatchObject({
      status: 400,
    });
    expect(sent('/wallet/withdrawals')).toBe(1);
  });

  it('a connection reset on a read is retried', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    handler = (_req, n) => (n === 1 ? { reset: true } : json(200, [{ id: 'w1' }]));
    await expect(request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {})).resolves.toEqual([
      { id: 'w1' },
    ]);
    expect(sent('/wallet/withdrawals')).toBe(2);
  });

  it('a reset after POST /withdrawals was sent is an unknown outcome, not a retry', async () => {
    handler = () => ({ reset: true });
    const err = await request(testCore({ baseUrl: server.baseUrl }), withdrawMeta, withdrawal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnknownOutcomeError);
    expect((err as UnknownOutcomeError).idempotency).toEqual({ field: 'withdraw_order_id', value: 'w-1' });
    expect(sent('/withdrawals')).toBe(1);
  });

  it('readRequest (what generated reads call) retries a read as request does', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    handler = (_req, n) => (n === 1 ? { reset: true } : json(200, [{ id: 'w1' }]));
    const core = testCore({ baseUrl: server.baseUrl });
    await expect(readRequest(core, listWithdrawalsMeta, {})).resolves.toEqual([{ id: 'w1' }]);
    expect(sent('/wallet/withdrawals')).toBe(2);
  });

  it('a write sent through readRequest (no write settlement) still ends unknown, sent once, its id kept', async () => {
    handler = (req) => (req.method === 'POST' ? json(500, { label: 'INTERNAL', message: 'oops' }) : json(200, [[]]));
    // readRequest hands the loop no body writer: the same write with its fields in the query.
    const { bodyFields = [], ...rest } = withdrawMeta;
    const bodyless: OperationMeta = { ...rest, body: 'none', queryParams: bodyFields.map((name) => ({ name })) };
    const error = await readRequest(testCore({ baseUrl: server.baseUrl }), bodyless, withdrawal).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error).toMatchObject({ idempotency: { field: 'withdraw_order_id', value: 'w-1' } });
    expect((error as Error).cause).toBeInstanceOf(ServerError);
    expect(sent('/withdrawals')).toBe(1);
    expect(sent('/wallet/withdrawals')).toBe(0);
  });

  it('a write with a body sent through readRequest is refused before anything is sent', async () => {
    handler = () => json(200, {});
    const error = await readRequest(testCore({ baseUrl: server.baseUrl }), withdrawMeta, withdrawal).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'body', value: 'json', rule: 'unsupported', operation: withdrawMeta.id });
    expect(sent('/withdrawals')).toBe(0);
  });

  it('a deduplicated write sent without its id is not resent on 5xx: unknown outcome, no id to look up', async () => {
    handler = () => json(502, { label: 'SERVER_ERROR', message: 'bad gateway' });
    const noGenerate: OperationMeta = {
      ...subTransferMeta,
      idempotency: { ...subTransferMeta.idempotency!, generate: false },
    };
    const error = await request(testCore({ baseUrl: server.baseUrl }), noGenerate, {
      sub_account: '10002',
      currency: 'USDT',
      amount: '5',
      direction: 'to',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error).toMatchObject({ idempotency: undefined });
    expect(sent('/wallet/sub_account_transfers')).toBe(1);
    expect(sent('/wallet/order_status')).toBe(0);
  });
});

describe('connection refused (nothing was sent)', () => {
  it('reads and writes alike are retried; then ConnectionError saying nothing was sent', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const closed = await startServer(() => json(200, {}));
    const baseUrl = closed.baseUrl;
    await closed.close();
    const events: LogEvent[] = [];
    const core = testCore({ baseUrl, logger: (e) => events.push(e) });
    await expect(request(core, listWithdrawalsMeta, {})).rejects.toBeInstanceOf(ConnectionError);
    expect(events.filter((e) => e.type === 'request')).toHaveLength(3);
    const err = await request(core, withdrawMeta, {
      currency: 'USDT',
      amount: '1',
      chain: 'TRX',
      address: 'Txyz',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ requestSent: false });
    expect((err as Error).message).toContain('before the request was sent');
    expect(events.filter((e) => e.type === 'request' && e.operation === 'withdraw')).toHaveLength(3);
    vi.restoreAllMocks();
  });
});

describe('429 timing (fake timers)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits until the reset time the server gave before resending', async () => {
    vi.useFakeTimers({ now: Date.parse('2024-01-01T00:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const times: number[] = [];
    const { fetch, requests } = fakeFetch(() => {
      times.push(Date.now());
      return times.length === 1
        ? json(
            429,
            { label: 'TOO_MANY_REQUESTS', message: 'Request Rate Limit Exceeded' },
            { 'X-Svc-RateLimit-Reset-Timestamp': String(Date.now() / 1000 + 5) },
          )
        : json(200, []);
    });
    const { response } = await advanceUntilSettled(
      request(testCore({ fetch }), listWithdrawalsMeta, {}).withResponse(),
    );
    expect(response.attempts).toBe(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(5000);
    // Every attempt is signed afresh: a new Timestamp and a new signature.
    const [a, b] = requests.map((r) => r.headers);
    expect(Number(b!['timestamp']) - Number(a!['timestamp'])).toBeGreaterThanOrEqual(5);
    expect(b!['sign']).not.toBe(a!['sign']);
    expect(b!['x-client-request-id']).toBe(a!['x-client-request-id']);
  });

  it('honours Retry-After', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const times: number[] = [];
    const { fetch } = fakeFetch(() => {
      times.push(Date.now());
      return times.length === 1 ? json(429, { label: 'TOO_MANY_REQUESTS' }, { 'Retry-After': '3' }) : json(200, []);
    });
    await advanceUntilSettled(request(testCore({ fetch }), listWithdrawalsMeta, {}).withResponse());
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(3000);
    expect(times[1]! - times[0]!).toBeLessThan(3100);
  });

  it('in reject mode a 429 is thrown at once, with the reset time and bucket', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch, requests } = fakeFetch(() =>
      json(429, { label: 'TOO_MANY_REQUESTS' }, { 'X-Svc-RateLimit-Reset-Timestamp': '30' }),
    );
    const err = await request(testCore({ fetch, rateLimit: 'reject' }), listWithdrawalsMeta, {}).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, label: 'TOO_MANY_REQUESTS', resetAt: 30_000, bucket: 'listWithdrawals' });
    expect(requests).toHaveLength(1);
  });

  it('backoff delays stay within the full-jitter ceilings', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const times: number[] = [];
    const { fetch } = fakeFetch(() => {
      times.push(Date.now());
      return times.length < 3 ? json(500, { label: 'INTERNAL' }) : json(200, []);
    });
    await advanceUntilSettled(request(testCore({ fetch }), listWithdrawalsMeta, {}).withResponse(), 10_000, 10);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(499);
    expect(times[1]! - times[0]!).toBeLessThan(520);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(999);
    expect(times[2]! - times[1]!).toBeLessThan(1020);
    vi.restoreAllMocks();
  });
});
