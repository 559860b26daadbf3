import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Core } from '../../generator/targets/typescript/runtime/core.js';
import { RateLimitError, TimeoutError, ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import type { ClientOptions } from '../../generator/targets/typescript/runtime/options.js';
import { request } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import { expectedSignature, fakeFetch, json, startServer, TEST_KEY, TEST_SECRET } from './helpers/exchange.js';
import { apiMeta, listWithdrawalsMeta, transferMeta, withdrawMeta } from './helpers/meta.js';
import { advanceUntilSettled, outcomeOf } from './helpers/time.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('server and baseUrl', () => {
  it.each([
    { given: {}, want: 'https://api.gateio.ws/api/v4' },
    { given: { server: 'live' }, want: 'https://api.gateio.ws/api/v4' },
    { given: { server: 'testnet' }, want: 'https://api-testnet.gateapi.io/api/v4' },
    { given: { server: 'futures' }, want: 'https://fx-api.gateio.ws/api/v4' },
    { given: { server: 'testnet', baseUrl: 'http://127.0.0.1:8080/api/v4/' }, want: 'http://127.0.0.1:8080/api/v4' },
    { given: { baseUrl: 'https://proxy.example/exchange/api/v4' }, want: 'https://proxy.example/exchange/api/v4' },
  ] as Array<{ given: ClientOptions; want: string }>)('$given -> $want', ({ given, want }) => {
    expect(new Core(given, apiMeta).baseUrl).toBe(want);
  });
});

describe('bad client options fail at construction, naming the option', () => {
  it.each([
    { name: 'unknown server', given: { server: 'mainnet' }, field: 'server' },
    { name: 'key without secret', given: { key: 'k' }, field: 'secret' },
    { name: 'secret without key', given: { secret: 's' }, field: 'key' },
    { name: 'empty key', given: { key: '', secret: 's' }, field: 'key' },
    { name: 'empty secret', given: { key: 'k', secret: ' ' }, field: 'secret' },
    { name: 'non-URL baseUrl', given: { baseUrl: 'not a url' }, field: 'baseUrl' },
    { name: 'ftp baseUrl', given: { baseUrl: 'ftp://host/api/v4' }, field: 'baseUrl' },
    { name: 'baseUrl with a query', given: { baseUrl: 'https://host/api/v4?x=1' }, field: 'baseUrl' },
    { name: 'zero timeout', given: { timeout: 0 }, field: 'timeout' },
    { name: 'string timeout', given: { timeout: '5' }, field: 'timeout' },
    { name: 'fractional maxRetries', given: { maxRetries: 1.5 }, field: 'maxRetries' },
    { name: 'too many retries', given: { maxRetries: 11 }, field: 'maxRetries' },
    { name: 'rateLimit mode', given: { rateLimit: 'sometimes' }, field: 'rateLimit' },
    { name: 'clockSync mode', given: { clockSync: 'always' }, field: 'clockSync' },
    { name: 'fetch not a function', given: { fetch: 'fetch' }, field: 'fetch' },
    { name: 'logger not a function', given: { logger: 5 }, field: 'logger' },
  ] as Array<{ name: string; given: unknown; field: string }>)('$name', ({ given, field }) => {
    try {
      new Core(given as ClientOptions, apiMeta);
      expect.unreachable('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).field).toBe(field);
    }
  });

  it('a bad secret is reported without its value', () => {
    const err = (() => {
      try {
        new Core({ key: 'k', secret: 42 as unknown as string }, apiMeta);
      } catch (e) {
        return e as ValidationError;
      }
      return undefined;
    })();
    expect(err?.value).toBe('[redacted]');
  });

  it('bad per-call options fail before anything is sent', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, []));
    const core = testCore({ fetch });
    await expect(request(core, listWithdrawalsMeta, {}, { timeout: -1 })).rejects.toMatchObject({ field: 'timeout' });
    await expect(request(core, listWithdrawalsMeta, {}, { maxRetries: 99 })).rejects.toMatchObject({
      field: 'maxRetries',
    });
    await expect(request(core, listWithdrawalsMeta, {}, { headers: { 'bad header': 'x' } })).rejects.toMatchObject({
      rule: 'header',
    });
    await expect(
      request(core, listWithdrawalsMeta, {}, { headers: { 'X-A': 'a\r\nKEY: evil' } }),
    ).rejects.toMatchObject({ rule: 'header' });
    for (const value of ['a\u0001b', 'euro €', 'nul\0']) {
      await expect(request(core, listWithdrawalsMeta, {}, { headers: { 'X-A': value } })).rejects.toMatchObject({
        field: 'headers.X-A',
        rule: 'header',
      });
    }
    expect(requests).toHaveLength(0);
  });
});

