/**
 * The `node:crypto` hashing backend (SHA-512, HMAC-SHA512). Reached only through the `node`
 * platform module. `node:crypto` is loaded at the first hash, not at import (node-builtins.ts).
 * The HMAC key is prepared once per secret and held in the returned closure. Text is hashed as
 * UTF-8 without an encoding step of ours (`update` takes strings).
 */
import { nodeBuiltin, type NodeBuiltins } from './node-builtins.js';
import type { CryptoBackend } from './signing.js';

const utf8 = new TextEncoder();

let crypto: NodeBuiltins['node:crypto'] | undefined;

/** `node:crypto`, loaded on the first call. */
function nodeCryptoModule(): NodeBuiltins['node:crypto'] {
  crypto ??= nodeBuiltin('node:crypto');
  return crypto;
}

/** SHA-512 and HMAC-SHA512 from `node:crypto` (strings are hashed as their UTF-8 bytes, without a copy). */
export const nodeCrypto: CryptoBackend = {
  name: 'node',
  sha512Hex: (data) => Promise.resolve(nodeCryptoModule().createHash('sha512').update(data).digest('hex')),
  hmacSha512: (secret) => {
    const { createHmac, createSecretKey } = nodeCryptoModule();
    const key = createSecretKey(utf8.encode(secret));
    return Promise.resolve((data: Uint8Array | string) =>
      Promise.resolve(createHmac('sha512', key).update(data).digest('hex')),
    );
  },
};
