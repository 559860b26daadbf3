/**
 * The Python side of the tests: one `python3 test/python/runner.py` process per test file, driving
 * the generated package (generated/python, standard library only) against a mock. Requests and
 * answers are JSON lines; answers are parsed losslessly (64-bit integers keep every digit).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  isLosslessNumber,
  LosslessNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';
import { MOCK_KEY, MOCK_SECRET } from '../../../mock/index.js';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The generated Python package's folder (put on `PYTHONPATH`). */
export const PYTHON_DIR = `${ROOT}generated/python`;

/** One call for the runner. */
export interface PythonCall {
  /** operationId. */
  op: string;
  /** The flat params (JSON; bigints and lossless numbers keep every digit). */
  params?: unknown;
  /** Per-call options (`timeout`, `max_retries`, `headers`, `rate_limit`, `idempotency_key`). */
  options?: Record<string, unknown>;
  /** Client options overriding the runner's defaults (limiter off, clock sync off, no retries). */
  client?: Record<string, unknown>;
  /** Run `client.resolve_outcome(error)` when the call fails. */
  resolve?: boolean;
}

/** What the runner answered. Numbers are lossless. */
export interface PythonAnswer {
  ok: boolean;
  result?: unknown;
  error?: Record<string, unknown>;
  resolution?: Record<string, unknown>;
  /** The raw answers (status and body text) the client received, oldest first. */
  raw: Array<{ status: number; text: string }>;
  /** The log events the client emitted. */
  events: Array<Record<string, unknown>>;
}

/** A running Python runner. */
export interface PythonRunner {
  call(request: PythonCall, timeoutMs?: number): Promise<PythonAnswer>;
  close(): Promise<void>;
}

/** Safe integers as numbers; every other number as its exact text (a `LosslessNumber`). */
function exactNumber(text: string): number | LosslessNumber {
  return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : new LosslessNumber(text);
}

/** Which Python client the runner drives: `ExchangeClient` or `AsyncExchangeClient`. */
export type PythonClientKind = 'sync' | 'async';

/** Both Python clients, for suites that run every case through each. */
export const PYTHON_CLIENTS: readonly PythonClientKind[] = ['sync', 'async'];

/** Starts the runner against `baseUrl` with the mock's key pair, driving the `kind` client. */
export function startRunner(
  baseUrl: string,
  key = MOCK_KEY,
  secret = MOCK_SECRET,
  kind: PythonClientKind = 'sync',
): PythonRunner {
  const child: ChildProcessWithoutNullStreams = spawn(
    'python3',
    [`${ROOT}test/python/runner.py`, baseUrl, key, secret, ...(kind === 'async' ? ['--async'] : [])],
    {
      env: { ...process.env, PYTHONPATH: PYTHON_DIR, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const waiting = new Map<number, (answer: PythonAnswer) => void>();
  lines.on('line', (line) => {
    const answer = parseLossless(line, null, exactNumber) as PythonAnswer & { seq: number };
    waiting.get(answer.seq)?.(answer);
  });
  let seq = 0;
  return {
    call(request, timeoutMs = 15_000) {
      const id = ++seq;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`python runner gave no answer to ${request.op} in ${timeoutMs} ms\n${stderr}`));
        }, timeoutMs);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(answer);
        });
        child.stdin.write(`${stringifyLossless({ ...request, seq: id })}\n`);
      });
    },
    close() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
        setTimeout(() => child.kill(), 2_000).unref();
      });
    },
  };
}

/** A lossless value with every number as its canonical text, for order-free comparisons across languages. */
export function canonicalNumbers(value: unknown): unknown {
  if (isLosslessNumber(value) || typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value);
    return /^-?\d+$/.test(text) ? `#${BigInt(text).toString()}` : `#${Number(text)}`;
  }
  if (Array.isArray(value)) return value.map(canonicalNumbers);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, canonicalNumbers(v)]));
  return value;
}
