/**
 * What a user sees of the client from outside: EXCHANGE_V4_LOG, page events, the identification
 * header on both Node transports, the environment's defaults, errors of a failed clock sync named
 * after the user's call, and a `(input, init)` fetch wrapper.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clockSyncFailure } from '../../generator/targets/typescript/runtime/clock-errors.js';
import { Core } from '../../generator/targets/typescript/runtime/core.js';
import {
  AbortError,
  ConnectionError,
  ExchangeError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '../../generator/targets/typescript/runtime/errors.js';
import { CLIENT_VERSION } from '../../generator/targets/typescript/runtime/identification.js';
import {
  formatEvent,
  loggerFromEnv,
  shows,
  type LogLevel,
} from '../../generator/targets/typescript/runtime/log-env.js';
import type { LogEvent } from '../../generator/targets/typescript/runtime/logger.js';
import { pageRequest, request } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import {
  fakeFetch,
  json,
  startServer,
  TEST_KEY,
  TEST_SECRET,
  type Captured,
  type TestServer,
} from './helpers/exchange.js';
import { apiMeta, currencyChainsMeta, listWithdrawalsMeta } from './helpers/meta.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('EXCHANGE_V4_LOG', () => {
  const levels: Array<{ given: LogLevel; type: LogEvent['type']; want: boolean }> = [
    { given: 'debug', type: 'request', want: true },
    { given: 'info', type: 'request', want: false },
    { given: 'info', type: 'response', want: true },
    { given: 'info', type: 'page', want: true },
    { given: 'warn', type: 'response', want: false },
    { given: 'warn', type: 'retry', want: true },
    { given: 'warn', type: 'rate-limit-wait', want: true },
    { given: 'warn', type: 'error', want: true },
  ];
  for (const { given, type, want } of levels) {
    it(`${given} ${want ? 'shows' : 'hides'} ${type} events`, () => expect(shows(given, type)).toBe(want));
  }

  it('names the variable, the value and the levels for anything else', () => {
    expect(() => loggerFromEnv('verbose')).toThrow(ValidationError);
    expect(() => loggerFromEnv('verbose')).toThrow(/EXCHANGE_V4_LOG.*debug, info, warn/);
    expect(loggerFromEnv(undefined)).toBeUndefined();
  });

  it('formats one line per event', () => {
    const event: LogEvent = {
      type: 'response',
      operation: 'op',
      method: 'GET',
      url: 'http://h/x',
      attempt: 1,
      status: 200,
    };
    expect(formatEvent(event)).toBe('exchange-v4 response op GET http://h/x attempt=1 status=200');
  });

  it('turns the console logger on for a client without a logger, and no secret reaches it', async () => {
    vi.stubEnv('EXCHANGE_V4_LOG', 'debug');
    const lines: string[] = [];
    const stdout: string[] = [];
    // On Node every line goes to stderr (console.error / console.warn), none to stdout.
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((line: string) => void lines.push(line));
    }
    for (const level of ['debug', 'info', 'log'] as const) {
      vi.spyOn(console, level).mockImplementation((line: string) => void stdout.push(line));
    }
    const { fetch, requests } = fakeFetch(() => json(200, []));
    await request(testCore({ fetch, maxRetries: 0 }), listWithdrawalsMeta, { currency: 'USDT' });
    expect(lines.map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual([
      'exchange-v4 request listWithdrawals',
      'exchange-v4 response listWithdrawals',
    ]);
    expect(stdout).toEqual([]);
    const sign = requests[0]?.headers['sign'];
    expect(sign).toMatch(/^[0-9a-f]{128}$/);
    for (const line of lines) {
      for (const secret of [TEST_KEY, TEST_SECRET, sign ?? 'none']) expect(line).not.toContain(secret);
    }
  });

  it('an explicit logger wins over the variable', async () => {
    vi.stubEnv('EXCHANGE_V4_LOG', 'debug');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const events: LogEvent[] = [];
    const { fetch } = fakeFetch(() => json(200, []));
    await request(testCore({ fetch, logger: (e) => events.push(e) }), listWithdrawalsMeta, {});
    expect(events.length).toBeGreaterThan(0);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('page events', () => {
  it('reports each page of an iteration with its number and the items so far', async () => {
    const { fetch } = fakeFetch((req) => {
      const offset = Number(new URLSearchParams(req.query).get('offset'));
      return json(200, offset === 0 ? [{ id: 'a' }, { id: 'b' }] : [{ id: 'c' }]);
    });
    const events: LogEvent[] = [];
    const core = testCore({ fetch, logger: (e) => events.push(e) });
    const ids: unknown[] = [];
    for await (const item of pageRequest<unknown, { id: string }>(core, listWithdrawalsMeta, { limit: 2 })) {
      ids.push(item.id);
    }
    expect(ids).toEqual(['a', 'b', 'c']);
    const pages = events.filter((e) => e.type === 'page');
    expect(pages.map((e) => [e.operation, e.page, e.items])).toEqual([
      ['listWithdrawals', 1, 2],
      ['listWithdrawals', 2, 3],
    ]);
  });
});

describe('identification and request ids on Node', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(() => json(200, []));
  });
  afterAll(() => server.close());

  for (const transport of ['node', 'fetch'] as const) {
    it(`sends User-Agent exchange-v4/<version> (node/<version>) with transport '${transport}'`, async () => {
      const core = testCore({ baseUrl: server.baseUrl, transport, maxRetries: 0 });
      await request(core, currencyChainsMeta, { currency: 'USDT' });
      await request(core, listWithdrawalsMeta, {});
      const sent = server.requests.slice(-2);
      for (const req of sent) {
        expect(req.headers['user-agent']).toBe(`exchange-v4/${CLIENT_VERSION} (node/${process.versions.node})`);
        expect(req.headers['x-client-request-id']).toMatch(/^[0-9a-f]{32}$/);
        expect(req.headers['x-exchange-v4-client']).toBeUndefined();
      }
    });
  }

  it('lets defaultHeaders replace the User-Agent', async () => {
    const core = testCore({ baseUrl: server.baseUrl, defaultHeaders: { 'user-agent': 'desk-tool/1' } });
    await request(core, currencyChainsMeta, { currency: 'USDT' });
    expect(server.requests.at(-1)?.headers['user-agent']).toBe('desk-tool/1');
  });
});

describe('environment defaults', () => {
  it('takes the key pair and the base URL from the environment when the options omit them', async () => {
    const server = await startServer(() => json(200, []));
    try {
      vi.stubEnv('EXCHANGE_V4_KEY', 'env-key-1234');
      vi.stubEnv('EXCHANGE_V4_SECRET', 'env-secret-5678');
      vi.stubEnv('EXCHANGE_V4_BASE_URL', server.baseUrl);
      const core = new Core({ clockSync: 'off' }, apiMeta);
      expect(core.baseUrl).toBe(server.baseUrl);
      await request(core, listWithdrawalsMeta, {});
      expect(server.requests.at(-1)?.headers['key']).toBe('env-key-1234');
      expect(JSON.stringify(core)).not.toContain('env-secret');
      expect(new Core({ baseUrl: 'http://127.0.0.1:9/api/v4' }, apiMeta).baseUrl).toBe('http://127.0.0.1:9/api/v4');
    } finally {
      await server.close();
    }
  });
});

describe('a failed clock sync names the user call', () => {
  const context = { operation: 'listWithdrawals', endpoint: 'GET /api/v4/wallet/withdrawals', requestId: 'r1' };
  const causes: Array<{ given: string; error: unknown; want: new (...args: never[]) => ExchangeError }> = [
    {
      given: 'a connection error',
      error: new ConnectionError('refused', { operation: 'getSystemTime' }),
      want: ConnectionError,
    },
    { given: 'a timeout', error: new TimeoutError('slow', { operation: 'getSystemTime' }), want: TimeoutError },
    { given: 'an abort', error: new AbortError('stop', { operation: 'getSystemTime' }), want: AbortError },
    { given: 'a plain error', error: new Error('no usable server_time'), want: ExchangeError },
  ];
  for (const { given, error, want } of causes) {
    it(`${given} keeps its class`, () => {
      const out = clockSyncFailure(error, context);
      expect(out).toBeInstanceOf(want);
      expect(out.operation).toBe('listWithdrawals');
      expect(out.message).toMatch(/^Server time sync failed while calling listWithdrawals, which was not sent: /);
      expect(out.cause).toBe(error);
    });
  }

  it('through a client: a 500 from the time endpoint is a ServerError of listWithdrawals', async () => {
    const { fetch, requests } = fakeFetch((req: Captured) =>
      req.path.endsWith('/spot/time') ? json(500, { label: 'SERVER_ERROR', message: 'down' }) : json(200, []),
    );
    const core = testCore({ fetch, clockSync: 'lazy', maxRetries: 0 });
    const error = await request(core, listWithdrawalsMeta, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ operation: 'listWithdrawals', status: 500, label: 'SERVER_ERROR' });
    expect((error as Error).message).toContain('while calling listWithdrawals');
    expect((error as Error).cause).toMatchObject({ operation: 'getSystemTime' });
    expect(requests.map((r) => r.path)).toEqual(['/api/v4/spot/time']);
  });
});

describe('the fetch option takes (input, init) wrappers', () => {
  it('calls a logging wrapper with the URL and an init it can read', async () => {
    const { fetch: inner } = fakeFetch(() => json(200, []));
    const seen: string[] = [];
    const logging = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      seen.push(`${init?.method ?? 'GET'} ${input instanceof Request ? input.url : String(input)}`);
      return inner(input, init);
    };
    await request(testCore({ fetch: logging }), listWithdrawalsMeta, { currency: 'USDT' });
    expect(seen).toEqual(['GET http://127.0.0.1:9/api/v4/wallet/withdrawals?currency=USDT']);
  });
});
