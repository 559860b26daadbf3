/**
 * Redirects are never followed, on either transport: a signed request never reaches another
 * origin. A 3xx is a RedirectError naming the status and the target's origin only; for a write,
 * 307/308 mean "not processed" and any other redirect leaves the outcome to be looked up.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedirectError, UnknownOutcomeError } from '../../generator/targets/typescript/runtime/errors.js';
import { resolveOutcome } from '../../generator/targets/typescript/runtime/outcome.js';
import { request } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import {
  authFailure,
  fakeFetch,
  json,
  startServer,
  type Captured,
  type Reply,
  type TestServer,
} from './helpers/exchange.js';
import { listWithdrawalsMeta, withdrawMeta } from './helpers/meta.js';

let home: TestServer;
let elsewhere: TestServer;
let answer: (req: Captured) => Reply = () => json(200, {});
const applied: Record<string, unknown>[] = [];

beforeAll(async () => {
  elsewhere = await startServer(() => json(200, { id: 'w-elsewhere', status: 'DONE' }));
  home = await startServer((req) => authFailure(req, Date.now()) ?? answer(req));
});
afterAll(async () => {
  await home.close();
  await elsewhere.close();
});
beforeEach(() => {
  home.requests.length = 0;
  elsewhere.requests.length = 0;
  applied.length = 0;
});

const withdrawal = {
  currency: 'USDT',
  amount: '10',
  chain: 'TRX',
  address: 'Txyz',
  withdraw_order_id: 'wd-redirect-1',
};
const target = (): string => `${elsewhere.baseUrl}/withdrawals?key=leak`;
const origin = (): string => new URL(elsewhere.baseUrl).origin;

/** Answers the write with `status` (applying it first for a 303) and the lookup from what was applied. */
function redirecting(status: number): (req: Captured) => Reply {
  return (req) => {
    if (req.method === 'GET') return json(200, [applied]);
    if (status === 303) applied.push({ ...(JSON.parse(req.body) as object), id: 'w1', status: 'REQUEST' });
    return { status, body: '', headers: { Location: target() } };
  };
}

describe.each(['fetch', 'node'] as const)('transport %s', (transport) => {
  const client = () => testCore({ baseUrl: home.baseUrl, transport, maxRetries: 2 });

  it.each([307, 308])(
    'a cross-origin %i on a signed POST /withdrawals sends nothing to the other origin',
    async (status) => {
      answer = redirecting(status);
      const core = client();
      const error = await request(core, withdrawMeta, withdrawal).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ status, location: origin() });
      expect((error as Error).message).not.toContain('/withdrawals');
      expect((error as Error).message).not.toContain('leak');
      expect(elsewhere.requests).toHaveLength(0);
      expect(home.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      await expect(resolveOutcome(core, error)).resolves.toMatchObject({ status: 'not-applied' });
    },
  );

  it('a 302 on a read is not followed and not retried', async () => {
    answer = () => ({ status: 302, headers: { Location: target() } });
    const error = await request(client(), listWithdrawalsMeta, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 302, location: origin() });
    expect(home.requests).toHaveLength(1);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('a 303 after a POST (processed): looked up at home and returned, never fetched elsewhere', async () => {
    answer = redirecting(303);
    const record = await request(client(), withdrawMeta, withdrawal);
    expect(record).toMatchObject({ withdraw_order_id: 'wd-redirect-1', id: 'w1' });
    expect(elsewhere.requests).toHaveLength(0);
    expect(home.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('a 302 after a POST whose lookup finds nothing: UnknownOutcomeError with the id', async () => {
    answer = redirecting(302);
    const error = await request(client(), withdrawMeta, withdrawal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as Error).cause).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ idempotency: { field: 'withdraw_order_id', value: 'wd-redirect-1' } });
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe("a browser's opaque redirect (redirect: 'manual' gives status 0)", () => {
  it('is a redirect with an unknown target: a write is looked up, never resent', async () => {
    const opaque = { type: 'opaqueredirect', status: 0, ok: false } as unknown as Response;
    const { fetch: answering } = fakeFetch((req) => (req.method === 'GET' ? json(200, [[]]) : json(200, {})));
    let posts = 0;
    const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const req = new Request(input, init);
      if (req.method !== 'POST') return answering(req);
      posts += 1;
      expect(req.redirect).toBe('manual');
      return opaque;
    };
    const error = await request(testCore({ fetch }), withdrawMeta, withdrawal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as Error).cause).toMatchObject({ name: 'RedirectError', status: 0, location: undefined });
    expect(posts).toBe(1);
  });

  it('on a read: RedirectError', async () => {
    const fetch = (): Promise<Response> =>
      Promise.resolve({ type: 'opaqueredirect', status: 0 } as unknown as Response);
    const error = await request(testCore({ fetch }), listWithdrawalsMeta, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 0, location: undefined });
  });
});
