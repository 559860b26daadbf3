/**
 * CORS for browser development: a page on another origin (a dev server on another port) can call
 * the mock. Preflights (`OPTIONS` with `Access-Control-Request-Method`) are answered here, before
 * the pipeline, with the request's origin, the methods the API uses and the headers the page asked
 * for (the signing headers among them); every other answer carries the allowed origin and exposes
 * the headers a client reads (trace id, both rate-limit header families, pagination, Retry-After).
 * Always on: the mock is a local development server with test keys only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IRResponseHeaders, ResponseHeaderRole } from '../generator/ir/types.js';

/** One preflight the mock answered (for tests: which calls a browser preflighted). */
export interface PreflightRecord {
  /** Path as received, without the query. */
  readonly path: string;
  /** The page's origin (`Origin` header), if sent. */
  readonly origin: string | undefined;
  /** The method the page wants to send (`Access-Control-Request-Method`). */
  readonly method: string;
  /** Lower-case header names the page wants to send (`Access-Control-Request-Headers`), sorted. */
  readonly headers: readonly string[];
}

/** Methods a preflight allows: every method the API uses. */
const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/** How long (s) a browser may cache a preflight answer. */
const CORS_MAX_AGE_SECONDS = 600;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Response headers a page may read: every header the IR names (and its aliases), plus Retry-After and Location. */
export function exposedHeaders(names: IRResponseHeaders): string[] {
  const out = new Set<string>(['Retry-After', 'Location']);
  for (const [role, value] of Object.entries(names)) {
    if (role === 'aliases' || typeof value !== 'string') continue;
    out.add(value);
    for (const alias of names.aliases?.[role as ResponseHeaderRole] ?? []) out.add(alias);
  }
  return [...out].sort();
}

/** The header names of `Access-Control-Request-Headers`, lower-case and sorted; malformed names dropped. */
export function requestedHeaders(value: string | undefined): string[] {
  if (value === undefined) return [];
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && TOKEN.test(name));
  return [...new Set(names)].sort();
}

/** The headers of a preflight answer for the given request headers (a pure function). */
export function preflightHeaders(origin: string | undefined, requested: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Methods': CORS_METHODS,
    'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
    Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  };
  if (requested.length > 0) headers['Access-Control-Allow-Headers'] = requested.join(', ');
  return headers;
}

/** The CORS headers every non-preflight answer carries. */
export function answerHeaders(origin: string | undefined, exposed: readonly string[]): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Expose-Headers': exposed.join(', '),
    Vary: 'Origin',
  };
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Answers a preflight (returns `true`: the request is done) or sets the CORS headers on the
 * answer the pipeline is about to write (returns `false`).
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  exposed: readonly string[],
  preflights: { push(record: PreflightRecord): void },
): boolean {
  const origin = single(req.headers.origin);
  const method = single(req.headers['access-control-request-method']);
  if ((req.method ?? '').toUpperCase() === 'OPTIONS' && method !== undefined) {
    const headers = requestedHeaders(single(req.headers['access-control-request-headers']));
    const url = req.url ?? '/';
    const cut = url.indexOf('?');
    preflights.push({ path: cut < 0 ? url : url.slice(0, cut), origin, method: method.toUpperCase(), headers });
    req.resume();
    res.writeHead(204, preflightHeaders(origin, headers)).end();
    return true;
  }
  for (const [name, value] of Object.entries(answerHeaders(origin, exposed))) res.setHeader(name, value);
  return false;
}
