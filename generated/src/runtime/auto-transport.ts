/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/auto-transport.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/** The `auto` transport on Node; only the node platform module imports it. */
import { createFetchTransport } from './fetch-transport.js';
import type { Transport, TransportOptions } from './transport.js';

/** `globalThis.fetch` when the runtime loaded. */
const loadedFetch: unknown = globalThis.fetch;

/** `node`, unless `globalThis.fetch` was replaced since (a stub, an interceptor): then that fetch. */
export function autoTransport(node: Transport, options: TransportOptions): Transport {
  let viaFetch: Transport | undefined;
  return {
    send: (wire, timeoutMs, signal) =>
      globalThis.fetch === loadedFetch
        ? node.send(wire, timeoutMs, signal)
        : (viaFetch ??= createFetchTransport(options)).send(wire, timeoutMs, signal),
  };
}
