import { describe, expect, it } from 'vitest';
import type { RunnerResult } from '../../bench/job.js';
import {
  aheadOfPeers,
  atMost,
  below,
  evaluateTargets,
  summarizeClient,
  type ClientSummary,
} from '../../bench/targets.js';

function round(getP50Us: number, postP50Us: number, rps: number, cpu = 100): RunnerResult {
  const seq = (p50: number) => ({ calls: 10, p50Us: p50, p90Us: p50 * 2, p99Us: p50 * 3, cpuPerCallUs: cpu });
  return {
    ok: true,
    client: 'ours',
    get: seq(getP50Us),
    post: seq(postP50Us),
    throughput: { calls: 100, concurrency: 16, wallMs: 1000, rps, cpuPerCallUs: cpu / 2 },
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
      getP99Us: 600,
    });
    expect(s.cpuConcurrentUs).toBe(50);
  });

  it('leaves every value out when no round completed', () => {
    const s = summarizeClient('ccxt', [{ ok: false, client: 'ccxt', error: 'x' }]);
    expect(s).toEqual({ id: 'ccxt', rounds: 0, error: 'x' });
  });
});

describe('atMost / below', () => {
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
    { name: 'below: under', given: () => below('t', 49, 50, show), want: { met: true, verdict: 'met' } },
    {
      name: 'below: equal misses',
      given: () => below('t', 50, 50, show),
      want: { met: false, verdict: 'missed by 0 (must be below 50.00)' },
    },
    {
      name: 'below: over',
      given: () => below('t', 75, 50, show),
      want: { met: false, verdict: 'missed by 25.00 (50% over)' },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(given()).toMatchObject(want));
  }
});

describe('aheadOfPeers', () => {
  const show = (v: number) => String(v);
  const peers = [
    { id: 'a', value: 900 },
    { id: 'b', value: 600 },
    { id: 'c', value: undefined },
  ];
  const cases: {
    name: string;
    given: () => ReturnType<typeof aheadOfPeers>;
    want: { met: boolean | undefined; verdict: string };
  }[] = [
    {
      name: 'lower latency than the best peer',
      given: () => aheadOfPeers('t', 500, peers, true, show),
      want: { met: true, verdict: 'met' },
    },
    {
      name: 'slower than the best peer',
      given: () => aheadOfPeers('t', 900, peers, true, show),
      want: { met: false, verdict: 'missed: b is 50% faster' },
    },
    {
      name: 'tie is not ahead',
      given: () => aheadOfPeers('t', 600, peers, true, show),
      want: { met: false, verdict: 'missed: b is 0% faster' },
    },
    {
      name: 'higher throughput than the best peer',
      given: () => aheadOfPeers('t', 1000, peers, false, show),
      want: { met: true, verdict: 'met' },
    },
    {
      name: 'lower throughput than the best peer',
      given: () => aheadOfPeers('t', 450, peers, false, show),
      want: { met: false, verdict: 'missed: a is 100% higher' },
    },
    {
      name: 'no peer measured',
      given: () => aheadOfPeers('t', 1, [{ id: 'a', value: undefined }], true, show),
      want: { met: undefined, verdict: 'not measured' },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(given()).toMatchObject(want));
  }

  it('names the best peer and both values', () => {
    expect(aheadOfPeers('t', 700, peers, true, show).measured).toBe('700 vs best peer b 600');
  });
});

describe('evaluateTargets', () => {
  const floor: ClientSummary = {
    id: 'floor',
    rounds: 3,
    getP50Us: 100,
    postP50Us: 100,
    rps: 1000,
    cpuGetUs: 50,
    cpuPostUs: 50,
  };
  const ours: ClientSummary = {
    id: 'ours',
    rounds: 3,
    getP50Us: 105,
    postP50Us: 150,
    rps: 1100,
    cpuGetUs: 55,
    cpuPostUs: 70,
  };
  const peer: ClientSummary = { id: 'gate-api', rounds: 3, getP50Us: 120, postP50Us: 140, rps: 900 };

  it('judges every target from the inputs', () => {
    const verdicts = evaluateTargets({
      floor,
      ours,
      peers: [peer],
      oursImportMs: 30,
      oursDirectDeps: 3,
      oursBundleBytes: 20 * 1024,
      regenerationMs: 2500,
    });
    expect(verdicts.map((v) => [v.target, v.met])).toEqual([
      ['GET p50 ≤ 1.1× floor', true],
      ['POST p50 ≤ 1.1× floor', false],
      ['CPU per GET ≤ 1.2× floor', true],
      ['CPU per POST ≤ 1.2× floor', false],
      ['ahead of every peer: GET p50', true],
      ['ahead of every peer: POST p50', false],
      ['ahead of every peer: throughput at concurrency 16', true],
      ['cold import < 50 ms', true],
      ['≤ 2 runtime dependencies', false],
      ['one-operation bundle < 15 KiB minified', false],
      ['full regeneration < 3 s', true],
    ]);
  });

  it('judges the node transport against the floor, and uses it against the peers', () => {
    const fast: ClientSummary = {
      id: 'ours+node',
      rounds: 3,
      getP50Us: 80,
      postP50Us: 90,
      rps: 1500,
      cpuGetUs: 40,
      cpuPostUs: 45,
    };
    const verdicts = evaluateTargets({ floor, ours, oursFast: fast, peers: [peer] });
    const met = Object.fromEntries(verdicts.map((v) => [v.target, v.met]));
    expect(met["GET p50 ≤ 1.1× floor (transport: 'node')"]).toBe(true);
    expect(met["POST p50 ≤ 1.1× floor (transport: 'node')"]).toBe(true);
    expect(met["CPU per POST ≤ 1.2× floor (transport: 'node')"]).toBe(true);
    // the default transport is still judged on its own
    expect(met['POST p50 ≤ 1.1× floor']).toBe(false);
    // against peers: 90 µs beats the peer's 140 µs, where the default transport's 150 µs did not
    expect(met["ahead of every peer: POST p50 (transport: 'node')"]).toBe(true);
    expect(verdicts.find((v) => v.target.startsWith('ahead of every peer: POST p50'))?.measured).toMatch(/^90/);
  });

  it('marks targets it has no measurement for as not measured', () => {
    const verdicts = evaluateTargets({ peers: [] });
    expect(verdicts.every((v) => v.met === undefined && v.verdict === 'not measured')).toBe(true);
  });
});
