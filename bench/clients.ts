/**
 * The clients under test, each behind the same two calls: a signed `GET /wallet/withdrawals`
 * (`currency=USDT&limit=20`, answered with 20 records) and a signed `POST /wallet/transfers`.
 * Every adapter returns what its client parsed (record count, tx id) so the runner can check
 * the call really went through. Peers are loaded from bench/.scratch, never from the project.
 */
import { createHash, createHmac } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import {
  countOf,
  importFile,
  LIST_QUERY,
  requirePeer,
  TRANSFER,
  txOf,
  type BenchClient,
  type ClientContext,
} from './client-calls.js';
import { ccxtClient, gateApiClient, gateioApiClient } from './peer-clients.js';

export type { BenchClient, ClientContext } from './client-calls.js';

/** The ids of every client, in report order. */
export const CLIENT_IDS = [
  'floor',
  'floor+undici.request',
  'floor+node:http',
  'openapi-fetch',
  'ours',
  'ours+node',
  'ours+fetch',
  'gate-api',
  'gateio-api',
  'ccxt',
] as const;

/** One client id. */
export type ClientId = (typeof CLIENT_IDS)[number];

/** A short description of each client, for the report. */
export const CLIENT_NOTES: Record<ClientId, string> = {
  floor: 'bare global fetch + node:crypto HMAC, JSON.parse; the floor every ratio is taken against',
  'floor+undici.request':
    'the same bare signing over undici 7 `request` (keep-alive Agent): the transport floor with undici, for reference',
  'openapi-fetch':
    'bare openapi-fetch (the library the runtime sends through) + a signing middleware that clones the Request to hash its body; no runtime: shows what the Request/Response layer costs',
  'floor+node:http':
    'the same bare signing over `node:http` (keep-alive Agent): bare node:http, what the `node` transport is judged against',
  ours: 'this project: ExchangeClient, default transport (`auto`: `node` on Node), rateLimit off, clockSync off',
  'ours+node':
    "this project with `transport: 'node'` (node:http keep-alive, no web Request/Response objects), rateLimit off, clockSync off",
  'ours+fetch': "this project with `transport: 'fetch'` (the global fetch), rateLimit off, clockSync off",
  'gate-api': 'the exchange’s official SDK (axios)',
  'gateio-api': 'community SDK (axios, WebCrypto signing)',
  ccxt: 'ccxt `gate` implicit API methods (undici.request), rate limiter off',
};

type Send = (url: string, method: string, headers: Record<string, string>, body: string | undefined) => Promise<string>;

const fetchSend: Send = async (url, method, headers, body) =>
  (await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) })).text();

/**
 * The headers the bare clients send with one request: the key, timestamp and HMAC-SHA512 signature
 * of `method`, `path` (with the base URL's prefix), `query` and `bodyHash` (the body's SHA-512 hex).
 */
export function floorHeaders(
  key: string,
  secret: string,
  method: string,
  path: string,
  query: string,
  bodyHash: string,
): Record<string, string> {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha512', secret).update(`${method}\n${path}\n${query}\n${bodyHash}\n${ts}`).digest('hex');
  return { KEY: key, Timestamp: ts, SIGN: sig, Accept: 'application/json', 'Content-Type': 'application/json' };
}

function floorClient(ctx: ClientContext, send: Send): BenchClient {
  const prefix = new URL(ctx.baseUrl).pathname;
  const emptyHash = createHash('sha512').update('').digest('hex');
  const sign = (method: string, path: string, query: string, bodyHash: string): Record<string, string> =>
    floorHeaders(ctx.key, ctx.secret, method, `${prefix}${path}`, query, bodyHash);
  return {
    async get() {
      const query = 'currency=USDT&limit=20';
      const text = await send(
        `${ctx.baseUrl}/wallet/withdrawals?${query}`,
        'GET',
        sign('GET', '/wallet/withdrawals', query, emptyHash),
        undefined,
      );
      return countOf(JSON.parse(text));
    },
    async post() {
      const body = JSON.stringify(TRANSFER);
      const hash = createHash('sha512').update(body).digest('hex');
      const text = await send(
        `${ctx.baseUrl}/wallet/transfers`,
        'POST',
        sign('POST', '/wallet/transfers', '', hash),
        body,
      );
      return txOf(JSON.parse(text));
    },
  };
}

