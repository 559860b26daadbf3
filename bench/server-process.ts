/**
 * Runs the benchmark server in a child process (see server-main.ts) and talks to it over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerStats } from './server.js';

/** Handle of the server child. */
export interface ServerProcess {
  /** Base URL including `/api/v4`. */
  readonly url: string;
  /** The HTTPS twin's base URL, when started with a certificate. */
  readonly httpsUrl: string | undefined;
  /** The child's process id. */
  readonly pid: number;
  /** The per-key counters so far. */
  stats(): Promise<ServerStats>;
  /** Stops the child (waits at most 5 s, then kills it). */
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./server-main.ts', import.meta.url));

/** Waits for the next IPC message of `type` from `child` (rejects after `timeoutMs`). */
export function nextMessage<T>(child: ChildProcess, type: string, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`benchmark server: no '${type}' message within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (raw: unknown): void => {
      const msg = raw as { type?: string };
      if (msg.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(raw as T);
    };
    child.on('message', onMessage);
  });
}

/** Starts the server child with the given key pairs (key to secret), and an HTTPS twin with `tls`. */
export async function spawnServer(
  keys: Readonly<Record<string, string>>,
  repoRoot: string,
  tls?: { readonly key: string; readonly cert: string },
): Promise<ServerProcess> {
  const child = fork(ENTRY, [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = nextMessage<{ url: string; httpsUrl?: string }>(child, 'ready', 30_000);
  child.send({ type: 'start', keys, ...(tls ? { tls } : {}) });
  const { url, httpsUrl } = await ready;
  return {
    url,
    httpsUrl,
    pid: child.pid ?? -1,
    async stats() {
      const answer = nextMessage<{ stats: ServerStats }>(child, 'stats', 10_000);
      child.send({ type: 'stats' });
      return (await answer).stats;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
