/*
 * Copied by exchange-v4 from templates/typescript/runtime/errors.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The client's error classes. One base class, one subclass per failure kind, and one factory
 * (`apiErrorFor`) that maps an HTTP status to its class. No error ever holds the API key, the
 * secret or a signature: only the fields listed here, all of which are safe to log.
 */

/** Known error labels are generated from the spec; any other string may arrive too. */
export type Label = string & {};

/** What every error carries about the call that failed. */
export interface ErrorContext {
  /** operationId of the call, or `request` for a raw request. */
  operation?: string | undefined;
  /** `METHOD /path` as sent (path without query). */
  endpoint?: string | undefined;
  /** Value of the client request id header sent with the call. */
  requestId?: string | undefined;
  /** Server trace id (from the response header the spec names). */
  traceId?: string | undefined;
  /** Underlying error (network failures); never a Request object. */
  cause?: unknown;
}

/** Base class of every error this client throws. */
export class ExchangeError extends Error {
  override name = 'ExchangeError';
  readonly operation: string | undefined;
  readonly endpoint: string | undefined;
  readonly requestId: string | undefined;
  readonly traceId: string | undefined;

  constructor(message: string, context: ErrorContext = {}) {
    super(message, context.cause === undefined ? undefined : { cause: context.cause });
    this.operation = context.operation;
    this.endpoint = context.endpoint;
    this.requestId = context.requestId;
    this.traceId = context.traceId;
  }

  /** A plain, log-safe object. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [k, v] of Object.entries(this)) if (v !== undefined && k !== 'cause') out[k] = v;
    return out;
  }
}

/** The server answered with a non-2xx status. */
export class ApiError extends ExchangeError {
  override name = 'ApiError';
  /** HTTP status. */
  readonly status: number;
  /** The error label (`INVALID_PARAM_VALUE`, `REQUEST_EXPIRED`, ...), or `UNKNOWN` without a body. */
  readonly label: Label;
  /** The body's `message`, or its `detail` when there is no message. */
  readonly detail: string;
  /** Response headers (lower-case names); never request headers. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    label: string,
    detail: string,
    headers: Readonly<Record<string, string>>,
    context: ErrorContext = {},
  ) {
    super(
      `${status} ${label}${detail ? `: ${detail}` : ''}${context.operation ? ` (${context.operation})` : ''}`,
      context,
    );
    this.status = status;
    this.label = label;
    this.detail = detail;
    this.headers = headers;
  }
}

/** 400 and any other 4xx without a class of its own. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
/** 401: bad key, signature, IP or expired timestamp (`REQUEST_EXPIRED`). */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 404. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 5xx. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/**
 * Too many requests: either the server answered 429 (`status` 429), or, in `reject` mode, the
 * client's own limiter refused to send (`status` 0, label `RATE_LIMITED_LOCALLY`).
 */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  /** Epoch milliseconds at which the bucket reopens, when known. */
  readonly resetAt: number | undefined;
  /** The limiter bucket (`<bucket>` of the operation). */
  readonly bucket: string | undefined;

  constructor(
    status: number,
    label: string,
    detail: string,
    headers: Readonly<Record<string, string>>,
    context: ErrorContext & { resetAt?: number | undefined; bucket?: string | undefined } = {},
  ) {
    super(status, label, detail, headers, context);
    this.resetAt = context.resetAt;
    this.bucket = context.bucket;
  }
}

/** The request could not be sent or no response arrived (DNS, refused, reset before sending). */
export class ConnectionError extends ExchangeError {
  override name = 'ConnectionError';
}

/** No response within the timeout. */
export class TimeoutError extends ExchangeError {
  override name = 'TimeoutError';
}

/** The caller aborted the call through its `AbortSignal`. */
export class AbortError extends ExchangeError {
  override name = 'AbortError';
}

/** A parameter broke a rule of the spec; nothing was sent and no rate-limit token was spent. */
export class ValidationError extends ExchangeError {
  override name = 'ValidationError';
  /** Parameter or body field name (`perms[0].name` for nested values). */
  readonly field: string;
  /** The offending value (`undefined` when missing). */
  readonly value: unknown;
  /** The rule, e.g. `required`, `enum`, `pattern`, `maximum`, `maxItems`, `decimal.gt`, `timeRange`. */
  readonly rule: string;

