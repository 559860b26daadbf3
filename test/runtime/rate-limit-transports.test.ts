/**
 * The limiter's bounds over real sockets, on both transports: a server's hour-long 429 does not
 * make a new call wait past its timeout, and a live limit lower than the spec's is followed, so a
 * server allowing 8 per second answers no 429 to a client whose spec says 10.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitError } from '../../generator/targets/typescript/runtime/errors.js';
import { RateLimiter } from '../../generator/targets/typescript/runtime/rate-limit.js';
import { readRequest, request } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import { json, startServer, type Handler, type TestServer } from './helpers/exchange.js';
import { bareOp, withdrawMeta } from './helpers/meta.js';
import { outcomeOf } from './helpers/time.js';

const WITHDRAWAL = { currency: 'USDT', amount: '100', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const serve = async (handler: Handler): Promise<TestServer> => (server = await startServer(handler));

describe.each(['node', 'fetch'] as const)('transport %s', (transport) => {
  it('a 429 with Retry-After: 3600: a new client with timeout 500 fails at once, nothing more is sent', async () => {
    const { baseUrl, requests } = await serve(() =>
      json(429, { label: 'TOO_MANY_REQUESTS' }, { 'Retry-After': '3600' }),
    );
    const limiter = new RateLimiter({ mode: 'wait' });
    const first = await outcomeOf(
      request(testCore({ baseUrl, transport, limiter, maxRetries: 0 }), withdrawMeta, WITHDRAWAL),
    );
    expect(first.error).toMatchObject({ status: 429 });
    const second = await outcomeOf(
      request(testCore({ baseUrl, transport, limiter, timeout: 500 }), withdrawMeta, WITHDRAWAL),
    );
    expect(second.error).toBeInstanceOf(RateLimitError);
    expect(second.error).toMatchObject({ status: 0, label: 'RATE_LIMITED_LOCALLY', bucket: 'withdraw' });
    expect(requests).toHaveLength(1);
  });

  it('a server at 8 per second saying X-Gate-RateLimit-Limit: 8 (spec: 10 per second) answers no 429', async () => {
    const arrivals: number[] = [];
    let refused = 0;
    const { baseUrl } = await serve(() => {
      const now = Date.now();
      const recent = arrivals.filter((t) => t > now - 1000).length;
      if (recent >= 8) {
        refused++;
        return json(429, { label: 'TOO_MANY_REQUESTS' }, { 'X-Gate-RateLimit-Limit': '8' });
      }
      arrivals.push(now);
      return json(200, {}, { 'X-Gate-RateLimit-Limit': '8' });
    });
    const op = bareOp({ id: 'spotThing', rateLimit: { bucket: 'spotThing', requests: 10, window: 1, scope: 'uid' } });
    const core = testCore({ baseUrl, transport, maxRetries: 0, timeout: 10_000 });
    const results = [];
    for (let i = 0; i < 20; i++) results.push(await outcomeOf(readRequest(core, op, {})));
    expect(results.filter((r) => r.error !== undefined)).toEqual([]);
    expect(refused).toBe(0);
    expect(arrivals).toHaveLength(20);
  });
});
