/**
 * What keeps a mock left running safe from web pages and oversized requests, decided before any
 * other step (pure functions; `mock/server.ts` applies them):
 *
 * - **Host**: only `127.0.0.1:<port>` and `localhost:<port>` (any case) are answered; any other
 *   Host is 421 `MISDIRECTED_REQUEST`, so a page on a domain that resolves to 127.0.0.1 (DNS
 *   rebinding) cannot reach the mock.
 * - **Control API** (`/__mock/`): never answered with CORS headers; a preflight is 403, and a
 *   request whose `Origin` is not the mock's own origin is 403 `FORBIDDEN_ORIGIN`. Callers that
 *   send no `Origin` (curl, test code, the clients) are answered.
 * - **Body size**: a `Content-Length` over the limit is 413 `REQUEST_BODY_TOO_LARGE` at once; a
 *   body without one is cut off by `readBody` (`mock/body.ts`) when it passes the limit.
 */
import { MockHttpError, invalidParam } from './errors.js';

/** Default largest request body the mock reads, in bytes (1 MiB). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The earliest and the latest server time the control API sets (2000-01-01 and 2100-01-01 UTC). */
export const CLOCK_RANGE_MS = { min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) } as const;

/** The host names the mock answers to (it listens on 127.0.0.1 only). */
const LOCAL_NAMES = ['127.0.0.1', 'localhost'];

/** Whether a `Host` header names the mock: `127.0.0.1:<port>` or `localhost:<port>`, any case (no port on 80). */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const value = host.trim().toLowerCase();
  return LOCAL_NAMES.some((name) => value === `${name}:${port}` || (port === 80 && value === name));
}

/** Whether an `Origin` header is the mock's own origin (`http://127.0.0.1:<port>` or `http://localhost:<port>`). */
export function ownOrigin(origin: string, port: number): boolean {
  const value = origin.trim().toLowerCase();
  return LOCAL_NAMES.some((name) => value === `http://${name}:${port}` || (port === 80 && value === `http://${name}`));
}

/** What a request looks like to the guard. */
export interface GuardedRequest {
  method: string;
  /** The request target as received (path and query). */
  url: string;
  host: string | undefined;
  origin: string | undefined;
  /** `Access-Control-Request-Method`: set on a CORS preflight. */
  preflightMethod: string | undefined;
}

/** Whether the request is for the control API (`/__mock/...`). */
export const isControl = (url: string): boolean => url.startsWith('/__mock/');

/** The refusal a request gets before anything else (Host, then the control API's origin rule), if any. */
export function refusal(req: GuardedRequest, port: number): MockHttpError | undefined {
  if (!hostAllowed(req.host, port)) {
    return new MockHttpError(
      421,
      'MISDIRECTED_REQUEST',
      `Host ${JSON.stringify(req.host ?? '')} is not this mock: use 127.0.0.1:${port} or localhost:${port}`,
    );
  }
  if (!isControl(req.url)) return undefined;
  if (req.method === 'OPTIONS' && req.preflightMethod !== undefined) {
    return new MockHttpError(403, 'FORBIDDEN_ORIGIN', 'The control API answers no cross-origin request');
  }
  if (req.origin !== undefined && !ownOrigin(req.origin, port)) {
    return new MockHttpError(
      403,
      'FORBIDDEN_ORIGIN',
      `The control API answers its own origin only (http://127.0.0.1:${port}), not ${JSON.stringify(req.origin)}`,
    );
  }
  return undefined;
}

/** 413 REQUEST_BODY_TOO_LARGE for a body over `limit` bytes. */
export function tooLarge(limit: number): MockHttpError {
  return new MockHttpError(413, 'REQUEST_BODY_TOO_LARGE', `Request body larger than ${limit} bytes`);
}

/** The refusal of a declared `Content-Length` over `limit` (none when absent or within it). */
export function lengthRefusal(contentLength: string | undefined, limit: number): MockHttpError | undefined {
  if (contentLength === undefined) return undefined;
  const length = Number(contentLength);
  return Number.isFinite(length) && length > limit ? tooLarge(limit) : undefined;
}

/**
 * The server time a control request `{"set_ms": n}` or `{"advance_ms": n}` moves the clock to, or
 * 400 INVALID_PARAM_VALUE naming the field when the value is not a finite number or the time would
 * leave {@link CLOCK_RANGE_MS}; 400 INVALID_REQUEST_BODY when neither field is there.
 */
export function clockTarget(body: Readonly<Record<string, unknown>>, nowMs: number): number {
  const field = 'set_ms' in body ? 'set_ms' : 'advance_ms' in body ? 'advance_ms' : undefined;
  if (field === undefined) {
    throw new MockHttpError(
      400,
      'INVALID_REQUEST_BODY',
      'Invalid request body: expected {"advance_ms": number} or {"set_ms": number}',
    );
  }
  const value = body[field];
  const rule = `a number of ms that keeps the server time from ${CLOCK_RANGE_MS.min} to ${CLOCK_RANGE_MS.max} (years 2000 to 2100)`;
  const bad = (): MockHttpError => invalidParam(field, value, rule);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bad();
  const target = field === 'set_ms' ? value : nowMs + value;
  if (!(target >= CLOCK_RANGE_MS.min && target <= CLOCK_RANGE_MS.max)) throw bad();
  return target;
}
