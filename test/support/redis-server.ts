/**
 * A throwaway `redis-server` for the tests: Debian's, installed with apt-get when missing and the
 * tests run as root (as test/runtimes/chromium.ts does for Chromium), else a clear failure. It
 * binds 127.0.0.1 on a free port, keeps nothing on disk, and stops with `stop()` (or with the
 * test process: it is killed on exit).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { runCommand } from '../runtimes/spawn.js';

const BINARY = '/usr/bin/redis-server';
const HOW_TO = 'redis-server is needed: install it with `sudo apt-get install -y redis-server` (Debian/Ubuntu).';

/** Installs a Debian package with apt-get when running as root on a Debian-like machine; throws `howTo` otherwise. */
export async function aptInstall(pkg: string, howTo: string): Promise<void> {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) throw new Error(`${pkg} is missing. ${howTo}`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await runCommand('apt-get', ['update'], { cwd: '/', env, timeoutMs: 300_000 });
    await runCommand('apt-get', ['install', '-y', '--no-install-recommends', pkg], {
      cwd: '/',
      env,
      timeoutMs: 600_000,
    });
  } catch (error) {
    throw new Error(`Installing ${pkg} with apt-get failed. ${howTo}`, { cause: error });
  }
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the server prints that it accepts connections (at most 10 s). */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${out}`)), 10_000);
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)}:\n${out}`));
    });
  });
}

/** Starts a private redis-server on 127.0.0.1 (installing it first when missing and allowed). */
/** The system Python, for which Debian's python3-redis installs redis-py. */
export const SYSTEM_PYTHON = '/usr/bin/python3';

/** Debian's python3-redis for the system Python, installed when missing and allowed. */
export async function ensurePythonRedis(): Promise<void> {
  const has = (): boolean => spawnSync(SYSTEM_PYTHON, ['-c', 'import redis'], { timeout: 30_000 }).status === 0;
  if (has()) return;
  await aptInstall('python3-redis', 'the Python side needs redis-py: `sudo apt-get install -y python3-redis`.');
  if (!has()) throw new Error(`${SYSTEM_PYTHON} still cannot import redis after installing python3-redis`);
}

export async function startRedis(): Promise<{ port: number; url: string; stop(): Promise<void> }> {
  if (!existsSync(BINARY)) await aptInstall('redis-server', HOW_TO);
  if (!existsSync(BINARY)) throw new Error(`apt-get installed no ${BINARY}. ${HOW_TO}`);
  const port = await freePort();
  const child = spawn(
    BINARY,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const kill = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', kill);
  try {
    await ready(child);
  } catch (error) {
    kill();
    throw error;
  }
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', kill);
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        const timer = setTimeout(kill, 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
