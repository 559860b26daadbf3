/**
 * The benchmark's HTTP server: 127.0.0.1, keep-alive, every private request's signature checked
 * (see verify.ts), constant pre-built answers, so its per-request cost is small and the same for
 * every client. Each client signs with its own key, so accepted and rejected requests are
 * counted per client.
 *
 *   GET  /api/v4/wallet/withdrawals  -> 20 withdrawal records
 *   POST /api/v4/wallet/transfers    -> {"tx_id": ...}
 *   GET  /api/v4/spot/time           -> {"server_time": ms} (public)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { transferBody, withdrawalsBody } from './records.js';
import { verifyArrived, type RejectLabel } from './verify.js';

/** Requests seen for one key. */
export interface KeyTally {
  /** Signature accepted and answered. */
  accepted: number;
  /** Refused, by label. */
  rejected: Partial<Record<RejectLabel, number>>;
}

/** Counters of one server run. */
export interface ServerStats {
  /** By API key; requests without a key are under `(none)`. */
  readonly byKey: Record<string, KeyTally>;
  /** Requests to unknown routes. */
  notFound: number;
}

/** A running benchmark server. */
export interface BenchServer {
  /** Base URL including `/api/v4`. */
  readonly url: string;
  readonly stats: ServerStats;
  close(): Promise<void>;
}

/** Options of {@link startBenchServer}. */
export interface BenchServerOptions {
  /** Accepted key pairs, key to secret. */
  readonly keys: Readonly<Record<string, string>>;
  /** Port (default 0: any free port). */
  readonly port?: number;
  /** Serve HTTPS with this PEM key and certificate (default: plain HTTP). */
  readonly tls?: { readonly key: string; readonly cert: string };
  /** Counters to add to (default: the server's own), so two servers can share one tally. */
  readonly stats?: ServerStats;
}

const PREFIX = '/api/v4';
const JSON_HEADERS = { 'content-type': 'application/json', 'x-svc-trace-id': 'bench' } as const;

function tallyOf(stats: ServerStats, key: string | undefined): KeyTally {
  const k = key ?? '(none)';
  let t = stats.byKey[k];
  if (!t) {
    t = { accepted: 0, rejected: {} };
    stats.byKey[k] = t;
  }
  return t;
}

function send(res: ServerResponse, status: number, body: string | Buffer): void {
  res.writeHead(status, { ...JSON_HEADERS, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Starts the server on 127.0.0.1; resolves once it listens. */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const secrets = new Map(Object.entries(options.keys));
  const stats: ServerStats = options.stats ?? { byKey: {}, notFound: 0 };
  let withdrawals = Buffer.from(withdrawalsBody(Math.floor(Date.now() / 1000)));
  const transfer = Buffer.from(transferBody());
  const refresh = setInterval(() => {
    withdrawals = Buffer.from(withdrawalsBody(Math.floor(Date.now() / 1000)));
  }, 60_000);
  refresh.unref();

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q === -1 ? url : url.slice(0, q);
    const rawQuery = q === -1 ? '' : url.slice(q + 1);
    const method = req.method ?? 'GET';
    if (method === 'GET' && rawPath === `${PREFIX}/spot/time`) {
      send(res, 200, `{"server_time":${Date.now()}}`);
      return;
    }
    const route =
      method === 'GET' && rawPath === `${PREFIX}/wallet/withdrawals`
        ? withdrawals
        : method === 'POST' && rawPath === `${PREFIX}/wallet/transfers`
          ? transfer
          : undefined;
    if (route === undefined) {
      stats.notFound++;
      send(res, 404, '{"label":"NOT_FOUND","message":"no such route in the benchmark server"}');
      return;
    }
    const verdict = verifyArrived(
      {
        method,
        rawPath,
        rawQuery,
        body,
        header: (name) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v[0] : v;
        },
      },
      (key) => secrets.get(key),
      Date.now(),
    );
    const tally = tallyOf(stats, verdict.key);
    if (!verdict.ok) {
      tally.rejected[verdict.label] = (tally.rejected[verdict.label] ?? 0) + 1;
      send(res, 401, `{"label":"${verdict.label}","message":"signature check failed"}`);
      return;
    }
    tally.accepted++;
    send(res, 200, route);
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
  };
  const server: Server = options.tls
    ? createHttpsServer({ keepAlive: true, noDelay: true, key: options.tls.key, cert: options.tls.cert }, listener)
    : createServer({ keepAlive: true, noDelay: true }, listener);
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}${PREFIX}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(refresh);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
