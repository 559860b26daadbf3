/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/platform-web.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The platform module everywhere but under the `node` package condition (browsers, workers,
 * edge runtimes): WebCrypto for signing, requests through `fetch`.
 */
import { webCrypto } from './crypto-web.js';
import type { OperationMeta } from './metadata.js';
import type { Platform } from './platform.js';

/** An operation's metadata from its JSON text, parsed at once (a bundle holds only the operations it calls). */
export const operationMeta: (json: string) => OperationMeta = JSON.parse;

/** The metadata itself (it is never lazy here). */
export function plainMeta(meta: OperationMeta): OperationMeta {
  return meta;
}

/** Web primitives. */
export const platform: Platform = {
  crypto: webCrypto,
  nodeCrypto: undefined,
  nodeTransport: undefined,
  logSink: console,
  fileJournal: undefined,
};
