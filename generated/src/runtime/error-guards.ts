/*
 * Copied by exchange-v4 from templates/typescript/runtime/error-guards.ts. Do not edit here: edit that file,
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

/** True for an error of this client (of any copy of the package) whose class is one of `names`. */
function branded(e: unknown, names: readonly string[] | undefined): boolean {
  if (typeof e !== 'object' || e === null || (e as { [ERROR_BRAND]?: unknown })[ERROR_BRAND] !== true) return false;
  return names === undefined || names.includes((e as { name?: unknown }).name as string);
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
export const isExchangeError = (e: unknown): e is ExchangeError => e instanceof ExchangeError || branded(e, undefined);
/** Type guard: the server answered with an error status. */
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError || branded(e, API_ERRORS);
/** Type guard: rate limited (by the server or, in reject mode, by the client). */
export const isRateLimitError = (e: unknown): e is RateLimitError =>
  e instanceof RateLimitError || branded(e, ['RateLimitError']);
/** Type guard: a write whose outcome is unknown. */
export const isUnknownOutcomeError = (e: unknown): e is UnknownOutcomeError =>
  e instanceof UnknownOutcomeError || branded(e, ['UnknownOutcomeError']);
/** Type guard: a parameter failed validation before sending. */
export const isValidationError = (e: unknown): e is ValidationError =>
  e instanceof ValidationError || branded(e, ['ValidationError']);
/** Type guard: 400 or another 4xx without a class of its own. */
export const isBadRequestError = (e: unknown): e is BadRequestError =>
  e instanceof BadRequestError || branded(e, ['BadRequestError']);
/** Type guard: 401 (bad key, signature, IP, or `REQUEST_EXPIRED`). */
export const isAuthenticationError = (e: unknown): e is AuthenticationError =>
  e instanceof AuthenticationError || branded(e, ['AuthenticationError']);
/** Type guard: 403. */
export const isPermissionDeniedError = (e: unknown): e is PermissionDeniedError =>
  e instanceof PermissionDeniedError || branded(e, ['PermissionDeniedError']);
/** Type guard: 404. */
export const isNotFoundError = (e: unknown): e is NotFoundError =>
  e instanceof NotFoundError || branded(e, ['NotFoundError']);
/** Type guard: 5xx. */
export const isServerError = (e: unknown): e is ServerError => e instanceof ServerError || branded(e, ['ServerError']);
/** Type guard: the request could not be sent or the connection failed. */
export const isConnectionError = (e: unknown): e is ConnectionError =>
  e instanceof ConnectionError || branded(e, ['ConnectionError']);
/** Type guard: no response within the timeout. */
export const isTimeoutError = (e: unknown): e is TimeoutError =>
  e instanceof TimeoutError || branded(e, ['TimeoutError']);
/** Type guard: the caller aborted the call. */
export const isAbortError = (e: unknown): e is AbortError => e instanceof AbortError || branded(e, ['AbortError']);
/** Type guard: the server answered with a redirect, which was not followed. */
export const isRedirectError = (e: unknown): e is RedirectError =>
  e instanceof RedirectError || branded(e, ['RedirectError']);
