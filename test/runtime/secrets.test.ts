import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClientCore } from '../../generator/targets/typescript/runtime/client-core.js';
import {
  AbortError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  RedirectError,
  ServerError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '../../generator/targets/typescript/runtime/errors.js';
import type { LogEvent } from '../../generator/targets/typescript/runtime/logger.js';
import { request } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import { json, startServer, TEST_KEY, TEST_SECRET, type Reply, type TestServer } from './helpers/exchange.js';
import { apiMeta, op, transferMeta, withdrawMeta } from './helpers/meta.js';

/** Every rendering of an error a program or a log could produce, cause chain included. */
function renderings(error: unknown): string[] {
  const out: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) {
      out.push(current.message, current.stack ?? '', current.toString());
    }
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the test checks what String() prints
    out.push(JSON.stringify(current) ?? '', inspect(current, { showHidden: true, depth: 10 }), String(current));
    current = (current as { cause?: unknown }).cause;
  }
  return out;
}

/** The generated metadata of `POST /sub_accounts`: `password` is a secret field. */
const createSubAccountMeta = op('createSubAccounts');

describe('no error, stack, cause or log event ever holds the key, the secret or a signature', () => {
  let server: TestServer;
  const signatures = new Set<string>();
  const events: LogEvent[] = [];
  let core: ClientCore;

  beforeAll(async () => {
    server = await startServer((req): Reply => {
      if (req.headers['sign']) signatures.add(req.headers['sign']);
      const echo = `${req.headers['key']} ${req.headers['sign']} ${req.headers['timestamp']}`;
      switch (req.path.replace('/api/v4', '')) {
        case '/e/400':
          return json(400, { label: 'INVALID_PARAM_VALUE', message: 'bad value' });
        case '/e/401':
          // A server that echoes the credentials it received, in the body and in headers.
          return json(
            401,
            { label: 'INVALID_KEY', message: `key rejected: ${echo}` },
            { 'X-Echo': echo, 'X-Svc-Trace-ID': echo },
          );
        case '/e/404':
          return json(404, { label: 'NOT_FOUND', detail: `nothing at ${echo}` });
        case '/e/429':
          return json(
            429,
            { label: 'TOO_MANY_REQUESTS', message: 'Request Rate Limit Exceeded' },
            { 'X-Svc-RateLimit-Reset-Timestamp': '1' },
          );
        case '/e/500':
          return json(500, { label: 'INTERNAL', message: `trace ${echo}` });
        case '/e/html':
          return { status: 502, body: `<html>${echo}</html>` };
        case '/e/redirect':
          // A redirect whose target carries the credentials in its path and query.
          return {
            status: 307,
            body: `moved ${echo}`,
            headers: { Location: `https://user:${req.headers['sign']}@elsewhere.example:8443/${echo}?k=${echo}` },
          };
        case '/e/reset':
        case '/wallet/transfers':
          return req.path.endsWith('transfers') ? { hang: true } : { reset: true };
        default:
          return { hang: true };
      }
    });
    core = testCore({
      baseUrl: server.baseUrl,
      timeout: 300,
      maxRetries: 0,
      rateLimit: 'reject',
      logger: (e) => events.push(e),
    });
  });
  afterAll(() => server.close());

  it('drives every error path and scans everything', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const raw = (path: string) => core.request({ method: 'GET', path }).catch((e: unknown) => e);
    const controller = new AbortController();
    const aborted = core
      .request({ method: 'GET', path: '/e/hang' }, { signal: controller.signal, timeout: 5_000 })
      .catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);

    const closed = await startServer(() => json(200, {}));
    const refusedUrl = closed.baseUrl;
    await closed.close();
    const refusedCore = testCore({ baseUrl: refusedUrl, maxRetries: 0, logger: (e) => events.push(e) });

    const errors: Array<[string, unknown, unknown]> = [
      ['400', await raw('/e/400'), BadRequestError],
      ['401 echoing credentials', await raw('/e/401'), AuthenticationError],
      ['404 echoing credentials', await raw('/e/404'), NotFoundError],
      ['429', await raw('/e/429'), RateLimitError],
      ['5xx', await raw('/e/500'), ServerError],
      ['non-JSON 5xx echoing credentials', await raw('/e/html'), ServerError],
      ['timeout', await raw('/e/hang'), TimeoutError],
      ['redirect echoing credentials', await raw('/e/redirect'), RedirectError],
      ['connection reset', await raw('/e/reset'), ConnectionError],
      [
        'connection refused',
        await refusedCore.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e),
        ConnectionError,
      ],
      ['abort', await aborted, AbortError],
      [
        'validation of a secret field',
        await request(core, createSubAccountMeta, { login_name: 'sub1', password: [TEST_SECRET] }).catch(
          (e: unknown) => e,
        ),
        ValidationError,
      ],
      [
        'unknown outcome',
        await request(core, transferMeta, {
          currency: 'USDT',
          from: 'spot',
          to: 'margin',
          amount: '1',
          currency_pair: 'BTC_USDT',
        }).catch((e: unknown) => e),
        UnknownOutcomeError,
      ],
      [
        'local rate limit',
        await request(core, withdrawMeta, { currency: 'USDT', amount: '1', chain: 'TRX', address: 'Txyz' })
          .catch(() => undefined)
          .then(() => request(core, withdrawMeta, { currency: 'USDT', amount: '1', chain: 'TRX', address: 'Txyz' }))
          .catch((e: unknown) => e),
        RateLimitError,
      ],
    ];

    expect(signatures.size).toBeGreaterThanOrEqual(8);
    const needles = [TEST_KEY, TEST_SECRET, ...signatures];
    for (const [name, error, kind] of errors) {
      expect(error, name).toBeInstanceOf(kind as new (...a: never[]) => unknown);
      for (const text of renderings(error)) {
        for (const needle of needles)
          expect(text.includes(needle), `${name} leaks ${needle.slice(0, 12)}...`).toBe(false);
      }
    }
    expect((errors[11]![1] as ValidationError).value).toBe('[redacted]');
    // The echoed credentials were scrubbed, not just absent: the server did send them.
    expect((errors[1]![1] as AuthenticationError).detail).toContain('[redacted]');
    // A redirect names the target's origin only: no user info, path or query.
    expect(errors[7]![1]).toMatchObject({ status: 307, location: 'https://elsewhere.example:8443' });

    expect(events.length).toBeGreaterThan(20);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['request', 'response', 'lookup', 'error']));
    const logText = JSON.stringify(events) + events.map((e) => inspect(e)).join('\n');
    for (const needle of needles) expect(logText.includes(needle)).toBe(false);
    for (const word of ['KEY', 'SIGN', 'Timestamp']) {
      for (const e of events) expect(Object.keys(e)).not.toContain(word);
    }
  });

  it('keys from the environment and the EXCHANGE_V4_LOG console lines are clean too, a failed clock sync included', async () => {
    vi.stubEnv('EXCHANGE_V4_KEY', TEST_KEY);
    vi.stubEnv('EXCHANGE_V4_SECRET', TEST_SECRET);
    vi.stubEnv('EXCHANGE_V4_BASE_URL', server.baseUrl);
    vi.stubEnv('EXCHANGE_V4_LOG', 'debug');
    const lines: string[] = [];
    for (const level of ['debug', 'info', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((line: string) => void lines.push(line));
    }
    try {
      const fromEnv = new ClientCore({ maxRetries: 0, timeout: 300, clockSync: 'off' }, apiMeta);
      const echoed = await fromEnv.request({ method: 'GET', path: '/e/401' }).catch((e: unknown) => e);
      expect(echoed).toBeInstanceOf(AuthenticationError);
      const withClock = new ClientCore({ maxRetries: 0, timeout: 300, clockSync: 'lazy' }, apiMeta);
      const clockFailed = await withClock.request({ method: 'GET', path: '/e/400' }).catch((e: unknown) => e);
      expect(clockFailed).toBeInstanceOf(TimeoutError);
      expect(lines.length).toBeGreaterThan(2);
      const text = [...lines, ...renderings(echoed), ...renderings(clockFailed)].join('\n');
      for (const needle of [TEST_KEY, TEST_SECRET, ...signatures]) expect(text.includes(needle)).toBe(false);
    } finally {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
    }
  });

  it('retry events are clean too', async () => {
    const retryEvents: LogEvent[] = [];
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const retrying = testCore({ baseUrl: server.baseUrl, maxRetries: 2, logger: (e) => retryEvents.push(e) });
    await retrying.request({ method: 'GET', path: '/e/500' }).catch(() => undefined);
    expect(retryEvents.filter((e) => e.type === 'retry')).toHaveLength(2);
    const text = JSON.stringify(retryEvents);
    for (const needle of [TEST_KEY, TEST_SECRET, ...signatures]) expect(text.includes(needle)).toBe(false);
  });
});
