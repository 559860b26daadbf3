/**
 * `npm run record -- --base <url> --op <operationId> [--params <json>] [--scrub-accounts] [--out <dir>]`
 *
 * Calls one operation on a real deployment (signed with --key/--secret or EXCHANGE_V4_KEY /
 * EXCHANGE_V4_SECRET) and writes the exchange as a mock fixture. See scripts/recorder/args.ts for the
 * flags. Exit codes: 0 written, 1 failed (bad arguments, call failed, spec mismatch), 2 refused
 * because a credential would have been written.
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExchangeError } from '../generated/src/index.js';
import { USAGE, UsageError, parseArgs } from './recorder/args.js';
import { LeakRefusedError, recordFixture } from './recorder/record.js';

/** Runs the command line; returns the exit code. */
export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  let args;
  try {
    args = parseArgs(argv, env);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`record: ${e.message}\n`);
    return 1;
  }
  if ('help' in args) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const result = await recordFixture(args);
    const { status } = result.fixture.response;
    const scrubbed = args.scrubAccounts ? ', account ids scrubbed' : '';
    process.stdout.write(
      `wrote ${relative(process.cwd(), result.file)}: "${result.fixture.name}" (status ${status}${scrubbed})\n`,
    );
    if (result.specProblem !== undefined) process.stderr.write(`record: warning: ${result.specProblem}\n`);
    return 0;
  } catch (e) {
    const message = e instanceof ExchangeError ? `${e.name}: ${e.message}` : (e as Error).message;
    process.stderr.write(`record: ${message}\n`);
    return e instanceof LeakRefusedError ? 2 : 1;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2), process.env).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`record: ${(e as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
