import { describe, expect, it } from 'vitest';
import { shortInput } from '../../bench/bundle.js';
import { importScript } from '../../bench/cold-import.js';
import { describeError } from '../../bench/job.js';
import { rejectedCount, renderReport, type BenchReport } from '../../bench/report.js';
import { keyOf } from '../../bench/scenarios.js';
import { evaluateTargets } from '../../bench/targets.js';
import { consumerTsconfig, toImportPath } from '../../bench/typecheck.js';

function sampleReport(): BenchReport {
  const floor = {
    id: 'floor',
    rounds: 3,
    getP50Us: 200,
    postP50Us: 250,
    rps: 2000,
    cpuGetUs: 100,
    cpuPostUs: 120,
    cpuConcurrentUs: 90,
  };
  const ours = {
    id: 'ours',
    rounds: 3,
    getP50Us: 300,
    postP50Us: 260,
    rps: 1500,
    cpuGetUs: 150,
    cpuPostUs: 130,
    cpuConcurrentUs: 140,
  };
  const ccxt = { id: 'ccxt', rounds: 2, error: 'Error: down', getP50Us: 400, postP50Us: 500, rps: 900 };
  return {
    date: '2026-01-02T03:04:05.000Z',
    node: 'v20.0.0',
    cpu: 'Test CPU',
    cores: 2,
    loadBefore: [1, 2, 3],
    loadAfter: [1.5, 2, 3],
    durationMs: 123_456,
    plan: {
      rounds: 3,
      warmup: 10,
      sequentialCalls: 100,
      concurrentCalls: 800,
      concurrency: 16,
      loopMaxMs: 5000,
      importRepeats: 5,
      tscRepeats: 3,
      generatorRepeats: 3,
    },
    oursEntry: 'dist/esm/index.js',
    peers: [
      { name: 'ccxt', version: '4.5.84', installed: true },
      { name: 'gate-api', version: '7.2.144', installed: false, reason: 'offline' },
    ],
    clients: [floor, ours, ccxt],
    signatures: {
      floor: { accepted: 10, rejected: {} },
      ours: { accepted: 10, rejected: {} },
      ccxt: { accepted: 8, rejected: { INVALID_SIGNATURE: 2 } },
      'py-ours': { accepted: 9, rejected: { REQUEST_EXPIRED: 1 } },
    },
    imports: [
      { id: 'floor', importMs: 2, processMs: 40, runs: 5 },
      { id: 'ours', importMs: 30, processMs: 70, runs: 5 },
    ],
    footprints: [
      {
        id: 'ours',
        ownBytes: 2048,
        totalBytes: 4096,
        directDeps: 2,
        treeDeps: 3,
        direct: ['lossless-json', 'openapi-fetch'],
      },
    ],
    bundles: [
      { id: 'floor', minBytes: 400, gzipBytes: 300 },
      {
        id: 'ours-browser',
        minBytes: 12_000,
        gzipBytes: 5000,
        largest: [{ input: 'dist/esm/runtime/core.js', bytes: 3000 }],
      },
      { id: 'ccxt', error: 'Build failed' },
    ],
    typecheck: [
      { id: 'floor', ms: 1000, runs: 3 },
      { id: 'ours', ms: 1500, runs: 3 },
    ],
    generator: {
      unchanged: {
        runs: 3,
        operations: 100,
        schemas: 53,
        stages: [
          ['bundle', 5],
          ['total', 400],
        ],
        totalMs: 400,
        wallMs: 900,
      },
      oneOperation: {
        runs: 3,
        operations: 100,
        schemas: 53,
        stages: [
          ['bundle', 100],
          ['types', 700],
          ['total', 2500],
        ],
        totalMs: 2500,
        wallMs: 3000,
      },
      cold: { runs: 0, error: 'timed out' },
      editedFile: 'spec/paths/spot/accounts.yaml',
    },
    targets: evaluateTargets({
      floor,
      oursFetch: ours,
      ccxt,
      oursImportMs: 30,
      publicReadGzipBytes: 12_000,
      regenerationMs: 2400,
    }),
    notes: ['gate-api@7.2.144 could not be installed: offline.'],
  };
}