function floorUndiciClient(ctx: ClientContext): BenchClient {
  const undici = requirePeer(ctx.scratch, 'undici') as unknown as UndiciModule;
  const dispatcher = new undici.Agent({ keepAliveTimeout: 60_000, connections: 32 });
  const send: Send = async (url, method, headers, body) => {
    const res = await undici.request(url, { method, headers, body, dispatcher });
    return res.body.text();
  };
  return { ...floorClient(ctx, send), close: () => dispatcher.close() };
}

function floorNodeHttpClient(ctx: ClientContext): BenchClient {
  const origin = new URL(ctx.baseUrl);
  const agent = new HttpAgent({ keepAlive: true });
  const send: Send = (url, method, headers, body) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const req = httpRequest(
        {
          hostname: origin.hostname,
          port: origin.port,
          path: target.pathname + target.search,
          method,
          headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          agent,
        },
        (res) => {
          res.setEncoding('utf8');
          let text = '';
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(text));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return {
    ...floorClient(ctx, send),
    close: () => {
      agent.destroy();
      return Promise.resolve();
    },
  };
}

interface OpenApiFetchClient {
  use(middleware: { onRequest(options: { request: Request }): Promise<Request> }): void;
  GET(path: string, init: Record<string, unknown>): Promise<{ data?: unknown }>;
  POST(path: string, init: Record<string, unknown>): Promise<{ data?: unknown }>;
}

async function openapiFetchClient(ctx: ClientContext): Promise<BenchClient> {
  const mod = (await import('openapi-fetch')) as unknown as {
    default: (options: { baseUrl: string }) => OpenApiFetchClient;
  };
  const client = mod.default({ baseUrl: ctx.baseUrl });
  client.use({
    async onRequest({ request }) {
      const url = new URL(request.url);
      const body = request.body === null ? new Uint8Array() : new Uint8Array(await request.clone().arrayBuffer());
      const ts = String(Math.floor(Date.now() / 1000));
      const payload = `${request.method}\n${url.pathname}\n${url.search.slice(1)}\n${createHash('sha512').update(body).digest('hex')}\n${ts}`;
      request.headers.set('KEY', ctx.key);
      request.headers.set('Timestamp', ts);
      request.headers.set('SIGN', createHmac('sha512', ctx.secret).update(payload).digest('hex'));
      return request;
    },
  });
  return {
    get: async () => countOf((await client.GET('/wallet/withdrawals', { params: { query: LIST_QUERY } })).data),
    post: async () => txOf((await client.POST('/wallet/transfers', { body: TRANSFER })).data),
  };
}

interface UndiciModule {
  Agent: new (options: Record<string, unknown>) => { close(): Promise<void> };
  fetch: (url: string, init: Record<string, unknown>) => Promise<Response>;
  request: (
    url: string,
    init: Record<string, unknown>,
  ) => Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | undefined>;
    body: { arrayBuffer(): Promise<ArrayBuffer>; text(): Promise<string> };
  }>;
}

async function oursClient(ctx: ClientContext, transport: 'auto' | 'node' | 'fetch'): Promise<BenchClient> {
  const mod = await importFile(ctx.oursEntry);
  const Client = mod['ExchangeClient'] as new (options: Record<string, unknown>) => {
    wallet: {
      listWithdrawals(params: object): PromiseLike<unknown>;
      transfer(params: object): PromiseLike<unknown>;
    };
  };
  const client = new Client({
    key: ctx.key,
    secret: ctx.secret,
    baseUrl: ctx.baseUrl,
    rateLimit: 'off',
    clockSync: 'off',
    ...(transport === 'auto' ? {} : { transport }),
  });
  return {
    get: async () => countOf(await client.wallet.listWithdrawals(LIST_QUERY)),
    post: async () => txOf(await client.wallet.transfer(TRANSFER)),
  };
}

/** Builds the client `id` against the benchmark server. */
export async function createClient(id: ClientId, ctx: ClientContext): Promise<BenchClient> {
  switch (id) {
    case 'floor':
      return floorClient(ctx, fetchSend);
    case 'floor+undici.request':
      return floorUndiciClient(ctx);
    case 'openapi-fetch':
      return openapiFetchClient(ctx);
    case 'floor+node:http':
      return floorNodeHttpClient(ctx);
    case 'ours':
      return oursClient(ctx, 'auto');
    case 'ours+node':
      return oursClient(ctx, 'node');
    case 'ours+fetch':
      return oursClient(ctx, 'fetch');
    case 'gate-api':
      return gateApiClient(ctx);
    case 'gateio-api':
      return gateioApiClient(ctx);
    case 'ccxt':
      return ccxtClient(ctx);
  }
}
