/**
 * The intermediate representation (IR): plain, JSON-serialisable data built from the bundled
 * spec and consumed by every emitter, the spec differ and other-language generators
 * (`generated/ir.json`, see `document.ts`). No ts-morph, no functions, no class instances. The
 * meaning of every field is written in `ir.schema.json`, which ships with it.
 *
 * Versioned by `irVersion` (semver): a field removed or changed in meaning is a major bump, an
 * added field a minor one. `versions.json` holds the schema fingerprint of every version.
 */

/** IR format version written to `generated/ir.json`. */
export const IR_VERSION = '1.5.0';

/** `shaped`: typed request and response; `named-only`: open request and response. */
export type IRShape = 'shaped' | 'named-only';
/** `seed`: shaped from the API description; `reference`: from the service's public API reference. */
export type IRShapeSource = 'seed' | 'reference' | 'named-only';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON Schema object as it stands in the bundled spec (`$ref`s kept as `#/components/schemas/Name`). */
export type JsonSchema = { readonly [key: string]: unknown };

/** The whole IR. */
export interface IR {
  /** IR format version (see {@link IR_VERSION}). */
  irVersion: string;
  api: {
    title: string;
    /** API release label, e.g. `v4.106.51`. */
    release: string;
    /** Path prefix every path is sent under and signed with, e.g. `/api/v4`. */
    pathPrefix: string;
    servers: IRServer[];
    /** Areas (the spec's tags) with their descriptions, in spec order. */
    areas: Array<{ name: string; description: string }>;
  };
  signing: IRSigning;
  headers: {
    /** Response header names by role. */
    response: IRResponseHeaders;
    /** Request header names by role. */
    request: IRRequestHeaders;
  };
  errors: {
    /** Known error labels, sorted. The set is open: any other string may arrive. */
    labels: string[];
    /** Labels by group (request, auth, wallet, ...). */
    groups: Record<string, string[]>;
    /** Labels that mean a transient server condition. */
    transient: string[];
    /** Labels that mean "a write with this idempotency id was already applied". */
    duplicate: string[];
  };
  /** Every operation, sorted by `id`. */
  operations: IROperation[];
  /** Component schemas by name, sorted by name. */
  schemas: Record<string, JsonSchema>;
  /**
   * Old schema names (`x-previous-names`) mapped to the current name, sorted by old name; present
   * only when a schema records one. The targets keep each old name as a deprecated alias. Since 1.5.0.
   */
  previousNames?: Record<string, string>;
  /** Endpoints that are gone, with their replacements. */
  removed: IRRemovedOperation[];
}

export interface IRServer {
  /** `live`, `testnet`, `futures`. */
  name: string;
  description: string;
  /** URL with the prefix, variables resolved to their defaults. */
  url: string;
}

export interface IRSigning {
  algorithm: 'HMAC-SHA512';
  headers: { key: string; timestamp: string; signature: string };
  payload: Array<'method' | 'path' | 'query' | 'bodySha512' | 'timestamp'>;
  separator: string;
  pathIncludesPrefix: boolean;
  timestampUnit: 's';
  maxSkewSeconds: number;
  emptyBodySha512: string;
  /** `METHOD /path` of the server-time endpoint. */
  clockEndpoint: string;
}

/** A response header role (`traceId`, `rateLimitRemaining`, ...). */
export type ResponseHeaderRole = Exclude<keyof IRResponseHeaders, 'aliases'>;

export interface IRResponseHeaders {
  traceId: string;
  inTime: string;
  outTime: string;
  rateLimitRemaining: string;
  rateLimitLimit: string;
  rateLimitReset: string;
  paginationLimit: string;
  paginationOffset: string;
  paginationTotal: string;
  /**
   * Other names a role's header may arrive under (the live service's `X-Gate-*` names beside the
   * seed's `X-Svc-*`): a client reads the first name present, the role's own name first.
   */
  aliases?: Partial<Record<ResponseHeaderRole, string[]>>;
}

export interface IRRequestHeaders {
  clientRequestId: string;
  sizeDecimal: string;
  expiry: string;
}