describe('renderReport', () => {
  const md = renderReport(sampleReport());

  it('states when, where and with what the run was made', () => {
    expect(md).toContain('- Date: 2026-01-02T03:04:05.000Z');
    expect(md).toContain('- Node: v20.0.0');
    expect(md).toContain('- CPU: Test CPU, 2 cores');
    expect(md).toContain('before: 1.00 / 2.00 / 3.00');
  });

  it('states the warm-up, sequential and concurrent, before any loop is timed', () => {
    expect(md.replace(/\s+/g, ' ')).toContain('10 warm-up GET+POST pairs');
    expect(md.replace(/\s+/g, ' ')).toContain('and 10 GETs and 10 POSTs at concurrency 16 (so the concurrent loops');
  });

  it('shows ratios to the floor in the latency table', () => {
    expect(md).toContain('| ours | 300 µs | 1.50× | 260 µs | 1.04× |');
  });

  it('marks targets met and missed, missed in bold with the amount', () => {
    expect(md).toContain('| fetch: GET p50 ≤ 1.10× bare fetch (floor) | 1.50× | **missed by 0.40× (36% over)** |');
    expect(md).toContain('| fetch: POST p50 ≤ 1.10× bare fetch (floor) | 1.04× | met |');
    expect(md).toContain('| regeneration after one operation changed ≤ 2.5 s | 2400 ms | met |');
    expect(md).toContain('| cold import ≤ 15 ms | 30.0 ms | **missed by 15.0 ms (100% over)** |');
    expect(md).toContain('| createCore + a public read, browser, gzip ≤ 12 KiB | 11.7 KiB | met |');
  });

  it('shows the rate-limit take through Redis against the in-process one, or why it was not measured', () => {
    const rows = { takes: 100, inProcessP50Us: 4, redisP50Us: 38, ratio: 9.5 };
    const withStore = renderReport({ ...sampleReport(), rateStore: rows });
    expect(withStore).toContain('| in-process (`RateLimiter`) | 4.0 µs | 1.00 |');
    expect(withStore).toContain('| Redis (`RedisRateLimitStore`) | 38.0 µs | 9.5 |');
    const failed = renderReport({ ...sampleReport(), rateStore: { takes: 100, error: 'redis-server is missing' } });
    expect(failed).toContain('Not measured: redis-server is missing.');
    expect(md).not.toContain('Rate-limit take');
  });

  it('counts signature rejections per client', () => {
    expect(md).toContain('| ccxt | 8 | 2 | INVALID_SIGNATURE 2 |');
    expect(md).toContain('| py-ours | 9 | 1 | REQUEST_EXPIRED 1 |');
  });

  it('shows the Python section when the Python clients ran', () => {
    expect(md).not.toContain('## Python client');
    expect(renderReport({ ...sampleReport(), python: '## Python client\n\nrows\n' })).toMatch(
      /## Python client\n\nrows\n\n## Signatures checked by the server/,
    );
  });

  it('says which peers could not be used and why', () => {
    expect(md).toContain('- gate-api@7.2.144: NOT usable (offline)');
    expect(md).toContain('— failed: Error: down');
  });

  it('lists bundle failures and our largest bundle inputs', () => {
    expect(md).toContain('| ccxt | — | — | — | failed: Build failed |');
    expect(md).toContain('| dist/esm/runtime/core.js | 2.9 KiB |');
  });

  it('shows every generator stage of each run side by side, total last, and the notes', () => {
    expect(md).toContain('| stage | no change | one operation changed |');
    expect(md).toContain('| bundle | 5.0 ms | 100 ms |');
    expect(md).toContain('| types | — | 700 ms |');
    expect(md).toContain('| total | 400 ms | 2500 ms |');
    expect(md).toContain('| process wall time | 900 ms | 3000 ms |');
    expect(md).toContain('- cold (--no-cache): could not be timed: timed out.');
    expect(md).toContain('`spec/paths/spot/accounts.yaml`');
    expect(md).toContain('## Notes');
  });
});

describe('helpers', () => {
  it('rejectedCount sums every label', () => {
    expect(rejectedCount({ accepted: 1, rejected: { INVALID_SIGNATURE: 2, REQUEST_EXPIRED: 3 } })).toBe(5);
    expect(rejectedCount(undefined)).toBe(0);
  });

  const errors: { given: unknown; want: string }[] = [
    { given: new TypeError('bad'), want: 'TypeError: bad' },
    {
      given: { code: 401, message: 'Unauthorized', body: { label: 'INVALID_SIGNATURE' } },
      want: '401 Unauthorized INVALID_SIGNATURE',
    },
    { given: 'plain', want: 'plain' },
    { given: new Error('x'.repeat(400)), want: `Error: ${'x'.repeat(293)}` },
  ];
  for (const { given, want } of errors) {
    it(`describeError(${typeof given})`, () => expect(describeError(given)).toBe(want));
  }

  const keys: { given: Parameters<typeof keyOf>[0]; want: string }[] = [
    { given: 'ours', want: 'bench-ours' },
    { given: 'floor+node:http', want: 'bench-floor-node-http' },
    { given: 'gate-api', want: 'bench-gate-api' },
  ];
  for (const { given, want } of keys) {
    it(`keyOf(${given})`, () => expect(keyOf(given)).toBe(want));
  }

  const inputs: { given: string; want: string }[] = [
    { given: '/x/bench/.scratch/node_modules/axios/lib/axios.js', want: 'axios/lib/axios.js' },
    { given: '../../dist/esm/runtime/core.js', want: 'dist/esm/runtime/core.js' },
    { given: '<stdin>', want: '<stdin>' },
    { given: 'bench/.scratch/ours/esm/runtime/validate.js', want: 'esm/runtime/validate.js' },
    { given: 'C:\\x\\node_modules\\ws\\index.js', want: 'ws/index.js' },
    { given: 'src/a/entry.mjs', want: 'entry.mjs' },
  ];
  for (const { given, want } of inputs) {
    it(`shortInput(${given})`, () => expect(shortInput(given)).toBe(want));
  }

  const paths: { given: string; want: string }[] = [
    { given: '../../dist/esm/index.js', want: '../../dist/esm/index.js' },
    { given: 'dist/index.js', want: './dist/index.js' },
    { given: '..\\win\\index.js', want: '../win/index.js' },
  ];
  for (const { given, want } of paths) {
    it(`toImportPath(${given})`, () => expect(toImportPath(given)).toBe(want));
  }

  it('consumer tsconfig is strict NodeNext without emit', () => {
    const c = consumerTsconfig('/types').compilerOptions as Record<string, unknown>;
    expect(c).toMatchObject({
      strict: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      noEmit: true,
      typeRoots: ['/types'],
    });
  });

  it('the cold-import script imports exactly the specifier and prints its time', () => {
    const script = importScript('file:///a b/index.js');
    expect(script).toContain('await import("file:///a b/index.js");');
    expect(script).toContain('JSON.stringify({ importMs: t1 - t0 })');
  });
});
