/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/client-core.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * `ClientCore`: `Core` plus the methods of a whole client: a raw signed request to any path
 * (endpoints newer than the spec) and `resolveOutcome`. The generated `ExchangeClient` extends
 * it; a program that uses standalone operation functions on a plain `Core` bundles neither.
 */

import { ApiPromise, type WithResponse } from './api-promise.js';
import { executeOperation } from './call-loop.js';
import { contextOf } from './context.js';
import { Core } from './core.js';
import { envelopeParams } from './envelope.js';
import type { ApiMeta, OperationMeta } from './metadata.js';
import type { ClientOptions, Outcome, RawRequest, RequestOptions } from './options.js';
import { resolveOutcome } from './outcome.js';
import { pendingOutcomes, resolvePending, type PendingOutcome, type ResolvedPending } from './pending-outcomes.js';
import { rawOperationMeta } from './raw-request.js';
import type { UntypedJson } from './types.js';
import { WRITE_EXTRAS } from './write-settlement.js';

/** Base class of the generated client: `Core` with raw requests and `resolveOutcome`. */
export class ClientCore extends Core {
  readonly #operations: Readonly<Record<string, OperationMeta>>;

  /**
   * @param options client options
   * @param apiMeta API-wide metadata emitted by the generator
   * @param operations the spec's operations by id (the generated `operationMetas`): a raw request
   *   to one of their paths counts in that operation's rate-limit bucket
   */
  constructor(options: ClientOptions, apiMeta: ApiMeta, operations: Readonly<Record<string, OperationMeta>> = {}) {
    super(options, apiMeta);
    this.#operations = operations;
  }

  /**
   * Sends a request to any path, for endpoints newer than the spec: signed (unless
   * `auth: 'public'`), rate limited, retried and answered with the same typed errors as generated
   * operations. A path of a spec operation (`/spot/orders/123` is `getOrder`'s) takes that
   * operation's rate limit, retry policy and auth; any other path counts in one bucket per method
   * (`raw:GET`, ...; 150 / 10 s) and is retried only as a GET. The path is checked and encoded
   * before anything is sent (see the README). The result is untyped JSON (every integer a string
   * of its digits); name its type with `T`.
   */
  request<T = UntypedJson>(raw: RawRequest, options?: RequestOptions): ApiPromise<T> {
    return new ApiPromise<T>(async (): Promise<WithResponse<T>> => {
      const ctx = contextOf(this);
      const meta = rawOperationMeta(raw, ctx.apiMeta.pathPrefix, this.#operations);
      const params = envelopeParams(raw.query, raw.body);
      return (await executeOperation(ctx, meta, params, options ?? {}, WRITE_EXTRAS)) as WithResponse<T>;
    });
  }

  /**
   * Finds out whether a write that failed was applied: `applied` (with its record), `not-applied`
   * (certain by the service's rules; says whether to resend with the same id) or `unknown` (ask
   * again after `retryAfterMs`; never resend meanwhile). Takes any error of a write call; an
   * `UnknownOutcomeError` is looked up by the id its request carried.
   */
  resolveOutcome<T = unknown>(error: unknown): Promise<Outcome<T>> {
    return resolveOutcome<T>(this, error);
  }

  /**
   * The writes the outcome journal (`outcomeJournal` option) holds: sent (or about to be) by a
   * process that got no definitive answer, possibly one that crashed. Throws without a journal.
   */
  pendingOutcomes(): Promise<readonly PendingOutcome[]> {
    return pendingOutcomes(this);
  }

  /**
   * Resolves what the outcome journal holds by the lookups `resolveOutcome` makes: a write found
   * is `applied` and leaves the journal; any other stays, its outcome `unknown` with the reason.
   * Never resends. Throws without a journal.
   */
  resolvePending(): Promise<readonly ResolvedPending[]> {
    return resolvePending(this, this.#operations);
  }
}