  constructor(field: string, value: unknown, rule: string, explanation: string, context: ErrorContext = {}) {
    super(
      `${context.operation ? `${context.operation}: ` : ''}${field} ${explanation} (rule: ${rule}, value: ${describe(value)})`,
      context,
    );
    this.field = field;
    this.value = value;
    this.rule = rule;
  }
}

/**
 * A write was sent but its outcome is unknown (timeout or connection loss after sending). It may
 * or may not have been applied. `idempotency` holds what identifies it; `client.resolveOutcome(err)`
 * looks the outcome up.
 */
export class UnknownOutcomeError extends ExchangeError {
  override name = 'UnknownOutcomeError';
  /** The id field and value that identify the write, when it carried one. */
  readonly idempotency: { readonly field: string; readonly value: string } | undefined;

  constructor(
    message: string,
    context: ErrorContext & { idempotency?: { field: string; value: string } | undefined } = {},
  ) {
    super(message, context);
    this.idempotency = context.idempotency;
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  try {
    const s = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- last resort for what JSON cannot show
    return s === undefined ? String(value) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- last resort for what JSON cannot show
    return String(value);
  }
}

/** Maps a response status to its error class. */
export function apiErrorFor(
  status: number,
  label: string,
  detail: string,
  headers: Readonly<Record<string, string>>,
  context: ErrorContext & { resetAt?: number | undefined; bucket?: string | undefined } = {},
): ApiError {
  if (status === 429) return new RateLimitError(status, label, detail, headers, context);
  if (status === 401) return new AuthenticationError(status, label, detail, headers, context);
  if (status === 403) return new PermissionDeniedError(status, label, detail, headers, context);
  if (status === 404) return new NotFoundError(status, label, detail, headers, context);
  if (status >= 500) return new ServerError(status, label, detail, headers, context);
  return new BadRequestError(status, label, detail, headers, context);
}

/** Type guard: any error thrown by this client. */
export const isExchangeError = (e: unknown): e is ExchangeError => e instanceof ExchangeError;
/** Type guard: the server answered with an error status. */
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
/** Type guard: rate limited (by the server or, in reject mode, by the client). */
export const isRateLimitError = (e: unknown): e is RateLimitError => e instanceof RateLimitError;
/** Type guard: a write whose outcome is unknown. */
export const isUnknownOutcomeError = (e: unknown): e is UnknownOutcomeError => e instanceof UnknownOutcomeError;
/** Type guard: a parameter failed validation before sending. */
export const isValidationError = (e: unknown): e is ValidationError => e instanceof ValidationError;
/** Type guard: 400 or another 4xx without a class of its own. */
export const isBadRequestError = (e: unknown): e is BadRequestError => e instanceof BadRequestError;
/** Type guard: 401 (bad key, signature, IP, or `REQUEST_EXPIRED`). */
export const isAuthenticationError = (e: unknown): e is AuthenticationError => e instanceof AuthenticationError;
/** Type guard: 403. */
export const isPermissionDeniedError = (e: unknown): e is PermissionDeniedError => e instanceof PermissionDeniedError;
/** Type guard: 404. */
export const isNotFoundError = (e: unknown): e is NotFoundError => e instanceof NotFoundError;
/** Type guard: 5xx. */
export const isServerError = (e: unknown): e is ServerError => e instanceof ServerError;
/** Type guard: the request could not be sent or the connection failed. */
export const isConnectionError = (e: unknown): e is ConnectionError => e instanceof ConnectionError;
/** Type guard: no response within the timeout. */
export const isTimeoutError = (e: unknown): e is TimeoutError => e instanceof TimeoutError;
/** Type guard: the caller aborted the call. */
export const isAbortError = (e: unknown): e is AbortError => e instanceof AbortError;
