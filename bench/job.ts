/**
 * The contract between the orchestrator and a runner process: the job it is given, the result
 * it prints, and a secret-free description of client errors.
 */
import type { ClientId } from './clients.js';
import type { ConcurrentResult, SequentialResult } from './measure.js';

/** What the orchestrator asks of one runner. */
export interface RunnerJob {
  readonly client: ClientId;
  readonly baseUrl: string;
  readonly key: string;
  readonly scratch: string;
  readonly oursEntry: string;
  /**
   * Calls of each kind before measuring: this many GET+POST pairs one after another, then this
   * many GETs and this many POSTs at `concurrency` (the concurrent loops' sockets and code path).
   */
  readonly warmup: number;
  /** Sequential calls per latency loop. */
  readonly sequentialCalls: number;
  /** Calls of the concurrent loop. */
  readonly concurrentCalls: number;
  readonly concurrency: number;
  /** Upper bound of each loop, ms. */
  readonly loopMaxMs: number;
}

/** What one runner reports. */
export type RunnerResult =
  | {
      readonly ok: true;
      readonly client: ClientId;
      readonly get: SequentialResult;
      readonly post: SequentialResult;
      /** GETs at the job's concurrency. */
      readonly throughput: ConcurrentResult;
      /** POSTs at the job's concurrency. */
      readonly throughputPost: ConcurrentResult;
    }
  | { readonly ok: false; readonly client: ClientId; readonly error: string };

/** A value as plain text: strings and numbers as they are, objects as JSON, nothing as ''. */
function shortText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? '';
}

/** A short, secret-free description of whatever a client threw. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; message?: unknown; body?: unknown };
    const label = (e.body as { label?: unknown } | undefined)?.label;
    return [e.code, e.message, label].map(shortText).join(' ').trim().slice(0, 300);
  }
  return String(error).slice(0, 300);
}
