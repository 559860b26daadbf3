/**
 * What every operation returns: a lazy promise of the data that can also give the response
 * metadata (`withResponse()`), and, for paginated operations, iterate every item of every page.
 */

/** Metadata of the response a call ended with. */
export interface ResponseMeta {
  /** HTTP status. */
  readonly status: number;
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Server trace id (from the trace-id header the spec names). */
  readonly traceId?: string;
  /** The client request id of the call (sent with it, except on public calls in a browser). */
  readonly requestId: string;
  /** Live rate-limit counters the server reported. */
  readonly rateLimit: {
    readonly remaining?: number;
    readonly limit?: number;
    /** Epoch ms at which the window reopens. */
    readonly resetAt?: number;
  };
  /** Pagination headers, when the endpoint sends them. */
  readonly pagination: { readonly total?: number; readonly limit?: number; readonly offset?: number };
  /** How many times the request was sent for this call (1 without retries). */
  readonly attempts: number;
}

/** Data and response metadata of one call. */
export interface WithResponse<T> {
  readonly data: T;
  readonly response: ResponseMeta;
}

/**
 * A lazy promise of an operation's data. Nothing is sent until `then`, `catch`, `finally` or
 * `withResponse` is first called; the call then runs once and its result is shared by every
 * later use. `await client.wallet.transfer(...)` gives the data;
 * `await client.wallet.transfer(...).withResponse()` gives `{ data, response }`.
 */
export class ApiPromise<T> implements PromiseLike<T> {
  #run: () => Promise<WithResponse<T>>;
  #result: Promise<WithResponse<T>> | undefined;

  /** @param run performs the call; invoked at most once. */
  constructor(run: () => Promise<WithResponse<T>>) {
    this.#run = run;
  }

  /** Runs the call (once) and resolves with the data and the response metadata. */
  withResponse(): Promise<WithResponse<T>> {
    if (this.#result === undefined) {
      try {
        this.#result = this.#run();
      } catch (error) {
        this.#result = Promise.reject(error);
      }
    }
    return this.#result;
  }

  /** Runs the call (once) and continues with its data. */
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.withResponse().then((r) => (onfulfilled ? onfulfilled(r.data) : (r.data as unknown as R1)), onrejected);
  }

  /** Runs the call (once) and handles its failure. */
  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  /** Runs the call (once) and runs `onfinally` when it settles. */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  /** `ApiPromise`. */
  get [Symbol.toStringTag](): string {
    return 'ApiPromise';
  }
}

/**
 * A paginated operation's result. Awaiting it gives the one page the params ask for (like
 * {@link ApiPromise}); iterating it with `for await` yields every item of every page (and of
 * every time window when the operation limits the time range). Each page is a full call:
 * validated, rate limited, signed and retried.
 */
export class PagePromise<T, Item> extends ApiPromise<T> implements AsyncIterable<Item> {
  #iterate: () => AsyncIterator<Item>;

  /**
   * @param run fetches the page the params ask for
   * @param iterate starts a fresh walk over every page (each `for await` starts again)
   */
  constructor(run: () => Promise<WithResponse<T>>, iterate: () => AsyncIterator<Item>) {
    super(run);
    this.#iterate = iterate;
  }

  /** Yields every item of every page. */
  [Symbol.asyncIterator](): AsyncIterator<Item> {
    return this.#iterate();
  }

  /** Collects every item of every page into one array (bounded by `max`, default 100 000). */
  async toArray(max = 100_000): Promise<Item[]> {
    const out: Item[] = [];
    for await (const item of this) {
      out.push(item);
      if (out.length >= max) break;
    }
    return out;
  }

  /** `PagePromise`. */
  override get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}
