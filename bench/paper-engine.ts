/**
 * The in-process engine part of the paper exchange benchmark alone (bench/paper-exchange.ts's
 * `engine` configurations): orders per second placing bench/paper-orders.ts's stream on a fresh
 * exchange with 0, 10,000 and 100,000 resting orders, after one unmeasured warm-up run. Prints one
 * line per configuration and the load average before and after; writes no file.
 *
 * Run: `npx tsx bench/paper-engine.ts [--seconds <s>] [--rounds <n>]` (defaults 5 and 1).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_SEED_FILE, loadSeedFile } from '../mock/index.js';
import { engineRun } from './paper-exchange.js';
import { benchSeed } from './paper-orders.js';
import { RESTING } from './paper-report.js';

const { values: flags } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '1' } },
});
const seconds = Number(flags.seconds);
const rounds = Number(flags.rounds);
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const seed = benchSeed(loadSeedFile(DEFAULT_SEED_FILE));
process.stdout.write(`load average before: ${load()}\n`);
engineRun(seed, 0, seconds / 2);
for (let round = 1; round <= rounds; round += 1) {
  for (const resting of RESTING) {
    const run = engineRun(seed, resting, seconds);
    const rate = Math.round(run.ordersPerSecond).toLocaleString('en-US');
    process.stdout.write(
      `round ${round}: ${String(resting).padStart(7)} resting: ${rate} orders/s, ${run.cpuMs.toFixed(4)} CPU ms/order\n`,
    );
  }
}
process.stdout.write(`load average after: ${load()}\n`);
