/**
 * `npm run bench`: measures this project's client and generator side by side with the clients
 * people use today, in one run on this machine against one local signature-checking server,
 * and writes bench/RESULTS.md. Exits non-zero when any client's signature was rejected or when
 * this project's client could not be measured at all.
 *
 * Flags: `--quick` (one short round of everything, for trying the harness), `--out <file>`
 * (default bench/RESULTS.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildOurs } from './build-ours.js';
import { bundleEntries, measureBundles } from './bundle.js';
import { CLIENT_IDS, type ClientId } from './clients.js';
import { measureColdImports, type ImportTarget } from './cold-import.js';
import { installedFootprint, projectFootprint, type Footprint } from './footprint.js';
import { measureGenerator } from './generator-timing.js';
import { measurePaperExchange } from './paper-exchange.js';
import { paperTargets } from './paper-report.js';
import { ensurePeers, peerEntry, type PeerName } from './peers.js';
import { measureRateStore } from './rate-store.js';
import { makeLocalCertificate, PY_CLIENT_IDS, pythonTargets, renderPythonSection, summarizePython } from './python.js';
import { rejectedCount, renderReport } from './report.js';
import { runScenarios, type ScenarioPlan } from './scenarios.js';
import { evaluateTargets, summarizeClient } from './targets.js';
import { BUNDLE_SHAPES, bundleShape } from './bundle-shapes.js';
import { measureTypecheck, writeConsumers } from './typecheck.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Gzip bytes of one documented bundle shape (bundle-shapes.ts), or undefined when it cannot be built. */
async function shapeGzipBytes(id: string): Promise<number | undefined> {
  const shape = BUNDLE_SHAPES.find((s) => s.id === id);
  return shape === undefined ? undefined : (await bundleShape(shape).catch(() => undefined))?.gzipBytes;
}
const scratch = join(repoRoot, 'bench', '.scratch');
const started = performance.now();

const { values: flags } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, out: { type: 'string', default: 'bench/RESULTS.md' } },
});
const quick = flags.quick;
const outFile = resolve(repoRoot, flags.out);

const plan: ScenarioPlan & { importRepeats: number; tscRepeats: number; generatorRepeats: number } = quick
  ? {
      rounds: 1,
      warmup: 20,
      sequentialCalls: 60,
      concurrentCalls: 320,
      concurrency: 16,
      loopMaxMs: 5_000,
      importRepeats: 1,
      tscRepeats: 1,
      generatorRepeats: 1,
    }
  : {
      rounds: 5,
      warmup: 1_000,
      sequentialCalls: 250,
      concurrentCalls: 1200,
      concurrency: 16,
      loopMaxMs: 8_000,
      importRepeats: 5,
      tscRepeats: 3,
      generatorRepeats: 3,
    };

function log(line: string): void {
  const t = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${t}s] ${line}\n`);
}

/** Which peer package each client needs. */
const NEEDS: Partial<Record<ClientId, PeerName>> = {
  'floor+undici.request': 'undici',
  'gate-api': 'gate-api',
  'gateio-api': 'gateio-api',
  ccxt: 'ccxt',
};

/** This project's client, built privately; falls back to generated/src (loaded through tsx). */
async function prepareOurs(
  notes: string[],
): Promise<{ entry: string; nodeEntry: string | undefined; distBytes: number | undefined }> {
  log("building this project's client into bench/.scratch/ours (package build tsconfigs)");
  try {
    const build = await buildOurs(repoRoot, join(scratch, 'ours'));
    return { entry: build.esmEntry, nodeEntry: build.nodeEntry, distBytes: build.distBytes };
  } catch (error) {
    notes.push(
      `This project's client could not be built (${String((error as Error).message).slice(0, 300)}); generated/src was loaded through tsx instead.`,
    );
    return { entry: join(repoRoot, 'generated', 'src', 'index.ts'), nodeEntry: undefined, distBytes: undefined };
  }
}

