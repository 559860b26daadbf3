/**
 * The peer SDKs as benchmark clients: gate-api, gateio-api and ccxt, each making the same two calls
 * as this project's client (clients.ts).
 */
import { peerEntry } from './peers.js';
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

export function gateApiClient(ctx: ClientContext): BenchClient {
  const mod = requirePeer(ctx.scratch, 'gate-api') as {
    ApiClient: new (basePath: string) => { setApiKeySecret(key: string, secret: string): void };
    WalletApi: new (client: unknown) => {
      listWithdrawals(opts: object): Promise<{ body: unknown }>;
      transfer(transfer: object): Promise<{ body: unknown }>;
    };
    Transfer: new () => object;
  };
  const api = new mod.ApiClient(ctx.baseUrl);
  api.setApiKeySecret(ctx.key, ctx.secret);
  const wallet = new mod.WalletApi(api);
  const transfer = Object.assign(new mod.Transfer(), TRANSFER);
  return {
    get: async () => countOf((await wallet.listWithdrawals(LIST_QUERY)).body),
    post: async () => txOf((await wallet.transfer(transfer)).body),
  };
}

export async function gateioApiClient(ctx: ClientContext): Promise<BenchClient> {
  const mod = await importFile(peerEntry(ctx.scratch, 'gateio-api', 'import'));
  const RestClient = mod['RestClient'] as new (options: Record<string, unknown>) => {
    getWithdrawalRecords(params: object): Promise<unknown>;
    submitTransfer(params: object): Promise<unknown>;
  };
  const client = new RestClient({ apiKey: ctx.key, apiSecret: ctx.secret, baseUrl: ctx.baseUrl });
  return {
    get: async () => countOf(await client.getWithdrawalRecords({ ...LIST_QUERY })),
    post: async () => txOf(await client.submitTransfer({ ...TRANSFER })),
  };
}

export async function ccxtClient(ctx: ClientContext): Promise<BenchClient> {
  const mod = await importFile(peerEntry(ctx.scratch, 'ccxt', 'import'));
  const Gate = (mod['gate'] ?? (mod['default'] as Record<string, unknown> | undefined)?.['gate']) as new (
    options: Record<string, unknown>,
  ) => {
    urls: { api: Record<string, Record<string, string>> };
    privateWalletGetWithdrawals(params: object): Promise<unknown>;
    privateWalletPostTransfers(params: object): Promise<unknown>;
    close?(): Promise<void>;
  };
  const exchange = new Gate({ apiKey: ctx.key, secret: ctx.secret, enableRateLimit: false });
  for (const group of Object.values(exchange.urls.api)) {
    for (const area of Object.keys(group)) group[area] = ctx.baseUrl;
  }
  return {
    get: async () => countOf(await exchange.privateWalletGetWithdrawals({ ...LIST_QUERY })),
    post: async () => txOf(await exchange.privateWalletPostTransfers({ ...TRANSFER })),
  };
}
