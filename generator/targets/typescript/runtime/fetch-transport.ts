/**
 * The `fetch` transport: one `fetch(url, init)` per attempt (the one web `Request` is built by fetch
 * itself), one abort signal, the body passed as the text it is (fetch encodes it as UTF-8).
 * Redirects are never followed (`redirect: 'manual'`): a 3xx comes back as the answer, and a
 * browser's opaque redirect as status 0 with `opaqueRedirect` set. What both transports share is
 * transport.ts; the `node` transport is node-transport.ts.
 */
import { blockedCrossOrigin, corsHinted } from './browser-guard.js';
import { HEADER_NAME } from './call-plan.js';
import { detectRuntime } from './environment.js';
import { declaredOverLimit, DEFAULT_MAX_RESPONSE_BYTES, readCapped, type BodyTooLarge } from './response-cap.js';
import {
  SendFailure,
  sentFailure,
  signingHeaders,
  unsignable,
  type Transport,
  type TransportOptions,
} from './transport.js';
import { unsendableHeader } from './wire-headers.js';

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

/** Response headers as a record with lower-case names. */
function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

/**
 * Creates the `fetch` transport of one client: `globalThis.fetch` (looked up at call time) or a
 * custom fetch, called with the URL and a plain init. A custom fetch that ignores the abort signal
 * is still cut off at the timeout.
 *
 * Each attempt has its own abort signal: it aborts after `timeoutMs` (reason `timeout`) or when
 * the caller's signal does.
 */
export function createFetchTransport(options: TransportOptions): Transport {
  const { signing, fetch: custom } = options;
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return {
    async send(wire, timeoutMs, signal) {
      if (wire.sign && !signing) throw unsignable();
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error('timeout'));
      }, timeoutMs);
      const onAbort = (): void => controller.abort(signal?.reason);
      if (signal?.aborted) controller.abort(signal.reason);
      else signal?.addEventListener('abort', onAbort, { once: true });
      let fetchCalled = false;
      let tooLarge: BodyTooLarge | undefined;
      try {
        if (wire.sign && signing) {
          const list = await signingHeaders(signing, wire);
          for (let i = 0; i < list.length; i += 2) wire.headers[list[i] as string] = list[i + 1] as string;
        }
        const bad = unsendableHeader(wire.headers);
        if (bad !== undefined) {
          const which = HEADER_NAME.test(bad) ? `header ${bad}` : 'a header name';
          throw new TypeError(`${which} has a character HTTP does not allow`);
        }
        // One literal in its final shape; the body as the text it is (fetch encodes it as UTF-8,
        // the bytes the signature covers), `null` when there is none.
        const init: RequestInit = {
          method: wire.method,
          headers: wire.headers,
          redirect: 'manual',
          signal: controller.signal,
          body: wire.body ?? null,
        };
        fetchCalled = true;
        const started = Date.now();
        const response = custom
          ? await raceAbort(custom(wire.url, init), controller.signal)
          : await globalThis.fetch(wire.url, init);
        if (response.type === 'opaqueredirect') {
          return {
            status: 0,
            headers: {},
            text: '',
            url: wire.url,
            durationMs: Date.now() - started,
            opaqueRedirect: true,
          };
        }
        const headers = headerRecord(response.headers);
        // The global fetch's answer is unread (no body reads as ''); a custom fetch's may have no
        // body or be read already, and may ignore the signal. Either is counted against the cap
        // (`undefined`: over it, dropped).
        let text: string | undefined = '';
        if (declaredOverLimit(headers, limit, true)) {
          response.body?.cancel().catch(() => undefined);
          text = undefined;
        } else if (!custom) text = await readCapped(response, limit);
        else if (response.body !== null && !response.bodyUsed)
          text = await raceAbort(readCapped(response, limit), controller.signal);
        if (text !== undefined)
          return { status: response.status, headers, text, url: wire.url, durationMs: Date.now() - started };
        tooLarge = { status: response.status, limit };
      } catch (error) {
        const runtime = detectRuntime();
        const failure = corsHinted(error, wire.url, runtime);
        const aborted = signal?.aborted === true;
        if (fetchCalled && !aborted && !timedOut && blockedCrossOrigin(error, wire.url, runtime))
          throw new SendFailure('blocked', true, failure);
        throw sentFailure(aborted, timedOut, fetchCalled, failure);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
      throw new SendFailure('too-large', true, tooLarge);
    },
  };
}
