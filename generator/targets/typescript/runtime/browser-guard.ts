/**
 * What is different in a browser page: a secret needs an explicit opt-in (anyone who loads the
 * page can read it), and a failed `fetch` is most often the server's CORS refusal, which the
 * browser reports only as a bare `TypeError`.
 */
import type { RuntimeInfo } from './environment.js';
import { ValidationError } from './errors.js';

/**
 * Throws before any I/O when a client in a browser page is given a secret without
 * `dangerouslyAllowBrowser: true`.
 */
export function checkBrowserSecret(runtime: RuntimeInfo, hasSecret: boolean, allow: unknown): void {
  if (allow !== undefined && typeof allow !== 'boolean') {
    throw new ValidationError('dangerouslyAllowBrowser', allow, 'type', 'must be a boolean');
  }
  if (runtime.name !== 'browser' || !hasSecret || allow === true) return;
  throw new ValidationError(
    'secret',
    '[redacted]',
    'browser',
    'is readable by anyone who loads this page: sign on a server instead, or pass ' +
      'dangerouslyAllowBrowser: true if the page is only ever seen by the key owner (a local tool)',
  );
}

/** The page's origin, where there is one. */
function pageOrigin(g: Record<string, unknown>): string {
  const location = g['location'] as { origin?: unknown } | undefined;
  return typeof location?.origin === 'string' ? location.origin : 'this page';
}

/** The origin of a URL (the URL itself when it does not parse). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** A failed `fetch` in a browser page: a bare `TypeError`, whether CORS or the network refused. */
const browserFetchFailure = (error: unknown, runtime: RuntimeInfo): error is TypeError =>
  runtime.name === 'browser' && error instanceof TypeError;

/**
 * In a browser, a `TypeError` from `fetch` becomes an error whose message names CORS, the page's
 * origin and the target's: the browser hides which of CORS or the network refused. Anything else
 * is returned as it is.
 */
export function corsHinted(
  error: unknown,
  url: string,
  runtime: RuntimeInfo,
  g: Record<string, unknown> = globalThis,
): unknown {
  if (!browserFetchFailure(error, runtime)) return error;
  return new TypeError(
    `${error.message}: blocked by CORS or the network. ${originOf(url)} must allow requests from ` +
      `${pageOrigin(g)} (Access-Control-Allow-Origin, and a preflight answer for signed calls)`,
  );
}

/**
 * Whether a `fetch` failure is a browser's refusal of a cross-origin call (CORS, or the network:
 * the browser does not say which). Sending it again would be refused the same way, so a read is
 * not retried; a write may still have been processed (a preflight passed, the answer was hidden).
 */
export function blockedCrossOrigin(
  error: unknown,
  url: string,
  runtime: RuntimeInfo,
  g: Record<string, unknown> = globalThis,
): boolean {
  if (!browserFetchFailure(error, runtime)) return false;
  const page = pageOrigin(g);
  return page === 'this page' || page !== originOf(url);
}
