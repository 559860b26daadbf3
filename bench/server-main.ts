/**
 * Child-process entry of the benchmark server, so the server's CPU is not counted against the
 * clients. Speaks over the IPC channel: receives `{ type: 'start', keys }`, answers
 * `{ type: 'ready', url }`; `{ type: 'stats' }` answers `{ type: 'stats', stats }`;
 * `{ type: 'stop' }` closes the server and exits.
 */
import { startBenchServer, type BenchServer } from './server.js';

type Inbound = { type: 'start'; keys: Record<string, string> } | { type: 'stats' } | { type: 'stop' };

let server: BenchServer | undefined;

process.on('message', (raw: unknown) => {
  const msg = raw as Inbound;
  if (msg.type === 'start') {
    void startBenchServer({ keys: msg.keys }).then((s) => {
      server = s;
      process.send?.({ type: 'ready', url: s.url });
    });
  } else if (msg.type === 'stats') {
    process.send?.({ type: 'stats', stats: server?.stats ?? { byKey: {}, notFound: 0 } });
  } else if (msg.type === 'stop') {
    void (server ? server.close() : Promise.resolve()).then(() => process.exit(0));
  }
});

process.on('disconnect', () => process.exit(0));
