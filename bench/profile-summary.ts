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
  /** Self time per file (module), largest first; `frame` is the file. */
  readonly files: readonly SelfTime[];
}

/** The file name of frames without a script. */
export const NO_SCRIPT = '(no script: V8, native code)';

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

/** The file of a frame: `bench/x.ts`, `node:http`, `ioredis/built/x.js`; {@link NO_SCRIPT} for V8's own entries and native code. */
export function fileName(url: string, repoRoot: string): string {
  if (url === '') return NO_SCRIPT;
  let path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  if (path.startsWith(`${repoRoot}/`)) path = path.slice(repoRoot.length + 1);
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) path = path.slice(modules + '/node_modules/'.length);
  return path;
}

/** The short name of a frame: `bench/x.ts:fn`, `node:http:fn`, `(garbage collector)`. */
export function frameName(url: string, functionName: string, repoRoot: string): string {
  const fn = functionName === '' ? '(anonymous)' : functionName;
  return url === '' ? fn : `${fileName(url, repoRoot)}:${fn}`;
}

/** Self time per function of `profile`; `(idle)` samples are left out (waiting is not work). */
export function summarizeProfile(profile: CpuProfile, repoRoot: string): ProfileSummary {
  return summarizeProfiles([profile], repoRoot);
}

/**
 * Self time per function over several profiles (one per fresh process, e.g. cold imports): their
 * samples added per function, the time a sample stands for taken over all their spans.
 */
export function summarizeProfiles(profiles: readonly CpuProfile[], repoRoot: string): ProfileSummary {
  const counts = new Map<string, { group: FrameGroup; samples: number }>();
  const fileCounts = new Map<string, { group: FrameGroup; samples: number }>();
  const add = (into: typeof counts, key: string, group: () => FrameGroup): void => {
    const entry = into.get(key) ?? { group: group(), samples: 0 };
    entry.samples += 1;
    into.set(key, entry);
  };
  let total = 0;
  let all = 0;
  let span = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    for (const id of profile.samples ?? []) {
      const frame = byId.get(id);
      if (frame === undefined || frame.functionName === '(idle)') continue;
      total += 1;
      const group = (): FrameGroup => groupOf(frame.url, frame.functionName, repoRoot);
      add(counts, frameName(frame.url, frame.functionName, repoRoot), group);
      add(fileCounts, fileName(frame.url, repoRoot), frame.url === '' ? () => 'v8' : group);
    }
    all += profile.samples?.length ?? 0;
    span += profile.endTime - profile.startTime;
  }
  const groups: Record<FrameGroup, number> = { ours: 0, node: 0, v8: 0, other: 0 };
  for (const { group, samples } of counts.values()) groups[group] += samples;
  for (const g of Object.keys(groups) as FrameGroup[]) groups[g] = total === 0 ? 0 : (groups[g] * 100) / total;
  const usPerSample = all === 0 ? 0 : span / all;
  return { samples: total, usPerSample, groups, functions: ranked(counts, total), files: ranked(fileCounts, total) };
}

/** Self times largest first (ties by name). */
function ranked(counts: ReadonlyMap<string, { group: FrameGroup; samples: number }>, total: number): SelfTime[] {
  const out: SelfTime[] = [];
  for (const [frame, { group, samples }] of counts)
    out.push({ frame, group, samples, percent: total === 0 ? 0 : (samples * 100) / total });
  return out.sort((a, b) => b.samples - a.samples || (a.frame < b.frame ? -1 : 1));
}
