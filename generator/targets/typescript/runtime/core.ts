/**
 * `Core`: what every call needs from its client. It resolves the options (server, credentials,
 * timeouts, limits, clock sync) and builds, once, what each call reuses: the base URL's parts,
 * the checked default headers, the signer and the transport (`node` on Node unless a custom
 * `fetch` is given, `fetch` elsewhere). Standalone operation functions take a `Core`; raw requests
 * and `resolveOutcome` as methods come with `ClientCore` (client-core.ts). Its state lives outside
 * the object (see context.ts), so the client prints and serialises without its key or secret.
 */

import { platform } from '#platform';
import { checkBrowserSecret } from './browser-guard.js';
import { addHeaders, checkNumberOption } from './call-plan.js';
import { checkCredential } from './credentials.js';
import { detectRuntime, ENV, envUnreadable, readEnv, withEnvDefaults } from './environment.js';
import { callHeaders } from './identification.js';
import { loggerFromEnv } from './log-env.js';
import { ServerClock, serverTimeMs } from './clock.js';
import { accountFingerprint, bindContext, contextOf, createRedactor, type RuntimeContext } from './context.js';
import { ValidationError } from './errors.js';
import { emit, reasonOf } from './logger.js';
import type { ApiMeta } from './metadata.js';
import type { ClientOptions } from './options.js';
import { isJournalStore, type OutcomeJournalStore } from './outcome-journal.js';
import { RateLimiter } from './rate-limit.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './response-cap.js';
import { executeOperation } from './call-loop.js';
import { DEFAULT_MAX_RETRIES } from './retry-timing.js';
import { createSigner } from './signing.js';
import { createFetchTransport } from './fetch-transport.js';
import type { Transport, TransportOptions } from './transport.js';

/** Default per-attempt timeout (ms). */
export const DEFAULT_TIMEOUT_MS = 30_000;

let sharedLimiter: RateLimiter | undefined;

/** The limiter every client uses unless given its own: public limits are per IP, hence per process. */
function processLimiter(): RateLimiter {
  sharedLimiter ??= new RateLimiter({ mode: 'wait' });
  return sharedLimiter;
}

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new ValidationError(field, value, 'enum', `must be one of ${allowed.join(', ')}`);
}

/** An optional function option. */
function checkFunction(field: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function')
    throw new ValidationError(field, value, 'type', 'must be a function');
}

/**
 * The key pair of the options, each checked (credentials.ts); `fromEnv` when it came from the
 * `EXCHANGE_V4_*` defaults, which the error then names.
 */
function credentials(options: ClientOptions, fromEnv: boolean): { key: string; secret: string } | undefined {
  const { key, secret } = options;
  if (key !== undefined) checkCredential('key', key, fromEnv ? ENV.key : undefined);
  if (secret !== undefined) checkCredential('secret', secret, fromEnv ? ENV.secret : undefined);
  if ((key === undefined) !== (secret === undefined)) {
    const missing = key === undefined ? 'key' : 'secret';
    throw new ValidationError(
      missing,
      undefined,
      'required',
      `must be set together with ${missing === 'key' ? 'secret' : 'key'}`,
    );
  }
  return key !== undefined && secret !== undefined ? { key, secret } : undefined;
}

function resolveBaseUrl(options: ClientOptions, apiMeta: ApiMeta): string {
  if (options.baseUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = typeof options.baseUrl === 'string' ? new URL(options.baseUrl) : undefined;
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
      throw new ValidationError(
        'baseUrl',
        options.baseUrl,
        'url',
        'must be an absolute http(s) URL without query or fragment',
      );
    }
    return options.baseUrl.replace(/\/+$/, '');
  }
  const names = Object.keys(apiMeta.servers);
  const name = oneOf('server', options.server ?? 'live', names) ?? 'live';
  const url = apiMeta.servers[name];
  if (url === undefined) throw new ValidationError('server', name, 'enum', `must be one of ${names.join(', ')}`);
  return url.replace(/\/+$/, '');
}

/** The transport of a client: `node` when asked for, or by default on Node without a custom fetch. */
function transportFor(kind: 'auto' | 'fetch' | 'node', options: TransportOptions): Transport {
  const node = platform.nodeTransport;
  if (kind === 'node' && node === undefined) {
    throw new ValidationError('transport', kind, 'unsupported', "is only available on Node (node:http); use 'fetch'");
  }
  if (node === undefined || kind === 'fetch' || (kind === 'auto' && options.fetch !== undefined)) {
    return createFetchTransport(options);
  }
  return node(options, kind === 'auto');
}

/**
 * The outcome journal of the options: a store as given, `{ path }` the platform's file journal,
 * `undefined` none; anything else a `ValidationError` before any I/O.
 */
function journalOption(value: ClientOptions['outcomeJournal']): OutcomeJournalStore | undefined {
  if (value === undefined) return undefined;
  if (isJournalStore(value)) return value;
  const given = value as { path?: unknown; compactBytes?: unknown } | null;
  if (typeof given !== 'object' || given === null || typeof given.path !== 'string' || given.path === '') {
    throw new ValidationError(
      'outcomeJournal',
      typeof given === 'object' ? '[object]' : given,
      'type',
      'must be { path: string } or a store with record, clear and pending',
    );
  }
  checkNumberOption('outcomeJournal.compactBytes', given.compactBytes, 1, 2_147_483_647, true);
  if (platform.fileJournal === undefined) {
    throw new ValidationError(
      'outcomeJournal',
      given.path,
      'unsupported',
      'a journal file needs Node; pass a store instead',
    );
  }
  return platform.fileJournal({ path: given.path, compactBytes: given.compactBytes as number | undefined });
}