export type RateLimitScope = 'ip' | 'uid' | 'uid+market';

export interface IRRateLimit {
  /** Bucket id: the spec's `group`, or the operation id when the operation has its own bucket. */
  bucket: string;
  requests: number;
  /** Window length in seconds. */
  window: number;
  scope: RateLimitScope;
  /**
   * `uid+market` only: the request field naming the market the bucket is kept for (a parameter or
   * body field; in a list body, the field of each item).
   */
  market?: string;
  note?: string;
}

/** At most `max` items of a list request body may share one value of `field` (`x-group-limit`). */
export interface IRGroupLimit {
  field: string;
  max: number;
}

export interface IRPermission {
  area: string;
  access: 'read' | 'write';
}

export interface IRPagination {
  style: 'page' | 'offset';
  defaultLimit: number;
  maxLimit: number;
  minLimit?: number;
}

export interface IRTimeRange {
  from: string;
  to: string;
  maxDays: number;
  defaultDays: number;
  unit: 's';
}

export interface IRIdempotency {
  field: string;
  in: 'body' | 'query';
  /** The server refuses a second write with the same id. */
  dedupes: boolean;
  /** The client fills the field with a fresh id when the caller did not. */
  generate: boolean;
  /** What every generated id starts with (order labels: `t-`). */
  prefix?: string;
  /** Random characters of a generated id after the prefix (default 32). */
  length?: number;
  /** The field is in each item of a list body (batch orders): one id per item. */
  perItem?: true;
  /**
   * The read that finds the outcome of a write by its id; `with`: its other parameters, each
   * taken from the write's field (or path/query parameter) of the given name.
   */
  lookup?: { operationId: string; param: string; with?: Record<string, string> };
}

export type RetryPolicy = 'safe' | 'keyed' | 'never';

export interface IRStp {
  field: string;
  values: string[];
  default: string;
  requiresGroup: boolean;
}

export interface IRParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  deprecated?: boolean;
  schema: JsonSchema;
  /** How an array value is written: `csv` = one parameter with comma-joined values. */
  serialization?: 'csv';
}

interface IRRequestBody {
  required: boolean;
  contentType: 'application/json';
  schema: JsonSchema;
}

export interface IRResponse {
  /** `200`, `201`, `202`, `204`, `400`, ..., or `5XX`. */
  status: string;
  description: string;
  /** Absent for responses without a body. */
  schema?: JsonSchema;
}

/**
 * A path to JSON values inside a body: segments are property names, or `*` for "every array item
 * or every map value". `[]` is the body itself.
 */
export type ValuePath = string[];

export interface IROperation {
  /** The spec's operationId (camelCase, unique). */
  id: string;
  /** First tag: the area the client groups the method under. */
  area: string;
  method: HttpMethod;
  /** Path without the prefix, e.g. `/wallet/withdrawals`. */
  path: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  shape: IRShape;
  /** Where the shape comes from (`x-shape`): the API description, the public reference, or nowhere. */
  source: IRShapeSource;
  auth: 'public' | 'private';
  permission?: IRPermission;
  rateLimit: IRRateLimit;
  retry: RetryPolicy;
  pagination?: IRPagination;
  timeRange?: IRTimeRange;
  idempotency?: IRIdempotency;
  stp?: IRStp;
  /** At least one of these parameters / body fields must be set. */
  requireAnyOf?: string[];
  groupLimit?: IRGroupLimit;
  /** The samples wrap the list response in one extra array level. */
  nestedList: boolean;
  /** In spec order (the order query parameters are written on the wire). */
  parameters: IRParameter[];
  requestBody?: IRRequestBody;
  /** Sorted by status. */
  responses: IRResponse[];
  /** Status of the success response (the lowest 2xx). */
  successStatus: number;
  /** Where int64 values sit: in the request body and in the success response body. */
  int64: { request: ValuePath[]; response: ValuePath[] };
}

export interface IRRemovedOperation {
  method: HttpMethod;
  path: string;
  operationId?: string;
  status: 'removed' | 'moved' | 'deprecated';
  removedIn?: string;
  replacedBy: string[];
  note?: string;
}
