/**
 * Sending one attempt: an openapi-fetch client whose signer middleware signs the final Request
 * (its URL's path and query as they go on the wire, and its exact body bytes), a per-attempt
 * timeout, the caller's abort signal, and a classification of failures into "not sent" and
 * "maybe sent" (the difference between a safe retry and an unknown outcome). Redirects are never
 * followed (`redirect: 'manual'`): a 3xx comes back as the answer, and a browser's opaque
 * redirect as status 0 with `opaqueRedirect` set.
 */

import createClient, { type Middleware } from 'openapi-fetch';
import { AbortError, ConnectionError, ExchangeError, TimeoutError, type ErrorContext } from './errors.js';
import type { ApiMeta, HttpMethod } from './metadata.js';
import { fillPath, serializeQuery, type QueryPlan } from './query.js';
import type { Signer } from './signing.js';

/** What the signer middleware needs. */
export interface SignerMiddlewareOptions {
  /** The API key (sent in the key header). */
  readonly key: string;
  /** Holds the secret. */
  readonly signer: Signer;
  /** Header names (`KEY`, `Timestamp`, `SIGN`). */
  readonly headers: ApiMeta['signing']['headers'];
  /** Server-corrected whole Unix seconds, read afresh for every request. */
  readonly timestamp: () => number;
}

/**
 * openapi-fetch middleware that signs every request it sees: Timestamp from the server clock,
 * path and query from the final URL, body hash over a clone of the body bytes. Usable on any
 * openapi-fetch client: `client.use(createSignerMiddleware({...}))`.
 */
export function createSignerMiddleware(options: SignerMiddlewareOptions): Middleware {
  return {
    async onRequest({ request }) {
      const body = request.body === null ? undefined : new Uint8Array(await request.clone().arrayBuffer());
      return signRequest(request, body, options);
    },
  };
}

const utf8 = new TextEncoder();

/** The signer middleware of one attempt whose body text is known: it hashes that text's bytes, no clone. */
function signerForBody(options: SignerMiddlewareOptions, body: string | undefined): Middleware {
  return {
    onRequest: ({ request }) => signRequest(request, body === undefined ? undefined : utf8.encode(body), options),
  };
}

async function signRequest(
  request: Request,
  body: Uint8Array | undefined,
  options: SignerMiddlewareOptions,
): Promise<Request> {
  const url = new URL(request.url);
  const timestamp = String(options.timestamp());
  const signature = await options.signer.sign({
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    body,
    timestamp,
  });
  request.headers.set(options.headers.key, options.key);
  request.headers.set(options.headers.timestamp, timestamp);
  request.headers.set(options.headers.signature, signature);
  return request;
}

/** One attempt to send. */
export interface WireRequest {
  readonly method: HttpMethod;
  /** Path template relative to the base URL (`/sub_accounts/{user_id}/keys`). */
  readonly pathTemplate: string;
  /** Encoded path parameter values. */
  readonly pathParams: Readonly<Record<string, string>>;
  /** Query parameters; serialized by the canonical serializer. */
  readonly query: QueryPlan;
  /** Body text exactly as to be sent. */
  readonly body?: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  /** Run the signer middleware. */
  readonly sign: boolean;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

/** Status and headers of an answer: a web `Response`, or the Node transport's plain equivalent. */
export interface WireAnswer {
  readonly status: number;
  readonly headers: { forEach(callback: (value: string, name: string) => void): void };
}

/** The answer to one attempt. */
export interface WireResponse {
  readonly response: WireAnswer;
  /** Body text (empty for 204). */
  readonly text: string;
  /** URL as sent. */
  readonly url: string;
  readonly durationMs: number;
  /** A browser's answer to `redirect: 'manual'`: a redirect whose status and target are hidden (status 0). */
  readonly opaqueRedirect?: true;
}

/** Thrown by the fetch wrapper when a browser hides a redirect behind an opaque response. */
class OpaqueRedirect extends Error {}

/** The status and headers of an opaque redirect: nothing is known but that it was one. */
const OPAQUE_ANSWER: WireAnswer = { status: 0, headers: { forEach: () => undefined } };

/**
 * Why an attempt got no answer. `sent` is false only when the request certainly never reached
 * the server (connection refused, DNS failure, failure before fetch was called).
 */
export class SendFailure extends Error {
  override name = 'SendFailure';
  constructor(
    readonly kind: 'abort' | 'timeout' | 'network' | 'local',
    readonly sent: boolean,
    readonly original: unknown,
  ) {
    super(kind);
  }
}

/** Sends attempts to one base URL. */
export interface Transport {
  send(request: WireRequest): Promise<WireResponse>;
}

/** Error codes that mean the request never left this machine. */
export const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
]);

/** `code`s of an error and its causes (three deep). */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * One signal per attempt: aborts after `timeoutMs` (reason `timeout`) or when the caller's signal
 * does; `timedOut` tells which; `dispose` clears the timer and detaches from the caller's signal.
 */
