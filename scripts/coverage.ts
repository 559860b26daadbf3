/**
 * `npm run coverage`: prints how much of the public API reference the spec covers (per reference
 * group); `npm run coverage -- --write` also rewrites docs/coverage.md and README.md's coverage line.
 * Reads spec/reference-operations.yaml and generated/ir.json (run `npm run generate` first).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { format, resolveConfig } from 'prettier';
import { compareShapes, unexplained } from './coverage/shape-compare.js';
import type { KnownDifference, ReferenceCatalog, ShapeDifference } from './coverage/shape-compare.js';
import type { ReferenceShape } from './coverage/reference-sdk.js';
import {
  coverageLine,
  coverageMarkdown,
  coverageRows,
  withCoverageLine,
  type CoverageRow,
  type ReferenceOperation,
  type SpecOperation,
} from './coverage/reference.js';

/** The reference's operations, as spec/reference-operations.yaml lists them. */
export function readReference(root: string): ReferenceOperation[] {
  const doc = load(readFileSync(join(root, 'spec/reference-operations.yaml'), 'utf8')) as {
    operations: ReferenceOperation[];
  };
  return doc.operations;
}

/** The spec's operations, from generated/ir.json. */
export function readSpecOperations(root: string): SpecOperation[] {
  const ir = JSON.parse(readFileSync(join(root, 'generated/ir.json'), 'utf8')) as { operations: SpecOperation[] };
  return ir.operations;
}

/** The coverage rows of the repository at `root`. */
export function repositoryCoverage(root: string): CoverageRow[] {
  return coverageRows(readReference(root), readSpecOperations(root));
}

/** docs/coverage.md as `--write` writes it: {@link coverageMarkdown} and the field-by-field counts, formatted by prettier. */
export async function coverageDocument(root: string, rows: readonly CoverageRow[]): Promise<string> {
  const path = join(root, 'docs/coverage.md');
  const text = `${coverageMarkdown(rows)}\n${fieldByField(root)}`;
  return format(text, { ...(await resolveConfig(path)), filepath: path });
}

/** The field-by-field section: how many differences from the reference, justified and open. */
function fieldByField(root: string): string {
  const { differences, open } = differenceSummary(root);
  return [
    '## Field by field',
    '',
    `\`npm run coverage -- --differences\` compares every operation of the spec with the reference's shapes`,
    '(`spec/reference-shapes.json`: parameters, bodies and answers, field by field, with types, required',
    `flags and enum values): ${differences.length} differences, ${differences.length - open} of them justified by the API`,
    `description or the reference's own words and ${open} open, each listed with its reason or fix in`,
    '`spec/reference-differences.yaml`.',
    '',
  ].join('\n');
}

/** Every difference between generated/openapi.json and spec/reference-shapes.json (the seed's paths for the moved ones). */
export function repositoryDifferences(root: string): ShapeDifference[] {
  const doc = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8')) as Record<string, unknown>;
  const shapes = JSON.parse(readFileSync(join(root, 'spec/reference-shapes.json'), 'utf8')) as ReferenceCatalog & {
    operations: Record<string, ReferenceShape>;
  };
  const seedPaths = new Map(readReference(root).map((op) => [`${op.method} ${op.path}`, op.seedPath ?? op.path]));
  return compareShapes(doc, shapes.operations, shapes, (key) => seedPaths.get(key) ?? key.slice(key.indexOf(' ') + 1));
}

/** spec/reference-differences.yaml: the justified differences and the open ones. */
export function knownDifferences(root: string): { justified: KnownDifference[]; open: KnownDifference[] } {
  return load(readFileSync(join(root, 'spec/reference-differences.yaml'), 'utf8')) as {
    justified: KnownDifference[];
    open: KnownDifference[];
  };
}

/** Every difference, how many the justified and the open entries match, and the unlisted and stale ones. */
function differenceSummary(root: string): {
  differences: ShapeDifference[];
  justified: number;
  open: number;
  unlisted: ShapeDifference[];
  stale: KnownDifference[];
} {
  const differences = repositoryDifferences(root);
  const known = knownDifferences(root);
  const matched = (entries: KnownDifference[]): number =>
    differences.length - unexplained(differences, entries).unlisted.length;
  const { unlisted, stale } = unexplained(differences, [...known.justified, ...known.open]);
  return { differences, justified: matched(known.justified), open: matched(known.open), unlisted, stale };
}

/** `--differences`: prints the unlisted differences and stale entries and the counts; exits 1 on any unlisted or stale. */
function printDifferences(root: string): void {
  const { differences, justified, open, unlisted, stale } = differenceSummary(root);
  for (const d of unlisted) console.log(`unlisted  ${d.key}  (${d.detail})`);
  for (const k of stale) console.log(`stale     ${k.key}`);
  console.log(
    `${differences.length} differences: ${justified} justified, ${open} open, ${unlisted.length} unlisted; ` +
      `${stale.length} stale entries`,
  );
  if (unlisted.length > 0 || stale.length > 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--differences')) return printDifferences(root);
  const rows = repositoryCoverage(root);
  const markdown = await coverageDocument(root, rows);
  if (process.argv.includes('--write')) {
    writeFileSync(join(root, 'docs/coverage.md'), markdown);
    const readme = join(root, 'README.md');
    writeFileSync(readme, withCoverageLine(readFileSync(readme, 'utf8'), coverageLine(rows)));
  }
  process.stdout.write(markdown);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
