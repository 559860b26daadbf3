/**
 * Child-process entry of the paper exchange benchmark: the mock as users run it (signatures,
 * validation, rate limits, response checks), seeded with bench/paper-orders.ts's seed, so its
 * CPU is its own. Over IPC: `{type: 'start'}` answers `{type: 'ready', url}`; `{type: 'book',
 * resting}` resets the mock and rests that many orders in-process (the fast path: no HTTP),
 * answering `{type: 'book', ms}`; `{type: 'cpu'}` answers `{type: 'cpu', us}` (user + system);
 * `{type: 'stop'}` closes the mock and exits.
 */
import { placeSpotOrder } from '../mock/exchange/spot-place.js';
import { DEFAULT_SEED_FILE, loadSeedFile, startMock } from '../mock/index.js';
import type { MockServer } from '../mock/index.js';
import { PROVIDER_UID, benchSeed, restingOrder } from './paper-orders.js';

type Inbound = { type: 'start' } | { type: 'book'; resting: number } | { type: 'cpu' } | { type: 'stop' };

let mock: MockServer | undefined;

function rest(resting: number): number {
  const started = performance.now();
  mock?.reset();
  mock?.exchange?.change((state, nowMs) => {
    for (let i = 0; i < resting; i += 1) placeSpotOrder(state, PROVIDER_UID, restingOrder(i), nowMs);
  });
  return performance.now() - started;
}

process.on('message', (raw: unknown) => {
  const msg = raw as Inbound;
  if (msg.type === 'start') {
    void startMock({ exchange: { seed: benchSeed(loadSeedFile(DEFAULT_SEED_FILE)) } }).then((m) => {
      mock = m;
      process.send?.({ type: 'ready', url: m.url });
    });
  } else if (msg.type === 'book') {
    process.send?.({ type: 'book', ms: rest(msg.resting) });
  } else if (msg.type === 'cpu') {
    const cpu = process.cpuUsage();
    process.send?.({ type: 'cpu', us: cpu.user + cpu.system });
  } else if (msg.type === 'stop') {
    void (mock ? mock.close() : Promise.resolve()).then(() => process.exit(0));
  }
});

process.on('disconnect', () => process.exit(0));
