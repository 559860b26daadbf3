import { describe, expect, it } from 'vitest';
import {
  AbortError,
  apiErrorFor,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  ExchangeError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '../../generator/targets/typescript/runtime/errors.js';
import {
  isAbortError,
  isApiError,
  isAuthenticationError,
  isBadRequestError,
  isConnectionError,
  isExchangeError,
  isNotFoundError,
  isPermissionDeniedError,
  isRateLimitError,
  isServerError,
  isTimeoutError,
  isUnknownOutcomeError,
  isRedirectError,
  isResponseBodyError,
  isResponseTooLargeError,
  isValidationError,
} from '../../generator/targets/typescript/runtime/error-guards.js';
import * as other from '../../generated/src/runtime/index.js';
import { ResponseTooLargeError } from '../../generator/targets/typescript/runtime/response-errors.js';
import { request } from '../../generator/targets/typescript/runtime/request.js';
import { errorBody } from '../../generator/targets/typescript/runtime/response.js';
import { sanitizeCause } from '../../generator/targets/typescript/runtime/transport.js';
import { testCore } from './helpers/core.js';
import { fakeFetch, json, type Reply } from './helpers/exchange.js';
import { listWithdrawalsMeta } from './helpers/meta.js';

describe('apiErrorFor maps the status to a class', () => {
  it.each([
    { status: 400, want: BadRequestError },
    { status: 409, want: BadRequestError },
    { status: 401, want: AuthenticationError },
    { status: 403, want: PermissionDeniedError },
    { status: 404, want: NotFoundError },
    { status: 429, want: RateLimitError },
    { status: 500, want: ServerError },
    { status: 504, want: ServerError },
  ])('$status', ({ status, want }) => {
    const e = apiErrorFor(status, 'L', 'd', {});
    expect(e).toBeInstanceOf(want);
    expect(isApiError(e)).toBe(true);
    expect(e.status).toBe(status);
  });
});

describe('type guards', () => {
  const samples = {
    BadRequestError: new BadRequestError(400, 'L', '', {}),
    AuthenticationError: new AuthenticationError(401, 'L', '', {}),
    PermissionDeniedError: new PermissionDeniedError(403, 'L', '', {}),
    NotFoundError: new NotFoundError(404, 'L', '', {}),
    ServerError: new ServerError(500, 'L', '', {}),
    RateLimitError: new RateLimitError(429, 'L', '', {}),
    ConnectionError: new ConnectionError('x'),
    TimeoutError: new TimeoutError('x'),
    AbortError: new AbortError('x'),
    ValidationError: new ValidationError('f', 1, 'r', 'is bad'),
    UnknownOutcomeError: new UnknownOutcomeError('x'),
    ResponseTooLargeError: new ResponseTooLargeError(200, 1024),
  };
  const guards: Array<[string, (e: unknown) => boolean]> = [
    ['BadRequestError', isBadRequestError],
    ['AuthenticationError', isAuthenticationError],
    ['PermissionDeniedError', isPermissionDeniedError],
    ['NotFoundError', isNotFoundError],
    ['ServerError', isServerError],
    ['RateLimitError', isRateLimitError],
    ['ConnectionError', isConnectionError],
    ['TimeoutError', isTimeoutError],
    ['AbortError', isAbortError],
    ['ValidationError', isValidationError],
    ['UnknownOutcomeError', isUnknownOutcomeError],
    ['ResponseTooLargeError', isResponseTooLargeError],
  ];
  it.each(guards)('%s guard accepts its class only', (name, guard) => {
    for (const [sample, error] of Object.entries(samples)) {
      expect(guard(error)).toBe(sample === name);
      expect(isExchangeError(error)).toBe(true);
    }
    expect(guard(new Error('plain'))).toBe(false);
  });
  it('a ResponseTooLargeError is not a ResponseBodyError (its write is not known to be accepted)', () => {
    const error = new ResponseTooLargeError(200, 1024, { operation: 'withdraw' });
    expect(isResponseBodyError(error)).toBe(false);
    expect(error.toJSON()).toMatchObject({ name: 'ResponseTooLargeError', status: 200, limit: 1024 });
  });
});

describe('errorBody', () => {
  it.each([
    {
      name: 'label and message',
      given: '{"label":"INVALID_PARAM_VALUE","message":"bad currency"}',
      want: { label: 'INVALID_PARAM_VALUE', detail: 'bad currency' },
    },
    {
      name: 'detail instead of message',
      given: '{"label":"INVALID_KEY","detail":"key gone"}',
      want: { label: 'INVALID_KEY', detail: 'key gone' },
    },
    {
      name: 'message wins over detail',
      given: '{"label":"X","message":"m","detail":"d"}',
      want: { label: 'X', detail: 'm' },
    },
    { name: 'no label', given: '{"message":"m"}', want: { label: 'UNKNOWN', detail: 'm' } },
    { name: 'empty body', given: '', want: { label: 'UNKNOWN', detail: '' } },
    {
      name: 'HTML from a proxy (not copied)',
      given: '<html>Bad Gateway</html>',
      want: { label: 'UNKNOWN', detail: 'response body is not JSON' },
    },
    { name: 'JSON array', given: '[1]', want: { label: 'UNKNOWN', detail: 'response body is not JSON' } },
  ])('$name', ({ given, want }) => {
    expect(errorBody(given)).toEqual(want);
  });
});

describe('errors from a call carry what the caller needs', () => {
  const params = { currency: 'USDT' };
  const callWith = async (reply: Reply) => {
    const { fetch, requests } = fakeFetch(() => reply);
    const error = await request(testCore({ fetch, maxRetries: 0 }), listWithdrawalsMeta, params).catch(
      (e: unknown) => e,
    );
    return { error: error as ExchangeError & Record<string, unknown>, sent: requests[0]! };
  };

  it.each([
    { status: 400, label: 'BALANCE_NOT_ENOUGH', want: BadRequestError },
    { status: 401, label: 'INVALID_SIGNATURE', want: AuthenticationError },
    { status: 403, label: 'FORBIDDEN', want: PermissionDeniedError },
    { status: 404, label: 'NOT_FOUND', want: NotFoundError },
    { status: 429, label: 'TOO_MANY_REQUESTS', want: RateLimitError },
    { status: 500, label: 'INTERNAL', want: ServerError },
  ])('$status $label', async ({ status, label, want }) => {
    const { error, sent } = await callWith(json(status, { label, message: 'text' }, { 'X-Svc-Trace-ID': 'tr-1' }));
    expect(error).toBeInstanceOf(want);
    expect(error).toMatchObject({
      status,
      label,
      detail: 'text',
      operation: 'listWithdrawals',
      endpoint: 'GET /api/v4/wallet/withdrawals',
      traceId: 'tr-1',
      requestId: sent.headers['x-client-request-id'],
    });
    expect(error.message).toBe(`${status} ${label}: text (listWithdrawals)`);
    expect((error as unknown as { headers: Record<string, string> }).headers['x-svc-trace-id']).toBe('tr-1');
  });

  it('a 429 carries the reset time and the bucket', async () => {
    const { error } = await callWith(
      json(429, { label: 'TOO_MANY_REQUESTS' }, { 'X-Svc-RateLimit-Reset-Timestamp': '1700000000' }),
    );
    expect(error).toMatchObject({ resetAt: 1700000000_000, bucket: 'listWithdrawals' });
  });

  it('a body without JSON still gives a typed error', async () => {
    const { error } = await callWith({ status: 502, body: '<html>upstream</html>' });
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ label: 'UNKNOWN', detail: 'response body is not JSON' });
  });

  it('toJSON is plain and leaves the cause out', () => {
    const e = new ConnectionError('failed', { operation: 'op', cause: new Error('inner') });
    expect(e.toJSON()).toEqual({ name: 'ConnectionError', message: 'failed', operation: 'op', requestSent: true });
  });
});

