/*
 * Copied by exchange-v4 from templates/typescript/runtime/logger.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Structured log events. The runtime reports what it does to an optional `logger` callback.
 * Events carry no headers and no body, so the API key, the secret, the Timestamp and the
 * signature can never reach a log through them.
 */

/** One thing the runtime did. */
export interface LogEvent {
  /**
   * `request`: an attempt is about to be sent; `response`: an attempt got an answer;
   * `retry`: the call will be sent again after `delayMs`; `error`: the call failed.
   */
  readonly type: 'request' | 'response' | 'retry' | 'error';
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
  /** Delay before the next attempt (retry events). */
  readonly delayMs?: number;
  /** Why: the error's class name and message (retry and error events). */
  readonly reason?: string;
}

/** Receives log events; must not throw (a throwing logger is ignored). */
export type Logger = (event: LogEvent) => void;

/** Field values of a log event; `undefined` fields are left out. */
export type LogEventInit = { [K in keyof LogEvent]: LogEvent[K] | undefined };

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

/** `Name: message` of an error, for the `reason` field. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
