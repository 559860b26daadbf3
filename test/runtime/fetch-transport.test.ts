/**
 * The `fetch` transport's attempt on its own (createFetchTransport), against a local server
 * through the global fetch and through a custom fetch: what one `fetch(url, init)` carries, how a
 * timeout and a caller's abort end an attempt, and that nothing of an attempt is left behind
 * (its timer, its listener on the caller's signal).
 */
import { getEventListeners } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failureToError, SendFailure, type WireRequest } from '../../generator/targets/typescript/runtime/transport.js';
import { createFetchTransport } from '../../generator/targets/typescript/runtime/fetch-transport.js';
import { unsendableHeader } from '../../generator/targets/typescript/runtime/wire-headers.js';
import { json, startServer, type Reply, type TestServer } from './helpers/exchange.js';

let server: TestServer;
let answer: () => Reply = () => json(200, { ok: true }, { 'X-Svc-Trace-Id': 'abc' });
beforeAll(async () => {
  server = await startServer(() => answer());
});
afterAll(() => server.close());
afterEach(() => {
  answer = () => json(200, { ok: true }, { 'X-Svc-Trace-Id': 'abc' });
  server.requests.length = 0;
  vi.restoreAllMocks();
});

const origin = (): string => new URL(server.baseUrl).origin;
const wire = (method: 'GET' | 'POST', body?: string): WireRequest => ({
  method,
  path: '/api/v4/wallet/transfers',
  query: method === 'GET' ? 'limit=1' : '',
  url: `${server.baseUrl}/wallet/transfers${method === 'GET' ? '?limit=1' : ''}`,
  body,
  headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
  sign: false,
});

/** A custom fetch that records each init and answers through the global fetch. */
function recording(): { fetch: typeof globalThis.fetch; inits: RequestInit[] } {
  const inits: RequestInit[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    inits.push({ ...init });
    return globalThis.fetch(input, init);
  };
  return { fetch, inits };
}

