/**
 * The published package, end to end: build dist/, `npm pack`, install the tarball into a fresh
 * project outside the repository, type-check a strict consumer under bundler and node16
 * resolution, run it as ES module and as CommonJS against a local server, and lint the package
 * with publint and are-the-types-wrong.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAndPack,
  compileConsumer,
  consumerBuilds,
  createConsumerProject,
  repoBin,
  repoRoot,
  run,
  runNode,
  type ConsumerBuild,
  type PackResult,
} from './consumer-project.js';
import { startSigningServer, type SigningServer } from './signing-server.js';

const SLOW = 240_000;
/** Test-only credentials of the local server; not an account anywhere. */
const TEST_SECRET = 'consumer-secret';

let workDir: string;
let appDir: string;
let packed: PackResult & { readonly tarball: string };
let server: SigningServer;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'exchange-v4-pack-'));
  appDir = join(workDir, 'app');
  packed = await buildAndPack(workDir);
  await createConsumerProject(appDir, packed.tarball);
  // Start both type-checks now so they overlap; the tests below await the same compilations.
  for (const build of Object.keys(consumerBuilds) as ConsumerBuild[]) {
    compileConsumer(appDir, build).catch(() => undefined);
  }
  server = await startSigningServer(TEST_SECRET, Date.now());
}, SLOW);

afterAll(async () => {
  await server?.close();
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
});

