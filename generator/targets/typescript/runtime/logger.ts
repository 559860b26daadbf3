/**
 * Structured log events. The runtime reports what it does to an optional `logger` callback.
 * Events carry no headers and no body, so the API key, the secret, the Timestamp and the
 * signature can never reach a log through them.
 */

/** One thing the runtime did. */
export interface LogEvent {
  /**
   * `request`: an attempt is about to be sent; `response`: an attempt got an answer;
   * `retry`: the call will be sent again after `delayMs`; `lookup`: a write whose answer was lost
   * is being looked up by its id; `rate-limit-wait`: the attempt waited `delayMs` (at least
   * `RATE_LIMIT_WAIT_LOG_MS`, 100 ms) for room in rate-limit bucket `bucket`; `page`: iterating a
   * list (`for await`) got page `page`, `items` items so far; `error`: the call failed;
   * `rate-limit-store`: a shared rate-limit store changed state (`reason`: Redis unreachable or
   * slow, the call counts in a local limiter at a share of the limits; or Redis answers again);
   * `drift`: an answer field arrived as `wireType` where the spec declares `declaredType` and was
   * converted (once per client, operation, field and wire type: the spec may be stale).
   */
  readonly type:
    'request' | 'response' | 'retry' | 'lookup' | 'rate-limit-wait' | 'page' | 'error' | 'rate-limit-store' | 'drift';
  /** operationId (`request` for a raw request). */
  readonly operation: string;
  readonly method: string;
  /** Full URL with the query string as sent. */
  readonly url: string;
  /** 1 for the first send of the call. */
  readonly attempt: number;
  readonly status?: number;
  /** Time from sending to the end of the response (response events). */
  readonly durationMs?: number;
  readonly traceId?: string;
  /** The client request id sent with the call. */
  readonly requestId?: string;
  /** Delay before the next attempt (retry events), or the time waited for the limiter (rate-limit-wait). */
  readonly delayMs?: number;
  /** The rate-limit bucket (rate-limit-wait events), with its market for per-market buckets (`spot-place BTC_USDT`). */
  readonly bucket?: string;
  /** Page number within the iteration, from 1 (page events). */
  readonly page?: number;
  /** Items received so far in the iteration, this page included (page events). */
  readonly items?: number;
  /** Why: the error's class name and message (retry and error events). */
  readonly reason?: string;
  /** The answer field's place, `*` for every item (drift events). */
  readonly field?: string;
  /** How the field arrived: `number`, `string`, ... (drift events). */
  readonly wireType?: string;
  /** What the spec declares: `decimal`, `int64`, `number`, `integer` or `time` (drift events). */
  readonly declaredType?: string;
}

/** A limiter wait at least this long (ms) is reported as a `rate-limit-wait` event. */
export const RATE_LIMIT_WAIT_LOG_MS = 100;

/** Receives log events; must not throw (a throwing logger is ignored). */
export type Logger = (event: LogEvent) => void;

/** Fields every event has. */
type EventCore = 'type' | 'operation' | 'method' | 'url' | 'attempt';

/** Field values of a log event; `undefined` fields are left out. */
export type LogEventInit = Pick<LogEvent, EventCore> & {
  [K in Exclude<keyof LogEvent, EventCore>]?: LogEvent[K] | undefined;
};

/** Calls the logger with the event, dropping undefined fields; logger failures are swallowed. */
export function emit(logger: Logger | undefined, init: LogEventInit): void {
  if (!logger) return;
  const event: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(init)) if (v !== undefined) event[k] = v;
  try {
    logger(event as unknown as LogEvent);
  } catch {
    // A logger must never break a call.
  }
}

/** Counts a page of an iteration into `progress` and reports it as a `page` event. */
export function emitPage(
  logger: Logger | undefined,
  meta: { readonly id: string; readonly method: string; readonly path: string },
  baseUrl: string,
  progress: { page: number; items: number },
  count: number,
): void {
  progress.page += 1;
  progress.items += count;
  const { page, items } = progress;
  emit(logger, {
    type: 'page',
    operation: meta.id,
    method: meta.method,
    url: `${baseUrl}${meta.path}`,
    attempt: 1,
    page,
    items,
  });
}

/** `Name: message` of an error, for the `reason` field. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
