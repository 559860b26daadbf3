/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/index.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Public surface of the client runtime. Generated code imports from here; users reach all of
 * it through the package entry point.
 */

export { Core, DEFAULT_TIMEOUT_MS } from './core.js';
export { ClientCore } from './client-core.js';
export { request, writeRequest, readRequest, pageRequest } from './request.js';
export { ApiPromise, PagePromise, type ResponseMeta, type WithResponse } from './api-promise.js';
export { resolveOutcome } from './outcome.js';
export type { ClientOptions, RequestOptions, RawRequest, Outcome } from './options.js';
export type { ClockSyncMode } from './clock.js';
export type { LogEvent, Logger } from './logger.js';
export {
  RateLimiter,
  type CallContext,
  type Limit,
  type ObservedResponse,
  type RateLimitMode,
  type RateLimiterOptions,
  type RateLimitSlot,
  type RateLimitStore,
} from './rate-limit.js';
export { parseJson, stringifyJson } from './json.js';
export { serializeQuery, encodeComponent } from './query.js';
export {
  createSigner,
  signatureString,
  bodySha512,
  loadCryptoBackend,
  EMPTY_BODY_SHA512,
  type Signer,
  type SignatureInput,
  type CryptoBackend,
} from './signing.js';
export { createSignerMiddleware, type SignerMiddleware, type SignerMiddlewareOptions } from './signer-middleware.js';
export { DEFAULT_MAX_RETRIES, RETRY_BASE_MS, RETRY_CAP_MS } from './retry-timing.js';
export * from './errors.js';
export { ResponseBodyError, ResponseTooLargeError } from './response-errors.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './response-cap.js';
export { WireDriftError, type WireDrift } from './wire-drift.js';
export * from './error-guards.js';
export type { ApiMeta, FieldRule, HttpMethod, OperationMeta, ValuePath, WireKind } from './metadata.js';
export type { OutcomeJournalStore } from './outcome-journal.js';
export type { JournalEntry, JournalTarget } from './journal-entry.js';
export type { PendingOutcome, ResolvedPending } from './pending-outcomes.js';