describe('tarball contents', () => {
  it('holds both builds with declarations and the JSON metadata', () => {
    const paths = new Set(packed.files.map((file) => file.path));
    for (const want of [
      'package.json',
      'README.md',
      'dist/esm/index.js',
      'dist/esm/index.d.ts',
      'dist/esm/client.js',
      'dist/esm/runtime/index.d.ts',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
      'dist/cjs/package.json',
      'dist/cjs/runtime/index.d.ts',
      'generated/openapi.json',
      'generated/ir.json',
      'generated/ir.schema.json',
      'generated/docs/operations.md',
    ]) {
      expect(paths, want).toContain(want);
    }
  });

  it('holds no sources, tests, spec, generator, templates or dependencies', () => {
    const forbidden =
      /^(src|test|spec|generator|templates|mock|scripts|bench|node_modules|generated\/src)\/|\.tgz$|(^|\/)tsconfig[^/]*\.json$/;
    expect(packed.files.map((file) => file.path).filter((path) => forbidden.test(path))).toEqual([]);
    const stray = packed.files.filter(
      (file) => file.path.startsWith('dist/') && !/\.(js|d\.ts)$|\/package\.json$/.test(file.path),
    );
    expect(stray.map((file) => file.path)).toEqual([]);
  });

  it('declares only the two runtime dependencies and marks dist/cjs as CommonJS', () => {
    const manifest = JSON.parse(readFileSync(join(appDir, 'node_modules/exchange-v4/package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(['lossless-json', 'openapi-fetch']);
    const cjsManifest: unknown = JSON.parse(
      readFileSync(join(appDir, 'node_modules/exchange-v4/dist/cjs/package.json'), 'utf8'),
    );
    expect(cjsManifest).toEqual({ type: 'commonjs' });
  });
});

describe('consumer project', () => {
  it.each(Object.keys(consumerBuilds) as ConsumerBuild[])(
    'type-checks strictly under %s resolution',
    async (build) => {
      await expect(compileConsumer(appDir, build)).resolves.toBeDefined();
    },
    60_000,
  );

  it.each([
    { build: 'bundler', file: 'consumer.mjs' },
    { build: 'node16', file: 'consumer.mjs' },
    { build: 'node16', file: 'consumer.cjs' },
  ] as const)(
    'runs $build/$file: public and signed private calls',
    async ({ build, file }) => {
      await compileConsumer(appDir, build);
      const label = `${build}/${file}`;
      const before = server.seen.length;
      const { stdout } = await runNode([join('out', build, file), server.baseUrl, label], appDir, 30_000);
      expect(JSON.parse(stdout.trim())).toEqual({
        label,
        // `server_time` is an int64 (milliseconds): a decimal string in responses, like every int64
        time: { server_time: String(server.serverTimeMs) },
        withdrawals: [],
        validation: { field: 'limit', rule: 'minimum', isExchangeError: true },
        meta: { method: 'GET', path: '/wallet/withdrawals' },
      });
      const seen = server.seen.slice(before);
      const publicCalls = seen.filter((request) => request.path === '/api/v4/spot/time');
      const privateCalls = seen.filter((request) => request.path === '/api/v4/wallet/withdrawals');
      expect(publicCalls.length).toBeGreaterThanOrEqual(1);
      expect(privateCalls).toHaveLength(1);
      expect(privateCalls[0]).toMatchObject({ method: 'GET', signed: true, key: 'consumer-key', signatureValid: true });
      expect(privateCalls[0]?.query).toContain('currency=USDT');
      expect(seen.every((request) => request.path !== '/api/v4/spot/time' || !request.signed)).toBe(true);
    },
    90_000,
  );

  it('error guards hold across the ES module and CommonJS copies loaded in one process', async () => {
    const script = [
      "import { createRequire } from 'node:module';",
      "const esm = await import('exchange-v4');",
      "const cjs = createRequire(import.meta.url)('exchange-v4');",
      'const fromCjs = new cjs.UnknownOutcomeError("x");',
      'const fromEsm = new esm.RateLimitError(429, "TOO_MANY_REQUESTS", "", {});',
      'console.log(JSON.stringify([esm.ExchangeError === cjs.ExchangeError, fromCjs instanceof esm.UnknownOutcomeError,',
      '  esm.isUnknownOutcomeError(fromCjs), esm.isExchangeError(fromCjs), cjs.isRateLimitError(fromEsm), cjs.isApiError(fromEsm),',
      '  cjs.isServerError(fromEsm)]));',
    ].join('\n');
    const { stdout } = await runNode(['--input-type=module', '-e', script], appDir);
    expect(JSON.parse(stdout)).toEqual([false, false, true, true, true, true, false]);
  });

  it('resolves the JSON subpaths and package.json from CommonJS and ES modules', async () => {
    const cjs = await runNode(
      [
        '-e',
        "const r = require; console.log(JSON.stringify([r('exchange-v4/openapi.json').openapi, typeof r('exchange-v4/ir.json'), r('exchange-v4/package.json').name]))",
      ],
      appDir,
    );
    expect(JSON.parse(cjs.stdout)).toEqual([expect.stringMatching(/^3\.1\./), 'object', 'exchange-v4']);
    const esm = await runNode(
      [
        '--input-type=module',
        '-e',
        "const spec = await import('exchange-v4/openapi.json', { with: { type: 'json' } }); console.log(import.meta.resolve('exchange-v4/ir.json').endsWith('/generated/ir.json'), typeof spec.default.paths)",
      ],
      appDir,
    );
    expect(esm.stdout.trim()).toBe('true object');
  });
});

describe('browser bundle of the installed package', () => {
  it('has no node: import and no dynamic import (crypto and transport chosen by package conditions)', async () => {
    const { build } = await import('esbuild');
    const result = await build({
      stdin: { contents: `export * from 'exchange-v4';`, resolveDir: appDir, loader: 'js' },
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      metafile: true,
    });
    const text = result.outputFiles[0]!.text;
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((file) => file.startsWith('node:') || /node-transport|crypto-node/.test(file))).toEqual([]);
    expect(inputs.some((file) => file.endsWith('runtime/platform-web.js'))).toBe(true);
    expect(text.match(/\bfrom\s*["']node:[^"']*["']|\brequire\(\s*["']node:/g) ?? []).toEqual([]);
    expect(text.match(/\bimport\s*\(/g) ?? []).toEqual([]);
  }, 60_000);
});

describe('package linters', () => {
  it("publint --strict finds nothing but the runtime folders' import maps", async () => {
    const { stdout } = await run(
      process.execPath,
      [repoBin('publint'), 'run', '--strict', repoRoot],
      repoRoot,
      120_000,
      true,
    );
    // publint says an `imports` field in a nested package.json is ignored by Node. It is not: Node
    // (and esbuild, webpack, rollup) resolve `#platform` through the package.json nearest to the
    // importing file, which the ES module and CommonJS runs above and the browser bundle prove.
    const nestedImports =
      /^\d+\. \.\/dist\/(esm|cjs)\/runtime\/package\.json has an "imports" field, but it is ignored by Node\.js\..*$/gm;
    const rest = stdout.replace(nestedImports, '').replace(/^Errors:$/m, '');
    expect(stdout.match(nestedImports) ?? []).toHaveLength(2);
    expect(rest).not.toMatch(/error|warning|suggestion/i);
  }, 120_000);

  it('are-the-types-wrong finds no problem for node10, node16 (CJS and ESM) or bundlers', async () => {
    // The JSON subpaths exist only in `exports`, which node10 resolution ignores, so attw reports
    // them as unresolvable there. They are data files without types and the package needs Node 20,
    // so only these two entry points are left out; "." is still checked under every resolution.
    const output = await run(
      repoBin('attw'),
      [
        packed.tarball,
        '--format',
        'json',
        '--no-definitely-typed',
        '--exclude-entrypoints',
        './openapi.json',
        './ir.json',
        './ir.schema.json',
      ],
      workDir,
      120_000,
      true,
    );
    const report = JSON.parse(output.stdout) as { analysis: { problems: unknown[] } };
    expect(report.analysis.problems).toEqual([]);
    expect(output.code).toBe(0);
  }, 120_000);
});
