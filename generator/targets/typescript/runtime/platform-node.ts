/**
 * The platform module under the `node` package condition (Node, Bun, Deno's npm support):
 * `node:crypto` for signing, the `node` transport and the outcome journal's file. Only this module's imports reach `node:`
 * modules, so a bundle for any other platform never sees them.
 */
import { autoTransport } from './auto-transport.js';
import { nodeCrypto } from './crypto-node.js';
import { fileJournal } from './journal-file.js';
import { createNodeTransport } from './node-transport.js';
import type { Platform } from './platform.js';

export { lazyMeta as operationMeta, plainMeta } from './lazy-meta.js';

/** Node's primitives. */
export const platform: Platform = {
  crypto: nodeCrypto,
  nodeCrypto,
  nodeTransport: (options, auto) =>
    auto ? autoTransport(createNodeTransport(options), options) : createNodeTransport(options),
  logSink: {
    debug: (line: string) => console.error(line),
    info: (line: string) => console.error(line),
    warn: (line: string) => console.warn(line),
  },
  fileJournal,
};
