import { describe, expect, it } from 'vitest';
import {
  frameName,
  groupOf,
  summarizeProfile,
  summarizeProfiles,
  type CpuProfile,
} from '../../bench/profile-summary.js';

const ROOT = '/repo';

describe('groupOf', () => {
  const cases: { given: { url: string; fn: string }; want: ReturnType<typeof groupOf> }[] = [
    { given: { url: 'file:///repo/generated/src/runtime/json.ts', fn: 'parseJson' }, want: 'ours' },
    { given: { url: '/repo/mock/decimal.ts', fn: 'add' }, want: 'ours' },
    { given: { url: 'file:///repo/bench/.scratch/node_modules/undici/index.js', fn: 'request' }, want: 'other' },
    { given: { url: 'file:///elsewhere/x.js', fn: 'f' }, want: 'other' },
    { given: { url: 'node:_http_agent', fn: 'addRequest' }, want: 'node' },
    { given: { url: '', fn: 'writev' }, want: 'node' },
    { given: { url: '', fn: '(garbage collector)' }, want: 'v8' },
    { given: { url: '', fn: '(program)' }, want: 'v8' },
  ];
  for (const { given, want } of cases) {
    it(`${given.url || '(no url)'} ${given.fn} -> ${want}`, () =>
      expect(groupOf(given.url, given.fn, ROOT)).toBe(want));
  }
});

describe('frameName', () => {
  const cases: { given: { url: string; fn: string }; want: string }[] = [
    { given: { url: 'file:///repo/mock/decimal.ts', fn: 'add' }, want: 'mock/decimal.ts:add' },
    { given: { url: 'file:///repo/bench/x.ts', fn: '' }, want: 'bench/x.ts:(anonymous)' },
    { given: { url: 'file:///repo/bench/.scratch/node_modules/undici/lib/a.js', fn: 'f' }, want: 'undici/lib/a.js:f' },
    { given: { url: 'node:events', fn: 'emit' }, want: 'node:events:emit' },
    { given: { url: '', fn: '(garbage collector)' }, want: '(garbage collector)' },
    { given: { url: 'file:///repo/a%20b.ts', fn: 'g' }, want: 'a b.ts:g' },
  ];
  for (const { given, want } of cases) {
    it(`${given.url || '(no url)'} ${given.fn} -> ${want}`, () =>
      expect(frameName(given.url, given.fn, ROOT)).toBe(want));
  }
});

describe('summarizeProfile', () => {
  const frame = (id: number, functionName: string, url: string): CpuProfile['nodes'][number] => ({
    id,
    callFrame: { functionName, url, lineNumber: 0 },
  });
  const profile: CpuProfile = {
    nodes: [
      frame(1, '(root)', ''),
      frame(2, '(idle)', ''),
      frame(3, 'parseJson', 'file:///repo/runtime/json.js'),
      frame(4, 'emit', 'node:events'),
      frame(5, '(garbage collector)', ''),
      // A second node of the same function (another call path) adds to the same entry.
      frame(6, 'parseJson', 'file:///repo/runtime/json.js'),
    ],
    samples: [2, 2, 3, 3, 6, 4, 5, 2],
    startTime: 0,
    endTime: 800,
  };

  it('counts self samples per function, idle left out, largest first', () => {
    const s = summarizeProfile(profile, ROOT);
    expect(s.samples).toBe(5);
    expect(s.usPerSample).toBe(100);
    expect(s.functions.map((f) => [f.frame, f.group, f.samples, f.percent])).toEqual([
      ['runtime/json.js:parseJson', 'ours', 3, 60],
      ['(garbage collector)', 'v8', 1, 20],
      ['node:events:emit', 'node', 1, 20],
    ]);
    expect(s.groups).toEqual({ ours: 60, node: 20, v8: 20, other: 0 });
    expect(s.files.map((f) => [f.frame, f.group, f.samples])).toEqual([
      ['runtime/json.js', 'ours', 3],
      ['(no script: V8, native code)', 'v8', 1],
      ['node:events', 'node', 1],
    ]);
  });

  it('an empty profile gives zero shares, not NaN', () => {
    const s = summarizeProfile({ nodes: [], samples: [], startTime: 0, endTime: 0 }, ROOT);
    expect(s).toEqual({
      samples: 0,
      usPerSample: 0,
      groups: { ours: 0, node: 0, v8: 0, other: 0 },
      functions: [],
      files: [],
    });
  });
});

describe('summarizeProfiles', () => {
  const frame = (id: number, functionName: string, url: string): CpuProfile['nodes'][number] => ({
    id,
    callFrame: { functionName, url, lineNumber: 0 },
  });
  // Two cold imports, each its own process: node ids are per profile, so the same id names another function.
  const first: CpuProfile = {
    nodes: [frame(1, '', 'file:///repo/node/index.mjs'), frame(2, 'compileSourceTextModule', 'node:internal/utils')],
    samples: [1, 2, 2],
    startTime: 0,
    endTime: 300,
  };
  const second: CpuProfile = {
    nodes: [frame(1, 'compileSourceTextModule', 'node:internal/utils'), frame(2, '(idle)', '')],
    samples: [1, 2, 1, 1],
    startTime: 1000,
    endTime: 1500,
  };

  it('adds the samples of every profile per function, spans summed', () => {
    const s = summarizeProfiles([first, second], ROOT);
    expect(s.samples).toBe(6);
    expect(s.usPerSample).toBe(800 / 7);
    expect(s.functions.map((f) => [f.frame, f.group, f.samples])).toEqual([
      ['node:internal/utils:compileSourceTextModule', 'node', 5],
      ['node/index.mjs:(anonymous)', 'ours', 1],
    ]);
    expect(s.files.map((f) => [f.frame, f.samples])).toEqual([
      ['node:internal/utils', 5],
      ['node/index.mjs', 1],
    ]);
  });

  it('one profile gives what summarizeProfile gives', () => {
    expect(summarizeProfiles([first], ROOT)).toEqual(summarizeProfile(first, ROOT));
  });

  it('no profiles give zero shares, not NaN', () => {
    expect(summarizeProfiles([], ROOT)).toEqual({
      samples: 0,
      usPerSample: 0,
      groups: { ours: 0, node: 0, v8: 0, other: 0 },
      functions: [],
      files: [],
    });
  });
});
