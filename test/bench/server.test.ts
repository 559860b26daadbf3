import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_TX_ID, WITHDRAWAL_COUNT } from '../../bench/records.js';
import { startBenchServer, type BenchServer } from '../../bench/server.js';
import { sha512Hex, signatureString, verifyArrived, type ArrivedRequest } from '../../bench/verify.js';

const EMPTY_SHA512 =
  'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e';
const NOW_MS = 1_700_000_000_000;
const SECRET = 'test-only-secret';

function signed(
  over: Partial<{
    method: string;
    path: string;
    query: string;
    body: string;
    timestamp: string;
    key: string;
    signWith: string;
  }> = {},
): ArrivedRequest {
  const method = over.method ?? 'GET';
  const path = over.path ?? '/api/v4/wallet/withdrawals';
  const query = over.query ?? 'currency=USDT&limit=20';
  const body = over.body ?? '';
  const timestamp = over.timestamp ?? String(NOW_MS / 1000);
  const sign = createHmac('sha512', over.signWith ?? SECRET)
    .update([method, path, query, createHash('sha512').update(body).digest('hex'), timestamp].join('\n'))
    .digest('hex');
  const headers: Record<string, string> = { key: over.key ?? 'k1', timestamp, sign };
  return { method, rawPath: path, rawQuery: query, body: Buffer.from(body), header: (n) => headers[n] };
}

const secretOf = (key: string) => (key === 'k1' ? SECRET : undefined);

describe('verifyArrived', () => {
  it('hashes an empty body to the well-known SHA-512 of the empty string', () => {
    expect(sha512Hex(new Uint8Array())).toBe(EMPTY_SHA512);
  });

  it('joins the five parts with line feeds', () => {
    expect(signatureString('GET', '/api/v4/x', 'a=1', 'h', '1')).toBe('GET\n/api/v4/x\na=1\nh\n1');
  });

  const cases: { name: string; given: ArrivedRequest; want: ReturnType<typeof verifyArrived> }[] = [
    { name: 'a correct GET', given: signed(), want: { ok: true, key: 'k1' } },
    {
      name: 'a correct POST with a body',
      given: signed({ method: 'POST', path: '/api/v4/wallet/transfers', query: '', body: '{"a":1}' }),
      want: { ok: true, key: 'k1' },
    },
    {
      name: 'fractional seconds (as one SDK sends)',
      given: signed({ timestamp: `${NOW_MS / 1000}.123` }),
      want: { ok: true, key: 'k1' },
    },
    {
      name: 'wrong secret',
      given: signed({ signWith: 'other' }),
      want: { ok: false, key: 'k1', label: 'INVALID_SIGNATURE' },
    },
    { name: 'unknown key', given: signed({ key: 'nobody' }), want: { ok: false, key: 'nobody', label: 'INVALID_KEY' } },
    {
      name: 'timestamp 61 s old',
      given: signed({ timestamp: String(NOW_MS / 1000 - 61) }),
      want: { ok: false, key: 'k1', label: 'REQUEST_EXPIRED' },
    },
    {
      name: 'timestamp not a number',
      given: signed({ timestamp: 'soon' }),
      want: { ok: false, key: 'k1', label: 'REQUEST_EXPIRED' },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(verifyArrived(given, secretOf, NOW_MS)).toEqual(want));
  }

  it('rejects a query signed in another encoding than sent', () => {
    const req = signed({ query: 'currencies=BTC,GT' });
    const sent: ArrivedRequest = { ...req, rawQuery: 'currencies=BTC%2CGT' };
    expect(verifyArrived(sent, secretOf, NOW_MS)).toEqual({ ok: false, key: 'k1', label: 'INVALID_SIGNATURE' });
  });

  it('rejects a body that differs from the one hashed', () => {
    const req = signed({ method: 'POST', query: '', body: '{"amount":"1"}' });
    expect(verifyArrived({ ...req, body: Buffer.from('{"amount":"2"}') }, secretOf, NOW_MS)).toMatchObject({
      ok: false,
      label: 'INVALID_SIGNATURE',
    });
  });

  it('names a missing header as MISSING_REQUIRED_HEADER', () => {
    const req = signed();
    expect(
      verifyArrived({ ...req, header: (n) => (n === 'sign' ? undefined : req.header(n)) }, secretOf, NOW_MS),
    ).toEqual({
      ok: false,
      key: 'k1',
      label: 'MISSING_REQUIRED_HEADER',
    });
  });
});

describe('startBenchServer', () => {
  let server: BenchServer;
  const secrets = { 'key-a': 'secret-a', 'key-b': 'secret-b' };

  beforeAll(async () => {
    server = await startBenchServer({ keys: secrets });
  });
  afterAll(() => server.close());

  async function call(key: string, secret: string, method: 'GET' | 'POST'): Promise<Response> {
    const url = new URL(server.url);
    const path = `${url.pathname}/${method === 'GET' ? 'wallet/withdrawals' : 'wallet/transfers'}`;
    const query = method === 'GET' ? 'currency=USDT&limit=20' : '';
    const body =
      method === 'POST' ? '{"currency":"USDT","from":"spot","to":"futures","amount":"1","settle":"usdt"}' : '';
    const ts = String(Math.floor(Date.now() / 1000));
    const sign = createHmac('sha512', secret)
      .update([method, path, query, sha512Hex(body), ts].join('\n'))
      .digest('hex');
    return fetch(`${url.origin}${path}${query ? `?${query}` : ''}`, {
      method,
      headers: { KEY: key, Timestamp: ts, SIGN: sign, 'Content-Type': 'application/json' },
      ...(method === 'POST' ? { body } : {}),
    });
  }

  it('listens on 127.0.0.1 under /api/v4', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v4$/);
  });

  it('answers a signed GET with the withdrawal records and a signed POST with the tx id', async () => {
    const list = (await (await call('key-a', 'secret-a', 'GET')).json()) as Array<{ id: string; status: string }>;
    expect(list).toHaveLength(WITHDRAWAL_COUNT);
    expect(list[0]?.id).toMatch(/^w\d+$/);
    const tx = (await (await call('key-a', 'secret-a', 'POST')).json()) as { tx_id: number };
    expect(tx.tx_id).toBe(TRANSFER_TX_ID);
  });

  it('refuses a bad signature with 401 and counts it against that key only', async () => {
    const res = await call('key-b', 'wrong', 'POST');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { label: string }).label).toBe('INVALID_SIGNATURE');
    expect(server.stats.byKey['key-a']).toEqual({ accepted: 2, rejected: {} });
    expect(server.stats.byKey['key-b']).toEqual({ accepted: 0, rejected: { INVALID_SIGNATURE: 1 } });
  });

  it('answers unknown routes with 404 and counts them', async () => {
    const url = new URL(server.url);
    const res = await fetch(`${url.origin}/api/v4/spot/orders`);
    expect(res.status).toBe(404);
    await res.text();
    expect(server.stats.notFound).toBe(1);
  });

  it('serves the public server time', async () => {
    const url = new URL(server.url);
    const body = (await (await fetch(`${url.origin}/api/v4/spot/time`)).json()) as { server_time: number };
    expect(Math.abs(body.server_time - Date.now())).toBeLessThan(60_000);
  });
});
