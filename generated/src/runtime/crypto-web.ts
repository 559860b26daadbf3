/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/crypto-web.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The WebCrypto hashing backend (`globalThis.crypto.subtle`): browsers, workers, edge runtimes,
 * and Node when asked for it. `subtle` is looked up when a hash is first needed.
 */
import type { CryptoBackend } from './signing.js';

const utf8 = new TextEncoder();

/** `globalThis.crypto.subtle`, or an error saying there is no hashing at all. */
export function subtleCrypto(): SubtleCrypto {
  const subtle = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  if (subtle === undefined) {
    throw new Error('No SHA-512/HMAC implementation: neither node:crypto nor WebCrypto is available');
  }
  return subtle;
}

/** Bytes as WebCrypto takes them (a string as its UTF-8 bytes). */
const bytesOf = (data: Uint8Array | string): Uint8Array<ArrayBuffer> =>
  typeof data === 'string' ? utf8.encode(data) : (data as Uint8Array<ArrayBuffer>);

function hex(buffer: ArrayBuffer): string {
  let out = '';
  for (const byte of new Uint8Array(buffer)) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** SHA-512 and HMAC-SHA512 from WebCrypto. */
export const webCrypto: CryptoBackend = {
  name: 'web',
  sha512Hex: async (data) => hex(await subtleCrypto().digest('SHA-512', bytesOf(data))),
  hmacSha512: async (secret) => {
    const subtle = subtleCrypto();
    const key = await subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']);
    return async (data) => hex(await subtle.sign('HMAC', key, bytesOf(data)));
  },
};
