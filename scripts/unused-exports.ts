/**
 * `npm run lint:exports`: fails when an exported name has no user anywhere (tests count as users).
 * Runs knip (configuration in knip.jsonc) for the findings, then keeps those that stand across the
 * runtime's two copies (scripts/unused-exports/pairs.ts): a generated file's banner names its source.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { standingFindings, type Finding } from './unused-exports/pairs.js';

const BANNER = /Copied by exchange-v4 from (\S+?)\.? Do not edit here/;

/** Every generated file that is a copy of a hand-written one, mapped to that file (paths from `root`). */
export function copiedFiles(root: string): Map<string, string> {
  const copies = new Map<string, string>();
  for (const entry of readdirSync(join(root, 'generated'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|py)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const source = BANNER.exec(readFileSync(path, 'utf8').slice(0, 400))?.[1];
    if (source !== undefined) copies.set(relative(root, path), source);
  }
  return copies;
}

interface KnipIssue {
  readonly file: string;
  readonly exports?: readonly { name: string; line: number }[];
  readonly types?: readonly { name: string; line: number }[];
}

/** knip's unused exports and exported types. */
async function knipFindings(root: string): Promise<Finding[]> {
  const knip = join(root, 'node_modules/knip/bin/knip.js');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [knip, '--no-progress', '--reporter', 'json', '--no-exit-code', '--include', 'exports,types'],
    { cwd: root, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
  );
  const report = JSON.parse(stdout) as { issues: readonly KnipIssue[] };
  return report.issues.flatMap((issue) =>
    [...(issue.exports ?? []), ...(issue.types ?? [])].map((item) => ({
      file: issue.file,
      name: item.name,
      line: item.line,
    })),
  );
}

async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const standing = standingFindings(await knipFindings(root), copiedFiles(root));
  for (const finding of standing)
    console.log(`${finding.file}:${finding.line}  ${finding.name} is exported but unused`);
  if (standing.length > 0) {
    console.log(`${standing.length} unused exports: remove the export (or the code), or use it.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
