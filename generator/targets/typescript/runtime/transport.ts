/**
 * Sending one attempt, the part both transports share: what an attempt sends and gets back, the
 * signing of the exact path, query and body bytes that go on the wire, and the classification of
 * failures into "not sent" and "maybe sent" (the difference between a safe retry and an unknown
 * outcome). The `fetch` transport is fetch-transport.ts, the `node` transport node-transport.ts.
 */

import { AbortError, ConnectionError, ExchangeError, TimeoutError, type ErrorContext } from './errors.js';
import type { HttpMethod } from './metadata.js';
import type { BodyTooLarge } from './response-cap.js';
import { ResponseTooLargeError } from './response-errors.js';
import type { SignerMiddlewareOptions } from './signer-middleware.js';

/** One call's request, as every attempt sends it. */
export interface WireRequest {
  readonly method: HttpMethod;
  /** Path as sent, from the base URL's path on (`/api/v4/wallet/withdrawals`); signed as is. */
  readonly path: string;
  /** Query string as sent, without `?` (empty when none); signed as is. */
  readonly query: string;
  /** Full URL: origin, path and query. */
  readonly url: string;
  /** Body text exactly as sent. */
  readonly body?: string | undefined;
  /** Request headers; each attempt sets the signing headers in it afresh. */
  readonly headers: Record<string, string>;
  /** Sign the request. */
  readonly sign: boolean;
}

/** The answer to one attempt. */
export interface WireResponse {
  readonly status: number;
  /** Response headers, lower-case names (repeated headers joined with `, `). */
  readonly headers: Readonly<Record<string, string>>;
  /** Body text (empty for 204). */
  readonly text: string;
  /** URL as sent. */
  readonly url: string;
  readonly durationMs: number;
  /** A browser's answer to `redirect: 'manual'`: a redirect whose status and target are hidden (status 0). */
  readonly opaqueRedirect?: true;
}

/** Sends attempts to one origin. */
export interface Transport {
  /** Sends one attempt; rejects with {@link SendFailure} when no answer came. */
  send(wire: WireRequest, timeoutMs: number, signal: AbortSignal | undefined): Promise<WireResponse>;
}

/** What a transport is built from, once per client. */
export interface TransportOptions {
  /** Scheme, host and port of the base URL (`https://api.example.com`). */
  readonly origin: string;
  /** The key, signer and header names; absent without credentials. */
  readonly signing?: SignerMiddlewareOptions | undefined;
  /** A custom fetch (`fetch` transport only), called as `fetch(url, init)`. */
  readonly fetch?: ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) | undefined;
  /** Largest response body read, in bytes (default 16 MiB; see response-cap.ts). */
  readonly maxResponseBytes?: number | undefined;
}

/**
 * Why an attempt got no answer it could read. `sent` is false only when the request certainly
 * never reached the server (connection refused, DNS failure, failure before fetch was called).
 * `too-large`: an answer came, but its body passed the cap (`original`: its `BodyTooLarge`).
 */
export class SendFailure extends Error {
  override name = 'SendFailure';
  constructor(
    /** `blocked`: a browser refused a cross-origin call (CORS or the network); it may have been sent. */
    readonly kind: 'abort' | 'timeout' | 'network' | 'local' | 'too-large' | 'blocked',
    readonly sent: boolean,
    readonly original: unknown,
  ) {
    super(kind);
  }
}

/** Error codes that mean the request never left this machine. */
const NOT_SENT_CODES = new Set([
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
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** The failure of an attempt whose request may have been sent: aborted, timed out, or a network error. */
export function sentFailure(callerAborted: boolean, timedOut: boolean, sent: boolean, error: unknown): SendFailure {
  if (callerAborted) return new SendFailure('abort', sent, error);
  if (timedOut) return new SendFailure('timeout', sent, error);
  if (!sent) return new SendFailure('local', false, error);
  return new SendFailure('network', !errorCodes(error).some((c) => NOT_SENT_CODES.has(c)), error);
}

/** Fails an attempt that must be signed when the client has no credentials. */
export function unsignable(): SendFailure {
  return new SendFailure('local', false, new Error('No credentials to sign with'));
}

/**
 * The key, Timestamp and signature headers of one attempt as a list (name, value, ...): the
 * signature covers the path and query exactly as sent and the body text as sent (UTF-8).
 */
export async function signingHeaders(signing: SignerMiddlewareOptions, wire: WireRequest): Promise<string[]> {
  const timestamp = String(signing.timestamp());
  const names = signing.headers;
  const signature = await signing.signer.sign({
    method: wire.method,
    path: wire.path,
    query: wire.query,
    body: wire.body,
    timestamp,
  });
  return [names.key, signing.key, names.timestamp, timestamp, names.signature, signature];
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
    case 'too-large': {
      const { status, limit } = failure.original as BodyTooLarge;
      return new ResponseTooLargeError(status, limit, context);
    }
    case 'blocked':
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
