/**
 * Debian's Chromium for the browser row of the matrix: found, or installed with apt-get when the
 * test runs as root on a Debian-like machine (a clean CI machine), else a clear failure saying how
 * to install it. Also the two small servers the page needs: the page's own origin, and an origin
 * that sends no CORS headers.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { runCommand } from './spawn.js';

/** Where Debian puts the browser (`CHROMIUM_PATH` overrides). */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Flags for a headless run on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const HOW_TO =
  'Chromium is needed for the browser test: install it with `sudo apt-get install -y chromium` ' +
  '(Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

/** The Chromium binary, installing Debian's package first when it is missing and this process may. */
export async function ensureChromium(): Promise<string> {
  const given = process.env['CHROMIUM_PATH'];
  if (given !== undefined && given !== '') {
    if (!existsSync(given)) throw new Error(`CHROMIUM_PATH=${given} does not exist. ${HOW_TO}`);
    return given;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found !== undefined) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) throw new Error(`Chromium not found. ${HOW_TO}`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await runCommand('apt-get', ['update'], { cwd: '/', env, timeoutMs: 300_000 });
    await runCommand('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      cwd: '/',
      env,
      timeoutMs: 600_000,
    });
  } catch (error) {
    throw new Error(`Installing Chromium with apt-get failed. ${HOW_TO}`, { cause: error });
  }
  const installed = CANDIDATES.find((path) => existsSync(path));
  if (installed === undefined) throw new Error(`apt-get installed no Chromium binary. ${HOW_TO}`);
  return installed;
}

/** A server on 127.0.0.1 answering each path from a table (404 otherwise); no CORS headers. */
export interface StaticServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `routes` (path to content type and body) on a free port of 127.0.0.1. */
export async function startStaticServer(
  routes: Readonly<Record<string, { readonly type: string; readonly body: string }>>,
): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routes[path];
    if (route === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'Content-Type': route.type }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
