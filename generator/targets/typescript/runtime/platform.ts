/**
 * What the platform module (`#platform`) provides. Which module that is is decided statically by
 * package import conditions (this folder's package.json, and the same map in the built package):
 * under the `node` condition `platform-node.ts` (node:crypto, and the `node` transport over
 * node:http / node:https), everywhere else `platform-web.ts` (WebCrypto, no Node transport). No
 * runtime probing and no dynamic `import()` of the runtime's own modules: bundlers and edge
 * runtimes see one static graph. (The node modules load Node's built-ins on first use, see
 * node-builtins.ts.) Both modules also export `operationMeta` and `plainMeta`, how operation
 * metadata is read (operation-meta.ts): parsed on first use on Node, at once elsewhere.
 */
import type { FileJournalOptions } from './journal-file.js';
import type { LogSink } from './log-env.js';
import type { OutcomeJournalStore } from './outcome-journal.js';
import type { CryptoBackend } from './signing.js';
import type { Transport, TransportOptions } from './transport.js';

/** The platform's primitives. */
export interface Platform {
  /** The hashing backend signers use by default. */
  readonly crypto: CryptoBackend;
  /** `node:crypto`, where the platform has it. */
  readonly nodeCrypto: CryptoBackend | undefined;
  /**
   * The `node` transport (node:http / node:https), where the platform has it; with `auto`, the
   * default transport on Node (the `node` one unless `globalThis.fetch` was replaced, see auto-transport.ts).
   */
  readonly nodeTransport: ((options: TransportOptions, auto: boolean) => Transport) | undefined;
  /**
   * Where `EXCHANGE_V4_LOG` prints: on Node every line goes to stderr (so a program's stdout, a
   * CLI's JSON output for one, stays clean); elsewhere the console's own levels.
   */
  readonly logSink: LogSink;
  /** The outcome journal in a local file (journal-file.ts), where the platform has files. */
  readonly fileJournal: ((options: FileJournalOptions) => OutcomeJournalStore) | undefined;
}
