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

/** docs/coverage.md as `--write` writes it: {@link coverageMarkdown}, formatted by prettier. */
export async function coverageDocument(root: string, rows: readonly CoverageRow[]): Promise<string> {
  const path = join(root, 'docs/coverage.md');
  return format(coverageMarkdown(rows), { ...(await resolveConfig(path)), filepath: path });
}

async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
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