async function main(): Promise<number> {
  const loadBefore = loadavg();
  const notes: string[] = [];
  log(
    `node ${process.version}, ${cpus().length} cores, load ${loadBefore.map((x) => x.toFixed(2)).join(' ')}${quick ? ', QUICK mode' : ''}`,
  );

  const peers = await ensurePeers(scratch, log);
  const usable = new Set(peers.filter((p) => p.installed).map((p) => p.name));
  for (const p of peers)
    if (!p.installed) notes.push(`${p.name}@${p.version} could not be installed: ${p.reason ?? 'unknown reason'}.`);

  const ours0 = await prepareOurs(notes);
  const oursEntry = ours0.entry;
  const oursFromDist = ours0.distBytes !== undefined;
  const clients = CLIENT_IDS.filter((c) => {
    const need = NEEDS[c];
    return need === undefined || usable.has(need);
  });

  log(`request scenarios: ${[...clients, ...PY_CLIENT_IDS].join(', ')}`);
  const cert = makeLocalCertificate(join(scratch, 'tls'));
  if (cert === undefined)
    notes.push('No certificate could be made (openssl): the Python HTTPS rows were not measured.');
  const tls = cert && {
    key: readFileSync(cert.keyFile, 'utf8'),
    cert: readFileSync(cert.certFile, 'utf8'),
    certFile: cert.certFile,
  };
  const scenarios = await runScenarios({
    clients,
    plan,
    repoRoot,
    scratch,
    oursEntry,
    log,
    python: PY_CLIENT_IDS,
    ...(tls ? { tls } : {}),
  });
  const pythonSummaries = PY_CLIENT_IDS.map((c) => summarizePython(c, scenarios.pythonResults[c] ?? []));

  log('paper exchange (orders/s, in-process and over HTTP, 0 / 10,000 / 100,000 resting orders)');
  const paper = await measurePaperExchange(
    quick ? { rounds: 1, seconds: 0.5, warmup: 50 } : { rounds: 2, seconds: 1.25, warmup: 200 },
    log,
  );

  log('cold imports');
  const importTargets: ImportTarget[] = [{ id: 'floor (node:crypto)', specifier: 'node:crypto' }];
  // What Node loads for `import 'exchange-v4'`: the bundled Node entry.
  if (ours0.nodeEntry !== undefined) importTargets.push({ id: 'ours', specifier: pathToFileURL(ours0.nodeEntry).href });
  for (const name of ['gate-api', 'gateio-api', 'ccxt', 'undici'] as const) {
    if (usable.has(name))
      importTargets.push({ id: name, specifier: pathToFileURL(peerEntry(scratch, name, 'import')).href });
  }
  const imports = (await measureColdImports(importTargets, plan.importRepeats, scratch)).map((i) =>
    i.id.startsWith('floor') ? { ...i, id: 'floor' } : i,
  );
  if (!oursFromDist) notes.push('Cold import of this project was not measured: it could not be built.');

  log('installed sizes');
  const footprints: Footprint[] = [];
  try {
    if (ours0.distBytes === undefined) throw new Error('no build');
    footprints.push(await projectFootprint('ours', repoRoot, ours0.distBytes));
  } catch (error) {
    notes.push(
      `Installed size of this project could not be measured: ${String((error as Error).message).slice(0, 200)}`,
    );
  }
  for (const name of ['gate-api', 'gateio-api', 'ccxt', 'undici'] as const) {
    if (usable.has(name)) footprints.push(installedFootprint(name, join(scratch, 'node_modules', name), scratch));
  }

  log('bundles');
  const esbuild = (await import('esbuild')) as unknown as Parameters<typeof measureBundles>[0];
  const entries = bundleEntries(oursEntry, scratch, repoRoot).filter(
    (e) => e.id === 'floor' || e.id.startsWith('ours') || usable.has(e.id as PeerName),
  );
  const bundles = await measureBundles(esbuild, entries);

  log('type checks');
  const consumerDirs = writeConsumers(
    join(scratch, 'consumers'),
    oursEntry,
    join(repoRoot, 'node_modules', '@types'),
  ).filter((c) => c.id === 'floor' || (c.id === 'ours' && oursFromDist) || usable.has(c.id as PeerName));
  const typecheck = await measureTypecheck(
    consumerDirs,
    join(repoRoot, 'node_modules', 'typescript', 'lib', 'tsc.js'),
    plan.tscRepeats,
  );

  log('generator');
  const generator = await measureGenerator(repoRoot, plan.generatorRepeats);

  log('rate-limit take: in process and through Redis');
  const rateStore = await measureRateStore(quick ? 200 : 2_000);

  const summaries = clients.map((c) => summarizeClient(c, scenarios.results[c] ?? []));
  const ours = summaries.find((s) => s.id === 'ours');
  const summaryOf = (id: ClientId): ReturnType<typeof summarizeClient> | undefined =>
    summaries.find((s) => s.id === id);
  const targets = evaluateTargets({
    floor: summaryOf('floor'),
    nodeHttp: summaryOf('floor+node:http'),
    oursNode: summaryOf('ours+node'),
    oursFetch: summaryOf('ours+fetch'),
    ccxt: summaryOf('ccxt'),
    oursImportMs: imports.find((i) => i.id === 'ours')?.importMs,
    publicReadGzipBytes: await shapeGzipBytes('public read'),
    signedWriteGzipBytes: await shapeGzipBytes('signed write'),
    regenerationMs: generator.oneOperation.wallMs,
  });
  if (quick) notes.push('QUICK mode: one short round of everything; not a result to quote.');

  const loadAfter = loadavg();
  const report = renderReport({
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    loadBefore,
    loadAfter,
    durationMs: performance.now() - started,
    plan,
    oursEntry: relative(repoRoot, oursEntry),
    peers,
    clients: summaries,
    signatures: scenarios.signatures,
    imports,
    footprints,
    bundles,
    typecheck,
    generator,
    rateStore,
    targets,
    paper,
    python: renderPythonSection(pythonSummaries, plan.rounds, plan.concurrency),
    notes,
  });
  writeFileSync(outFile, report);
  log(`wrote ${relative(repoRoot, outFile)}`);
  for (const t of [...targets, ...paperTargets(paper)])
    log(
      `${t.met === true ? 'MET   ' : t.met === false ? 'MISSED' : 'n/a   '} ${t.target}: ${t.measured}${t.met === false ? ` (${t.verdict})` : ''}`,
    );

  for (const t of pythonTargets(pythonSummaries)) log(`${t.verdict.padEnd(6)} Python: ${t.target}: ${t.measured}`);

  const rejected = [...clients, ...PY_CLIENT_IDS].filter((c) => rejectedCount(scenarios.signatures[c]) > 0);
  if (rejected.length > 0) {
    log(`signatures rejected for: ${rejected.join(', ')}`);
    return 1;
  }
  if (!ours || ours.rounds === 0) {
    log(`this project's client could not be measured${ours?.error ? `: ${ours.error}` : ''}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
