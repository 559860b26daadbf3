/**
 * The Python rows of the benchmark, pure parts: medians over rounds (failed rounds left out), the
 * three targets judged from them, and the section of RESULTS.md.
 */
import { describe, expect, it } from 'vitest';
import {
  pythonTargets,
  renderPythonSection,
  summarizePython,
  type PyRunnerResult,
  type PySummary,
} from '../../bench/python.js';

const round = (p50: number, extra: Partial<Extract<PyRunnerResult, { ok: true }>> = {}): PyRunnerResult => ({
  ok: true,
  client: 'py-ours',
  get: { calls: 10, p50Us: p50, cpuPerCallUs: p50 / 2 },
  post: { calls: 10, p50Us: p50 + 1, cpuPerCallUs: 1 },
  ...extra,
});

const failed: PyRunnerResult = { ok: false, client: 'py-ours', error: 'boom' };

const summary = (id: PySummary['id'], values: Partial<PySummary>): PySummary => ({
  id,
  rounds: 1,
  getP50Us: undefined,
  postP50Us: undefined,
  cpuPerCallUs: undefined,
  httpsCpuPerCallUs: undefined,
  rps: undefined,
  ...values,
});

describe('summarizePython', () => {
  it.each([
    {
      given: [round(100), round(300), round(200)],
      want: { rounds: 3, getP50Us: 200, postP50Us: 201, cpuPerCallUs: 100, rps: undefined },
    },
    {
      given: [round(100), failed],
      want: { rounds: 1, getP50Us: 100, error: 'boom' },
    },
    {
      given: [
        round(100, {
          https: { calls: 5, p50Us: 1, cpuPerCallUs: 400 },
          throughput: { calls: 5, rps: 50, cpuPerCallUs: 1 },
        }),
      ],
      want: { httpsCpuPerCallUs: 400, rps: 50 },
    },
    { given: [], want: { rounds: 0, getP50Us: undefined } },
  ])('$want', ({ given, want }) => {
    expect(summarizePython('py-ours', given)).toMatchObject(want);
  });
});

describe('pythonTargets', () => {
  it.each([
    {
      given: [
        summary('py-bare', { getP50Us: 100 }),
        summary('py-ours', { getP50Us: 115, httpsCpuPerCallUs: 1000 }),
        summary('py-bare-asyncio', { rps: 1000 }),
        summary('py-ours-async', { rps: 900 }),
      ],
      want: ['met', 'met', 'met'],
    },
    {
      given: [
        summary('py-bare', { getP50Us: 100 }),
        summary('py-ours', { getP50Us: 116, httpsCpuPerCallUs: 1001 }),
        summary('py-bare-asyncio', { rps: 1000 }),
        summary('py-ours-async', { rps: 899 }),
      ],
      want: ['missed', 'missed', 'missed'],
    },
    { given: [summary('py-ours', { getP50Us: 100 })], want: ['not measured', 'not measured', 'not measured'] },
  ])('$want', ({ given, want }) => {
    expect(pythonTargets(given).map((t) => t.verdict)).toEqual(want);
  });
});

describe('renderPythonSection', () => {
  it('shows every client with its ratio to the bare client of its kind, and the targets', () => {
    const text = renderPythonSection(
      [
        summary('py-bare', { getP50Us: 100 }),
        summary('py-ours', { getP50Us: 150 }),
        summary('py-bare-asyncio', { getP50Us: 100, rps: 1000 }),
        summary('py-ours-async', { getP50Us: 300, rps: 500, error: 'one round failed' }),
      ],
      5,
      16,
    );
    expect(text).toMatch(/^## Python client$/m);
    expect(text).toMatch(/^\| py-ours \| 150 µs \| 1\.50× \|/m);
    expect(text).toMatch(/^\| py-ours-async \| 300 µs \| 3\.00× \|.*\| 0\.50× \| 1\/5 \|$/m);
    expect(text).toMatch(/asyncio GET throughput at c=16 ≥ 0\.9× bare asyncio \| 0\.50× \| missed/);
    expect(text).toContain('— failed: one round failed');
  });
});
