/**
 * The errors of an answer's body: one that is not the JSON the operation returns
 * (`ResponseBodyError`), and one past the client's size cap (`ResponseTooLargeError`). Kept apart
 * from errors.ts (every other class) only for size; they are exported with them from index.ts, and
 * their guards are in error-guards.ts.
 */
import { around } from './error-text.js';
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

/**
 * The server answered with a success status, but its body is not the JSON the operation returns
 * (a proxy's page, an answer cut short). For a write the status means the server accepted it: it
 * is not sent again, and `idempotency` names the id it carried. The body itself is never copied
 * into the error.
 */
export class ResponseBodyError extends ExchangeError {
  override name = 'ResponseBodyError';
  /** The success status the server answered with. */
  declare readonly status: number;
  /** Response headers (lower-case names), scrubbed like an `ApiError`'s. */
  declare readonly headers: Readonly<Record<string, string>>;
  /** The id field and value of the write, when it carried one. */
  declare readonly idempotency: { readonly field: string; readonly value: string } | undefined;

  constructor(
    status: number,
    headers: Readonly<Record<string, string>>,
    write: boolean,
    context: ErrorContext & { idempotency?: { field: string; value: string } | undefined } = {},
  ) {
    super(
      `${around(context.operation, '', ': ')}the server answered ${status} with a body that is not ` +
        `valid JSON${write ? '; it accepted the write, which is not sent again' : ''}`,
      context,
    );
    this.status = status;
    this.headers = headers;
    this.idempotency = context.idempotency;
  }
}
