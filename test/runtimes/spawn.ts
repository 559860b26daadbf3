/**
 * Running a runtime's binary from the repository's node_modules with a bounded time, and the
 * paths the matrix shares.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A binary of node_modules/.bin, or an error saying how to get it. */
export function binary(name: string): string {
  const path = join(repoRoot, 'node_modules/.bin', name);
  if (!existsSync(path)) throw new Error(`${name} is not installed: run \`npm ci\` (it is a devDependency)`);
  return path;
}

/** Runs a command (no shell), resolving with stdout; rejects with stdout and stderr on failure or after `timeoutMs`. */
export function runCommand(
  file: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs: number },
): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      file,
      [...args],
      { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: options.timeoutMs, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error) fail(new Error(`${file} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
        else done(stdout);
      },
    );
  });
}

/** The last line of output that parses as JSON. */
export function lastJsonLine(stdout: string): unknown {
  const lines = stdout.trim().split('\n').reverse();
  for (const line of lines) {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      // not the result line
    }
  }
  throw new Error(`no JSON result in output:\n${stdout}`);
}
