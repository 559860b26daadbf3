/**
 * A failure of the server-time sync that a call waited for is reported as that call's error: its
 * message and `operation` name the user's call (`listWithdrawals`), the sync's own error
 * (`getSystemTime`) is the cause, and the class stays what it was (a `ConnectionError` stays one).
 */
import {
  AbortError,
  ApiError,
  apiErrorFor,
  ConnectionError,
  ExchangeError,
  TimeoutError,
  type ErrorContext,
} from './errors.js';

/** The error of a call whose clock sync failed with `error`; the call itself was not sent. */
export function clockSyncFailure(error: unknown, context: ErrorContext): ExchangeError {
  const detail = error instanceof Error ? error.message : String(error);
  const message = `Server time sync failed while calling ${context.operation ?? 'the operation'}, which was not sent: ${detail}`;
  const ctx = { ...context, cause: error, traceId: error instanceof ExchangeError ? error.traceId : undefined };
  if (error instanceof ApiError) {
    const copy = apiErrorFor(error.status, error.label, error.detail, error.headers, ctx);
    copy.message = message;
    return copy;
  }
  if (error instanceof AbortError) return new AbortError(message, ctx);
  if (error instanceof TimeoutError) return new TimeoutError(message, ctx);
  if (error instanceof ConnectionError) return new ConnectionError(message, { ...ctx, requestSent: false });
  return new ExchangeError(message, ctx);
}
