/**
 * A mock left running on a developer's machine is safe from web pages and big requests: the
 * control API answers its own origin only (no CORS, cross-origin callers refused, the clock moved
 * only to a sane time), a Host header that is not the mock's address is refused (DNS rebinding),
 * and a request body over the limit is refused without being buffered.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { T0, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';
import { send } from './support/sign.js';

const LIMIT = 1024;
let t: TestMock;
let origin: string;
beforeAll(async () => {
  t = await startTestMock({ maxBodyBytes: LIMIT });
  origin = `http://127.0.0.1:${t.mock.port}`;
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const EVIL = 'http://evil.example';

/** A raw request to the mock over node:http (headers exactly as given, Host included). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: unknown }> {
  return new Promise((resolve, reject) => {
    const out = request({ host: '127.0.0.1', port: t.mock.port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          json: text === '' ? undefined : JSON.parse(text),
        });
      });
    });
    out.on('error', reject);
    out.end(body);
  });
}

const clockBody = (value: unknown): string => JSON.stringify(value);

describe('the control API answers its own origin only', () => {
  it('refuses a cross-origin POST /__mock/clock with 403 and leaves the clock alone', async () => {
    for (const from of [EVIL, 'null', `http://127.0.0.1:${t.mock.port + 1}`, `https://127.0.0.1:${t.mock.port}`]) {
      const res = await raw('POST', '/__mock/clock', { Origin: from }, clockBody({ set_ms: 1e300 }));
      expect({ from, status: res.status, json: res.json }).toMatchObject({
        from,
        status: 403,
        json: { label: 'FORBIDDEN_ORIGIN' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(t.mock.clock.now()).toBe(T0);
  });

  it('answers callers without an Origin and on its own origin (127.0.0.1 or localhost), with no CORS headers', async () => {
    for (const headers of [{}, { Origin: origin }, { Origin: `http://localhost:${t.mock.port}` }]) {
      const res = await raw('POST', '/__mock/clock', headers, clockBody({ advance_ms: 1000 }));
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(t.mock.clock.now()).toBe(T0 + 3000);
  });

  it('refuses a preflight to the control API and does not record it', async () => {
    const res = await raw('OPTIONS', '/__mock/reset', {
      Origin: EVIL,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(t.mock.preflights).toEqual([]);
  });

  it('keeps reflecting CORS on the API for a page on another origin', async () => {
    const res = await t.call({
      method: 'GET',
      path: '/wallet/withdrawals',
      query: 'limit=1',
      headers: { Origin: EVIL },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(EVIL);
  });

  const badClock: Array<{ given: unknown; field: string }> = [
    { given: { set_ms: 1e300 }, field: 'set_ms' },
    { given: { set_ms: -1 }, field: 'set_ms' },
    { given: { set_ms: 0 }, field: 'set_ms' },
    { given: { set_ms: '1768478400000' }, field: 'set_ms' },
    { given: { set_ms: Date.UTC(2200, 0, 1) }, field: 'set_ms' },
    { given: { advance_ms: 1e300 }, field: 'advance_ms' },
    { given: { advance_ms: -T0 }, field: 'advance_ms' },
  ];
  for (const { given, field } of badClock) {
    it(`refuses POST /__mock/clock ${JSON.stringify(given)} with 400 naming ${field}`, async () => {
      const res = await raw('POST', '/__mock/clock', {}, clockBody(given));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ label: 'INVALID_PARAM_VALUE' });
      expect((res.json as { message: string }).message).toContain(field);
      expect(t.mock.clock.now()).toBe(T0);
    });
  }

  it('refuses set_ms written as 1e999 (Infinity once parsed)', async () => {
    const res = await raw('POST', '/__mock/clock', {}, '{"set_ms": 1e999}');
    expect(res.status).toBe(400);
    expect(t.mock.clock.now()).toBe(T0);
  });

  it('moves the clock to a sane time', async () => {
    const to = Date.UTC(2030, 0, 1);
    const res = await raw('POST', '/__mock/clock', {}, clockBody({ set_ms: to }));
    expect(res).toMatchObject({ status: 200, json: { now_ms: to } });
  });
});

describe('a Host that is not the mock is refused (DNS rebinding)', () => {
  const hosts = (port: number) => [
    `evil.example:${port}`,
    `127.0.0.1:${port + 1}`,
    'evil.example',
    `127.0.0.2:${port}`,
  ];

  it('refuses API calls, control calls and preflights with 421, unlogged and without CORS headers', async () => {
    for (const host of hosts(t.mock.port)) {
      for (const [method, path, extra] of [
        ['GET', '/api/v4/spot/currency_pairs', {}],
        ['GET', '/__mock/clock', {}],
        ['POST', '/__mock/reset', {}],
        ['OPTIONS', '/api/v4/wallet/withdrawals', { Origin: EVIL, 'Access-Control-Request-Method': 'GET' }],
      ] as const) {
        const res = await raw(method, path, { Host: host, ...extra });
        expect({ host, path, status: res.status, json: res.json }).toMatchObject({
          host,
          path,
          status: 421,
          json: { label: 'MISDIRECTED_REQUEST' },
        });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    expect(t.mock.requests).toEqual([]);
    expect(t.mock.preflights).toEqual([]);
  });

  it('answers Host 127.0.0.1:<port> and localhost:<port> (any case)', async () => {
    for (const host of [`127.0.0.1:${t.mock.port}`, `localhost:${t.mock.port}`, `LocalHost:${t.mock.port}`]) {
      const res = await send(t.mock.url, { method: 'GET', path: '/spot/time', signed: false, headers: { Host: host } });
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
    }
  });
});

describe('request bodies over the limit', () => {
  it('refuses a Content-Length over the limit with 413 before reading, unlogged', async () => {
    const res = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const out = request(
        {
          host: '127.0.0.1',
          port: t.mock.port,
          method: 'POST',
          path: '/api/v4/wallet/transfers',
          headers: { 'Content-Type': 'application/json', 'Content-Length': String(LIMIT + 1) },
          agent: false,
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }));
        },
      );
      out.on('error', reject);
      // Headers only: the answer must come without the body being sent.
      out.flushHeaders();
    });
    expect(res).toMatchObject({ status: 413, json: { label: 'REQUEST_BODY_TOO_LARGE' } });
    expect((res.json as { message: string }).message).toContain(String(LIMIT));
    expect(t.mock.requests).toEqual([]);
  });

  it('refuses a chunked body once it passes the limit, with 413, and applies nothing', async () => {
    const res = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const out = request(
        {
          host: '127.0.0.1',
          port: t.mock.port,
          method: 'POST',
          path: '/__mock/reset',
          headers: { 'Content-Type': 'application/json' },
          agent: false,
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }));
        },
      );
      out.on('error', reject);
      // More than the limit in small chunks, and the request never ends: only the limit stops it.
      for (let i = 0; i < 5; i += 1) out.write(' '.repeat(LIMIT / 4));
    });
    expect(res).toMatchObject({ status: 413, json: { label: 'REQUEST_BODY_TOO_LARGE' } });
  });

  it('answers a body up to the limit as usual', async () => {
    const body = JSON.stringify({ advance_ms: 1 }).padEnd(LIMIT, ' ');
    const res = await raw('POST', '/__mock/clock', { 'Content-Length': String(LIMIT) }, body);
    expect(res.status).toBe(200);
  });
});
