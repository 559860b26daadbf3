/**
 * A throwaway `redis-server` for tests: bound to 127.0.0.1 on a free port, no persistence, its
 * own temporary folder, stopped by `stop()` (and killed if the test process exits first). When
 * `redis-server` is missing and the tests run as root on a Debian-like system, it is installed
 * with `apt-get install redis-server`; otherwise the start fails and says how to install it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running server. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

function hasRedis(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Installs redis-server with apt-get where that is possible (root, Debian-like). */
function ensureRedis(): void {
  if (hasRedis()) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root) {
    try {
      execFileSync('apt-get', ['install', '-y', '-q', 'redis-server'], { stdio: 'ignore', timeout: 300_000 });
    } catch {
      execFileSync('apt-get', ['update', '-q'], { stdio: 'ignore', timeout: 300_000 });
      execFileSync('apt-get', ['install', '-y', '-q', 'redis-server'], { stdio: 'ignore', timeout: 300_000 });
    }
  }
  if (!hasRedis()) throw new Error('redis-server is not installed: apt-get install redis-server (as root)');
}

/** A port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port (at most `tries` × 50 ms). */
async function waitForPort(port: number, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not listen on 127.0.0.1:${port}`);
}

/** Starts a redis-server on 127.0.0.1 and a free port. */
export async function startRedis(): Promise<RedisServer> {
  ensureRedis();
  const dir = mkdtempSync(join(tmpdir(), 'exchange-v4-redis-'));
  const port = await freePort();
  const args = ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const onExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForPort(port),
      exited.then(() => {
        throw new Error('redis-server exited at start');
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop(): Promise<void> {
      process.removeListener('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
