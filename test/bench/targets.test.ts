import { describe, expect, it } from 'vitest';
import type { RunnerResult } from '../../bench/job.js';
import { atLeast, atMost, evaluateTargets, summarizeClient, type ClientSummary } from '../../bench/targets.js';

function round(getP50Us: number, postP50Us: number, rps: number, cpu = 100): RunnerResult {
  const seq = (p50: number) => ({ calls: 10, p50Us: p50, p90Us: p50 * 2, p99Us: p50 * 3, cpuPerCallUs: cpu });
  return {
    ok: true,
    client: 'ours',
    get: seq(getP50Us),
    post: seq(postP50Us),
    throughput: { calls: 100, concurrency: 16, wallMs: 1000, rps, cpuPerCallUs: cpu / 2 },
    throughputPost: { calls: 100, concurrency: 16, wallMs: 1000, rps: rps / 2, cpuPerCallUs: cpu / 2 },
  };
}

describe('summarizeClient', () => {
  it('takes medians over successful rounds and keeps the first failure', () => {
    const s = summarizeClient('ours', [
      round(300, 500, 1000),
      { ok: false, client: 'ours', error: 'Error: boom' },
      round(100, 700, 3000),
      round(200, 600, 2000),
    ]);
    expect(s).toMatchObject({
      id: 'ours',
      rounds: 3,
      error: 'Error: boom',
      getP50Us: 200,
      postP50Us: 600,
      rps: 2000,
      rpsPost: 1000,
      getP99Us: 600,
    });
    expect(s.cpuConcurrentUs).toBe(50);
  });

  it('leaves every value out when no round completed', () => {
    const s = summarizeClient('ccxt', [{ ok: false, client: 'ccxt', error: 'x' }]);
    expect(s).toEqual({ id: 'ccxt', rounds: 0, error: 'x' });
  });
});

describe('atMost / atLeast', () => {
  const show = (v: number) => v.toFixed(2);
  const cases: {
    name: string;
    given: () => ReturnType<typeof atMost>;
    want: { met: boolean | undefined; verdict: string };
  }[] = [
    { name: 'under the limit', given: () => atMost('t', 1.05, 1.1, show), want: { met: true, verdict: 'met' } },
    { name: 'at the limit', given: () => atMost('t', 1.1, 1.1, show), want: { met: true, verdict: 'met' } },
    {
      name: 'over the limit',
      given: () => atMost('t', 1.32, 1.1, show),
      want: { met: false, verdict: 'missed by 0.22 (20% over)' },
    },
    {
      name: 'not measured',
      given: () => atMost('t', undefined, 1.1, show),
      want: { met: undefined, verdict: 'not measured' },
    },
    { name: 'atLeast: above', given: () => atLeast('t', 1.2, 1, show), want: { met: true, verdict: 'met' } },
    { name: 'atLeast: equal', given: () => atLeast('t', 1, 1, show), want: { met: true, verdict: 'met' } },
    {
      name: 'atLeast: below',
      given: () => atLeast('t', 0.75, 1, show),
      want: { met: false, verdict: 'missed by 0.25 (25% under)' },
    },
    {
      name: 'atLeast: not measured',
      given: () => atLeast('t', Number.NaN, 1, show),
      want: { met: undefined, verdict: 'not measured' },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(given()).toMatchObject(want));
  }
});

describe('evaluateTargets', () => {
  const summary = (id: string, getP50Us: number, postP50Us: number, rps: number, rpsPost: number, cpu: number) =>
    ({ id, rounds: 5, getP50Us, postP50Us, rps, rpsPost, cpuGetUs: cpu, cpuPostUs: cpu }) satisfies ClientSummary;
  const floor = summary('floor', 1000, 1000, 1000, 1000, 200);
  const nodeHttp = summary('floor+node:http', 600, 500, 1800, 3000, 100);
  const ccxt = summary('ccxt', 1100, 700, 1400, 2600, 150);

  it('judges every target from the inputs', () => {
    const verdicts = evaluateTargets({
      floor,
      nodeHttp,
      ccxt,
      oursNode: summary('ours+node', 850, 950, 1500, 2000, 125),
      oursFetch: summary('ours+fetch', 1100, 1200, 600, 600, 300),
      oursImportMs: 16,
      publicReadGzipBytes: 12 * 1024,
      signedWriteGzipBytes: 16 * 1024 + 1,
      regenerationMs: 2400,
    });
    expect(verdicts.map((v) => [v.target, v.met])).toEqual([
      ['node: GET p50 ≤ 1.10× bare node:http', false], // 850 / 600
      ['node: POST p50 ≤ 1.10× bare node:http', false], // 950 / 500
      ['node: GET/s at c=16 ≥ 0.90× bare node:http', false], // 1500 / 1800 = 0.83
      ['node: POST/s at c=16 ≥ 0.90× bare node:http', false], // 2000 / 3000
      ["node: GET/s at c=16 ≥ ccxt's (× ccxt)", true],
      ["node: POST/s at c=16 ≥ ccxt's (× ccxt)", false],
      ['fetch: GET p50 ≤ 1.10× bare fetch (floor)', true], // 1100 / 1000, at the limit
      ['fetch: POST p50 ≤ 1.10× bare fetch (floor)', false],
      ['createCore + a public read, browser, gzip ≤ 12 KiB', true],
      ['createCore + a signed write, browser, gzip ≤ 16 KiB', false],
      ['cold import ≤ 15 ms', false],
      ['regeneration after one operation changed ≤ 2.5 s', true],
    ]);
  });

  it('marks targets it has no measurement for as not measured', () => {
    const verdicts = evaluateTargets({});
    expect(verdicts.every((v) => v.met === undefined && v.verdict === 'not measured')).toBe(true);
  });
});
