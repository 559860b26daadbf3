/**
 * When to send the next attempt: capped exponential backoff with full jitter, stretched to the
 * server's own reopening time on a 429 (reset header or `Retry-After`).
 */

import { AbortError } from './errors.js';

/** First backoff ceiling (ms). */
export const RETRY_BASE_MS = 500;
/** Largest backoff ceiling (ms). */
export const RETRY_CAP_MS = 8_000;
/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** A 429 whose reopening is further away than this is not waited for (the error is thrown). */
export const MAX_SERVER_WAIT_MS = 60_000;

/**
 * Full-jitter backoff for the `retry`-th retry (1-based): a uniform random delay in
 * `[0, min(cap, base * 2^(retry-1)))`.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as a delay in ms: delta-seconds or an HTTP date; `undefined` when absent or malformed. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * The rate-limit reset header as epoch ms. The service sends Unix seconds; a value that is
 * clearly milliseconds already is taken as is.
 */
export function parseResetAt(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  if (n <= 0) return undefined;
  return n > 1e12 ? n : n * 1000;
}

/** Resolves after `ms` (global timers, so fake timers control it); rejects with `AbortError` on abort. */
export function sleep(ms: number, signal?: AbortSignal, context: { operation?: string } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError('The call was aborted', context));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AbortError('The call was aborted', context));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
