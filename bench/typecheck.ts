/**
 * Type-check cost for a consumer: a one-file project that imports one client and makes one call
 * is checked with `tsc --noEmit` (strict, NodeNext, skipLibCheck) several times, interleaved
 * across clients; the median wall time is reported. The bare floor consumer shows tsc's own
 * start-up cost.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { median } from './stats.js';

const run = promisify(execFile);

/** One consumer project. */
export interface Consumer {
  readonly id: string;
  /** Source of its index.ts. */
  readonly source: string;
}

/** Median tsc time of one consumer. */
export interface TypecheckTiming {
  readonly id: string;
  readonly ms?: number;
  readonly runs: number;
  readonly error?: string;
}

/** The consumers, one per client. `oursImport` imports this project's ESM entry (its .d.ts beside it). */
export function consumers(oursImport: string): Consumer[] {
  return [
    {
      id: 'floor',
      source: `import { createHmac } from 'node:crypto';
export async function run(secret: string): Promise<unknown[]> {
  const sign: string = createHmac('sha512', secret).update('x').digest('hex');
  const res = await fetch('http://127.0.0.1:1/api/v4/wallet/withdrawals?limit=20', { headers: { SIGN: sign } });
  return JSON.parse(await res.text()) as unknown[];
}
`,
    },
    {
      id: 'ours',
      source: `import { ExchangeClient } from ${JSON.stringify(oursImport)};
const client = new ExchangeClient({ key: 'k', secret: 's', baseUrl: 'http://127.0.0.1:1/api/v4' });
export async function run(): Promise<string | undefined> {
  const list = await client.wallet.listWithdrawals({ currency: 'USDT', limit: 20 });
  return list[0]?.id;
}
`,
    },
    {
      id: 'gate-api',
      source: `import { ApiClient, WalletApi } from 'gate-api';
const client = new ApiClient('http://127.0.0.1:1/api/v4');
client.setApiKeySecret('k', 's');
export async function run(): Promise<string | undefined> {
  const { body } = await new WalletApi(client).listWithdrawals({ currency: 'USDT', limit: 20 });
  return body[0]?.id;
}
`,
    },
    {
      id: 'gateio-api',
      source: `import { RestClient } from 'gateio-api';
const client = new RestClient({ apiKey: 'k', apiSecret: 's', baseUrl: 'http://127.0.0.1:1/api/v4' });
export async function run(): Promise<string | undefined> {
  const list = await client.getWithdrawalRecords({ currency: 'USDT', limit: 20 });
  return list[0]?.id;
}
`,
    },
    {
      id: 'ccxt',
      source: `import ccxt from 'ccxt';
const exchange = new ccxt.gate({ apiKey: 'k', secret: 's' });
export async function run(): Promise<unknown> {
  return exchange.privateWalletGetWithdrawals({ currency: 'USDT', limit: 20 });
}
`,
    },
  ];
}

/** The tsconfig every consumer uses. */
export function consumerTsconfig(typeRoots: string): Record<string, unknown> {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM'],
      types: ['node'],
      typeRoots: [typeRoots],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    },
    files: ['index.ts'],
  };
}

/** Writes the consumers under `dir/<id>/` (inside bench/.scratch, so peers resolve). */
export function writeConsumers(dir: string, oursEntry: string, typeRoots: string): Array<{ id: string; dir: string }> {
  const oursImport = toImportPath(relative(join(dir, 'ours'), oursEntry));
  return consumers(oursImport).map((c) => {
    const cdir = join(dir, c.id);
    mkdirSync(cdir, { recursive: true });
    writeFileSync(join(cdir, 'index.ts'), c.source);
    writeFileSync(join(cdir, 'tsconfig.json'), `${JSON.stringify(consumerTsconfig(typeRoots), null, 2)}\n`);
    writeFileSync(join(cdir, 'package.json'), `${JSON.stringify({ type: 'module', private: true })}\n`);
    return { id: c.id, dir: cdir };
  });
}

/** A relative path usable as an import specifier (`./x` or `../x`, forward slashes). */
export function toImportPath(rel: string): string {
  const p = rel.split('\\').join('/');
  return p.startsWith('.') ? p : `./${p}`;
}

/** Runs `tsc -p` on each consumer `repeats` times, interleaved; medians of wall time. */
export async function measureTypecheck(
  projects: ReadonlyArray<{ id: string; dir: string }>,
  tscJs: string,
  repeats: number,
): Promise<TypecheckTiming[]> {
  const samples = new Map(projects.map((p) => [p.id, { ms: [] as number[], error: undefined as string | undefined }]));
  for (let r = 0; r < repeats; r++) {
    for (const p of projects) {
      const s = samples.get(p.id);
      if (!s || s.error !== undefined) continue;
      const t0 = performance.now();
      try {
        await run(process.execPath, [tscJs, '-p', p.dir], { timeout: 120_000, maxBuffer: 8 * 1024 * 1024 });
        s.ms.push(performance.now() - t0);
      } catch (error) {
        const e = error as { stdout?: string; message?: string };
        s.error = (e.stdout || e.message || String(error)).trim().split('\n').slice(0, 2).join(' ').slice(0, 200);
      }
    }
  }
  return projects.map((p) => {
    const s = samples.get(p.id);
    if (!s || s.ms.length === 0) return { id: p.id, runs: 0, error: s?.error ?? 'no runs' };
    return { id: p.id, ms: median(s.ms), runs: s.ms.length };
  });
}
