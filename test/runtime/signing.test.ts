import { describe, expect, it } from 'vitest';
import {
  createSigner,
  loadCryptoBackend,
  signatureString,
} from '../../generator/targets/typescript/runtime/signing.js';
import { createSignerMiddleware } from '../../generator/targets/typescript/runtime/signer-middleware.js';
import { cases } from '../conformance/kit.js';

/**
 * The signer's own behaviour; the known-answer rows both clients run are the conformance kit's
 * (conformance/signing.json, test/conformance/signing.test.ts).
 */
interface Given {
  method: string;
  path: string;
  query: string;
  body: string;
  secret: string;
  timestamp: number;
}
const vectors = cases<Given, { headers: { SIGN: string } }>('signing').filter(
  (r) => typeof r.given.timestamp === 'number',
);

describe('the auto backend', () => {
  it('signs every row (the other backends: test/conformance/signing.test.ts)', async () => {
    for (const { given, want } of vectors) expect(await createSigner(given.secret).sign(given)).toBe(want.headers.SIGN);
  });

  it('signing twice with one signer gives the same answer (cached key)', async () => {
    const v = vectors[10]!;
    const signer = createSigner(v.given.secret);
    expect(await signer.sign(v.given)).toBe(v.want.headers.SIGN);
    expect(await signer.sign(v.given)).toBe(v.want.headers.SIGN);
  });
});

describe('backend choice', () => {
  it('auto picks node:crypto on Node, web forces WebCrypto', async () => {
    expect((await loadCryptoBackend('auto')).name).toBe('node');
    expect((await loadCryptoBackend('web')).name).toBe('web');
  });
});

describe('signatureString', () => {
  it('joins method (upper-cased), path, query, body hash and timestamp with line feeds', () => {
    expect(signatureString({ method: 'get', path: '/api/v4/x', query: 'a=1', bodyHash: 'h', timestamp: 7 })).toBe(
      'GET\n/api/v4/x\na=1\nh\n7',
    );
  });

  it('keeps an empty query as an empty line', () => {
    expect(
      signatureString({ method: 'POST', path: '/p', query: '', bodyHash: 'h', timestamp: '1' }).split('\n'),
    ).toEqual(['POST', '/p', '', 'h', '1']);
  });
});

describe('signer middleware over the final Request', () => {
  const middleware = (timestamp: number, secret: string) =>
    createSignerMiddleware({
      key: 'fake-key',
      signer: createSigner(secret),
      headers: { key: 'KEY', timestamp: 'Timestamp', signature: 'SIGN' },
      timestamp: () => timestamp,
    });

  it.each(vectors)('signs what the Request holds: $name', async ({ given, want }) => {
    const url = `https://example.test${given.path}${given.query ? `?${given.query}` : ''}`;
    const init: RequestInit =
      given.method === 'GET' || given.body === ''
        ? { method: given.method }
        : { method: given.method, body: given.body };
    const request = new Request(url, init);
    const out = await middleware(given.timestamp, given.secret).onRequest({ request });
    expect(out.headers.get('SIGN')).toBe(want.headers.SIGN);
    expect(out.headers.get('KEY')).toBe('fake-key');
    expect(out.headers.get('Timestamp')).toBe(String(given.timestamp));
    // The body is still there to be sent after signing.
    expect(await out.text()).toBe(given.body);
  });
});
