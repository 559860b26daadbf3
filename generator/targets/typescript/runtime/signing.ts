/**
 * Request signing (HMAC-SHA512). The signature string has five parts joined by `\n`: the
 * upper-case method, the path including the `/api/v4` prefix, the raw query string as sent
 * (no `?`), the lower-case hex SHA-512 of the exact body bytes (of the empty string when there
 * is no body) and the Timestamp header value (whole Unix seconds). The signature is the
 * lower-case hex HMAC-SHA512 of that string keyed with the API secret.
 *
 * Hashing uses `node:crypto` under the `node` package condition (Node, Bun, Deno) and WebCrypto
 * (`globalThis.crypto.subtle`) everywhere else, chosen statically by the platform module.
 */
import { platform } from '#platform';
import { subtleCrypto, webCrypto } from './crypto-web.js';

/** SHA-512 of the empty string: the body hash of a request without a body. */
export const EMPTY_BODY_SHA512 =
  'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e';

/** The hashing primitives the signer needs. */
export interface CryptoBackend {
  /** `node` (`node:crypto`) or `web` (WebCrypto). */
  readonly name: 'node' | 'web';
  /** Lower-case hex SHA-512 of bytes, or of a string's UTF-8 bytes. */
  sha512Hex(data: Uint8Array | string): Promise<string>;
  /** A keyed HMAC-SHA512 function (of bytes, or of a string's UTF-8 bytes) returning lower-case hex. */
  hmacSha512(secret: string): Promise<(data: Uint8Array | string) => Promise<string>>;
}

/** What one signature covers. */
export interface SignatureInput {
  readonly method: string;
  /** Path as sent, including the prefix (`/api/v4/wallet/transfers`). */
  readonly path: string;
  /** Raw query string as sent, without `?` (empty when none). */
  readonly query: string;
  /** Body bytes (or text, encoded as UTF-8) exactly as sent; empty or absent when there is no body. */
  readonly body?: Uint8Array | string | undefined;
  /** Timestamp header value: whole Unix seconds. */
  readonly timestamp: string | number;
}

/** Signs requests with one secret; the secret lives only in this closure. */
export interface Signer {
  /** Lower-case hex HMAC-SHA512 of the signature string of `input`. */
  sign(input: SignatureInput): Promise<string>;
}

/**
 * Picks a hashing backend: `auto` (default) the platform's own (`node:crypto` on Node, WebCrypto
 * elsewhere); `node` / `web` force one (tests use both against the same known-answer vectors).
 */
export function loadCryptoBackend(prefer: 'auto' | 'node' | 'web' = 'auto'): Promise<CryptoBackend> {
  if (prefer === 'auto') return Promise.resolve(platform.crypto);
  if (prefer === 'node') {
    return platform.nodeCrypto
      ? Promise.resolve(platform.nodeCrypto)
      : Promise.reject(new Error('node:crypto is not available in this runtime'));
  }
  try {
    subtleCrypto();
    return Promise.resolve(webCrypto);
  } catch (error) {
    return Promise.reject(error);
  }
}

let defaultBackend: Promise<CryptoBackend> | undefined;

/** The platform's backend (one promise, made on first use). */
export function cryptoBackend(): Promise<CryptoBackend> {
  defaultBackend ??= Promise.resolve(platform.crypto);
  return defaultBackend;
}

/** Lower-case hex SHA-512 of the body bytes (of the empty string when there is no body). */
export async function bodySha512(
  body: Uint8Array | string | undefined,
  backend: Promise<CryptoBackend> = cryptoBackend(),
): Promise<string> {
  if (body === undefined || body.length === 0) return EMPTY_BODY_SHA512;
  return (await backend).sha512Hex(body);
}

/** The five-line signature string for the given parts and body hash. */
export function signatureString(input: Omit<SignatureInput, 'body'> & { readonly bodyHash: string }): string {
  return `${input.method.toUpperCase()}\n${input.path}\n${input.query}\n${input.bodyHash}\n${input.timestamp}`;
}

/**
 * Creates a signer for one API secret. The secret is held only in the returned closure: it is
 * not a property of anything and never appears in `inspect`/`JSON.stringify` output. The backend
 * and the keyed HMAC are resolved on the first signature and kept, so later ones wait only for
 * the hashing itself.
 */
export function createSigner(secret: string, backend: Promise<CryptoBackend> = cryptoBackend()): Signer {
  type Keyed = { readonly hashing: CryptoBackend; readonly hmac: (data: Uint8Array | string) => Promise<string> };
  let keying: Promise<Keyed> | undefined;
  let keyed: Keyed | undefined;
  const signer: Signer = {
    async sign(input) {
      keyed ??= await (keying ??= backend.then(async (hashing) => ({
        hashing,
        hmac: await hashing.hmacSha512(secret),
      })));
      const { body } = input;
      const bodyHash =
        body === undefined || body.length === 0 ? EMPTY_BODY_SHA512 : await keyed.hashing.sha512Hex(body);
      const { method, path, query, timestamp } = input;
      return keyed.hmac(signatureString({ method, path, query, bodyHash, timestamp }));
    },
  };
  return Object.freeze(signer);
}