export function attemptSignal(
  caller: AbortSignal | undefined,
  timeoutMs: number,
): { signal: AbortSignal; timedOut: () => boolean; dispose: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, timeoutMs);
  const onAbort = (): void => controller.abort(caller?.reason);
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/** Rejects as soon as `signal` aborts, even when the underlying promise ignores it. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const reason = (): Error =>
    signal.reason instanceof Error ? signal.reason : new Error('aborted', { cause: signal.reason });
  if (signal.aborted) return Promise.reject(reason());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

interface LooseClient {
  request(method: string, url: string, init: Record<string, unknown>): Promise<{ response: Response }>;
}

/** Creates the transport for one client. */
export function createTransport(options: {
  readonly baseUrl: string;
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  readonly signing?: SignerMiddlewareOptions | undefined;
}): Transport {
  const client = createClient({ baseUrl: options.baseUrl }) as unknown as LooseClient;
  const signing = options.signing;
  const baseFetch = (request: Request): Promise<Response> => (options.fetch ?? globalThis.fetch)(request);

  return {
    async send(wire) {
      if (wire.sign && !signing) throw new SendFailure('local', false, new Error('No credentials to sign with'));
      const linked = attemptSignal(wire.signal, wire.timeoutMs);
      let fetchCalled = false;
      let url = '';
      let started = 0;
      let captured: Response | undefined;
      const capture: Middleware = {
        onResponse({ response }) {
          captured = response;
          // openapi-fetch reads error bodies itself: give it a copy, keep the original.
          return response.ok ? undefined : response.clone();
        },
      };
      try {
        const call = client.request(wire.method, wire.pathTemplate, {
          params: { path: wire.pathParams, query: wire.query.values },
          querySerializer: (values: Record<string, unknown>) => serializeQuery(wire.query.specs, values),
          pathSerializer: (path: string, values: Record<string, string>) => fillPath(path, values),
          ...(wire.body === undefined ? {} : { body: wire.body, bodySerializer: (b: string) => b }),
          headers: wire.headers,
          parseAs: 'stream',
          redirect: 'manual',
          signal: linked.signal,
          middleware: signing && wire.sign ? [signerForBody(signing, wire.body), capture] : [capture],
          fetch: async (request: Request) => {
            fetchCalled = true;
            url = request.url;
            started = Date.now();
            const response = await baseFetch(request);
            if (response.type === 'opaqueredirect') throw new OpaqueRedirect();
            return response;
          },
        });
        const { response } = await raceAbort(call, linked.signal);
        const original = captured ?? response;
        const text = original.bodyUsed || original.body === null ? '' : await raceAbort(original.text(), linked.signal);
        return { response: original, text, url, durationMs: Date.now() - started };
      } catch (error) {
        if (error instanceof OpaqueRedirect) {
          return { response: OPAQUE_ANSWER, text: '', url, durationMs: Date.now() - started, opaqueRedirect: true };
        }
        if (wire.signal?.aborted) throw new SendFailure('abort', fetchCalled, error);
        if (linked.timedOut()) throw new SendFailure('timeout', fetchCalled, error);
        if (!fetchCalled) throw new SendFailure('local', false, error);
        const notSent = errorCodes(error).some((c) => NOT_SENT_CODES.has(c));
        throw new SendFailure('network', !notSent, error);
      } finally {
        linked.dispose();
      }
    },
  };
}

/**
 * A copy of a low-level error that keeps only name, message and `code` (three causes deep):
 * nothing else of it (sockets, requests, headers) can leak into the client's errors.
 */
export function sanitizeCause(error: unknown, depth = 0): Error | undefined {
  if (depth > 3 || error === undefined || error === null) return undefined;
  const source =
    typeof error === 'object' ? (error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown }) : {};
  const message =
    typeof source.message === 'string' ? source.message : typeof error === 'string' ? error : typeof error;
  const inner = sanitizeCause(source.cause, depth + 1);
  const copy = new Error(message, inner === undefined ? undefined : { cause: inner });
  if (typeof source.name === 'string') copy.name = source.name;
  if (typeof source.code === 'string') (copy as Error & { code?: string }).code = source.code;
  return copy;
}

/** The public error for an attempt that got no answer. */
export function failureToError(failure: SendFailure, context: ErrorContext, timeoutMs: number): ExchangeError {
  const where = context.operation ? ` (${context.operation})` : '';
  switch (failure.kind) {
    case 'abort':
      return new AbortError(`The call was aborted${where}`, context);
    case 'timeout':
      return new TimeoutError(`No response within ${timeoutMs} ms${where}`, context);
    case 'network': {
      const cause = sanitizeCause(failure.original);
      const inner = cause?.cause instanceof Error ? cause.cause.message : undefined;
      const detail = inner ?? cause?.message ?? 'network error';
      return new ConnectionError(
        `Connection failed${failure.sent ? '' : ' before the request was sent'}: ${String(detail)}${where}`,
        { ...context, cause, requestSent: failure.sent },
      );
    }
    default:
      return failure.original instanceof ExchangeError
        ? failure.original
        : new ExchangeError(
            `The request could not be prepared${where}: ${sanitizeCause(failure.original)?.message ?? ''}`,
            {
              ...context,
              cause: sanitizeCause(failure.original),
            },
          );
  }
}
