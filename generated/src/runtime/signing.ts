/*
 * Copied by exchange-v4 from templates/typescript/runtime/signing.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Request signing (HMAC-SHA512). The signature string has five parts joined by `\n`: the
 * upper-case method, the path including the `/api/v4` prefix, the raw query string as sent
 * (no `?`), the lower-case hex SHA-512 of the exact body bytes (of the empty string when there
 * is no body) and the Timestamp header value (whole Unix seconds). The signature is the
 * lower-case hex HMAC-SHA512 of that string keyed with the API secret.
 *
 * Hashing uses `node:crypto` where it exists (Node, Deno, Bun) and WebCrypto
 * (`globalThis.crypto.subtle`) elsewhere (browsers, edge runtimes), chosen at first use.
 */

/** SHA-512 of the empty string: the body hash of a request without a body. */
export const EMPTY_BODY_SHA512 =
  'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e';

/** The hashing primitives the signer needs. */
export interface CryptoBackend {
  /** `node` (`node:crypto`) or `web` (WebCrypto). */
  readonly name: 'node' | 'web';
  /** Lower-case hex SHA-512. */
  sha512Hex(data: Uint8Array): Promise<string>;
  /** A keyed HMAC-SHA512 function returning lower-case hex. */
  hmacSha512(secret: string): Promise<(data: Uint8Array) => Promise<string>>;
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

const encoder = new TextEncoder();

function toBytes(body: Uint8Array | string | undefined): Uint8Array {
  if (body === undefined) return new Uint8Array(0);
  return typeof body === 'string' ? encoder.encode(body) : body;
}

function hex(buffer: ArrayBuffer): string {
  let out = '';
  for (const byte of new Uint8Array(buffer)) out += byte.toString(16).padStart(2, '0');
  return out;
}

interface NodeCryptoModule {
  createHash(algorithm: string): { update(data: Uint8Array): { digest(encoding: 'hex'): string } };
  createHmac(algorithm: string, key: string): { update(data: Uint8Array): { digest(encoding: 'hex'): string } };
}

function nodeBackend(c: NodeCryptoModule): CryptoBackend {
  return {
    name: 'node',
    sha512Hex: (data) => Promise.resolve(c.createHash('sha512').update(data).digest('hex')),
    hmacSha512: (secret) =>
      Promise.resolve((data: Uint8Array) => Promise.resolve(c.createHmac('sha512', secret).update(data).digest('hex'))),
  };
}

function webBackend(subtle: SubtleCrypto): CryptoBackend {
  return {
    name: 'web',
    sha512Hex: async (data) => hex(await subtle.digest('SHA-512', data as Uint8Array<ArrayBuffer>)),
    hmacSha512: async (secret) => {
      const key = await subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-512' }, false, [
        'sign',
      ]);
      return async (data) => hex(await subtle.sign('HMAC', key, data as Uint8Array<ArrayBuffer>));
    },
  };
}

/** Loads `node:crypto` when the runtime has it; resolves `undefined` otherwise. */
async function importNodeCrypto(): Promise<NodeCryptoModule | undefined> {
  // A computed specifier keeps browser bundlers from trying to resolve the module.
  const specifier = ['node', 'crypto'].join(':');
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as Partial<NodeCryptoModule> & { default?: unknown };
    return typeof mod.createHmac === 'function' && typeof mod.createHash === 'function'
      ? (mod as NodeCryptoModule)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Picks the hashing backend: `auto` (default) tries `node:crypto` and falls back to WebCrypto;
 * `node` / `web` force one (tests use both against the same known-answer vectors).
 */
export async function loadCryptoBackend(prefer: 'auto' | 'node' | 'web' = 'auto'): Promise<CryptoBackend> {
  if (prefer !== 'web') {
    const mod = await importNodeCrypto();
    if (mod) return nodeBackend(mod);
    if (prefer === 'node') throw new Error('node:crypto is not available in this runtime');
  }
  const subtle = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  if (subtle) return webBackend(subtle);
  throw new Error('No SHA-512/HMAC implementation: neither node:crypto nor WebCrypto is available');
}

let defaultBackend: Promise<CryptoBackend> | undefined;

/** The process-wide automatically chosen backend (loaded once). */
export function cryptoBackend(): Promise<CryptoBackend> {
  defaultBackend ??= loadCryptoBackend('auto');
  return defaultBackend;
}

/** Lower-case hex SHA-512 of the body bytes (of the empty string when there is no body). */
export async function bodySha512(
  body: Uint8Array | string | undefined,
  backend: Promise<CryptoBackend> = cryptoBackend(),
): Promise<string> {
  const bytes = toBytes(body);
  if (bytes.length === 0) return EMPTY_BODY_SHA512;
  return (await backend).sha512Hex(bytes);
}

/** The five-line signature string for the given parts and body hash. */
export function signatureString(input: Omit<SignatureInput, 'body'> & { readonly bodyHash: string }): string {
  return [input.method.toUpperCase(), input.path, input.query, input.bodyHash, String(input.timestamp)].join('\n');
}

/**
 * Creates a signer for one API secret. The secret is held only in the returned closure: it is
 * not a property of anything and never appears in `inspect`/`JSON.stringify` output.
 */
export function createSigner(secret: string, backend: Promise<CryptoBackend> = cryptoBackend()): Signer {
  let keyed: Promise<(data: Uint8Array) => Promise<string>> | undefined;
  const signer: Signer = {
    async sign(input) {
      keyed ??= backend.then((b) => b.hmacSha512(secret));
      const bodyHash = await bodySha512(input.body, backend);
      const text = signatureString({ ...input, bodyHash });
      return (await keyed)(encoder.encode(text));
    },
  };
  return Object.freeze(signer);
}
