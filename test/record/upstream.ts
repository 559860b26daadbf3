/**
 * A stand-in for the real service in recorder tests: an HTTP server on 127.0.0.1 that checks the
 * API's signature (HMAC-SHA512 over method, path, raw query, body hash and Timestamp) with its
 * own code, answers `GET /spot/time`, and answers every other request with what the test's
 * handler says, plus the headers a real response carries (trace id, rate-limit counters, a cookie).
 */
import { text as readText } from 'node:stream/consumers';
import { listenLocal } from '../support/local-server.js';
import { createHash, createHmac } from 'node:crypto';
import { createServer } from 'node:http';

/** A request as the upstream received it. */
export interface UpstreamRequest {
  method: string;
  /** Path including the prefix, without the query. */
  path: string;
  /** Raw query string, without `?`. */
  query: string;
  body: string;
  /** Whether it carried a valid signature for the configured key (unsigned public requests: `false`). */
  verified: boolean;
  /** The signature header sent, if any. */
  sign: string | undefined;
}

/** What a handler answers. */
export interface UpstreamAnswer {
  status: number;
  /** Response body text (JSON written by hand so numbers stay as written). */
  body?: string;
  headers?: Record<string, string>;
}

/** A running upstream. */
export interface Upstream {
  /** Base URL including `/api/v4`. */
  url: string;
  /** Every request except the time requests, oldest first. */
  requests: UpstreamRequest[];
  close(): Promise<void>;
}

/** Starts an upstream that accepts `key`/`secret` and answers with `handler`. */
export async function startUpstream(
  key: string,
  secret: string,
  handler: (req: UpstreamRequest) => UpstreamAnswer,
): Promise<Upstream> {
  const requests: UpstreamRequest[] = [];
  const server = createServer((req, res) => {
    void readText(req).then((body) => {
      const url = req.url ?? '/';
      const cut = url.indexOf('?');
      const path = cut < 0 ? url : url.slice(0, cut);
      const query = cut < 0 ? '' : url.slice(cut + 1);
      const common = {
        'X-Svc-Trace-ID': 'trace-0001',
        'X-Svc-RateLimit-Limit': '200',
        'X-Svc-RateLimit-Requests-Remain': '199',
        'Set-Cookie': 'session=abc123; HttpOnly',
      };
      if (path === '/api/v4/spot/time') {
        res.writeHead(200, { ...common, 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ server_time: Date.now() }));
        return;
      }
      const sign = req.headers['sign'];
      const timestamp = req.headers['timestamp'];
      const payload = [
        req.method ?? 'GET',
        path,
        query,
        createHash('sha512').update(body).digest('hex'),
        String(timestamp),
      ].join('\n');
      const verified =
        req.headers['key'] === key &&
        typeof sign === 'string' &&
        createHmac('sha512', secret).update(payload).digest('hex') === sign;
      const received: UpstreamRequest = {
        method: req.method ?? 'GET',
        path,
        query,
        body,
        verified,
        sign: typeof sign === 'string' ? sign : undefined,
      };
      requests.push(received);
      const signed = req.headers['key'] !== undefined;
      const answer: UpstreamAnswer =
        !signed || verified
          ? handler(received)
          : { status: 401, body: '{"label":"INVALID_SIGNATURE","message":"Signature mismatch"}' };
      res.writeHead(answer.status, {
        ...common,
        ...(answer.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...answer.headers,
      });
      res.end(answer.body);
    });
  });
  const { port, close } = await listenLocal(server);
  return { url: `http://127.0.0.1:${port}/api/v4`, requests, close };
}
