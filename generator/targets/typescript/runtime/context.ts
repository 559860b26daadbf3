/**
 * The runtime state of one client (transport, clock, limiter, settings, credentials). It is
 * kept in a module-private WeakMap keyed by the client object rather than on the object, so
 * nothing of it (least of all the key or the signer) shows in `inspect(client)`,
 * `JSON.stringify(client)` or a debugger's property listing of the client.
 */

import type { WithResponse } from './api-promise.js';
import type { ServerClock } from './clock.js';
import type { Logger } from './logger.js';
import type { OutcomeJournalStore } from './outcome-journal.js';
import type { ApiMeta, OperationMeta } from './metadata.js';
import type { RequestOptions } from './options.js';
import type { RateLimitMode, RateLimitStore } from './rate-limit.js';
import type { Transport } from './transport.js';

/** Resolved client settings. */
interface Settings {
  readonly timeout: number;
  readonly maxRetries: number;
  readonly rateLimit: RateLimitMode;
  /** The longest a 429's reset time is honoured (ms); `undefined`: the bucket's window. */
  readonly maxRateLimitWaitMs: number | undefined;
  readonly sizeDecimal: boolean;
  /** What a drifted answer field does: converted and reported, or an error. */
  readonly wireDrift: 'convert' | 'error';
  readonly defaultHeaders: Readonly<Record<string, string>>;
  readonly logger: Logger | undefined;
}

/** Runs one call of an operation through the client's request loop. */
export type Executor = (
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  options: RequestOptions,
) => Promise<WithResponse<unknown>>;

/** Everything a call needs from its client. */
export interface RuntimeContext {
  readonly apiMeta: ApiMeta;
  /** Base URL including the prefix (`https://api.example.com/api/v4`). */
  readonly baseUrl: string;
  /** Scheme, host and port of the base URL. */
  readonly origin: string;
  /** Path of the base URL as sent (`/api/v4`), without a trailing slash. */
  readonly basePath: string;
  /** Headers every call starts from: `Accept` and the default headers, checked once. */
  readonly baseHeaders: Readonly<Record<string, string>>;
  /** The same plus the size-decimal header (futures and delivery calls, when `sizeDecimal` is on). */
  readonly futuresHeaders: Readonly<Record<string, string>>;
  /** Headers only private calls send (the identification header where `User-Agent` cannot be set). */
  readonly privateHeaders: Readonly<Record<string, string>>;
  /** Whether public calls send the client request id (not in a browser: it forces a CORS preflight). */
  readonly requestIdOnPublic: boolean;
  /** Whether a key and secret were configured. */
  readonly hasCredentials: boolean;
  /** Without credentials: why the environment's could not be read (Deno without `--allow-env`), if so. */
  readonly credentialsHint?: string | undefined;
  /** Rate-limit account: a fingerprint of the API key, or `public` without one. */
  readonly account: string;
  readonly transport: Transport;
  readonly clock: ServerClock;
  readonly limiter: RateLimitStore;
  readonly settings: Settings;
  /** The request loop bound to this context (lookups and clock sync use it too). */
  readonly execute: Executor;
  /** The outcome journal (`outcomeJournal` option), when enabled. */
  readonly journal?: OutcomeJournalStore | undefined;
  /** Answer drifts already reported as `drift` log events (operation, field and wire type). */
  readonly drifts: Set<string>;
  /** Removes the key, the secret and anything shaped like a signature from server-supplied text. */
  readonly redact: (text: string) => string;
}

const contexts = new WeakMap<object, RuntimeContext>();

/** Attaches the runtime state to a client object (once, at construction). */
export function bindContext(client: object, context: RuntimeContext): void {
  contexts.set(client, context);
}

/** The runtime state of a client; throws `TypeError` for anything that is not a constructed client. */
export function contextOf(client: object): RuntimeContext {
  const context = contexts.get(client);
  if (!context) throw new TypeError('Expected a client constructed with `new ExchangeClient(...)` (a Core)');
  return context;
}

/**
 * A stable, non-reversible fingerprint of an API key (FNV-1a, 64 bit): keeps rate-limit
 * buckets of different keys apart without holding the key in limiter state.
 */
export function accountFingerprint(key: string): string {
  let hash = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  for (const byte of new TextEncoder().encode(key)) {
    hash ^= BigInt(byte);
    hash = (hash * prime) & 0xffffffffffffffffn;
  }
  return `acct-${hash.toString(16).padStart(16, '0')}`;
}

/** A fresh 32-character lower-case hex id (a UUID v4 without dashes). */
export function freshId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') {
    // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx: the 32 hex digits without the dashes.
    const u = c.randomUUID();
    return u.slice(0, 8) + u.slice(9, 13) + u.slice(14, 18) + u.slice(19, 23) + u.slice(24);
  }
  if (c && typeof c.getRandomValues === 'function') {
    const bytes = c.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  throw new Error('No secure random source: globalThis.crypto is not available');
}

/**
 * A scrubber for text the server sends back (error messages, response headers): a server or
 * proxy that echoes request headers must not carry the key, the secret or a signature (128 hex
 * digits) into an error.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const exact = secrets.filter((s) => s.length >= 4);
  return (text) => {
    if (text.length < 128 && !exact.some((s) => text.includes(s))) return text;
    let out = text.replace(/[0-9a-fA-F]{128}/g, '[redacted]');
    for (const s of exact) out = out.split(s).join('[redacted]');
    return out;
  };
}
