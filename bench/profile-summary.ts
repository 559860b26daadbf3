/**
 * Pure reading of a V8 CPU profile (the `Profiler.stop` answer of node:inspector): self time per
 * function, as a share of the samples, each function placed in a group (this project's code,
 * node internals, V8's own entries, other packages). No timing and no I/O here.
 */

/** The parts of a V8 `Profiler.Profile` this reads. */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
  }>;
  /** The node id of every sample, in order. */
  readonly samples?: readonly number[] | undefined;
  /** Start and end, µs. */
  readonly startTime: number;
  readonly endTime: number;
}

/** Where a function's code comes from. */
export type FrameGroup = 'ours' | 'node' | 'v8' | 'other';

/** One function's self time. */
export interface SelfTime {
  /** `file:function` (file relative to the repository, or the node: module). */
  readonly frame: string;
  readonly group: FrameGroup;
  /** Samples whose top frame was this function. */
  readonly samples: number;
  /** Share of all samples, percent. */
  readonly percent: number;
}

/** A profile summed up: total samples, each group's share, and every function largest first. */
export interface ProfileSummary {
  /** Non-idle samples. */
  readonly samples: number;
  /** Mean time one sample stands for, µs (the profile's span over all its samples, idle ones included). */
  readonly usPerSample: number;
  readonly groups: Readonly<Record<FrameGroup, number>>;
  readonly functions: readonly SelfTime[];
}

/** V8's own entries, which carry no script. */
const V8_ENTRIES = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

/** The group of a frame: `repoRoot` is a file URL or path prefix of this project's code. */
export function groupOf(url: string, functionName: string, repoRoot: string): FrameGroup {
  if (url.startsWith('node:')) return 'node';
  if (url === '') return V8_ENTRIES.has(functionName) ? 'v8' : 'node';
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  if (path.startsWith(repoRoot) && !path.includes('/node_modules/')) return 'ours';
  return 'other';
}

/** The short name of a frame: `bench/x.ts:fn`, `node:http:fn`, `(garbage collector)`. */
export function frameName(url: string, functionName: string, repoRoot: string): string {
  const fn = functionName === '' ? '(anonymous)' : functionName;
  if (url === '') return fn;
  let path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  if (path.startsWith(`${repoRoot}/`)) path = path.slice(repoRoot.length + 1);
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) path = path.slice(modules + '/node_modules/'.length);
  return `${path}:${fn}`;
}

/** Self time per function of `profile`; `(idle)` samples are left out (waiting is not work). */
export function summarizeProfile(profile: CpuProfile, repoRoot: string): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const counts = new Map<string, { group: FrameGroup; samples: number }>();
  let total = 0;
  for (const id of profile.samples ?? []) {
    const frame = byId.get(id);
    if (frame === undefined || frame.functionName === '(idle)') continue;
    total += 1;
    const name = frameName(frame.url, frame.functionName, repoRoot);
    const entry = counts.get(name) ?? { group: groupOf(frame.url, frame.functionName, repoRoot), samples: 0 };
    entry.samples += 1;
    counts.set(name, entry);
  }
  const groups: Record<FrameGroup, number> = { ours: 0, node: 0, v8: 0, other: 0 };
  const functions: SelfTime[] = [];
  for (const [frame, { group, samples }] of counts) {
    groups[group] += samples;
    functions.push({ frame, group, samples, percent: total === 0 ? 0 : (samples * 100) / total });
  }
  functions.sort((a, b) => b.samples - a.samples || (a.frame < b.frame ? -1 : 1));
  for (const g of Object.keys(groups) as FrameGroup[]) groups[g] = total === 0 ? 0 : (groups[g] * 100) / total;
  const all = profile.samples?.length ?? 0;
  const usPerSample = all === 0 ? 0 : (profile.endTime - profile.startTime) / all;
  return { samples: total, usPerSample, groups, functions };
}
