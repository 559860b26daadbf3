/**
 * Child-process entry of the benchmark server, so the server's CPU is not counted against the
 * clients. Speaks over the IPC channel: receives `{ type: 'start', keys, tls? }`, answers
 * `{ type: 'ready', url, httpsUrl? }` (with `tls`, an HTTPS twin sharing the counters); `{ type: 'stats' }` answers `{ type: 'stats', stats }`;
 * `{ type: 'stop' }` closes the server and exits.
 */
import { startBenchServer, type BenchServer } from './server.js';

type Inbound =
  | { type: 'start'; keys: Record<string, string>; tls?: { key: string; cert: string } }
  | { type: 'stats' }
  | { type: 'stop' };

let server: BenchServer | undefined;
let secure: BenchServer | undefined;

process.on('message', (raw: unknown) => {
  const msg = raw as Inbound;
  if (msg.type === 'start') {
    const tls = msg.tls;
    void startBenchServer({ keys: msg.keys }).then(async (s) => {
      server = s;
      if (tls) secure = await startBenchServer({ keys: msg.keys, tls, stats: s.stats });
      process.send?.({ type: 'ready', url: s.url, ...(secure ? { httpsUrl: secure.url } : {}) });
    });
  } else if (msg.type === 'stats') {
    process.send?.({ type: 'stats', stats: server?.stats ?? { byKey: {}, notFound: 0 } });
  } else if (msg.type === 'stop') {
    void Promise.all([server?.close(), secure?.close()]).then(() => process.exit(0));
  }
});

process.on('disconnect', () => process.exit(0));
