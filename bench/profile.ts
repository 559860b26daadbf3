/**
 * `npm run bench:profile`: a reproducible profile of each benchmark target the last run missed
 * (issue 29). CPU: the `node` transport at concurrency 16 and one at a time (GET and POST), the
 * `fetch` transport's sequential GET and POST, bare node:http and bare fetch on the same loops for reference, and the
 * in-process engine placing orders on a 100,000-order book; each in a fresh process
 * (bench/profile-target.ts). Cold import: the Node entry imported in fresh processes under the
 * profiler (bench/profile-import.ts). Bundles: per-input bytes of the two documented shapes with ceilings.
 * Writes bench/PROFILES.md (bench/profile-report.ts).
 *
 * Flags: `--out <file>` (default bench/PROFILES.md), `--no-build` (reuse bench/.scratch/ours),
 * `--only <text>` (the loops whose name contains it), `--top <n>` (functions listed per group, default 12).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildOurs } from './build-ours.js';
import { BUNDLE_SHAPES, bundleShape } from './bundle-shapes.js';
import { runChildJob } from './child-job.js';
import type { ClientId } from './clients.js';
import { profileColdImports } from './profile-import.js';
import type { ProfileJob, ProfileResult } from './profile-target.js';
import { renderProfiles, type BundleBreakdown, type ProfiledTarget } from './profile-report.js';
import { keyOf } from './scenarios.js';
import { spawnServer } from './server-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const scratch = join(repoRoot, 'bench', '.scratch');
const CHILD = fileURLToPath(new URL('./profile-target.ts', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    out: { type: 'string', default: 'bench/PROFILES.md' },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    top: { type: 'string', default: '12' },
  },
});

/** A client loop to profile. */
interface ClientLoop {
  readonly id: string;
  readonly client: ClientId;
  readonly call: 'get' | 'post';
  readonly concurrency: number;
  readonly calls: number;
  readonly what: string;
  readonly target: string;
}

const NODE_C16 = 'node: GET/s and POST/s at c=16 ≥ 0.90× bare node:http (and ≥ ccxt)';
const FETCH_P50 = 'fetch: GET and POST p50 ≤ 1.10× bare fetch';
const NODE_P50 = 'node: GET and POST p50 ≤ 1.10× bare node:http';

const LOOPS: readonly ClientLoop[] = [
  {
    id: 'node transport, GET, c=16',
    client: 'ours+node',
    call: 'get',
    concurrency: 16,
    calls: 4000,
    what: "`ExchangeClient` with `transport: 'node'`, signed `GET /wallet/withdrawals`, 16 in flight.",
    target: NODE_C16,
  },
  {
    id: 'bare node:http, GET, c=16 (reference)',
    client: 'floor+node:http',
    call: 'get',
    concurrency: 16,
    calls: 4000,
    what: 'The bare node:http client on the same loop: what node itself costs.',
    target: NODE_C16,
  },
  {
    id: 'node transport, POST, c=16',
    client: 'ours+node',
    call: 'post',
    concurrency: 16,
    calls: 4000,
    what: "`ExchangeClient` with `transport: 'node'`, signed `POST /wallet/transfers`, 16 in flight.",
    target: NODE_C16,
  },
  {
    id: 'bare node:http, POST, c=16 (reference)',
    client: 'floor+node:http',
    call: 'post',
    concurrency: 16,
    calls: 4000,
    what: 'The bare node:http client on the same loop.',
    target: NODE_C16,
  },
  {
    id: 'node transport, GET, sequential',
    client: 'ours+node',
    call: 'get',
    concurrency: 1,
    calls: 2000,
    what: "`ExchangeClient` with `transport: 'node'`, signed `GET /wallet/withdrawals`, one at a time.",
    target: NODE_P50,
  },
  {
    id: 'bare node:http, GET, sequential (reference)',
    client: 'floor+node:http',
    call: 'get',
    concurrency: 1,
    calls: 2000,
    what: 'The bare node:http client on the same loop.',
    target: NODE_P50,
  },
  {
    id: 'node transport, POST, sequential',
    client: 'ours+node',
    call: 'post',
    concurrency: 1,
    calls: 2000,
    what: "`ExchangeClient` with `transport: 'node'`, signed `POST /wallet/transfers`, one at a time.",
    target: NODE_P50,
  },
  {
    id: 'bare node:http, POST, sequential (reference)',
    client: 'floor+node:http',
    call: 'post',
    concurrency: 1,
    calls: 2000,
    what: 'The bare node:http client on the same loop.',
    target: NODE_P50,
  },
  {
    id: 'fetch transport, GET, sequential',
    client: 'ours+fetch',
    call: 'get',
    concurrency: 1,
    calls: 2000,
    what: "`ExchangeClient` with `transport: 'fetch'`, signed `GET /wallet/withdrawals`, one at a time.",
    target: FETCH_P50,
  },
  {
    id: 'bare fetch, GET, sequential (reference)',
    client: 'floor',
    call: 'get',
    concurrency: 1,
    calls: 2000,
    what: 'The floor (bare global fetch) on the same loop.',
    target: FETCH_P50,
  },
  {
    id: 'fetch transport, POST, sequential',
    client: 'ours+fetch',
    call: 'post',
    concurrency: 1,
    calls: 2000,
    what: "`ExchangeClient` with `transport: 'fetch'`, signed `POST /wallet/transfers`, one at a time.",
    target: FETCH_P50,
  },
  {
    id: 'bare fetch, POST, sequential (reference)',
    client: 'floor',
    call: 'post',
    concurrency: 1,
    calls: 2000,
    what: 'The floor (bare global fetch) on the same loop.',
    target: FETCH_P50,
  },
];

