import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerHeaders, exposedHeaders, preflightHeaders, requestedHeaders } from '../../mock/cors.js';
import { startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const PAGE = 'http://127.0.0.1:5173';

describe('CORS decisions', () => {
  const requested: Array<{ given: string | undefined; want: string[] }> = [
    { given: undefined, want: [] },
    { given: '', want: [] },
    { given: 'KEY, Timestamp,SIGN', want: ['key', 'sign', 'timestamp'] },
    { given: 'content-type, Content-Type', want: ['content-type'] },
    { given: 'x-ok, bad header, (x)', want: ['x-ok'] },
  ];
  for (const { given, want } of requested) {
    it(`reads Access-Control-Request-Headers ${JSON.stringify(given)}`, () => {
      expect(requestedHeaders(given)).toEqual(want);
    });
  }

  it('answers a preflight with the origin, the methods and exactly the requested headers', () => {
    expect(preflightHeaders(PAGE, ['key', 'sign'])).toMatchObject({
      'Access-Control-Allow-Origin': PAGE,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Allow-Headers': 'key, sign',
    });
    expect(preflightHeaders(undefined, [])).not.toHaveProperty('Access-Control-Allow-Headers');
    expect(preflightHeaders(undefined, [])['Access-Control-Allow-Origin']).toBe('*');
  });

  it('exposes every response header the IR names, their aliases, Retry-After and Location', () => {
    const exposed = exposedHeaders(t.mock.ir.headers.response);
    for (const name of ['X-Svc-Trace-ID', 'X-Svc-RateLimit-Limit', 'X-Pagination-Total', 'Retry-After', 'Location']) {
      expect(exposed).toContain(name);
    }
    expect(answerHeaders(PAGE, ['A', 'B'])).toEqual({
      'Access-Control-Allow-Origin': PAGE,
      'Access-Control-Expose-Headers': 'A, B',
      Vary: 'Origin',
    });
  });
});

describe('CORS on the wire', () => {
  it('answers a preflight of a signed call with 204 and the signing headers allowed, and records it', async () => {
    const res = await fetch(`${t.mock.url}/wallet/withdrawals?limit=1`, {
      method: 'OPTIONS',
      headers: {
        Origin: PAGE,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'key,sign,timestamp,x-client-request-id',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    expect(res.headers.get('access-control-allow-headers')).toBe('key, sign, timestamp, x-client-request-id');
    expect(t.mock.preflights).toEqual([
      {
        path: '/api/v4/wallet/withdrawals',
        origin: PAGE,
        method: 'GET',
        headers: ['key', 'sign', 'timestamp', 'x-client-request-id'],
      },
    ]);
    expect(t.mock.requests).toEqual([]);
  });

  it('lets a page read the trace id, rate-limit and pagination headers of an answer', async () => {
    const res = await t.call({
      method: 'GET',
      path: '/wallet/withdrawals',
      query: 'limit=2',
      headers: { Origin: PAGE },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(', ');
    for (const name of ['X-Svc-Trace-ID', 'X-Svc-RateLimit-Requests-Remain', 'X-Pagination-Limit']) {
      expect(exposed).toContain(name);
      expect(res.headers.get(name)).not.toBeNull();
    }
  });

  it('keeps a plain OPTIONS without a preflight header a normal request (405 from the router)', async () => {
    const res = await fetch(`${t.mock.url}/wallet/withdrawals`, { method: 'OPTIONS', headers: { Origin: PAGE } });
    expect(res.status).toBe(405);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(t.mock.preflights).toEqual([]);
  });
});
