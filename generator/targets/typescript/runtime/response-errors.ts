/**
 * The error of an answer whose body passed the client's size cap (`maxResponseBytes`). Kept apart
 * from errors.ts (every other class) only for size; it is exported with them from index.ts, and
 * its guard is in error-guards.ts.
 */
import { ExchangeError, type ErrorContext } from './errors.js';

/**
 * The server's answer has a body larger than `maxResponseBytes` (default 16 MiB), counted after
 * content decoding: the client stopped reading it and closed the connection, so nothing of it is
 * kept. Not a `ResponseBodyError`: the status may be any, and a write it answers is not known to be
 * accepted. A read fails with it once its retries are spent; a write ends as an
 * `UnknownOutcomeError` (after a lookup by its id, where it has one) whose `cause` is this error.
 */
export class ResponseTooLargeError extends ExchangeError {
  override name = 'ResponseTooLargeError';
  /** The status the server answered with. */
  declare readonly status: number;
  /** The cap the body passed, in bytes (`maxResponseBytes`). */
  declare readonly limit: number;

  constructor(status: number, limit: number, context: ErrorContext = {}) {
    super(
      `${context.operation ? `${context.operation}: ` : ''}the server answered ${status} with a body larger than ` +
        `${limit} bytes (maxResponseBytes); it was not read`,
      context,
    );
    this.status = status;
    this.limit = limit;
  }
}