/** What every call needs from its client: configuration, transport, clock and limiter. */
export class Core {
  /**
   * @param options client options (see {@link ClientOptions})
   * @param apiMeta API-wide metadata emitted by the generator
   */
  constructor(options: ClientOptions, apiMeta: ApiMeta) {
    const given: ClientOptions = options ?? {};
    const o: ClientOptions = withEnvDefaults(given);
    const creds = credentials(o, given.key === undefined && given.secret === undefined);
    const runtime = detectRuntime();
    checkBrowserSecret(runtime, creds !== undefined, o.dangerouslyAllowBrowser);
    const ids = callHeaders(runtime);
    const baseUrl = resolveBaseUrl(o, apiMeta);
    checkNumberOption('timeout', o.timeout, 1, 2_147_483_647, false);
    checkNumberOption('maxRetries', o.maxRetries, 0, 10, true);
    checkNumberOption('maxResponseBytes', o.maxResponseBytes, 1, 2_147_483_647, true);
    checkNumberOption('maxRateLimitWaitMs', o.maxRateLimitWaitMs, 0, 2_147_483_647, false);
    checkFunction('fetch', o.fetch);
    const transportKind = oneOf('transport', o.transport, ['auto', 'fetch', 'node'] as const) ?? 'auto';
    if (o.transport === 'node' && o.fetch !== undefined)
      throw new ValidationError(
        'fetch',
        '[function]',
        'conflict',
        "is only used by the 'fetch' transport, not with transport: 'node'",
      );
    checkFunction('logger', o.logger);
    const journal = journalOption(o.outcomeJournal);
    const settings = {
      timeout: o.timeout ?? DEFAULT_TIMEOUT_MS,
      maxRetries: o.maxRetries ?? DEFAULT_MAX_RETRIES,
      rateLimit: oneOf('rateLimit', o.rateLimit, ['wait', 'reject', 'off'] as const) ?? 'wait',
      maxRateLimitWaitMs: o.maxRateLimitWaitMs,
      sizeDecimal: o.sizeDecimal ?? true,
      wireDrift: oneOf('wireDrift', o.wireDrift, ['convert', 'error'] as const) ?? 'convert',
      defaultHeaders: { ...(o.defaultHeaders ?? {}) },
      logger: o.logger ?? loggerFromEnv(readEnv(ENV.log), platform.logSink),
    };
    const baseHeaders: Record<string, string> = { Accept: 'application/json', ...ids.all };
    const futuresHeaders: Record<string, string> = { ...baseHeaders, [apiMeta.requestHeaders.sizeDecimal]: '1' };
    addHeaders(baseHeaders, settings.defaultHeaders, 'defaultHeaders', apiMeta);
    addHeaders(futuresHeaders, settings.defaultHeaders, 'defaultHeaders', apiMeta);
    const base = new URL(baseUrl);
    const clockMode = oneOf('clockSync', o.clockSync, ['lazy', 'eager', 'off'] as const) ?? 'lazy';
    const clockOp = apiMeta.clock;

    const holder: { context?: RuntimeContext } = {};
    const execute: RuntimeContext['execute'] = (meta, params, opts) => {
      if (!holder.context) throw new Error('client is not constructed yet');
      return executeOperation(holder.context, meta, params, opts);
    };
    const clock = new ServerClock(
      clockMode,
      async () =>
        serverTimeMs(((await execute(clockOp, {}, {})).data as { server_time?: unknown } | undefined)?.server_time),
      () => Date.now(),
      (error) =>
        emit(settings.logger, {
          type: 'error',
          operation: clockOp.id,
          method: clockOp.method,
          url: `${baseUrl}${clockOp.path}`,
          attempt: 0,
          reason: `clock refresh failed, keeping the previous offset: ${reasonOf(error)}`,
        }),
    );
    const signing = creds && {
      key: creds.key,
      signer: createSigner(creds.secret),
      headers: apiMeta.signing.headers,
      timestamp: () => clock.nowSeconds(),
    };
    const transport = transportFor(transportKind, {
      origin: base.origin,
      signing,
      fetch: o.fetch,
      maxResponseBytes: o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    });
    const context: RuntimeContext = {
      apiMeta,
      baseUrl,
      origin: base.origin,
      basePath: base.pathname.replace(/\/+$/, ''),
      baseHeaders,
      futuresHeaders,
      privateHeaders: ids.privateOnly,
      requestIdOnPublic: ids.requestIdOnPublic,
      hasCredentials: creds !== undefined,
      credentialsHint:
        creds === undefined && given.key === undefined && given.secret === undefined ? envUnreadable() : undefined,
      account: creds ? accountFingerprint(creds.key) : 'public',
      transport,
      clock,
      limiter: o.limiter ?? processLimiter(),
      settings,
      execute,
      journal,
      drifts: new Set<string>(),
      redact: createRedactor(creds ? [creds.key, creds.secret] : []),
    };
    holder.context = context;
    bindContext(this, context);
    clock.start();
  }

  /** Base URL every request goes to (including the `/api/v4` prefix). */
  get baseUrl(): string {
    return contextOf(this).baseUrl;
  }

  /** Measures the server-time offset now (otherwise done before the first private call). */
  syncClock(): Promise<void> {
    return contextOf(this).clock.sync();
  }

  /** Milliseconds added to local time to get server time (0 before the first measurement). */
  get clockOffsetMs(): number {
    return contextOf(this).clock.offsetMs;
  }

  /** A log-safe summary: the base URL only. */
  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }

  /** Node's `util.inspect`: the base URL only. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `${this.constructor.name} { baseUrl: '${this.baseUrl}' }`;
  }
}
