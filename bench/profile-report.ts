/**
 * Renders bench/PROFILES.md (bench/profile.ts): per profiled loop the functions with the most self
 * time, grouped into this project's code and node internals, and per bundle shape its largest
 * inputs. Pure: the same inputs give the same text.
 */
import { markdownTable } from './format.js';
import type { FrameGroup, ProfileSummary } from './profile-summary.js';

/** One profiled loop's outcome. */
export interface ProfiledTarget {
  readonly id: string;
  /** What it profiles, one sentence. */
  readonly what: string;
  /** The target it explains. */
  readonly target: string;
  readonly result:
    | {
        readonly ok: true;
        readonly rate: number;
        readonly unit: string;
        /** What one op is (`call` when absent). */
        readonly noun?: string;
        readonly ops: number;
        readonly summary: ProfileSummary;
      }
    | { readonly ok: false; readonly error: string };
}

/** One bundle shape's breakdown. */
export interface BundleBreakdown {
  readonly id: string;
  readonly target: string;
  readonly minBytes: number;
  readonly gzipBytes: number;
  readonly inputs: ReadonlyArray<{ readonly file: string; readonly bytes: number }>;
}

/** Everything the report shows. */
export interface ProfileReport {
  readonly date: string;
  readonly node: string;
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
  readonly targets: readonly ProfiledTarget[];
  readonly bundles: readonly BundleBreakdown[];
  /** Functions listed per loop. */
  readonly top: number;
}

const GROUP_LABEL: Record<FrameGroup, string> = {
  ours: 'ours',
  node: 'node internals',
  v8: 'V8 (GC, program)',
  other: 'other packages',
};

const pct = (x: number): string => `${x.toFixed(1)} %`;
const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
const load = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(' / ');

function targetSection(t: ProfiledTarget, top: number): string {
  const head = `### ${t.id}\n\n${t.what} Explains: ${t.target}.\n\n`;
  if (!t.result.ok) return `${head}Not profiled: ${t.result.error}\n`;
  const s = t.result.summary;
  const groups = (Object.keys(GROUP_LABEL) as FrameGroup[]).map((g) => `${GROUP_LABEL[g]} ${pct(s.groups[g])}`);
  const rate = t.result.unit.startsWith('ms ')
    ? `${t.result.rate.toFixed(1)} ${t.result.unit}`
    : `${Math.round(t.result.rate).toLocaleString('en-US')} ${t.result.unit}`;
  const noun = t.result.noun ?? 'call';
  const ops = Math.max(1, t.result.ops);
  const perOp = (samples: number): string => ((samples * s.usPerSample) / ops).toFixed(1);
  const table = (group: 'ours' | 'rest'): string =>
    markdownTable(
      ['#', 'function (file:function)', 'group', 'self', `µs per ${noun}`],
      s.functions
        .filter((f) => (group === 'ours' ? f.group === 'ours' : f.group !== 'ours'))
        .slice(0, top)
        .map((f, i) => [String(i + 1), `\`${f.frame}\``, GROUP_LABEL[f.group], pct(f.percent), perOp(f.samples)]),
      ['right', 'left', 'left', 'right', 'right'],
    );
  const files = markdownTable(
    ['#', 'file', 'group', 'self', `µs per ${noun}`],
    s.files
      .slice(0, top)
      .map((f, i) => [String(i + 1), `\`${f.frame}\``, GROUP_LABEL[f.group], pct(f.percent), perOp(f.samples)]),
    ['right', 'left', 'left', 'right', 'right'],
  );
  return `${head}While profiled: ${rate} (the profiler slows every loop), ${t.result.ops} ${noun}s profiled, ${perOp(s.samples)} µs of CPU per ${noun}. ${s.samples} samples; self time by group: ${groups.join(', ')}.\n\nOurs:\n\n${table('ours')}\n\nNode internals and V8:\n\n${table('rest')}\n\nBy file:\n\n${files}\n`;
}

function bundleSection(b: BundleBreakdown, top: number): string {
  const rows = b.inputs
    .slice(0, top)
    .map((i) => [
      `\`${i.file}\``,
      `${i.bytes.toLocaleString('en-US')} B`,
      pct((i.bytes * 100) / b.minBytes),
      kib((i.bytes / b.minBytes) * b.gzipBytes),
    ]);
  return `### ${b.id}\n\n${kib(b.gzipBytes)} gzip, ${kib(b.minBytes)} minified, ${b.inputs.length} inputs. Explains: ${b.target}.\n\n${markdownTable(['input', 'minified bytes', 'share', 'gzip (by share)'], rows)}\n`;
}

/** The whole of PROFILES.md. */
export function renderProfiles(r: ProfileReport): string {
  return `# Profiles of the missed targets

Written by \`npm run bench:profile\` (bench/profile.ts). Each loop is the benchmark's own
(bench/measure.ts over bench/clients.ts against the signature-checking server child, and
bench/paper-exchange.ts's in-process engine), run in a fresh process after an unprofiled
warm-up, under the V8 CPU profiler (node:inspector, 100 µs sampling). Self time is the share of
non-idle samples whose top frame is the function, and µs per call is that time divided by the calls
(or orders) of the loop. The cold import is the benchmark's too (bench/cold-import.ts): the Node
entry imported in fresh processes, each profiling its one import (50 µs sampling), their samples
added up; µs per import divides by the imports. \`ours\` is this repository's code (the client as
compiled into bench/.scratch/ours, the mock, the bench harness), \`node internals\` are node:
modules and native code. Rates are with the profiler running: read them as a cross-check, not as
results. Bundles: esbuild's metafile bytes per input in the minified output of the documented
shapes (bench/bundle-shapes.ts); the gzip column divides the whole bundle's gzip size by each
input's share of the minified bytes (gzip cannot be split exactly per input).

- Date: ${r.date}
- Node: ${r.node}
- Load average (1/5/15 min) before: ${load(r.loadBefore)}; after: ${load(r.loadAfter)}

## CPU profiles

${r.targets.map((t) => targetSection(t, r.top)).join('\n')}
## Bundles

${r.bundles.map((b) => bundleSection(b, r.top)).join('\n')}`;
}