describe('the client never shows its credentials', () => {
  class Area {
    constructor(private readonly core: Core) {}
    hasCore(): boolean {
      return this.core instanceof Core;
    }
  }
  class Client extends Core {
    readonly wallet: Area;
    constructor(options: ClientOptions) {
      super(options, apiMeta);
      this.wallet = new Area(this);
    }
  }

  it('inspect, JSON, keys and string forms hold no key or secret', () => {
    const client = new Client({ key: TEST_KEY, secret: TEST_SECRET });
    const forms = [
      inspect(client),
      inspect(client, { showHidden: true, depth: 10, getters: true }),
      inspect(client.wallet, { showHidden: true, depth: 10 }),
      JSON.stringify(client),
      JSON.stringify(client.wallet),
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the test checks what String() prints
      String(client),
      Object.keys(client).join(','),
      Object.getOwnPropertyNames(client).join(','),
    ];
    for (const form of forms) {
      expect(form).not.toContain(TEST_KEY);
      expect(form).not.toContain(TEST_SECRET);
    }
    expect(inspect(client)).toBe("Client { baseUrl: 'https://api.gateio.ws/api/v4' }");
    expect(client.wallet.hasCore()).toBe(true);
  });
});

describe('timeouts', () => {
  it('defaults to 30 s per attempt', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch } = fakeFetch(() => ({ hang: true }));
    const settled = outcomeOf(request(testCore({ fetch, maxRetries: 0 }), listWithdrawalsMeta, {}).withResponse());
    let done = false;
    void settled.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(29_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect((await settled).error).toBeInstanceOf(TimeoutError);
  });

  it('the client option and the per-call option override it', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch } = fakeFetch(() => ({ hang: true }));
    const core = testCore({ fetch, maxRetries: 0, timeout: 5_000 });
    const a = outcomeOf(request(core, listWithdrawalsMeta, {}).withResponse());
    await vi.advanceTimersByTimeAsync(5_100);
    expect((await a).error).toBeInstanceOf(TimeoutError);
    const b = outcomeOf(request(core, listWithdrawalsMeta, {}, { timeout: 100 }).withResponse());
    await vi.advanceTimersByTimeAsync(200);
    expect(String((await b).error)).toContain('100 ms');
  });
});

describe('fetch', () => {
  it('uses the fetch option, else globalThis.fetch looked up at call time', async () => {
    const own = fakeFetch(() => json(200, ['own']));
    expect(await request(testCore({ fetch: own.fetch }), listWithdrawalsMeta, {})).toEqual(['own']);
    const core = testCore();
    const global = fakeFetch(() => json(200, ['global']));
    vi.stubGlobal('fetch', global.fetch);
    expect(await request(core, listWithdrawalsMeta, {})).toEqual(['global']);
  });

  it('one fetch(url, init) per attempt: the URL as text, the body as the signed JSON text, one signal, redirects not followed', async () => {
    const seen: Array<{ input: unknown; init: RequestInit | undefined }> = [];
    const inner = fakeFetch(() => json(200, { tx_id: 7 }));
    const spy = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      seen.push({ input, init });
      return inner.fetch(input, init);
    };
    const params = {
      currency: 'USDT',
      from: 'spot',
      to: 'futures',
      amount: '1.5',
      settle: 'usdt',
      client_order_id: 'c-1',
    };
    await request(testCore({ fetch: spy }), transferMeta, params);
    expect(seen).toHaveLength(1);
    const { input, init } = seen[0]!;
    expect(typeof input).toBe('string');
    expect(init?.body).toBe(
      '{"currency":"USDT","from":"spot","to":"futures","amount":"1.5","settle":"usdt","client_order_id":"c-1"}',
    );
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(init?.redirect).toBe('manual');
    const sent = inner.requests[0]!;
    expect(sent.headers['sign']).toBe(expectedSignature(sent));
  });

  it("transport 'auto' (the default) sends over node:http on Node, 'fetch' through the platform's fetch", async () => {
    const server = await startServer(() => json(200, []));
    try {
      await request(testCore({ baseUrl: server.baseUrl }), listWithdrawalsMeta, {});
      await request(testCore({ baseUrl: server.baseUrl, transport: 'fetch' }), listWithdrawalsMeta, {});
      // undici's fetch adds the fetch-metadata headers; node:http sends only what it is given.
      expect(server.requests.map((r) => r.headers['sec-fetch-mode'])).toEqual([undefined, 'cors']);
      expect(server.requests.map((r) => r.headers['connection'])).toEqual(['keep-alive', 'keep-alive']);
    } finally {
      await server.close();
    }
  });
});

