/** Shared helpers of the generator tests: temp folders, copies of the mini spec, a tiny spec root. */
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extension } from '../../spec/extensions/check.js';

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The small spec the snapshot tests generate from. */
export const MINI = path.join(ROOT, 'test/generator/fixtures/mini');

/** A fresh temp folder, removed by the returned cleanup. */
export async function tempDir(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `exv4-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Copies the mini spec folder into `dir` and returns the copy's entry file. */
export async function copyMini(dir: string): Promise<string> {
  await cp(MINI, path.join(dir, 'spec'), { recursive: true });
  return path.join(dir, 'spec/openapi.yaml');
}

/** Every file under `dir` with its text, by relative path. */
export async function snapshotDir(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out[path.relative(dir, p)] = await readFile(p, 'utf8');
    }
  };
  await walk(dir);
  return out;
}

/**
 * The root of a tiny in-memory spec for `buildIR` tests: every required `x-` extension, no paths
 * and no schemas (tests add their own).
 */
export const TINY_ROOT = {
  openapi: '3.1.0',
  info: { title: 't', version: 'v4.1.2' },
  'x-path-prefix': '/api/v4',
  // Every header role the extension table requires, each named X-<role>.
  'x-response-headers': Object.fromEntries(
    ((extension('x-response-headers').schema.required ?? []) as readonly string[]).map((k) => [k, `X-${k}`]),
  ),
  'x-request-headers': { clientRequestId: 'A', sizeDecimal: 'B', expiry: 'C' },
  components: {
    securitySchemes: {
      apiv4: {
        'x-signing': {
          headers: { key: 'KEY', timestamp: 'T', signature: 'SIGN' },
          payload: ['method'],
          separator: '\n',
          pathIncludesPrefix: true,
          timestampUnit: 's',
          maxSkewSeconds: 60,
          emptyBodySha512: 'cf'.repeat(64),
          clockEndpoint: 'GET /spot/time',
        },
      },
    },
  },
};

/** The path of TINY_ROOT's clock endpoint (`GET /spot/time`), which the IR stage requires to be an operation. */
export const CLOCK_PATHS = {
  '/spot/time': {
    get: {
      operationId: 'getSystemTime',
      tags: ['spot'],
      security: [],
      'x-shape': 'reference',
      'x-rate-limit': { requests: 1, window: 1, scope: 'ip' },
      'x-retry': 'safe',
      responses: { '200': { description: 'ok' } },
    },
  },
};
