/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/error-guards.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Type guards for the client's errors. Each accepts an error by `instanceof` or, when it carries
 * the client's brand (`Symbol.for('exchange-v4.error')`), by its `name`: when the ESM and the
 * CommonJS copies of the package are both loaded, an error thrown by one copy still passes the
 * other copy's guards (where `instanceof` alone would say no).
 */
import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  ERROR_BRAND,
  ExchangeError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  ServerError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from './errors.js';
import { ResponseBodyError, ResponseTooLargeError } from './response-errors.js';
import { WireDriftError } from './wire-drift.js';

/** True for an error of this client (of any copy of the package) whose class is one of `names`. */
function branded(e: unknown, names: readonly string[] | undefined): boolean {
  if (typeof e !== 'object' || e === null || (e as { [ERROR_BRAND]?: unknown })[ERROR_BRAND] !== true) return false;
  return names === undefined || names.includes((e as { name?: unknown }).name as string);
}

/**
 * A type guard for the errors of class `type`: `instanceof` this copy's class, or an error of any
 * copy of the package whose class is one of `names` (class names are given as text: bundlers may
 * rename classes, never the `name` each error sets).
 */
function guardOf<T extends ExchangeError>(
  type: abstract new (...args: never[]) => T,
  names: readonly string[] | undefined,
): (e: unknown) => e is T {
  return (e: unknown): e is T => e instanceof type || branded(e, names);
}

const API_ERRORS = [
  'ApiError',
  'BadRequestError',
  'AuthenticationError',
  'PermissionDeniedError',
  'NotFoundError',
  'ServerError',
  'RateLimitError',
] as const;

/** Type guard: any error thrown by this client. */
export const isExchangeError = /* @__PURE__ */ guardOf(ExchangeError, undefined);
/** Type guard: the server answered with an error status. */
export const isApiError = /* @__PURE__ */ guardOf(ApiError, API_ERRORS);
/** Type guard: rate limited (by the server or, in reject mode, by the client). */
export const isRateLimitError = /* @__PURE__ */ guardOf(RateLimitError, ['RateLimitError']);
/** Type guard: a write whose outcome is unknown. */
export const isUnknownOutcomeError = /* @__PURE__ */ guardOf(UnknownOutcomeError, ['UnknownOutcomeError']);
/** Type guard: a parameter failed validation before sending. */
export const isValidationError = /* @__PURE__ */ guardOf(ValidationError, ['ValidationError']);
/** Type guard: 400 or another 4xx without a class of its own. */
export const isBadRequestError = /* @__PURE__ */ guardOf(BadRequestError, ['BadRequestError']);
/** Type guard: 401 (bad key, signature, IP, or `REQUEST_EXPIRED`). */
export const isAuthenticationError = /* @__PURE__ */ guardOf(AuthenticationError, ['AuthenticationError']);
/** Type guard: 403. */
export const isPermissionDeniedError = /* @__PURE__ */ guardOf(PermissionDeniedError, ['PermissionDeniedError']);
/** Type guard: 404. */
export const isNotFoundError = /* @__PURE__ */ guardOf(NotFoundError, ['NotFoundError']);
/** Type guard: 5xx. */
export const isServerError = /* @__PURE__ */ guardOf(ServerError, ['ServerError']);
/** Type guard: the request could not be sent or the connection failed. */
export const isConnectionError = /* @__PURE__ */ guardOf(ConnectionError, ['ConnectionError']);
/** Type guard: no response within the timeout. */
export const isTimeoutError = /* @__PURE__ */ guardOf(TimeoutError, ['TimeoutError']);
/** Type guard: the caller aborted the call. */
export const isAbortError = /* @__PURE__ */ guardOf(AbortError, ['AbortError']);
/** Type guard: the server answered with a redirect, which was not followed. */
export const isRedirectError = /* @__PURE__ */ guardOf(RedirectError, ['RedirectError']);
/** Type guard: a success status with a body that is not valid JSON (a write it answers was accepted). */
export const isResponseBodyError = /* @__PURE__ */ guardOf(ResponseBodyError, ['ResponseBodyError']);
/** Type guard: an answer whose body passed `maxResponseBytes`, dropped unread. */
export const isResponseTooLargeError = /* @__PURE__ */ guardOf(ResponseTooLargeError, ['ResponseTooLargeError']);
/** Type guard: an answer field in a wire type that does not convert to its declared one (or any drift, with `wireDrift: 'error'`). */
export const isWireDriftError = /* @__PURE__ */ guardOf(WireDriftError, ['WireDriftError']);