describe('rate-limit modes', () => {
  it("'reject' throws RATE_LIMITED_LOCALLY instead of waiting; per call too", async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const sentAt: number[] = [];
    const { fetch, requests } = fakeFetch(() => {
      sentAt.push(Date.now());
      return json(200, { id: '1' });
    });
    const params = { currency: 'USDT', amount: '1', chain: 'TRX', address: 'Txyz' };
    const core = testCore({ fetch, rateLimit: 'reject' });
    await request(core, withdrawMeta, params);
    const err = await request(core, withdrawMeta, params).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 0, label: 'RATE_LIMITED_LOCALLY', bucket: 'withdraw' });
    expect(requests).toHaveLength(1);

    const waiting = testCore({ fetch });
    await request(waiting, withdrawMeta, params);
    await expect(request(waiting, withdrawMeta, params, { rateLimit: 'reject' })).rejects.toBeInstanceOf(
      RateLimitError,
    );
    const queued = advanceUntilSettled(request(waiting, withdrawMeta, params).withResponse());
    await expect(queued).resolves.toMatchObject({ data: { id: '1' } });
    expect(requests).toHaveLength(3);
    // In wait mode the third withdrawal waited for the 1-per-3-s bucket.
    expect(sentAt[2]! - sentAt[1]!).toBeGreaterThanOrEqual(3000);
  });

  it('the default limiter is shared by clients for public limits and split per key for private ones', async () => {
    const tight = (auth: 'public' | 'private', bucket: string): OperationMeta => ({
      ...listWithdrawalsMeta,
      id: bucket,
      auth,
      rateLimit: { bucket, requests: 1, window: 60, scope: auth === 'public' ? 'ip' : 'uid' },
      timeRange: undefined as never,
      rules: [],
    });
    const { fetch } = fakeFetch(() => json(200, []));
    const make = (key: string) => new Core({ key, secret: 's', fetch, clockSync: 'off', rateLimit: 'reject' }, apiMeta);
    const a = make('key-a');
    const b = make('key-b');
    const pub = tight('public', 'shared-public-probe');
    await request(a, pub, {});
    await expect(request(b, pub, {})).rejects.toMatchObject({ label: 'RATE_LIMITED_LOCALLY' });
    const priv = tight('private', 'per-key-private-probe');
    await request(a, priv, {});
    await expect(request(b, priv, {})).resolves.toEqual([]);
    await expect(request(make('key-a'), priv, {})).rejects.toMatchObject({ label: 'RATE_LIMITED_LOCALLY' });
  });
});

describe('defaultHeaders', () => {
  it('are copied at construction', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, []));
    const headers: Record<string, string> = { 'X-App': 'one' };
    const core = testCore({ fetch, defaultHeaders: headers });
    headers['X-App'] = 'two';
    await request(core, listWithdrawalsMeta, {});
    expect(requests[0]!.headers['x-app']).toBe('one');
  });
});
