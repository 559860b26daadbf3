import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bodySha512,
  createSigner,
  loadCryptoBackend,
  signatureString,
} from '../../generator/targets/typescript/runtime/signing.js';
import { createSignerMiddleware } from '../../generator/targets/typescript/runtime/signer-middleware.js';

/**
 * Known-answer vectors computed outside the project with OpenSSL 3.0, shared with the Python suite
 * (test/support/signing-vectors.json):
 *
 *   bh=$(printf '%s' "$BODY" | openssl dgst -sha512 -r | cut -d' ' -f1)
 *   printf '%s\n%s\n%s\n%s\n%s' "$METHOD" "$PATH" "$QUERY" "$bh" "$TS" \
 *     | openssl dgst -sha512 -hmac 'fake-secret-0123456789abcdef' -r | cut -d' ' -f1
 */
interface Given {
  method: string;
  path: string;
  query: string;
  body: string;
  timestamp: number;
}

const shared = JSON.parse(readFileSync(new URL('../support/signing-vectors.json', import.meta.url), 'utf8')) as {
  secret: string;
  vectors: Array<{ name: string; given: Given; want: { bodyHash: string; sign: string } }>;
};
const SECRET = shared.secret;
const vectors = shared.vectors;

describe.each(['node', 'web', 'auto'] as const)('signing with the %s backend', (prefer) => {
  const backend = loadCryptoBackend(prefer);

  it.each(vectors)('body hash: $name', async ({ given, want }) => {
    expect(await bodySha512(given.body, backend)).toBe(want.bodyHash);
    expect(await bodySha512(new TextEncoder().encode(given.body), backend)).toBe(want.bodyHash);
  });

  it.each(vectors)('signature: $name', async ({ given, want }) => {
    const signer = createSigner(SECRET, backend);
    expect(await signer.sign(given)).toBe(want.sign);
    expect(await signer.sign({ ...given, body: new TextEncoder().encode(given.body) })).toBe(want.sign);
  });

  it('signing twice with one signer gives the same answer (cached key)', async () => {
    const signer = createSigner(SECRET, backend);
    const v = vectors[10]!;
    expect(await signer.sign(v.given)).toBe(v.want.sign);
    expect(await signer.sign(v.given)).toBe(v.want.sign);
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
  const middleware = (timestamp: number) =>
    createSignerMiddleware({
      key: 'fake-key',
      signer: createSigner(SECRET),
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
    const out = await middleware(given.timestamp).onRequest({ request });
    expect(out.headers.get('SIGN')).toBe(want.sign);
    expect(out.headers.get('KEY')).toBe('fake-key');
    expect(out.headers.get('Timestamp')).toBe(String(given.timestamp));
    // The body is still there to be sent after signing.
    expect(await out.text()).toBe(given.body);
  });
});
