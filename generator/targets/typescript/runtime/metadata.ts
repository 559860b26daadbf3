/**
 * Operation metadata: the data the generator emits for every operation and the runtime reads.
 * This file is the contract between `generator/` and the runtime; it holds types only.
 */

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A path to values inside a JSON body: property names, or `*` for every array item / map value. */
export type ValuePath = readonly string[];

/**
 * A declared type of an answer value, by its letter in an operation's `wire` descriptor: `d`
 * decimal string, `i` int64 (a digit string in this client), `n` number, `g` integer (not int64),
 * `s` time string.
 */
export type WireKind = 'd' | 'i' | 'n' | 'g' | 's';

/** A rule checked on one parameter or body field before any I/O. */
export interface FieldRule {
  /** Field name as sent on the wire. */
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'body';
  readonly required?: true;
  readonly type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  /** `int32` / `int64` for integers; `decimal` for amount strings. */
  readonly format?: string;
  readonly enum?: readonly (string | number | boolean)[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** Extra rules for decimal strings: strictly greater than `gt`, at most `maxScale` decimals. */
  readonly decimal?: { readonly gt?: string; readonly maxScale?: number };
  /** A secret (`format: password` / `writeOnly`): its value never appears in an error or a log. */
  readonly secret?: true;
  /** Rule for every array item. */
  readonly items?: ValueRule;
  /** Rules of an object's own fields (checked when the object is present; `in` is that of the parent). */
  readonly properties?: readonly FieldRule[];
}

/** What a rule says about one value, whatever its name and place (an array item's rule, a list body's rule). */
export type ValueRule = Omit<FieldRule, 'name' | 'in' | 'required'>;

/**
 * A requirement that holds only in some cases (a request schema's `if`/`then`): when every field
 * in `when` holds one of its listed values, every field in `require` must be set.
 */
export interface ConditionalRule {
  readonly when: readonly { readonly field: string; readonly oneOf: readonly (string | number | boolean)[] }[];
  readonly require: readonly string[];
}

/** Everything the runtime needs to know to send one operation. */
export interface OperationMeta {
  /** operationId. */
  readonly id: string;
  /** Area (first tag): the client group the method lives in. */
  readonly area: string;
  readonly method: HttpMethod;
  /** Path template without the prefix, e.g. `/sub_accounts/{user_id}/keys`. */
  readonly path: string;
  /** `private` operations are signed. */
  readonly auth: 'public' | 'private';
  /** `named-only`: open shape; the caller passes `query` and `body` explicitly. */
  readonly shape: 'shaped' | 'named-only';
  readonly rateLimit: {
    /** Operations with the same bucket share one limit. */
    readonly bucket: string;
    readonly requests: number;
    /** Seconds. */
    readonly window: number;
    readonly scope: 'ip' | 'uid' | 'uid+market';
    /**
     * `uid+market` only: the request field naming the market whose bucket the call counts in. In a
     * list body it is a field of each item: the call spends one slot in the bucket of every
     * distinct value.
     */
    readonly market?: string;
  };
  readonly retry: 'safe' | 'keyed' | 'never';
  /** Path parameter names, in template order. */
  readonly pathParams: readonly string[];
  /** Query parameters in spec order (the order they go on the wire); `csv` arrays are comma-joined. */
  readonly queryParams: readonly { readonly name: string; readonly csv?: true }[];
  /** Header parameters (wire names) the caller may set per call. */
  readonly headerParams?: readonly string[];
  /**
   * Request body: `none`; `json` with the listed top-level field names (taken from the flat
   * params object); `open`: the caller's `body` is sent as is (named-only, or a shaped operation's
   * JSON list, checked by `listBody` first).
   */
  readonly body: 'none' | 'json' | 'open';
  readonly bodyFields?: readonly string[];
  /** Status of the success response; `204` means no body. */
  readonly successStatus: number;
  readonly pagination?: {
    readonly style: 'page' | 'offset';
    readonly defaultLimit: number;
    readonly maxLimit: number;
    /** Smallest accepted `limit` (default 1). */
    readonly minLimit?: number;
  };
  readonly timeRange?: {
    readonly from: string;
    readonly to: string;
    readonly maxDays: number;
    readonly defaultDays: number;
  };
  readonly idempotency?: {
    readonly field: string;
    readonly dedupes: boolean;
    readonly generate: boolean;
    /** What a generated id starts with (order labels: `t-`). */
    readonly prefix?: string;
    /** Random characters of a generated id after the prefix (default 32). */
    readonly length?: number;
    /** The field is in each item of a list body (batch orders): one id per item. */
    readonly perItem?: true;
    /**
     * The read that finds a write's outcome by its id (the generator inlines that operation's meta);
     * `with`: its other parameters, each taken from the write's field of the named name.
     */
    readonly lookup?: {
      readonly operation: OperationMeta;
      readonly param: string;
      readonly with?: { readonly [param: string]: string };
    };
  };
  /**
   * Where int64 values sit: sent as JSON numbers in bodies (`request`). The answer's int64 places
   * are in `wire` (read as digit strings); `response` is no longer emitted.
   */
  readonly int64?: { readonly request?: readonly ValuePath[]; readonly response?: readonly ValuePath[] };
  /**
   * The answer's typed values, read against their declared types by wire-drift.ts: places are
   * property names joined by `.` (`*` for every item or map value, empty for the answer itself),
   * written as `[prefix:]group;group...`, each group a {@link WireKind} letter followed by its
   * places separated by spaces, each place without the prefix they all share: `*.:dsize price;iid`
   * is `*.size` and `*.price` decimal and `*.id` int64.
   */
  readonly wire?: string;
  /** The list response may arrive wrapped in one extra array level. */
  readonly nestedList?: true;
  /** Field rules checked before any I/O. */
  readonly rules?: readonly FieldRule[];
  /** Requirements that depend on other fields' values (`currency_pair` when moving into margin). */
  readonly conditions?: readonly ConditionalRule[];
  /** At least one of these fields must be set (e.g. `client_order_id` or `tx_id`). */
  readonly requireAnyOf?: readonly string[];
  /**
   * A list body (`body` given as an array, the batch endpoints): the rule of the field `body`
   * (`type: 'array'`, `minItems` / `maxItems`, and `items` with every item's field rules), checked
   * with the same engine as any field, so a bad item fails as `body[3].amount` before any I/O.
   */
  readonly listBody?: FieldRule;
  /** A list body: at most `max` items may share one value of `field` (10 orders per `currency_pair`). */
  readonly groupLimit?: { readonly field: string; readonly max: number };
  readonly deprecated?: true;
}

/** API-wide metadata, emitted once. */
export interface ApiMeta {
  /** API release label, e.g. `v4.106.51`. */
  readonly release: string;
  readonly pathPrefix: string;
  /** Named servers: base URLs including the prefix. */
  readonly servers: Readonly<Record<string, string>>;
  readonly signing: {
    readonly headers: { readonly key: string; readonly timestamp: string; readonly signature: string };
    readonly maxSkewSeconds: number;
  };
  readonly responseHeaders: {
    readonly traceId: string;
    readonly inTime: string;
    readonly outTime: string;
    readonly rateLimitRemaining: string;
    readonly rateLimitLimit: string;
    readonly rateLimitReset: string;
    readonly paginationLimit: string;
    readonly paginationOffset: string;
    readonly paginationTotal: string;
    /**
     * Other names a role's header may arrive under (the live service's `X-Gate-*` beside the
     * seed's `X-Svc-*`); the role's own name is read first.
     */
    readonly aliases?: { readonly [role: string]: readonly string[] | undefined };
  };
  readonly requestHeaders: {
    readonly clientRequestId: string;
    readonly sizeDecimal: string;
    readonly expiry: string;
  };
  /** The server-time operation (`GET /spot/time`) used for clock sync. */
  readonly clock: OperationMeta;
  /** Labels of transient server conditions. */
  readonly transientLabels: readonly string[];
  /** Labels meaning "already applied" for a write with an idempotency id. */
  readonly duplicateLabels: readonly string[];
}
