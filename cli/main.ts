#!/usr/bin/env node
/**
 * `exchange-v4`: the package's command line. `exchange-v4 <area> <operation> --param value ...`
 * calls an operation (see cli/run.ts); `exchange-v4 mock [flags]` runs the companion's mock server
 * in this process's terminal until it is stopped.
 */
import { spawn } from 'node:child_process';
import { companionBin } from './companion.js';
import { errorJson, exitCodeFor } from './errors.js';
import { runCli } from './run.js';

/** Runs the companion's `exchange-v4-mock` with the given flags; resolves with its exit code. */
function runMock(flags: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, [companionBin(), ...flags], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? 1);
    });
  });
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'mock') {
    try {
      return await runMock(argv.slice(1));
    } catch (error) {
      process.stderr.write(`${JSON.stringify(errorJson(error))}\n`);
      return exitCodeFor(error);
    }
  }
  return runCli(argv, {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