describe('createFetchTransport', () => {
  it.each([
    { given: { method: 'GET' as const, body: undefined }, want: { body: null, sent: '' } },
    { given: { method: 'POST' as const, body: '{"a":"€"}' }, want: { body: '{"a":"€"}', sent: '{"a":"€"}' } },
  ])('sends $given.method with one init: manual redirects, a signal, the body text', async ({ given, want }) => {
    const { fetch, inits } = recording();
    const answerOf = await createFetchTransport({ origin: origin(), fetch }).send(
      wire(given.method, given.body),
      5_000,
      undefined,
    );
    expect(inits).toHaveLength(1);
    expect(inits[0]).toMatchObject({ method: given.method, redirect: 'manual', body: want.body });
    expect(inits[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(server.requests.map((r) => [r.method, r.body])).toEqual([[given.method, want.sent]]);
    expect(answerOf).toMatchObject({ status: 200, text: '{"ok":true}', headers: { 'x-svc-trace-id': 'abc' } });
  });

  it('reads the global fetch answer: headers with lower-case names, the text, an empty 204', async () => {
    const transport = createFetchTransport({ origin: origin() });
    const ok = await transport.send(wire('GET'), 5_000, undefined);
    expect(ok).toMatchObject({ status: 200, text: '{"ok":true}', url: wire('GET').url });
    expect(ok.headers['content-type']).toBe('application/json');
    answer = () => ({ status: 204 });
    expect(await transport.send(wire('GET'), 5_000, undefined)).toMatchObject({ status: 204, text: '' });
  });

  it('a 3xx comes back as the answer, never followed', async () => {
    answer = () => ({ status: 302, headers: { Location: 'http://127.0.0.1:1/elsewhere' } });
    const got = await createFetchTransport({ origin: origin() }).send(wire('POST', '{}'), 5_000, undefined);
    expect(got).toMatchObject({ status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } });
    expect(server.requests).toHaveLength(1);
  });

  it.each([{ custom: false }, { custom: true }])(
    'no answer within the timeout: a timeout, sent (custom fetch: $custom)',
    async ({ custom }) => {
      answer = () => ({ hang: true });
      const transport = createFetchTransport({ origin: origin(), ...(custom ? { fetch: recording().fetch } : {}) });
      const failure = await transport.send(wire('GET'), 50, undefined).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(SendFailure);
      expect(failure).toMatchObject({ kind: 'timeout', sent: true });
    },
  );

  it("the caller's abort ends the attempt as an abort, and its listener is removed", async () => {
    answer = () => ({ hang: true });
    const caller = new AbortController();
    const pending = createFetchTransport({ origin: origin() })
      .send(wire('GET'), 5_000, caller.signal)
      .catch((e: unknown) => e);
    setTimeout(() => caller.abort(), 20);
    expect(await pending).toMatchObject({ kind: 'abort', sent: true });
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('an already aborted caller signal: an abort, and nothing reaches the server', async () => {
    const caller = new AbortController();
    caller.abort();
    const failure = await createFetchTransport({ origin: origin() })
      .send(wire('GET'), 5_000, caller.signal)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'abort' });
    expect(server.requests).toHaveLength(0);
  });

  it("after an answer the attempt's timer is cleared and the caller's signal has no listener left", async () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    const caller = new AbortController();
    await createFetchTransport({ origin: origin() }).send(wire('GET'), 4_321, caller.signal);
    const timers = set.mock.calls.flatMap((call, i) =>
      call[1] === 4_321 ? [set.mock.results[i]!.value as unknown] : [],
    );
    expect(timers).toHaveLength(1);
    expect(cleared).toHaveBeenCalledWith(timers[0]);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('a request that must be signed without credentials fails before any fetch', async () => {
    const { fetch, inits } = recording();
    const failure = await createFetchTransport({ origin: origin(), fetch })
      .send({ ...wire('GET'), sign: true }, 5_000, undefined)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'local', sent: false });
    expect(inits).toHaveLength(0);
  });
  it.each([
    { name: 'a line break in a value', headers: { 'X-Note': 'HIDDEN-MARK\r\nX-Injected: 1' } },
    { name: 'a NUL in a value', headers: { 'X-Note': 'HIDDEN-MARK\u0000' } },
    { name: 'a character above U+00FF in a value', headers: { 'X-Note': 'HIDDEN-MARK \u20ac' } },
    { name: 'a name that is not a token', headers: { 'X-N\u00f6te': 'v' } },
  ])(
    'a header fetch would refuse ($name) fails as not sent, before any fetch, without its value',
    async ({ headers }) => {
      for (const custom of [true, false]) {
        const { fetch, inits } = recording();
        const transport = createFetchTransport({ origin: origin(), ...(custom ? { fetch } : {}) });
        const failure = await transport
          .send({ ...wire('POST', '{}'), headers: { ...wire('POST').headers, ...headers } }, 5_000, undefined)
          .catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(SendFailure);
        expect(failure).toMatchObject({ kind: 'local', sent: false });
        expect(inits).toHaveLength(0);
        const error = failureToError(failure as SendFailure, { operation: 'transfer' }, 5_000);
        expect(`${error.message} ${JSON.stringify(error)} ${error.stack ?? ''}`).not.toContain('HIDDEN-MARK');
      }
      expect(server.requests).toHaveLength(0);
    },
  );

  it('a custom fetch that rejects for a reason of its own may have sent: the failure stays "sent"', async () => {
    const refusing = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));
    const failure = await createFetchTransport({ origin: origin(), fetch: refusing })
      .send(wire('POST', '{}'), 5_000, undefined)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'network', sent: true });
  });
});

describe('unsendableHeader', () => {
  it.each([
    { given: { Accept: 'application/json', 'X-Note': 'tab\there, Latin-1 \u00e9' }, want: undefined },
    { given: {}, want: undefined },
    { given: { Accept: 'a', 'X-Note': 'line\nbreak' }, want: 'X-Note' },
    { given: { 'X-Note': 'carriage\rreturn' }, want: 'X-Note' },
    { given: { 'X-Note': 'nul\u0000' }, want: 'X-Note' },
    { given: { 'X-Note': 'del\u007f' }, want: 'X-Note' },
    { given: { 'X-Note': 'euro \u20ac' }, want: 'X-Note' },
    { given: { 'X-N\u00f6te': 'v' }, want: 'X-N\u00f6te' },
    { given: { 'X Note': 'v' }, want: 'X Note' },
    { given: { '': 'v' }, want: '' },
  ])('$given -> $want', ({ given, want }) => {
    expect(unsendableHeader(given)).toBe(want);
  });
});
