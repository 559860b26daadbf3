/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/errors.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The client's error classes. One base class, one subclass per failure kind, and one factory
 * (`apiErrorFor`) that maps an HTTP status to its class. No error ever holds the API key, the
 * secret or a signature: only the fields listed here, all of which are safe to log.
 *
 * Every error carries a brand (`Symbol.for('exchange-v4.error')`) so the guards in
 * error-guards.ts recognise errors thrown by another copy of the package.
 */
import { around, describe } from './error-text.js';

/** Brand of every error this client throws (a registered symbol: the same in every copy of the package). */
export const ERROR_BRAND: unique symbol = Symbol.for('exchange-v4.error');

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
  declare readonly operation: string | undefined;
  declare readonly endpoint: string | undefined;
  declare readonly requestId: string | undefined;
  declare readonly traceId: string | undefined;

  constructor(message: string, context: ErrorContext = {}) {
    super(message, context.cause === undefined ? undefined : { cause: context.cause });
    this.operation = context.operation;
    this.endpoint = context.endpoint;
    this.requestId = context.requestId;
    this.traceId = context.traceId;
    Object.defineProperty(this, ERROR_BRAND, { value: true });
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
  declare readonly status: number;
  /** The error label (`INVALID_PARAM_VALUE`, `REQUEST_EXPIRED`, ...), or `UNKNOWN` without a body. */
  declare readonly label: Label;
  /** The body's `message`, or its `detail` when there is no message. */
  declare readonly detail: string;
  /** Response headers (lower-case names); never request headers. */
  declare readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    label: string,
    detail: string,
    headers: Readonly<Record<string, string>>,
    context: ErrorContext = {},
  ) {
    super(`${status} ${label}${detail ? `: ${detail}` : ''}${around(context.operation, ' (', ')')}`, context);
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
  declare readonly resetAt: number | undefined;
  /** The limiter bucket (`<bucket>` of the operation). */
  declare readonly bucket: string | undefined;

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

/** The request could not be sent or no response arrived (DNS, refused, connection reset). */
export class ConnectionError extends ExchangeError {
  override name = 'ConnectionError';
  /**
   * `false` when the request certainly never left this machine (connection refused, DNS failure):
   * the server cannot have applied it. `true` when it may have reached the server.
   */
  declare readonly requestSent: boolean;

  constructor(message: string, context: ErrorContext & { requestSent?: boolean | undefined } = {}) {
    super(message, context);
    this.requestSent = context.requestSent ?? true;
  }
}

/**
 * The server answered with a redirect (3xx). A request is never re-sent to a redirect target:
 * a signed request could be replayed by whoever answers there. `location` is the target's origin
 * only (scheme, host, port; no path, query or credentials), `undefined` when it is not known (a
 * browser's opaque redirect, status 0). For a write, 307 and 308 mean the server did not process
 * the request; after any other redirect the write's outcome is unknown (see `UnknownOutcomeError`).
 */
export class RedirectError extends ExchangeError {
  override name = 'RedirectError';
  /** The redirect status (301, 302, 303, 307, 308, ...), or 0 for a browser's opaque redirect. */
  declare readonly status: number;
  /** Origin of the redirect target (`https://host:port`), when known. */
  declare readonly location: string | undefined;

  constructor(status: number, location: string | undefined, context: ErrorContext = {}) {
    super(
      `The server answered ${status === 0 ? 'with a redirect' : status} to ${location ?? 'an unknown location'}; ` +
        `requests are never re-sent to a redirect target${around(context.operation, ' (', ')')}`,
      context,
    );
    this.status = status;
    this.location = location;
  }
}

/** No response within the timeout. */
export class TimeoutError extends ExchangeError {
  override name = 'TimeoutError';
}

/** The caller aborted the call through its `AbortSignal`. */
export class AbortError extends ExchangeError {
  override name = 'AbortError';
}

/**
 * One bad item of a list body: the item's first bad field (`body[7].price`), its value
 * (`[redacted]` for secrets), the rule, and the message a `ValidationError` for that item alone
 * would carry.
 */
export interface ValidationIssue {
  readonly field: string;
  readonly value: unknown;
  readonly rule: string;
  readonly message: string;
}

/** A parameter broke a rule of the spec; nothing was sent and no rate-limit token was spent. */
export class ValidationError extends ExchangeError {
  override name = 'ValidationError';
  /** Parameter or body field name (`perms[0].name` for nested values). */
  declare readonly field: string;
  /** The offending value (`undefined` when missing). */
  declare readonly value: unknown;
  /** The rule, e.g. `required`, `enum`, `pattern`, `maximum`, `maxItems`, `decimal.gt`, `timeRange`. */
  declare readonly rule: string;
  /**
   * Every bad item of a list body (the batch endpoints) when two or more are bad: one entry per bad
   * item (its first bad field), in item order, the first being the one `field`, `value` and `rule`
   * name. `undefined` when only one item is bad and for every other error.
   */
  declare readonly issues: readonly ValidationIssue[] | undefined;

  /** `issues`: the bad items of a list body, when two or more are bad (list-issues.ts names the others in the message). */
  constructor(
    field: string,
    value: unknown,
    rule: string,
    explanation: string,
    context: ErrorContext = {},
    issues?: readonly ValidationIssue[],
  ) {
    super(
      `${around(context.operation, '', ': ')}${field} ${explanation} (rule: ${rule}, value: ${describe(value)})`,
      context,
    );
    this.field = field;
    this.value = value;
    this.rule = rule;
    if (issues !== undefined) this.issues = issues;
  }
}

/**
 * A write was sent and no definitive answer came (timeout, connection lost after sending, a 5xx,
 * a redirect other than 307/308, an abort after sending): it may or may not have been applied.
 * `idempotency` holds the id the request actually carried (given or generated), when the operation
 * has one; `client.resolveOutcome(err)` finds out whether it was applied. The client never sends
 * such a write again on its own unless the server deduplicates it by that id.
 */
export class UnknownOutcomeError extends ExchangeError {
  override name = 'UnknownOutcomeError';
  /** The id field and value that identify the write, when it carried one. */
  declare readonly idempotency: { readonly field: string; readonly value: string } | undefined;
  /** A batch (orders placed in one call): the id of each item, in item order. */
  declare readonly items: readonly { readonly field: string; readonly value: string }[] | undefined;

  constructor(
    message: string,
    context: ErrorContext & {
      idempotency?: { field: string; value: string } | undefined;
      items?: readonly { field: string; value: string }[] | undefined;
    } = {},
  ) {
    super(message, context);
    this.idempotency = context.idempotency;
    this.items = context.items === undefined ? undefined : Object.freeze(context.items.map((id) => ({ ...id })));
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
  const Class = STATUS_CLASSES[status] ?? (status >= 500 ? ServerError : BadRequestError);
  return new Class(status, label, detail, headers, context);
}

/** The statuses with a class of their own (any other 5xx is a `ServerError`, any other a `BadRequestError`). */
const STATUS_CLASSES: Readonly<Record<number, typeof ApiError>> = {
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  429: RateLimitError,
};