/** The cold-import section's name, and how many fresh processes it profiles (their samples added up). */
const COLD_IMPORT = 'cold import';
const IMPORTS = 10;

const SHAPE_TARGETS: Readonly<Record<string, string>> = {
  'public read': 'createCore + a public read, browser, gzip ≤ 12 KiB',
  'signed write': 'createCore + a signed write, browser, gzip ≤ 16 KiB',
};

function log(line: string): void {
  process.stderr.write(`[bench:profile] ${line}\n`);
}

function runJob(job: ProfileJob, secret: string): Promise<ProfileResult> {
  return runChildJob<ProfileResult, string>(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: repoRoot,
    env: { ...process.env, BENCH_JOB: JSON.stringify(job), BENCH_SECRET: secret },
    client: job.id,
    timeoutMs: 180_000,
  }).then((r) => ('id' in r ? r : { ok: false, id: job.id, error: r.error }));
}

async function main(): Promise<number> {
  const loadBefore = loadavg();
  const oursEntry = join(scratch, 'ours', 'esm', 'index.js');
  if (!flags['no-build'] || !existsSync(oursEntry)) {
    log("building this project's client into bench/.scratch/ours");
    await buildOurs(repoRoot, join(scratch, 'ours'));
  }
  const clients = [...new Set(LOOPS.map((l) => l.client))];
  const secrets = new Map(clients.map((c) => [c, randomBytes(24).toString('hex')]));
  const server = await spawnServer(Object.fromEntries(clients.map((c) => [keyOf(c), secrets.get(c) ?? ''])), repoRoot);
  const targets: ProfiledTarget[] = [];
  try {
    for (const loop of LOOPS.filter((l) => flags.only === undefined || l.id.includes(flags.only))) {
      log(loop.id);
      const job: ProfileJob = {
        id: loop.id,
        kind: 'client',
        client: loop.client,
        call: loop.call,
        concurrency: loop.concurrency,
        calls: loop.calls,
        warmup: 1000,
        baseUrl: server.url,
        key: keyOf(loop.client),
        scratch,
        oursEntry,
      };
      targets.push({
        id: loop.id,
        what: loop.what,
        target: loop.target,
        result: await runJob(job, secrets.get(loop.client) ?? ''),
      });
    }
  } finally {
    await server.stop();
  }
  if (flags.only === undefined || 'engine'.includes(flags.only)) {
    log('in-process engine, 100,000 resting orders');
    const engine: ProfileJob = { id: 'engine', kind: 'engine', calls: 100_000, warmup: 1, seconds: 3 };
    targets.push({
      id: 'in-process engine, 100,000 resting orders',
      what: "`placeSpotOrder` through `PaperExchange.change`, 256 orders per change, the paper benchmark's order stream, 3 s.",
      target: 'in-process engine, 100,000 resting orders: ≥ 100,000 orders/s',
      result: await runJob(engine, ''),
    });
  }
  if (flags.only === undefined || COLD_IMPORT.includes(flags.only)) {
    log(`${COLD_IMPORT} (${IMPORTS} fresh processes)`);
    const entry = pathToFileURL(join(scratch, 'ours', 'node', 'index.mjs')).href;
    targets.push({
      id: COLD_IMPORT,
      what: `\`await import()\` of the Node entry (what \`import 'exchange-v4'\` loads, bench/.scratch/ours/node/index.mjs) in a fresh \`node\` process, ${IMPORTS} processes, 50 µs sampling; compiling the file is node's \`compileSourceTextModule\`, running its top level the entry's \`(anonymous)\`.`,
      target: 'cold import ≤ 15 ms',
      result: await profileColdImports(COLD_IMPORT, entry, IMPORTS, repoRoot),
    });
  }
  log('bundles');
  const bundles: BundleBreakdown[] = [];
  for (const shape of BUNDLE_SHAPES.filter((s) => s.id in SHAPE_TARGETS)) {
    const b = await bundleShape(shape);
    bundles.push({
      id: shape.id,
      target: SHAPE_TARGETS[shape.id] ?? '',
      minBytes: b.minBytes,
      gzipBytes: b.gzipBytes,
      inputs: b.inputs,
    });
  }
  const out = resolve(repoRoot, flags.out);
  writeFileSync(
    out,
    renderProfiles({
      date: new Date().toISOString(),
      node: process.version,
      loadBefore,
      loadAfter: loadavg(),
      targets,
      bundles,
      top: Number(flags.top),
    }),
  );
  log(`wrote ${relative(repoRoot, out)}`);
  const failed = targets.filter((t) => !t.result.ok);
  for (const t of failed) log(`not profiled: ${t.id}: ${t.result.ok ? '' : t.result.error}`);
  return failed.length === 0 ? 0 : 1;
}

process.exitCode = await main();
