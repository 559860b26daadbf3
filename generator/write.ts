/**
 * Last stage: write the changed output files (after everything was produced and formatted, so
 * nothing is written half-way) or, in check mode, report the drift.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Outputs } from './output.js';

/** Result of writing or checking. */
export interface OutputReport {
  written: string[];
  unchanged: string[];
  removed: string[];
  /** Check mode: a readable summary of what differs (empty when nothing does). */
  drift: string[];
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? listFiles(path.join(dir, e.name), base)
        : Promise.resolve([path.relative(base, path.join(dir, e.name))]),
    ),
  );
  return nested.flat().map((f) => f.split(path.sep).join('/'));
}

function firstDifference(file: string, before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const added = b.length - a.length;
  return (
    `  changed  ${file} (first difference at line ${i + 1}; ${added >= 0 ? '+' : ''}${added} lines)\n` +
    `           on disk:  ${JSON.stringify((a[i] ?? '<end of file>').slice(0, 100))}\n` +
    `           expected: ${JSON.stringify((b[i] ?? '<end of file>').slice(0, 100))}`
  );
}

/** Writes (or, with `check`, compares) `outputs` into `dir`, removing files no longer produced. */
export async function syncOutputs(outputs: Outputs, dir: string, check: boolean): Promise<OutputReport> {
  const report: OutputReport = { written: [], unchanged: [], removed: [], drift: [] };
  const existing = new Set(await listFiles(dir));
  const changed: Array<[string, string]> = [];
  // Every file on disk is read at once (the reads overlap); the comparison and writes follow in order.
  const files = [...outputs.keys()];
  const befores = await Promise.all(
    files.map((file) => (existing.has(file) ? readFile(path.join(dir, file), 'utf8') : Promise.resolve(undefined))),
  );
  for (const [i, file] of files.entries()) {
    const text = outputs.get(file) as string;
    const before = befores[i];
    existing.delete(file);
    if (before === text) report.unchanged.push(file);
    else {
      changed.push([file, text]);
      if (check) report.drift.push(before === undefined ? `  missing  ${file}` : firstDifference(file, before, text));
    }
  }
  const stale = [...existing].filter((f) => !f.startsWith('node_modules/')).sort();
  if (check) {
    report.drift.push(...stale.map((f) => `  extra    ${f} (no longer generated)`));
    return report;
  }
  for (const [file, text] of changed) {
    const target = path.join(dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.tmp`, text);
    await rename(`${target}.tmp`, target);
    report.written.push(file);
  }
  for (const file of stale) {
    await rm(path.join(dir, file));
    report.removed.push(file);
  }
  return report;
}