describe('sanitizeCause', () => {
  it('keeps name, message and code, three causes deep, and nothing else', () => {
    const deep = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', socket: { secret: 'x' } });
    const top = Object.assign(new TypeError('fetch failed', { cause: deep }), {
      request: { headers: { SIGN: 'abc' } },
    });
    const copy = sanitizeCause(top)!;
    expect(copy.name).toBe('TypeError');
    expect(copy.message).toBe('fetch failed');
    expect(Object.keys(copy)).toEqual(['name']);
    const inner = copy.cause as Error & { code?: string };
    expect(inner.message).toBe('socket hang up');
    expect(inner.code).toBe('ECONNRESET');
    expect(Object.keys(inner).sort()).toEqual(['code', 'name']);
    let chain: unknown = { cause: { cause: { cause: { cause: { cause: { message: 'too deep' } } } } } };
    let depth = 0;
    for (let c: unknown = sanitizeCause(chain); c instanceof Error; c = c.cause) depth++;
    expect(depth).toBe(4);
    chain = undefined;
    expect(sanitizeCause(chain)).toBeUndefined();
  });
});

describe('guards across two copies of the package (ESM and CommonJS loaded together)', () => {
  // generated/src/runtime is a separate copy of the runtime: its classes are not these classes,
  // exactly as the ESM and CommonJS builds of the package are not each other's.
  const copy = other;
  const samples: Array<[string, unknown, (e: unknown) => boolean]> = [
    ['ApiError', new copy.BadRequestError(400, 'L', '', {}), isApiError],
    ['BadRequestError', new copy.BadRequestError(400, 'L', '', {}), isBadRequestError],
    ['AuthenticationError', new copy.AuthenticationError(401, 'L', '', {}), isAuthenticationError],
    ['PermissionDeniedError', new copy.PermissionDeniedError(403, 'L', '', {}), isPermissionDeniedError],
    ['NotFoundError', new copy.NotFoundError(404, 'L', '', {}), isNotFoundError],
    ['ServerError', new copy.ServerError(500, 'L', '', {}), isServerError],
    ['RateLimitError', new copy.RateLimitError(429, 'L', '', {}), isRateLimitError],
    ['ApiError (rate limit)', new copy.RateLimitError(429, 'L', '', {}), isApiError],
    ['ConnectionError', new copy.ConnectionError('x'), isConnectionError],
    ['TimeoutError', new copy.TimeoutError('x'), isTimeoutError],
    ['AbortError', new copy.AbortError('x'), isAbortError],
    ['ValidationError', new copy.ValidationError('f', 1, 'r', 'bad'), isValidationError],
    ['UnknownOutcomeError', new copy.UnknownOutcomeError('x'), isUnknownOutcomeError],
    ['RedirectError', new copy.RedirectError(307, 'https://elsewhere.example'), isRedirectError],
    ['ResponseTooLargeError', new copy.ResponseTooLargeError(200, 1024), isResponseTooLargeError],
    ['ExchangeError', new copy.ExchangeError('x'), isExchangeError],
  ];
  it.each(samples)(
    '%s from the other copy passes this copy’s guard (instanceof alone would not)',
    (_name, error, guard) => {
      expect(error instanceof ExchangeError).toBe(false);
      expect(guard(error)).toBe(true);
    },
  );

  it('and the other way round', () => {
    expect(copy.isUnknownOutcomeError(new UnknownOutcomeError('x'))).toBe(true);
    expect(copy.isApiError(new RateLimitError(429, 'L', '', {}))).toBe(true);
    expect(copy.isRateLimitError(new ServerError(500, 'L', '', {}))).toBe(false);
  });

  it.each([
    { name: 'an unbranded error named like ours', given: Object.assign(new Error('x'), { name: 'ApiError' }) },
    { name: 'a plain object', given: { name: 'RateLimitError', status: 429 } },
    { name: 'null', given: null },
  ])('rejects $name', ({ given }) => {
    expect(isApiError(given)).toBe(false);
    expect(isRateLimitError(given)).toBe(false);
    expect(isExchangeError(given)).toBe(false);
  });

  it('a branded error of another kind fails the specific guards', () => {
    const timeout = new copy.TimeoutError('x');
    expect(isApiError(timeout)).toBe(false);
    expect(isUnknownOutcomeError(timeout)).toBe(false);
    expect(isExchangeError(timeout)).toBe(true);
  });

  it('the brand stays out of JSON and enumeration', () => {
    const e = new ServerError(500, 'L', '', {});
    expect(Object.keys(e)).not.toContain('exchange-v4.error');
    expect(JSON.stringify(e)).not.toContain('exchange-v4');
  });
});
