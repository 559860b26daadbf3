/**
 * Runs one benchmark job in a child process (the Node runner, or the Python one): the job goes in
 * through the environment, the result comes back as one `BENCH_RESULT <json>` line on stdout. The
 * child is killed after `timeoutMs`; a child that ends without a result is a failure naming why.
 */
import { spawn } from 'node:child_process';

/** A job's failure: which client, and why (the last lines of the child's stderr). */
export interface JobFailure<C extends string> {
  readonly ok: false;
  readonly client: C;
  readonly error: string;
}

/** Spawns `command args` in `cwd` with `env` and resolves with its `BENCH_RESULT`, or a failure. */
export function runChildJob<R, C extends string>(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; client: C; timeoutMs: number },
): Promise<R | JobFailure<C>> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    const fail = (error: string): void => resolve({ ok: false, client: options.client, error });
    child.on('error', (error) => fail(`${command} could not start: ${error.message}`));
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (line) return resolve(JSON.parse(line.slice('BENCH_RESULT '.length)) as R);
      const why = code === null ? `killed after ${options.timeoutMs} ms` : `exit ${code}`;
      fail(`runner ${why}: ${err.trim().split('\n').slice(-3).join(' ').slice(0, 300)}`);
    });
  });
}
