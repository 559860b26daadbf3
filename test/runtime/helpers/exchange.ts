/**
 * A tiny stand-in for the exchange: handlers see each request exactly as it arrived and answer,
 * hang, or drop the connection. The same handler runs behind a real HTTP server on 127.0.0.1
 * (`startServer`) or behind an in-process fetch (`fakeFetch`, for fake-timer tests).
 */
import { text as readText } from 'node:stream/consumers';
import { listenLocal } from '../../support/local-server.js';
import { createHmac, createHash } from 'node:crypto';
import { createServer } from 'node:http';

/** Obviously fake credentials, recognisable in any output. */
export const TEST_KEY = 'fake-key-KKKK1111visible';
export const TEST_SECRET = 'fake-secret-SSSS2222visible';

/** One request as the server received it. */
export interface Captured {
  readonly method: string;
  /** Request target as sent on the wire: path and query. */
  readonly target: string;
  readonly path: string;
  /** Query string without `?`. */
  readonly query: string;
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** An answer: a response, a connection that never answers, or a dropped connection. */
export type Reply =
  | { readonly status: number; readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly hang: true }
  | { readonly reset: true };

export type Handler = (req: Captured) => Reply | Promise<Reply>;

/** A JSON response. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  headers,
});

function bodyText(body: unknown): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** The signature a correct client sends for this request (server-side check). */
export function expectedSignature(req: Captured, secret = TEST_SECRET): string {
  const bodyHash = createHash('sha512').update(req.body, 'utf8').digest('hex');
  const text = [req.method, req.path, req.query, bodyHash, req.headers['timestamp'] ?? ''].join('\n');
  return createHmac('sha512', secret).update(text).digest('hex');
}

/**
 * The server's authentication check: key, signature over what arrived, and a Timestamp within
 * 60 s of the server's clock. Returns the 401 reply, or undefined when the request is good.
 */
export function authFailure(
  req: Captured,
  serverNowMs: number,
  key = TEST_KEY,
  secret = TEST_SECRET,
): Reply | undefined {
  if (req.headers['key'] !== key) return json(401, { label: 'INVALID_KEY', message: 'Invalid key provided' });
  if (req.headers['sign'] !== expectedSignature(req, secret)) {
    return json(401, { label: 'INVALID_SIGNATURE', message: 'Signature mismatch' });
  }
  const ts = Number(req.headers['timestamp']);
  if (!Number.isInteger(ts) || Math.abs(ts - serverNowMs / 1000) > 60) {
    return json(401, { label: 'REQUEST_EXPIRED', message: 'gap between request Timestamp and server time exceeds 60' });
  }
  return undefined;
}

function capture(method: string, target: string, headers: Record<string, string>, body: string): Captured {
  const q = target.indexOf('?');
  return {
    method,
    target,
    path: q < 0 ? target : target.slice(0, q),
    query: q < 0 ? '' : target.slice(q + 1),
    headers,
    body,
  };
}

/** A running loopback server. */
export interface TestServer {
  /** `http://127.0.0.1:<port>/api/v4` */
  readonly baseUrl: string;
  /** Every request received, in order. */
  readonly requests: Captured[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (port 0) that answers with `handler`. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Captured[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
      const captured = capture(req.method ?? '', req.url ?? '', headers, await readText(req));
      requests.push(captured);
      const reply = await handler(captured);
      if ('hang' in reply) return;
      if ('reset' in reply) {
        req.socket.destroy();
        return;
      }
      const text = bodyText(reply.body);
      res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
      res.end(reply.status === 204 ? undefined : text);
    })();
  });
  const { port, close } = await listenLocal(server);
  return { baseUrl: `http://127.0.0.1:${port}/api/v4`, requests, close };
}

/** A fetch that hands each request to `handler` in-process (no sockets; fake timers welcome). */
export function fakeFetch(handler: Handler): {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  requests: Captured[];
} {
  const requests: Captured[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k.toLowerCase()] = v;
    });
    const body = request.body === null ? '' : await request.text();
    const captured = capture(request.method, url.pathname + url.search, headers, body);
    requests.push(captured);
    const reply = await handler(captured);
    if ('hang' in reply) {
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    }
    if ('reset' in reply) {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      });
    }
    return new Response(reply.status === 204 ? null : bodyText(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...(reply.headers ?? {}) },
    });
  };
  return { fetch, requests };
}
