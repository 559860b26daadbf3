/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/environment.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Where the client runs and what its environment says: the runtime (for the identification header
 * and the browser rules), environment variables read without importing any Node module (Node and
 * Bun's `process.env`, Deno's `Deno.env` only when the permission is already granted, nothing in a
 * browser), and the `EXCHANGE_V4_KEY` / `EXCHANGE_V4_SECRET` / `EXCHANGE_V4_BASE_URL` defaults.
 */
import { ValidationError } from './errors.js';
import type { ClientOptions } from './options.js';

/** The runtime the client runs on. */
export interface RuntimeInfo {
  /** `browser`: a page (a `window` with a `document`); `edge`: Vercel's edge runtime; `worker`: any other worker. */
  readonly name: 'node' | 'deno' | 'bun' | 'browser' | 'edge' | 'worker' | 'unknown';
  /** The runtime's version, where it tells. */
  readonly version: string | undefined;
}

type Globals = Record<string, unknown>;

const record = (value: unknown): Globals | undefined =>
  typeof value === 'object' && value !== null ? (value as Globals) : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Finds the runtime from the global object (a pure function of `g`). */
export function detectRuntime(g: Globals = globalThis): RuntimeInfo {
  const deno = record(g['Deno']);
  if (deno) return { name: 'deno', version: text(record(deno['version'])?.['deno']) };
  const versions = record(record(g['process'])?.['versions']);
  if (record(g['Bun']) || text(versions?.['bun'])) return { name: 'bun', version: text(versions?.['bun']) };
  if (record(g['window']) && record(g['document'])) return { name: 'browser', version: undefined };
  if (typeof g['EdgeRuntime'] === 'string') return { name: 'edge', version: undefined };
  if (text(versions?.['node'])) return { name: 'node', version: text(versions?.['node']) };
  if (typeof g['importScripts'] === 'function' || typeof g['WorkerGlobalScope'] === 'function') {
    return { name: 'worker', version: undefined };
  }
  return { name: 'unknown', version: undefined };
}

/**
 * An environment variable, or `undefined` where there is none to read: `process.env` (Node, Bun,
 * edge), `Deno.env` when `--allow-env` already grants it (never a permission prompt), nothing in a
 * browser. Never throws.
 */
export function readEnv(name: string, g: Globals = globalThis): string | undefined {
  try {
    const deno = record(g['Deno']);
    if (deno) {
      const permissions = record(deno['permissions']) as { querySync?: (d: object) => { state: string } } | undefined;
      const state = permissions?.querySync?.({ name: 'env', variable: name }).state;
      if (state !== 'granted') return undefined;
      const env = record(deno['env']) as { get?: (n: string) => string | undefined } | undefined;
      return env?.get?.(name);
    }
    const env = record(record(g['process'])?.['env']);
    const value = env?.[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why the key pair's variables could not be read although they may be set, or `undefined`: on Deno
 * without the `env` permission for them (the client never prompts for it). Never throws.
 */
export function envUnreadable(g: Globals = globalThis): string | undefined {
  try {
    const deno = record(g['Deno']);
    const permissions = record(deno?.['permissions']) as { querySync?: (d: object) => { state: string } } | undefined;
    if (!deno || !permissions?.querySync) return undefined;
    const names = [ENV.key, ENV.secret];
    if (names.every((variable) => permissions.querySync?.({ name: 'env', variable }).state === 'granted'))
      return undefined;
    return `Deno grants no permission to read ${names.join(' and ')}: run with --allow-env=${names.join(',')}, or pass key and secret`;
  } catch {
    return undefined;
  }
}

/** The environment variables the client reads. */
export const ENV = {
  key: 'EXCHANGE_V4_KEY',
  secret: 'EXCHANGE_V4_SECRET',
  baseUrl: 'EXCHANGE_V4_BASE_URL',
  log: 'EXCHANGE_V4_LOG',
} as const;

/**
 * The options with the environment's defaults filled in. Explicit options win: the key pair comes
 * from `EXCHANGE_V4_KEY` + `EXCHANGE_V4_SECRET` only when the options give neither `key` nor
 * `secret`; `EXCHANGE_V4_BASE_URL` is used only when the options give neither `baseUrl` nor
 * `server`. A pure function of the options and `read`.
 */
export function withEnvDefaults(
  options: ClientOptions,
  read: (name: string) => string | undefined = readEnv,
): ClientOptions {
  const out: ClientOptions = { ...options };
  if (options.key === undefined && options.secret === undefined) {
    const key = read(ENV.key);
    const secret = read(ENV.secret);
    if ((key === undefined) !== (secret === undefined)) {
      const [missing, given] = key === undefined ? [ENV.key, ENV.secret] : [ENV.secret, ENV.key];
      throw new ValidationError(missing, undefined, 'required', `must be set together with ${given}`);
    }
    if (key !== undefined) out.key = key;
    if (secret !== undefined) out.secret = secret;
  }
  if (options.baseUrl === undefined && options.server === undefined) {
    const baseUrl = read(ENV.baseUrl);
    if (baseUrl !== undefined) out.baseUrl = baseUrl;
  }
  return out;
}
