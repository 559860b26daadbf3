/**
 * `npm run fixtures:draft -- [operationId ...]`: drafts mock fixtures from the spec for the named
 * operations, or for every operation that has no `mock/fixtures/<area>/<operationId>.json` yet
 * (a success fixture and one per declared error response, each named `drafted: ...` for review).
 * Existing files are never overwritten. Reads `generated/`: run `npm run generate` first.
 * `npm run spec:diff -- --write` runs it for the operations the diff reports as added.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DraftError, writeDrafts } from './fixtures/write.js';

const HELP = `usage: npm run fixtures:draft -- [operationId ...]

Drafts mock/fixtures/<area>/<operationId>.json from generated/openapi.json and generated/ir.json:
a success fixture (the response example, else a value from its schema) and one fixture per
declared error response, each named "drafted: ..." for review. Without ids: every operation that
has no fixture file yet. An existing file is never overwritten.`;

const args = process.argv.slice(2);
if (args.includes('-h') || args.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
const flag = args.find((a) => a.startsWith('-'));
if (flag !== undefined) {
  console.error(`fixtures:draft: unknown option ${flag}\n\n${HELP}`);
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  const report = await writeDrafts(root, args.length > 0 ? args : undefined);
  for (const file of report.written) console.log(`drafted ${file}`);
  for (const file of report.kept) console.log(`kept ${file} (exists)`);
  if (report.written.length === 0 && report.kept.length === 0) console.log('every operation has its fixture file');
} catch (error) {
  if (!(error instanceof DraftError)) throw error;
  console.error(`fixtures:draft: ${error.message}`);
  process.exit(2);
}
