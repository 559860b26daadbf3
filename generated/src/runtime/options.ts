/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/options.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Options of the client (`new ExchangeClient(options)`) and of each call (the last argument of
 * every operation method), and the shape of a raw request.
 */

import type { ClockSyncMode } from './clock.js';
import type { Logger } from './logger.js';
import type { HttpMethod, OperationMeta } from './metadata.js';
import type { OutcomeJournalStore } from './outcome-journal.js';
import type { RateLimitMode, RateLimitStore } from './rate-limit.js';

/** Options of one client. */
export interface ClientOptions {
  /**
   * API key. Needed for private operations; public ones work without. `key` and `secret` default
   * to `EXCHANGE_V4_KEY` and `EXCHANGE_V4_SECRET` when the options give neither. Each must be
   * non-empty printable ASCII without whitespace, else the constructor throws a `ValidationError`
   * (rule `printable-ascii`) that does not show the value.
   */
  key?: string | undefined;
  /**
   * API secret. Kept in a closure: it is never a property of the client, never logged and
   * never part of an error, `inspect` or `JSON.stringify` output.
   */
  secret?: string | undefined;
  /**
   * Named server, one of the spec's server names: `live` (default), `testnet` (separate keys) or
   * `futures` (futures-only host). Any other name is a `ValidationError` at construction.
   */
  server?: 'live' | 'testnet' | 'futures' | undefined;
  /**
   * Base URL including the `/api/v4` prefix; overrides `server` (a proxy, a mock, a new host).
   * Defaults to `EXCHANGE_V4_BASE_URL` when the options give neither `baseUrl` nor `server`.
   */
  baseUrl?: string | undefined;
  /** Per-attempt timeout in ms (default 30 000). */
  timeout?: number | undefined;
  /** Retries after the first attempt for calls that may be retried (default 2). */
  maxRetries?: number | undefined;
  /**
   * Largest response body read, in bytes after content decoding (default 16 MiB, 1 to 2 147 483 647).
   * A larger answer is dropped as soon as it passes this (or at once when its `Content-Length`
   * does) and the attempt fails with `ResponseTooLargeError`: a read is retried like a lost answer,
   * a write ends as a lookup or an `UnknownOutcomeError`.
   */
  maxResponseBytes?: number | undefined;
  /**
   * Client-side rate limiting per the spec's limits: `wait` (default) queues calls until the
   * bucket has room, `reject` throws `RateLimitError` (label `RATE_LIMITED_LOCALLY`) instead,
   * `off` sends at once.
   */
  rateLimit?: RateLimitMode | undefined;
  /**
   * The longest wait a 429's reset time or `Retry-After` is honoured for, in ms (default: the
   * bucket's own window, e.g. 3 000 for withdrawals, 1 000 for spot placement). A server asking for
   * longer blocks the bucket, and delays the call's retry, only this long.
   */
  maxRateLimitWaitMs?: number | undefined;
  /** Server-time synchronisation for signing: `lazy` (default), `eager` or `off`. */
  clockSync?: ClockSyncMode | undefined;
  /**
   * How requests are sent: `auto` (default) is `node` on Node unless a custom `fetch` is given
   * (the `fetch` option, or a `globalThis.fetch` replaced after the runtime loaded, such as a test
   * stub, which is then used), and `fetch` elsewhere; `node` is Node's `http`/`https` with a keep-alive agent and no web
   * Request/Response objects (the lowest latency and CPU per call; Node only); `fetch` is the
   * platform's `fetch` (or the `fetch` option) on any runtime. Same signing, limits, retries and
   * errors either way.
   */
  transport?: 'auto' | 'fetch' | 'node' | undefined;
  /**
   * A fetch implementation for the `fetch` transport (default: `globalThis.fetch`, looked up at
   * call time), called as `fetch(url, init)` like the platform's: a logging or proxying wrapper
   * `(input, init) => fetch(input, init)` fits as it is.
   */
  fetch?: ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) | undefined;
  /** Headers sent with every request (the signing headers cannot be overridden). */
  defaultHeaders?: Readonly<Record<string, string>> | undefined;
  /**
   * Receives structured events (see `LogEvent`); never sees keys, secrets or signatures. Default:
   * none, or a console logger when `EXCHANGE_V4_LOG` is `debug`, `info` or `warn`.
   */
  logger?: Logger | undefined;
  /**
   * Allow a secret in a browser page (default `false`: the constructor throws a `ValidationError`).
   * Anyone who loads the page can read the secret from its code or memory, so set it only for a
   * page that nobody but the key's owner ever loads (a local tool); sign on a server otherwise.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /**
   * Send `X-Svc-Size-Decimal: 1` on futures and delivery operations so sizes may be decimal
   * strings (default `true`).
   */
  sizeDecimal?: boolean | undefined;
  /**
   * An answer field in another wire type than the spec declares (a number where a decimal string
   * is declared): `convert` (default) converts it when that loses nothing and reports a `drift` log
   * event once per kind; `error` throws a `WireDriftError` instead. A field that cannot convert
   * (`"abc"` for a number) is a `WireDriftError` either way.
   */
  wireDrift?: 'convert' | 'error' | undefined;
  /**
   * The rate limiter to count against. Default: one limiter shared by every client of the
   * process (public limits are per IP; private buckets are kept apart per API key). A
   * `RedisRateLimitStore` (`exchange-v4/redis`) shares one budget between processes.
   */
  limiter?: RateLimitStore | undefined;
  /**
   * The outcome journal (default: none). Every write's intent (operation, idempotency id, a hash
   * of the request, time; never a key, secret, signature or body) is recorded durably before it
   * is sent and cleared once its answer is definitive, so after a crash `pendingOutcomes()` and
   * `resolvePending()` find out what the writes left unknown did. `{ path }`: a local file of JSON
   * lines, shared safely by the processes of one machine (Node only; `compactBytes`, default
   * 65 536, bounds it); or a store, such as `redisJournal(redis)` from `exchange-v4/redis` for
   * processes on several machines. See docs/outcome-journal.md.
   */
  outcomeJournal?:
    { readonly path: string; readonly compactBytes?: number | undefined } | OutcomeJournalStore | undefined;
}

