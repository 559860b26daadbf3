/**
 * A tiny HTTP server on 127.0.0.1 for the pack test: answers the two operations the consumer calls
 * and records what each request carried, checking the signature of private calls with the test
 * secret. Anything else gets 404 `NOT_FOUND`.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server saw of one request. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  /** Raw query string without `?`. */
  readonly query: string;
  /** Whether KEY, SIGN and Timestamp headers were all present. */
  readonly signed: boolean;
  /** The KEY header, if any (a test key, never a real one). */
  readonly key: string | undefined;
  /** Whether SIGN matched the HMAC-SHA512 of the request under the test secret. */
  readonly signatureValid: boolean;
}

/** A running server. */
export interface SigningServer {
  /** Base URL including the `/api/v4` prefix. */
  readonly baseUrl: string;
  /** Every request received, in order. */
  readonly seen: SeenRequest[];
  /** The `server_time` (ms) `GET /spot/time` answers with. */
  readonly serverTimeMs: number;
  close(): Promise<void>;
}

const EMPTY_SHA512 = createHash('sha512').update('').digest('hex');

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The signature the exchange expects for a request without a body. */
function expectedSignature(secret: string, method: string, path: string, query: string, timestamp: string): string {
  const payload = [method, path, query, EMPTY_SHA512, timestamp].join('\n');
  return createHmac('sha512', secret).update(payload).digest('hex');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Starts the server on an ephemeral port of 127.0.0.1; private calls are checked against `secret`. */
export async function startSigningServer(secret: string, serverTimeMs: number): Promise<SigningServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = url.search.startsWith('?') ? url.search.slice(1) : url.search;
    const key = header(request, 'KEY');
    const sign = header(request, 'SIGN');
    const timestamp = header(request, 'Timestamp');
    const method = request.method ?? 'GET';
    const signed = key !== undefined && sign !== undefined && timestamp !== undefined;
    const signatureValid = signed && sign === expectedSignature(secret, method, url.pathname, query, timestamp);
    seen.push({ method, path: url.pathname, query, signed, key, signatureValid });
    request.resume();
    if (method === 'GET' && url.pathname === '/api/v4/spot/time') {
      send(response, 200, { server_time: serverTimeMs });
    } else if (method === 'GET' && url.pathname === '/api/v4/wallet/withdrawals') {
      if (signatureValid) send(response, 200, []);
      else send(response, 401, { label: 'INVALID_SIGNATURE', message: 'Signature mismatch' });
    } else {
      send(response, 404, { label: 'NOT_FOUND', message: `no route ${method} ${url.pathname}` });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v4`,
    seen,
    serverTimeMs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
