/**
 * Conformance: signing (conformance/signing.json). Every row on every hashing backend: the body
 * hash, the signature string, and the KEY / Timestamp / SIGN headers the signer middleware sets on
 * a request with the row's method, path, query and body.
 */
import { describe, expect, it } from 'vitest';
import { apiMeta } from '../../generated/src/api-meta.js';
import { createSignerMiddleware } from '../../generator/targets/typescript/runtime/signer-middleware.js';
import {
  bodySha512,
  createSigner,
  loadCryptoBackend,
  signatureString,
} from '../../generator/targets/typescript/runtime/signing.js';
import { cases, eachRow } from './kit.js';

interface Given {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body: string;
  readonly key: string;
  readonly secret: string;
  readonly timestamp: number | string;
}
interface Want {
  readonly bodyHash: string;
  readonly signatureString: string;
  readonly headers: { readonly KEY: string; readonly Timestamp: string; readonly SIGN: string };
}

const rows = cases<Given, Want>('signing');

describe('conformance: signing', () => {
  it('names the seed’s headers', () => {
    expect(apiMeta.signing.headers).toEqual({ key: 'KEY', timestamp: 'Timestamp', signature: 'SIGN' });
  });

  it.each(rows)('signature string: $title', ({ given, want }) => {
    const { method, path, query, timestamp } = given;
    expect(signatureString({ method, path, query, timestamp, bodyHash: want.bodyHash })).toBe(want.signatureString);
  });

  describe.each(['node', 'web'] as const)('on the %s backend', (prefer) => {
    const backend = loadCryptoBackend(prefer);

    eachRow(rows, async ({ given, want }) => {
      expect(await bodySha512(given.body, backend)).toBe(want.bodyHash);
      const signer = createSigner(given.secret, backend);
      expect(await signer.sign(given)).toBe(want.headers.SIGN);
      expect(await signer.sign({ ...given, body: new TextEncoder().encode(given.body) })).toBe(want.headers.SIGN);
    });
  });

  it.each(rows)('headers of the signed request: $title', async ({ given, want }) => {
    const middleware = createSignerMiddleware({
      key: given.key,
      signer: createSigner(given.secret, loadCryptoBackend('node')),
      headers: apiMeta.signing.headers,
      timestamp: () => Number(given.timestamp),
    });
    const url = `https://api.example.test${given.path}${given.query === '' ? '' : `?${given.query}`}`;
    const body = given.body === '' ? null : given.body;
    const request = await middleware.onRequest({ request: new Request(url, { method: given.method, body }) });
    expect({
      KEY: request.headers.get('KEY'),
      Timestamp: request.headers.get('Timestamp'),
      SIGN: request.headers.get('SIGN'),
    }).toEqual(want.headers);
  });
});