/** Options of one call. */
export interface RequestOptions {
  /** Aborts the call (an `AbortError` is thrown). */
  signal?: AbortSignal | undefined;
  /** Per-attempt timeout in ms for this call. */
  timeout?: number | undefined;
  /** Retries for this call. */
  maxRetries?: number | undefined;
  /**
   * Extra request headers for this call, e.g. `x-svc-exptime` or `X-Client-Request-Id` (by
   * default a fresh id is sent with every call; in a browser with private calls only, as it would
   * force a CORS preflight on public ones).
   */
  headers?: Readonly<Record<string, string | number>> | undefined;
  /** Rate-limit mode for this call. */
  rateLimit?: RateLimitMode | undefined;
  /**
   * The idempotency id of a write (`client_order_id`, `withdraw_order_id`, ...). The value in
   * the params wins; this is used when the params have none; otherwise one is generated when
   * the operation allows it.
   */
  idempotencyKey?: string | undefined;
}

/** A signed (or public) request to any path, for endpoints newer than the spec. */
export interface RawRequest {
  readonly method: HttpMethod;
  /**
   * Path after the base URL, e.g. `/spot/fee` (a leading `/api/v4` is accepted and dropped).
   * Refused before any I/O when a server could read it differently: no empty segment (`//`, a
   * trailing `/`), whitespace, control character, query, fragment, brace, backslash or dot
   * segment. Characters outside `A-Z a-z 0-9 - . _ ~` are percent-encoded (UTF-8) before signing.
   */
  readonly path: string;
  /** Query parameters, sent in this object's key order; arrays are comma-joined. */
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  /** JSON body (not allowed on GET and DELETE); a non-finite number in it is a `ValidationError`. */
  readonly body?: unknown;
  /** `private` signs the request; default: the matching spec operation's, else `private`. */
  readonly auth?: 'private' | 'public' | undefined;
  /**
   * Client-side limit; default: the matching spec operation's (`/spot/orders/123` counts in
   * `getOrder`'s bucket), else 150 requests / 10 s in one bucket per method (`raw:GET`, ...).
   */
  readonly rateLimit?: OperationMeta['rateLimit'] | undefined;
  /** Retry policy; default: the matching spec operation's, else `safe` for GET and `never` otherwise. */
  readonly retry?: OperationMeta['retry'] | undefined;
}

/**
 * What `resolveOutcome` found out about a write that failed (the policy: outcome-policy.ts).
 * - `applied`: the service has it; `data` is its record as the lookup returns it (for a batch,
 *   the record of every item, in item order).
 * - `not-applied`: certain by the service's own rules: nothing was sent, or the service refused it
 *   before processing. Sending it again is safe (`resend: 'safe'`).
 * - `unknown`: it may have been applied. `retryAfterMs`: ask again after that long (a write may be
 *   in flight still, or listed only some time after it was accepted); `undefined` when asking
 *   again cannot tell (no read finds the write by its id): check the account's history. `resend`:
 *   `'same-id'` where the service refuses a second write with the id (`idempotency`), so sending
 *   it again with exactly that id is safe; `'never'` otherwise: never resend while it is unknown.
 */
export type Outcome<T = unknown> =
  | { readonly status: 'applied'; readonly data: T }
  | { readonly status: 'not-applied'; readonly resend: 'safe'; readonly reason: string }
  | {
      readonly status: 'unknown';
      readonly retryAfterMs: number | undefined;
      readonly resend: 'same-id' | 'never';
      /** The id the write carried (the one to resend with, for `resend: 'same-id'`). */
      readonly idempotency?: { readonly field: string; readonly value: string } | undefined;
      readonly reason: string;
    };
