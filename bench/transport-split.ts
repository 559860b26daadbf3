/**
 * Where a transport's gap to its bare client lies: the signed `POST /wallet/transfers` (with
 * `--call get`, `GET /wallet/withdrawals`) at c=16 through the bare client (clients.ts), through
 * this project's transport alone (signed by the same bare code, sent as a `WireRequest`), and
 * through the whole `ExchangeClient`. CPU per call
 * is this process's (the server runs in its own process, server-process.ts); the three loops
 * alternate, in rounds, so they see the same load. Transport alone ≈ bare and client above it
 * means the gap is in the call layers, not in what goes over the wire. Not a result to quote.
 *
 * `npx tsx bench/transport-split.ts [--transport node|fetch] [--call post|get] [--rounds 4] [--entry <esm/index.js>]`
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importFile, TRANSFER } from './client-calls.js';
import { createClient, floorHeaders } from './clients.js';
import { concurrent } from './measure.js';
import { spawnServer } from './server-process.js';
import { median, rotate } from './stats.js';

/** What the harness calls of a transport module (runtime/node-transport.js or fetch-transport.js). */
type Send = (
  wire: {
    method: string;
    path: string;
    query: string;
    url: string;
    body: string | undefined;
    headers: Record<string, string>;
    sign: boolean;
  },
  timeoutMs: number,
  signal: AbortSignal | undefined,
) => Promise<{ text: string }>;
type MakeTransport = (options: { origin: string }) => { send: Send };

const repoRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const { values: flags } = parseArgs({
  options: {
    transport: { type: 'string', default: 'node' },
    call: { type: 'string', default: 'post' },
    rounds: { type: 'string', default: '4' },
    entry: { type: 'string', default: join(repoRoot, 'bench', '.scratch', 'ours', 'esm', 'index.js') },
  },
});
const viaFetch = flags.transport === 'fetch';
const isGet = flags.call === 'get';
const key = 'k'.repeat(32);
const secret = 's'.repeat(64);
const server = await spawnServer({ [key]: secret }, repoRoot);
try {
  const ctx = {
    baseUrl: server.url,
    key,
    secret,
    scratch: join(repoRoot, 'bench', '.scratch'),
    oursEntry: flags.entry,
  };
  const bare = await createClient(viaFetch ? 'floor' : 'floor+node:http', ctx);
  const ours = await createClient(viaFetch ? 'ours+fetch' : 'ours+node', ctx);
  const module = await importFile(
    flags.entry.replace(/index\.js$/, viaFetch ? 'runtime/fetch-transport.js' : 'runtime/node-transport.js'),
  );
  const make = module[viaFetch ? 'createFetchTransport' : 'createNodeTransport'] as MakeTransport;
  const transport = make({ origin: new URL(server.url).origin });
  const route = isGet ? '/wallet/withdrawals' : '/wallet/transfers';
  const path = `${new URL(server.url).pathname}${route}`;
  const query = isGet ? 'currency=USDT&limit=20' : '';
  const method = isGet ? 'GET' : 'POST';
  const url = `${server.url}${route}${isGet ? `?${query}` : ''}`;
  /** The transport alone: the bare client's body and signature, sent as one `WireRequest`. */
  const transportOnly = async (): Promise<unknown> => {
    const body = isGet ? undefined : JSON.stringify(TRANSFER);
    const hash = createHash('sha512')
      .update(body ?? '')
      .digest('hex');
    const headers = floorHeaders(key, secret, method, path, query, hash);
    const wire = { method, path, query, url, body, headers, sign: false };
    return JSON.parse((await transport.send(wire, 10_000, undefined)).text) as unknown;
  };
  const loops: [string, () => Promise<unknown>][] = [
    [viaFetch ? 'bare fetch' : 'bare node:http', isGet ? () => bare.get() : () => bare.post()],
    [`${flags.transport} transport alone`, transportOnly],
    [`ExchangeClient (${flags.transport})`, isGet ? () => ours.get() : () => ours.post()],
  ];
  for (const [, fn] of loops) await concurrent(fn, 1_500, 16, 5_000);
  const rows = new Map(loops.map(([name]) => [name, { rps: [] as number[], cpu: [] as number[] }]));
  for (let round = 0; round < Number(flags.rounds); round += 1)
    for (const [name, fn] of rotate(loops, round)) {
      const r = await concurrent(fn, 3_000, 16, 8_000);
      rows.get(name)?.rps.push(r.rps);
      rows.get(name)?.cpu.push(r.cpuPerCallUs);
    }
  const lines = [
    `${method} ${route}, c=16, ${flags.rounds} rounds (medians); load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  ];
  for (const [name, r] of rows)
    lines.push(
      `  ${name.padEnd(24)} ${median(r.rps).toFixed(0).padStart(6)} calls/s  ${median(r.cpu).toFixed(1).padStart(6)} µs CPU per call`,
    );
  process.stdout.write(`${lines.join('\n')}\n`);
  await bare.close?.();
} finally {
  await server.stop();
}
process.exit(0);
