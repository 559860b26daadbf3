/**
 * What every benchmarked client adapter shares (clients.ts, peer-clients.ts): what it is built from,
 * what it offers, the two calls' parameters and reading their results.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What an adapter needs to build its client. */
export interface ClientContext {
  /** Base URL including `/api/v4`. */
  readonly baseUrl: string;
  readonly key: string;
  readonly secret: string;
  /** bench/.scratch (peers' node_modules). */
  readonly scratch: string;
  /** Entry file of this project's client (dist/esm/index.js, or generated/src/index.ts). */
  readonly oursEntry: string;
}

/** The two benchmarked calls of one client. */
export interface BenchClient {
  /** Lists withdrawals; resolves with the number of records parsed. */
  get(): Promise<number>;
  /** Creates a transfer; resolves with the tx id as a string. */
  post(): Promise<string>;
  /** Releases sockets, if the client holds any of its own. */
  close?(): Promise<void>;
}

export const LIST_QUERY = { currency: 'USDT', limit: 20 } as const;
export const TRANSFER = { currency: 'USDT', from: 'spot', to: 'futures', amount: '1.5', settle: 'usdt' } as const;

export function countOf(data: unknown): number {
  return Array.isArray(data) ? data.length : -1;
}

export function txOf(data: unknown): string {
  const tx = (data as { tx_id?: unknown; txId?: unknown } | null)?.tx_id ?? (data as { txId?: unknown } | null)?.txId;
  return String(tx);
}

export async function importFile(file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

export function requirePeer(scratch: string, name: string): Record<string, unknown> {
  return createRequire(join(scratch, 'package.json'))(name) as Record<string, unknown>;
}

/** Sends one request and resolves with the response body text. */
