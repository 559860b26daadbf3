/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/response.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Reading one response: headers into `ResponseMeta`, a success body into data (int64 values kept
 * lossless, nested lists flattened), an error body into the typed error.
 */

import type { ResponseMeta } from './api-promise.js';
import { apiErrorFor, type ApiError } from './errors.js';
import { parseJson } from './json.js';
import type { ApiMeta, OperationMeta } from './metadata.js';
import { parseResetAt } from './retry-timing.js';
import { numberTexts, readWire, type WireDrift } from './wire-drift.js';

/** A response header role of the API metadata (`traceId`, `rateLimitRemaining`, ...). */
type Role = Exclude<keyof ApiMeta['responseHeaders'], 'aliases'>;

/** Each role's header names in lower case (its own name, then its aliases), made once per metadata. */
const roleNames = new WeakMap<ApiMeta['responseHeaders'], Partial<Record<Role, readonly string[]>>>();

/**
 * The value of a role's header: under the role's own name (the seed's `X-Svc-*`), else under the
 * first of its aliases present (the live service's `X-Gate-*`).
 */
export function roleHeader(
  headers: Readonly<Record<string, string>>,
  apiMeta: ApiMeta,
  role: Role,
): string | undefined {
  const meta = apiMeta.responseHeaders;
  let byRole = roleNames.get(meta);
  if (byRole === undefined) roleNames.set(meta, (byRole = {}));
  const names = (byRole[role] ??= [meta[role], ...(meta.aliases?.[role] ?? [])].map((name) => name.toLowerCase()));
  // An index loop: no array iterator per look-up (several per answer).
  for (let i = 0; i < names.length; i++) {
    const value = headers[names[i] as string];
    if (value !== undefined) return value;
  }
  return undefined;
}

function intHeader(headers: Readonly<Record<string, string>>, apiMeta: ApiMeta, role: Role): number | undefined {
  const raw = roleHeader(headers, apiMeta, role);
  if (raw === undefined || !/^\s*-?\d+(\.\d+)?\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/** The server's rate-limit counters (either header family): remaining, limit and (epoch ms) reset time. */
export function rateLimitInfo(
  headers: Readonly<Record<string, string>>,
  apiMeta: ApiMeta,
): { remaining?: number; limit?: number; resetAt?: number } {
  const out: { remaining?: number; limit?: number; resetAt?: number } = {};
  const remaining = intHeader(headers, apiMeta, 'rateLimitRemaining');
  const limit = intHeader(headers, apiMeta, 'rateLimitLimit');
  const resetAt = parseResetAt(roleHeader(headers, apiMeta, 'rateLimitReset'));
  if (remaining !== undefined) out.remaining = remaining;
  if (limit !== undefined) out.limit = limit;
  if (resetAt !== undefined) out.resetAt = resetAt;
  return out;
}

/** Builds the `ResponseMeta` of a response (`rateLimit`: its counters, when already read). */
export function responseMeta(
  status: number,
  headers: Readonly<Record<string, string>>,
  apiMeta: ApiMeta,
  requestId: string,
  attempts: number,
  rateLimit: ResponseMeta['rateLimit'] = rateLimitInfo(headers, apiMeta),
): ResponseMeta {
  const pagination: { total?: number; limit?: number; offset?: number } = {};
  const total = intHeader(headers, apiMeta, 'paginationTotal');
  const limit = intHeader(headers, apiMeta, 'paginationLimit');
  const offset = intHeader(headers, apiMeta, 'paginationOffset');
  if (total !== undefined) pagination.total = total;
  if (limit !== undefined) pagination.limit = limit;
  if (offset !== undefined) pagination.offset = offset;
  const traceId = roleHeader(headers, apiMeta, 'traceId');
  return {
    status,
    headers,
    ...(traceId === undefined ? {} : { traceId }),
    requestId,
    rateLimit,
    pagination,
    attempts,
  };
}

/** Flattens a list that arrived wrapped in extra array levels (`[[a, b]]` -> `[a, b]`). */
function unwrapNestedList(data: unknown): unknown {
  if (Array.isArray(data) && data.length > 0 && data.every((item) => Array.isArray(item))) {
    return (data as unknown[][]).flat(1);
  }
  return data;
}

/**
 * The data of a success response: `undefined` for 204 / an empty body, else the parsed JSON with
 * every integer beyond ±(2^53 - 1) kept as its digits (every integer, for the untyped results of
 * named-only operations and raw requests) and a nested list flattened. Then every value the
 * operation's `wire` descriptor lists (int64 ones too: kept as digit strings) is read against its
 * declared type (wire-drift.ts), each drift pushed to `drifts`.
 */
export function successData(meta: OperationMeta, status: number, text: string, drifts: WireDrift[] = []): unknown {
  if (status === 204 || meta.successStatus === 204 || text.trim() === '') return undefined;
  const nested = (data: unknown): unknown => (meta.nestedList ? unwrapNestedList(data) : data);
  const data = nested(parseJson(text, undefined, { untyped: meta.shape === 'named-only' }));
  return meta.wire ? readWire(data, meta.wire, () => nested(numberTexts(text)), drifts) : data;
}

/** Label and message of an error body (`{label, message}` or `{label, detail}`). */
export function errorBody(text: string): { label: string; detail: string } {
  let body: unknown;
  try {
    body = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    const label = typeof b['label'] === 'string' && b['label'] !== '' ? b['label'] : 'UNKNOWN';
    const message = typeof b['message'] === 'string' && b['message'] !== '' ? b['message'] : undefined;
    const detail = typeof b['detail'] === 'string' ? b['detail'] : '';
    return { label, detail: message ?? detail };
  }
  // Not JSON (a proxy's HTML page, an empty body): no text is copied into the error.
  return { label: 'UNKNOWN', detail: text.trim() === '' ? '' : 'response body is not JSON' };
}

/** The typed error for a non-2xx response; server-supplied text passes through `redact`. */
export function errorFromResponse(
  status: number,
  text: string,
  headers: Readonly<Record<string, string>>,
  context: {
    readonly apiMeta: ApiMeta;
    readonly operation: string;
    readonly endpoint: string;
    readonly requestId: string;
    readonly bucket: string;
    readonly redact: (text: string) => string;
  },
): ApiError {
  const { redact } = context;
  const body = errorBody(text);
  const safeHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) safeHeaders[name] = redact(value);
  const traceId = roleHeader(safeHeaders, context.apiMeta, 'traceId');
  const resetAt = status === 429 ? rateLimitInfo(headers, context.apiMeta).resetAt : undefined;
  return apiErrorFor(status, redact(body.label), redact(body.detail), safeHeaders, {
    operation: context.operation,
    endpoint: context.endpoint,
    requestId: context.requestId,
    traceId,
    ...(status === 429 ? { resetAt, bucket: context.bucket } : {}),
  });
}
