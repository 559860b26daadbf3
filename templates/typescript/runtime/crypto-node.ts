/**
 * The `node:crypto` hashing backend (SHA-512, HMAC-SHA512). Reached only through the `node`
 * platform module. The HMAC key is prepared once per secret and held in the returned closure.
 * Text is hashed as UTF-8 without an encoding step of ours (`update` takes strings).
 */
import { createHash, createHmac, createSecretKey } from 'node:crypto';
import type { CryptoBackend } from './signing.js';

const utf8 = new TextEncoder();

/** SHA-512 and HMAC-SHA512 from `node:crypto` (strings are hashed as their UTF-8 bytes, without a copy). */
export const nodeCrypto: CryptoBackend = {
  name: 'node',
  sha512Hex: (data) => Promise.resolve(createHash('sha512').update(data).digest('hex')),
  hmacSha512: (secret) => {
    const key = createSecretKey(utf8.encode(secret));
    return Promise.resolve((data: Uint8Array | string) =>
      Promise.resolve(createHmac('sha512', key).update(data).digest('hex')),
    );
  },
};
