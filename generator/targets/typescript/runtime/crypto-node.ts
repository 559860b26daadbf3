/**
 * The `node:crypto` hashing backend (SHA-512, HMAC-SHA512). Reached only through the `node`
 * platform module. `node:crypto` is loaded at the first hash, not at import (node-builtins.ts).
 * The HMAC key is prepared once per secret and held in the returned closure. Text is hashed as
 * UTF-8 without an encoding step of ours (`update` takes strings).
 */
import { nodeBuiltin, type Loaded, type NodeBuiltins } from './node-builtins.js';
import type { CryptoBackend } from './signing.js';

type NodeCrypto = NodeBuiltins['node:crypto'];

const utf8 = new TextEncoder();

let cryptoLoaded: Loaded<NodeCrypto> | undefined;

/** `node:crypto`, loaded on the first call (then kept: the module itself once it is there). */
function cryptoModule(): Loaded<NodeCrypto> {
  if (cryptoLoaded === undefined) {
    cryptoLoaded = nodeBuiltin('node:crypto');
    if (cryptoLoaded instanceof Promise) {
      cryptoLoaded.then(
        (loaded) => void (cryptoLoaded = loaded),
        () => undefined, // the caller's own chain reports the failure
      );
    }
  }
  return cryptoLoaded;
}

/** Lower-case hex SHA-512 of bytes, or of a string's UTF-8 bytes. */
function sha512(nodeCryptoModule: NodeCrypto, data: Uint8Array | string): string {
  return nodeCryptoModule.createHash('sha512').update(data).digest('hex');
}

/** SHA-512 and HMAC-SHA512 from `node:crypto` (strings are hashed as their UTF-8 bytes, without a copy). */
export const nodeCrypto: CryptoBackend = {
  name: 'node',
  sha512Hex: (data) => {
    const loaded = cryptoModule();
    return loaded instanceof Promise ? loaded.then((c) => sha512(c, data)) : Promise.resolve(sha512(loaded, data));
  },
  hmacSha512: async (secret) => {
    const { createHmac, createSecretKey } = await cryptoModule();
    const key = createSecretKey(utf8.encode(secret));
    return (data: Uint8Array | string) => Promise.resolve(createHmac('sha512', key).update(data).digest('hex'));
  },
};
