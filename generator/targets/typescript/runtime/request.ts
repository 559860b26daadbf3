/**
 * What generated operation functions delegate to: `request` (any call, writes settled by
 * write-settlement.ts), `writeRequest` (writes with at most one body object), `readRequest`
 * (reads) and `pageRequest` (paginated reads, with the page iterator of pagination.ts). The loop itself is call-loop.ts.
 */

import { ApiPromise, PagePromise, type WithResponse } from './api-promise.js';
import { executeOperation } from './call-loop.js';
import { contextOf } from './context.js';
import type { Core } from './core.js';
import { ExchangeError, ValidationError } from './errors.js';
import { emitPage } from './logger.js';
import { plainMeta } from './operation-meta.js';
import type { OperationMeta } from './metadata.js';
import type { RequestOptions } from './options.js';
import { paginate } from './pagination.js';
import { executeRanged } from './ranged-call.js';
import { ONE_BODY_WRITE_EXTRAS, needsListExtras, WRITE_EXTRAS } from './write-settlement.js';

/**
 * Calls an operation. Returns a lazy {@link ApiPromise}: nothing is sent until it is awaited
 * (or `withResponse()` is called). A write whose outcome stays unknown is looked up by its id,
 * else ends as an `UnknownOutcomeError`. Generated functions of writes delegate here.
 */
export function request<T>(core: Core, meta: OperationMeta, params?: object, options?: RequestOptions): ApiPromise<T> {
  return new ApiPromise<T>(
    () =>
      executeOperation(
        contextOf(core),
        plainMeta(meta),
        (params ?? {}) as Params,
        options ?? {},
        WRITE_EXTRAS,
      ) as Promise<WithResponse<T>>,
  );
}

/**
 * Calls an operation that may write, with at most one body object: the same lazy
 * {@link ApiPromise} as {@link request}, without a list body's group limit and bad-item
 * collection or the paging checks of a lookup read in the bundle. An operation with a list body,
 * a group limit or a paginated lookup read is refused (`ValidationError`, nothing sent): it goes
 * through {@link request}. Generated functions of such writes delegate here.
 */
export function writeRequest<T>(
  core: Core,
  meta: OperationMeta,
  params?: object,
  options?: RequestOptions,
): ApiPromise<T> {
  return new ApiPromise<T>(async () => {
    const plain = plainMeta(meta);
    if (needsListExtras(plain)) {
      throw new ValidationError(
        'operation',
        plain.id,
        'unsupported',
        'is called through request(), not writeRequest()',
        {
          operation: plain.id,
        },
      );
    }
    return (await executeOperation(
      contextOf(core),
      plain,
      (params ?? {}) as Params,
      options ?? {},
      ONE_BODY_WRITE_EXTRAS,
    )) as WithResponse<T>;
  });
}

/**
 * Calls an operation that only reads (retried when safe, never settled as a write): the same
 * lazy {@link ApiPromise} as {@link request}, without the write lookup in the bundle. Generated
 * functions of reads delegate here.
 */
export function readRequest<T>(
  core: Core,
  meta: OperationMeta,
  params?: object,
  options?: RequestOptions,
): ApiPromise<T> {
  return new ApiPromise<T>(
    () => contextOf(core).execute(plainMeta(meta), (params ?? {}) as Params, options ?? {}) as Promise<WithResponse<T>>,
  );
}

/**
 * Calls a paginated operation. Awaiting gives the requested page; `for await` walks every page
 * (and time window) through the same request loop. Generated list functions delegate here.
 */
export function pageRequest<T, Item>(
  core: Core,
  lazy: OperationMeta,
  params?: object,
  options?: RequestOptions,
): PagePromise<T, Item> {
  const meta = plainMeta(lazy);
  const given = (params ?? {}) as Params;
  const opts = options ?? {};
  return new PagePromise<T, Item>(
    () => executeRanged(contextOf(core), meta, given, opts) as Promise<WithResponse<T>>,
    () => {
      const ctx = contextOf(core);
      const progress = { page: 0, items: 0 };
      const fetchPage = async (pageParams: Record<string, unknown>): Promise<readonly Item[]> => {
        const { data } = await executeRanged(ctx, meta, pageParams, opts);
        if (data !== undefined && data !== null && !Array.isArray(data)) {
          throw new ExchangeError(`${meta.id}: expected a list response to iterate, got ${typeof data}`, {
            operation: meta.id,
          });
        }
        const items = (data ?? []) as Item[];
        emitPage(ctx.settings.logger, meta, ctx.baseUrl, progress, items.length);
        return items;
      };
      return paginate<Item>(meta, given, fetchPage, () => ctx.clock.nowSeconds());
    },
  );
}

/** The flat params object as the request loop reads it. */
type Params = Readonly<Record<string, unknown>>;
