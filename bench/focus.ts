/**
 * A focused run of the benchmark's request loops (bench/scenarios.ts, bench/runner.ts), for
 * measuring one change: only the `node` and `fetch` transports and their bare references, in
 * interleaved rounds, with the ratios the targets judge printed to stdout. Builds this project's
 * client into bench/.scratch/ours first (`--no-build` reuses it). With `--baseline <entry>` (another
 * build's esm/index.js, e.g. of the commit before a change) every round runs both builds, in turn,
 * so both see the same load. Not a result to quote in the report: `npm run bench` is.
 *
 * `npx tsx bench/focus.ts [--rounds 3] [--no-build] [--baseline <entry>]`
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildOurs } from './build-ours.js';
import type { ClientId } from './clients.js';
import type { RunnerResult } from './job.js';
import { runScenarios } from './scenarios.js';
import { rotate } from './stats.js';
import { summarizeClient } from './targets.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const scratch = join(repoRoot, 'bench', '.scratch');
const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const oursEntry = join(scratch, 'ours', 'esm', 'index.js');
if (!flags['no-build'] || !existsSync(oursEntry)) await buildOurs(repoRoot, join(scratch, 'ours'));

const clients: ClientId[] = ['floor', 'floor+node:http', 'ours+node', 'ours+fetch'];
const plan = {
  rounds: 1,
  warmup: 1000,
  sequentialCalls: 250,
  concurrentCalls: 1200,
  concurrency: 16,
  loopMaxMs: 8_000,
};
const builds = [
  { name: 'this build', entry: oursEntry },
  ...(flags.baseline === undefined ? [] : [{ name: 'baseline', entry: flags.baseline }]),
];
const results = new Map(builds.map((b) => [b.name, new Map<ClientId, RunnerResult[]>(clients.map((c) => [c, []]))]));
const loadBefore = loadavg();
for (let round = 0; round < Number(flags.rounds); round += 1) {
  for (const build of rotate(builds, round)) {
    const outcome = await runScenarios({
      clients: rotate(clients, round),
      plan,
      repoRoot,
      scratch,
      oursEntry: build.entry,
      log: (line) => process.stderr.write(`[focus] ${build.name}: ${line.replace('round 1', `round ${round + 1}`)}\n`),
    });
    for (const c of clients)
      results
        .get(build.name)
        ?.get(c)
        ?.push(...(outcome.results[c] ?? []));
  }
}
const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}×`;
const us = (x: number | undefined): string => (x === undefined ? '—' : `${x.toFixed(0)}`);
const lines = [
  `rounds ${flags.rounds}; load before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
];
for (const build of builds) {
  const s = (c: ClientId): ReturnType<typeof summarizeClient> =>
    summarizeClient(c, results.get(build.name)?.get(c) ?? []);
  const [floor, bare, node, fetch] = [s('floor'), s('floor+node:http'), s('ours+node'), s('ours+fetch')];
  lines.push(
    `${build.name} (${build.entry}):`,
    `  node GET p50 × bare node:http: ${ratio(node.getP50Us, bare.getP50Us)}; POST p50: ${ratio(node.postP50Us, bare.postP50Us)}`,
    `  node GET/s c=16 × bare node:http: ${ratio(node.rps, bare.rps)} (${us(node.rps)} vs ${us(bare.rps)}); POST/s: ${ratio(node.rpsPost, bare.rpsPost)} (${us(node.rpsPost)} vs ${us(bare.rpsPost)})`,
    `  node CPU per GET at c=16: ${us(node.cpuConcurrentUs)} µs vs bare ${us(bare.cpuConcurrentUs)} µs (${ratio(node.cpuConcurrentUs, bare.cpuConcurrentUs)})`,
    `  fetch GET p50 × bare fetch: ${ratio(fetch.getP50Us, floor.getP50Us)}; POST p50: ${ratio(fetch.postP50Us, floor.postP50Us)} (${us(fetch.postP50Us)} vs ${us(floor.postP50Us)} µs)`,
    `  fetch CPU per POST: ${us(fetch.cpuPostUs)} µs vs bare ${us(floor.cpuPostUs)} µs (${ratio(fetch.cpuPostUs, floor.cpuPostUs)})`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
