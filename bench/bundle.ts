/**
 * One-operation bundle size: esbuild bundles a tiny program that lists withdrawals with one
 * client (platform node, ESM, minified, tree-shaken; ours also for the browser, plus a plain
 * read and a write of ours for the browser; ours through the documented form, `createCore` and a
 * standalone operation function) and the minified and gzipped bytes are reported.
 */
import { gzipSync } from 'node:zlib';

/** One program to bundle. */
export interface BundleEntry {
  readonly id: string;
  /** ESM source of the program. */
  readonly source: string;
  /** Folder bare imports resolve from. */
  readonly resolveDir: string;
  /** Imports left out of the bundle (optional dependencies the package does not install). */
  readonly external?: readonly string[];
  /** esbuild's platform (and with it the package conditions): `node` unless given. */
  readonly platform?: 'node' | 'browser';
}

/** Size of one bundle. */
export interface BundleSize {
  readonly id: string;
  readonly minBytes?: number;
  readonly gzipBytes?: number;
  /** The largest inputs by bytes in the minified output, largest first. */
  readonly largest?: ReadonlyArray<{ readonly input: string; readonly bytes: number }>;
  readonly external?: readonly string[];
  readonly error?: string;
}

interface EsbuildLike {
  build(options: Record<string, unknown>): Promise<{
    outputFiles?: Array<{ path: string; contents: Uint8Array }>;
    metafile?: { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
  }>;
}

/** The one-operation programs, one per client. `oursEntry` is the ESM entry of this project. */
export function bundleEntries(oursEntry: string, scratch: string, repoRoot: string): BundleEntry[] {
  const opts = `{ key: 'k', secret: 's', baseUrl: 'http://127.0.0.1:1/api/v4' }`;
  return [
    {
      id: 'floor',
      resolveDir: repoRoot,
      source: `import { createHash, createHmac } from 'node:crypto';
export async function run(key, secret) {
  const ts = String(Math.floor(Date.now() / 1000));
  const empty = createHash('sha512').update('').digest('hex');
  const sign = createHmac('sha512', secret).update('GET\\n/api/v4/wallet/withdrawals\\nlimit=20\\n' + empty + '\\n' + ts).digest('hex');
  const res = await fetch('http://127.0.0.1:1/api/v4/wallet/withdrawals?limit=20', { headers: { KEY: key, Timestamp: ts, SIGN: sign } });
  return JSON.parse(await res.text());
}`,
    },
    {
      id: 'ours',
      resolveDir: repoRoot,
      source: `import { createCore, listWithdrawals } from ${JSON.stringify(oursEntry)};
const core = createCore(${opts});
export const run = () => listWithdrawals(core, { limit: 20 });`,
    },
    {
      id: 'ours-browser',
      resolveDir: repoRoot,
      platform: 'browser',
      source: `import { createCore, listWithdrawals } from ${JSON.stringify(oursEntry)};
const core = createCore(${opts});
export const run = () => listWithdrawals(core, { limit: 20 });`,
    },
    {
      id: 'ours-browser-read',
      resolveDir: repoRoot,
      platform: 'browser',
      source: `import { createCore, getTotalBalance } from ${JSON.stringify(oursEntry)};
const core = createCore(${opts});
export const run = () => getTotalBalance(core, {});`,
    },
    {
      id: 'ours-browser-write',
      resolveDir: repoRoot,
      platform: 'browser',
      source: `import { createCore, transfer } from ${JSON.stringify(oursEntry)};
const core = createCore(${opts});
export const run = () => transfer(core, { currency: 'USDT', from: 'spot', to: 'margin', amount: '1', currency_pair: 'BTC_USDT' });`,
    },
    {
      id: 'gate-api',
      resolveDir: scratch,
      source: `import { ApiClient, WalletApi } from 'gate-api';
const client = new ApiClient('http://127.0.0.1:1/api/v4');
client.setApiKeySecret('k', 's');
export const run = () => new WalletApi(client).listWithdrawals({ limit: 20 });`,
    },
    {
      id: 'gateio-api',
      resolveDir: scratch,
      source: `import { RestClient } from 'gateio-api';
const client = new RestClient({ apiKey: 'k', apiSecret: 's', baseUrl: 'http://127.0.0.1:1/api/v4' });
export const run = () => client.getWithdrawalRecords({ limit: 20 });`,
    },
    {
      id: 'ccxt',
      resolveDir: scratch,
      external: ['protobufjs', 'protobufjs/*'],
      source: `import { gate } from 'ccxt';
const exchange = new gate({ apiKey: 'k', secret: 's' });
export const run = () => exchange.privateWalletGetWithdrawals({ limit: 20 });`,
    },
  ];
}

/**
 * An input path as the report shows it: from its package (`axios/lib/...`), from this project's
 * build (`esm/runtime/core.js`, `dist/...`), else the file name.
 */
export function shortInput(input: string): string {
  const normalized = input.split('\\').join('/');
  const nm = normalized.lastIndexOf('node_modules/');
  if (nm !== -1) return normalized.slice(nm + 'node_modules/'.length);
  for (const marker of ['/ours/', 'dist/']) {
    const at = normalized.lastIndexOf(marker);
    if (at !== -1) return normalized.slice(at + (marker === 'dist/' ? 0 : marker.length));
  }
  return normalized.replace(/^.*\//, '');
}

/** Bundles every entry with the given esbuild module. */
export async function measureBundles(esbuild: EsbuildLike, entries: readonly BundleEntry[]): Promise<BundleSize[]> {
  const out: BundleSize[] = [];
  for (const entry of entries) {
    try {
      const result = await esbuild.build({
        stdin: {
          contents: entry.source,
          resolveDir: entry.resolveDir,
          sourcefile: `${entry.id}-entry.mjs`,
          loader: 'js',
        },
        bundle: true,
        write: false,
        minify: true,
        treeShaking: true,
        platform: entry.platform ?? 'node',
        format: 'esm',
        target: entry.platform === 'browser' ? 'es2022' : 'node20',
        outfile: 'out.mjs',
        logLevel: 'silent',
        legalComments: 'none',
        metafile: true,
        external: [...(entry.external ?? [])],
      });
      const js = result.outputFiles?.find((f) => f.path.endsWith('.mjs'))?.contents;
      if (!js) throw new Error('esbuild produced no output');
      const inputs = Object.values(result.metafile?.outputs ?? {}).flatMap((o) => Object.entries(o.inputs));
      const largest = inputs
        .map(([input, v]) => ({ input: shortInput(input), bytes: v.bytesInOutput }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 8);
      out.push({
        id: entry.id,
        minBytes: js.byteLength,
        gzipBytes: gzipSync(js, { level: 9 }).byteLength,
        largest,
        ...(entry.external ? { external: entry.external } : {}),
      });
    } catch (error) {
      out.push({
        id: entry.id,
        error:
          String((error as Error).message ?? error)
            .split('\n')[0]
            ?.slice(0, 200) ?? 'failed',
      });
    }
  }
  return out;
}
