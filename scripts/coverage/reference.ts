/**
 * How much of the service's public API reference the spec covers: pure functions from the reference's
 * operation list (spec/reference-operations.yaml) and the IR's operations to counts per reference
 * group and the Markdown that README.md and docs/coverage.md carry.
 */

/** One operation of the public reference. */
export interface ReferenceOperation {
  readonly method: string;
  readonly path: string;
  /** The reference's API group (`Spot`, `Futures`, ...). */
  readonly group: string;
  /** The reference's operation name. */
  readonly name: string;
  /** The path the API description gives, where it differs from the reference's (the description wins). */
  readonly seedPath?: string;
}

/** What the coverage count needs of one IR operation. */
export interface SpecOperation {
  readonly method: string;
  readonly path: string;
  /** `shaped` or `named-only` (IR `shape`). */
  readonly shape: string;
  /** `seed`, `reference` or `none` (IR `source`). */
  readonly source: string;
}

/** The counts of one reference group (or of all, `group: 'all'`). */
export interface CoverageRow {
  readonly group: string;
  /** Operations the reference lists. */
  readonly reference: number;
  /** Of those, operations in the spec. */
  readonly inSpec: number;
  /** Of those, shaped from the API description. */
  readonly fromSeed: number;
  /** Of those, shaped from the public reference. */
  readonly fromReference: number;
}

/** `METHOD /path` with every path parameter written `{}`, so parameter names do not matter. */
export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
}

/** Counts per reference group, sorted by group name, then the total as the last row. */
export function coverageRows(reference: readonly ReferenceOperation[], spec: readonly SpecOperation[]): CoverageRow[] {
  const byKey = new Map(spec.map((op) => [endpointKey(op.method, op.path), op]));
  const groups = new Map<string, { reference: number; inSpec: number; fromSeed: number; fromReference: number }>();
  const total = { reference: 0, inSpec: 0, fromSeed: 0, fromReference: 0 };
  for (const op of reference) {
    const row = groups.get(op.group) ?? { reference: 0, inSpec: 0, fromSeed: 0, fromReference: 0 };
    groups.set(op.group, row);
    const found = byKey.get(endpointKey(op.method, op.seedPath ?? op.path));
    for (const counts of [row, total]) {
      counts.reference += 1;
      if (found === undefined) continue;
      counts.inSpec += 1;
      if (found.shape === 'shaped' && found.source === 'seed') counts.fromSeed += 1;
      if (found.shape === 'shaped' && found.source === 'reference') counts.fromReference += 1;
    }
  }
  const rows = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([group, counts]) => ({ group, ...counts }));
  return [...rows, { group: 'all', ...total }];
}

/** Spec operations the reference does not list (by method and path, after `seedPath`). */
export function notInReference(reference: readonly ReferenceOperation[], spec: readonly SpecOperation[]): string[] {
  const known = new Set(reference.map((op) => endpointKey(op.method, op.seedPath ?? op.path)));
  return spec
    .map((op) => `${op.method.toUpperCase()} ${op.path}`)
    .filter((key) => !known.has(endpointKey(...split(key))));
}

function split(key: string): [string, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/** `12.3 %`: one decimal, rounded down so a figure is never overstated. */
function percent(part: number, whole: number): string {
  return whole === 0 ? '0.0 %' : `${(Math.floor((part / whole) * 1000) / 10).toFixed(1)} %`;
}

/** The one line README.md carries. */
export function coverageLine(rows: readonly CoverageRow[]): string {
  const all = rows.find((row) => row.group === 'all');
  if (all === undefined) throw new Error('coverage rows have no total');
  const shaped = all.fromSeed + all.fromReference;
  return (
    `Coverage: ${all.inSpec} of the public reference's ${all.reference} operations (${percent(all.inSpec, all.reference)}) ` +
    `are in the spec, ${shaped} of them shaped field for field (${all.fromSeed} from the API description, ` +
    `${all.fromReference} from the reference); per area in [docs/coverage.md](docs/coverage.md).`
  );
}

/** docs/coverage.md: the line, then a table per reference group. */
export function coverageMarkdown(rows: readonly CoverageRow[]): string {
  const lines = [
    '# Coverage of the public API reference',
    '',
    'Written by `npm run coverage -- --write` from `spec/reference-operations.yaml` and `generated/ir.json`;',
    '`test/spec/reference-coverage.test.ts` fails when it is stale.',
    '',
    coverageLine(rows),
    '',
    '| Reference group | Operations | In the spec | Shaped from the API description | Shaped from the reference |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.group === 'all' ? '**all**' : row.group} | ${row.reference} | ${row.inSpec} (${percent(row.inSpec, row.reference)}) | ${row.fromSeed} | ${row.fromReference} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** README.md with the text between the coverage markers replaced by `line`; throws without the markers. */
export function withCoverageLine(readme: string, line: string): string {
  const start = '<!-- reference-coverage:start -->';
  const end = '<!-- reference-coverage:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} ... ${end} block`);
  return `${readme.slice(0, from + start.length)}\n\n${line}\n${readme.slice(to)}`;
}
