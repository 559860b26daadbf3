/**
 * A quick Python-only comparison: starts the benchmark server (server-process.ts), runs the four
 * Python clients of python_runner.py in interleaved rounds against it, and prints each client's
 * medians with the ratios to its bare twin (the same ratios the full bench judges). With
 * `--profile`, then runs python_profile.py against the same server (cProfile of the client's calls).
 * `--python-root DIR` measures the package in DIR/generated/python instead (another revision:
 * `git archive <rev> generated/python | tar -x -C DIR`); `--base DIR` measures that package's two
 * clients too, interleaved in the same rounds, as `(base)` rows with their own ratios (before and
 * after a change in one run, under the same load).
 *
 *   npx tsx bench/python-compare.ts [--rounds N] [--profile] [--python-root DIR] [--base DIR]
 *
 * Nothing is written; bench/RESULTS.md is made by `npm run bench` only.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  makeLocalCertificate,
  PY_CLIENT_IDS,
  runPythonOne,
  summarizePython,
  type PyClientId,
  type PyRunnerResult,
} from './python.js';
import { keyOf } from './scenarios.js';
import { spawnServer } from './server-process.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 3;
const profile = args.includes('--profile');
const pythonRoot = args.includes('--python-root') ? String(args[args.indexOf('--python-root') + 1]) : repoRoot;
const baseRoot = args.includes('--base') ? String(args[args.indexOf('--base') + 1]) : undefined;
/** Each round's runs: the four clients, then (with --base) the base package's two. */
const runs: Array<{ label: string; client: PyClientId; root: string }> = [
  ...PY_CLIENT_IDS.map((client) => ({ label: client, client, root: pythonRoot })),
  ...(baseRoot === undefined
    ? []
    : (['py-ours', 'py-ours-async'] as const).map((client) => ({ label: `${client} (base)`, client, root: baseRoot }))),
];

const scratch = join(repoRoot, 'bench', '.scratch', 'python-compare');
const cert = makeLocalCertificate(scratch);
const secrets = new Map(PY_CLIENT_IDS.map((c) => [c, randomBytes(24).toString('hex')]));
const keys = Object.fromEntries(PY_CLIENT_IDS.map((c) => [keyOf(c), secrets.get(c) as string]));
const tls = cert && { key: readFileSync(cert.keyFile, 'utf8'), cert: readFileSync(cert.certFile, 'utf8') };
const server = await spawnServer(keys, repoRoot, tls);
const plan = { warmup: 300, sequentialCalls: 250, concurrentCalls: 1200, concurrency: 16, loopMaxMs: 8_000 };
try {
  const results: Record<string, PyRunnerResult[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const { label, client, root } of runs) {
      const job = {
        client,
        baseUrl: server.url,
        httpsUrl: server.httpsUrl,
        caFile: cert?.certFile,
        key: keyOf(client),
        ...plan,
      };
      const result = await runPythonOne(job, secrets.get(client) as string, root, plan.loopMaxMs * 6 + 30_000);
      (results[label] ??= []).push(result);
      if (!result.ok) console.log(`${label}: ${result.error}`);
    }
  }
  const s = Object.fromEntries(runs.map(({ label, client }) => [label, summarizePython(client, results[label] ?? [])]));
  const r = (a?: number, b?: number): string => (a && b ? (a / b).toFixed(2) : '-');
  const us = (x?: number): string => (x === undefined ? '-' : `${Math.round(x)}`);
  console.log('client                   GET p50 µs  POST p50 µs  CPU/GET µs  HTTPS CPU µs  GET/s c=16  rounds');
  for (const { label } of runs) {
    const v = s[label];
    if (!v || v.rounds === 0) continue;
    const cols = [us(v.getP50Us), us(v.postP50Us), us(v.cpuPerCallUs), us(v.httpsCpuPerCallUs), us(v.rps)];
    console.log(`${label.padEnd(24)} ${cols.map((x) => x.padStart(10)).join('  ')}  ${v.rounds}/${rounds}`);
  }
  const bare = s['py-bare'];
  const ours = s['py-ours'];
  const bareAio = s['py-bare-asyncio'];
  const oursAio = s['py-ours-async'];
  console.log(`blocking GET p50 × bare http.client: ${r(ours?.getP50Us, bare?.getP50Us)}`);
  console.log(`blocking POST p50 × bare http.client: ${r(ours?.postP50Us, bare?.postP50Us)}`);
  console.log(`asyncio GET p50 × bare asyncio: ${r(oursAio?.getP50Us, bareAio?.getP50Us)}`);
  console.log(`asyncio GET/s at c=16 × bare asyncio: ${r(oursAio?.rps, bareAio?.rps)}`);
  console.log(`HTTPS CPU per GET after the first: ${us(ours?.httpsCpuPerCallUs)} µs`);
  const base = s['py-ours (base)'];
  const baseAio = s['py-ours-async (base)'];
  if (base && baseAio) {
    console.log(`base: blocking GET p50 × bare http.client: ${r(base.getP50Us, bare?.getP50Us)}`);
    console.log(`base: blocking POST p50 × bare http.client: ${r(base.postP50Us, bare?.postP50Us)}`);
    console.log(`base: asyncio GET p50 × bare asyncio: ${r(baseAio.getP50Us, bareAio?.getP50Us)}`);
    console.log(`base: asyncio GET/s at c=16 × bare asyncio: ${r(baseAio.rps, bareAio?.rps)}`);
    console.log(`base: HTTPS CPU per GET after the first: ${us(base.httpsCpuPerCallUs)} µs`);
  }
  if (profile) {
    const job = { client: 'py-ours', baseUrl: server.url, key: keyOf('py-ours'), ...plan };
    spawnSync('python3', [join(repoRoot, 'bench', 'python_profile.py')], {
      cwd: pythonRoot,
      stdio: 'inherit',
      timeout: 120_000,
      env: {
        ...process.env,
        PYTHONPATH: join(pythonRoot, 'generated', 'python'),
        PYTHONDONTWRITEBYTECODE: '1',
        BENCH_JOB: JSON.stringify(job),
        BENCH_SECRET: secrets.get('py-ours'),
      },
    });
  }
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
