/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/call-plan.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Turning one call (operation metadata + flat params + call options) into what is sent on every
 * attempt: validated params, the idempotency id, encoded path, canonical query, body text,
 * headers, the client request id and the rate-limit bucket keys. Everything here runs before
 * any I/O, so a bad call fails without sending anything or spending a rate-limit token. What is
 * the same for every call of a client (base URL parts, the checked default headers) is prepared
 * once, at construction.
 */

import { freshId, type RuntimeContext } from './context.js';
import { ValidationError } from './errors.js';
import type { CallExtras } from './call-loop.js';
import { envelopeBody, envelopeQuery, fieldTexts } from './envelope.js';
import { isObject } from './json.js';
import type { ApiMeta, OperationMeta } from './metadata.js';
import type { RequestOptions } from './options.js';
import { encodePathSegment, fillPath, namedQueryPlan, serializeQuery } from './query.js';
import type { WireRequest } from './transport.js';
import type { BodyWriter } from './request-body.js';
import { checkCall } from './validate.js';

/** Everything a call sends, fixed for all its attempts. */
export interface CallPlan {
  readonly meta: OperationMeta;
  /** Params after the idempotency id was filled in. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly wire: WireRequest;
  /** Full URL as it will be sent (for logs). */
  readonly url: string;
  /** `METHOD /api/v4/path` (for errors). */
  readonly endpoint: string;
  readonly requestId: string;
  readonly idempotency: { readonly field: string; readonly value: string } | undefined;
  /**
   * The rate-limit bucket keys the call spends a slot in (several for a list body across
   * markets); none when the call's rate limiting is off.
   */
  readonly limiterKeys: readonly string[];
}

type Idempotency = NonNullable<OperationMeta['idempotency']>;

/** A fresh id for an operation's idempotency field: its prefix, then `length` (default 32) random hex digits. */
function generatedId(idem: Pick<Idempotency, 'prefix' | 'length'>): string {
  const length = idem.length ?? 32;
  let digits = freshId();
  while (digits.length < length) digits += freshId();
  return (idem.prefix ?? '') + digits.slice(0, length);
}

/** A list body whose items that carry no id get a fresh one each (batch orders); the same params when all have one. */
function withItemIds(params: Readonly<Record<string, unknown>>, idem: Idempotency): Readonly<Record<string, unknown>> {
  const body = envelopeBody(params);
  const missing = (item: unknown): boolean => isObject(item) && item[idem.field] === undefined;
  if (!Array.isArray(body) || !body.some(missing)) return params;
  const items: unknown[] = body.map((item: unknown) =>
    missing(item) ? { ...(item as Record<string, unknown>), [idem.field]: generatedId(idem) } : item,
  );
  return withParam(params, 'body', items);
}

/** Checks a per-call or client numeric option. */
export function checkNumberOption(field: string, value: unknown, min: number, max: number, integer: boolean): void {
  if (value === undefined) return;
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  if (!ok || (integer && !Number.isInteger(value))) {
    const rule = integer ? `an integer from ${min} to ${max}` : `a number from ${min} to ${max}`;
    throw new ValidationError(field, value, 'option', `must be ${rule}`);
  }
}

/** What an HTTP field name is: a token. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What an HTTP field value may not hold: anything but tab, visible ASCII, space and bytes 0x80-0xFF. */
export const BAD_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Adds `source`'s headers to `out` (replacing any of the same name in another case), after
 * checking each. A header the client sets itself (`Host`, the signing headers, `Content-Length`,
 * `Content-Type`, `Transfer-Encoding`, `Connection`, any case) is a `ValidationError` (rule
 * `reserved`).
 */
export function addHeaders(
  out: Record<string, string>,
  source: Readonly<Record<string, string | number>>,
  label: string,
  apiMeta: ApiMeta,
  operation?: string,
): void {
  const context = operation === undefined ? {} : { operation };
  const signing = apiMeta.signing.headers;
  // Headers the client sets itself: the signing headers, the target, the body's framing and type.
  const reserved = [signing.key, signing.timestamp, signing.signature, 'host', 'content-length', 'content-type'];
  reserved.push('transfer-encoding', 'connection');
  for (const name of Object.keys(source)) {
    const value = source[name];
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (reserved.some((h) => h.toLowerCase() === lower)) {
      // The value is never shown: a signing header given by mistake may hold a key or signature.
      throw new ValidationError(`${label}.${name}`, '[redacted]', 'reserved', 'is set by the client itself', context);
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new ValidationError(`${label}.${name}`, value, 'type', 'must be a string or number', context);
    }
    const text = String(value);
    if (BAD_HEADER_VALUE.test(text) || !HEADER_NAME.test(name)) {
      throw new ValidationError(`${label}.${name}`, value, 'header', 'is not a valid HTTP header', context);
    }
    for (const existing of Object.keys(out)) if (existing.toLowerCase() === lower) delete out[existing];
    out[name] = text;
  }
}

/** Futures and delivery calls carry the size-decimal header (when the client sends it). */
const futuresLike = (meta: OperationMeta): boolean =>
  meta.area === 'futures' || meta.area === 'delivery' || /^\/(futures|delivery)\//.test(meta.path);

/** The value of header `name` (any case) in `headers`. */
function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) return headers[key];
  return undefined;
}

/** What a call's starting headers depend on: futures-like, private, with a body. */
type HeaderKind = `${boolean}|${boolean}|${boolean}`;

/** Starting headers per client and kind of call, made once (copying one fixed shape is cheap). */
const templates = new WeakMap<RuntimeContext, Map<HeaderKind, Readonly<Record<string, string>>>>();

/**
 * The headers a call starts from: the client's (plus the private-only ones), `Content-Type` when
 * there is a body and the client sets none, and a slot for the client request id when the call
 * sends one and the client's headers do not carry it (`planCall` always fills that slot).
 */
function headerTemplate(ctx: RuntimeContext, futures: boolean, auth: boolean, body: boolean): Record<string, string> {
  let byKind = templates.get(ctx);
  if (byKind === undefined) templates.set(ctx, (byKind = new Map<HeaderKind, Readonly<Record<string, string>>>()));
  const kind: HeaderKind = `${futures}|${auth}|${body}`;
  let template = byKind.get(kind);
  if (template === undefined) {
    const out: Record<string, string> = { ...(futures ? ctx.futuresHeaders : ctx.baseHeaders) };
    if (auth) Object.assign(out, ctx.privateHeaders);
    if (body && headerValue(out, 'content-type') === undefined) out['Content-Type'] = 'application/json';
    const idHeader = ctx.apiMeta.requestHeaders.clientRequestId;
    if ((auth || ctx.requestIdOnPublic) && headerValue(out, idHeader) === undefined) out[idHeader] = '';
    template = out;
    byKind.set(kind, template);
  }
  // Object.assign, not a spread: V8 gives a spread copy a map that every later key (the signing
  // headers the `fetch` transport adds) replaces, which costs microseconds per call.
  return Object.assign({}, template);
}

function headersFor(
  ctx: RuntimeContext,
  meta: OperationMeta,
  options: RequestOptions,
  hasBody: boolean,
): Record<string, string> {
  const futures = ctx.settings.sizeDecimal && futuresLike(meta);
  const out = headerTemplate(ctx, futures, meta.auth === 'private', hasBody);
  if (options.headers !== undefined) addHeaders(out, options.headers, 'headers', ctx.apiMeta, meta.id);
  return out;
}

/** The body writer of an operation with a body: only `request` (and raw requests) hand one in. */
function bodyWriter(meta: OperationMeta, writer: BodyWriter | undefined): BodyWriter {
  if (writer !== undefined) return writer;
  throw new ValidationError('body', meta.body, 'unsupported', 'is sent only through request(), not readRequest()', {
    operation: meta.id,
  });
}

/** A scalar as text (ids are strings, numbers or bigints); anything else as JSON. */
const textOf = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean'
    ? String(v)
    : JSON.stringify(v);

/** The markets a `uid+market` call counts in (envelope.ts `fieldTexts`); none: the "no market" bucket. */
export function marketsOf(meta: OperationMeta, params: Readonly<Record<string, unknown>>): string[] {
  const markets = fieldTexts(params, meta.rateLimit.market ?? 'currency_pair');
  return markets.length > 0 ? markets : [''];
}

/** Bucket keys: scope + bucket, then the account (API key fingerprint) for `uid`, and the market for `uid+market`. */
export function limiterKeys(
  meta: Pick<OperationMeta, 'rateLimit' | 'shape'>,
  account: string,
  params: Readonly<Record<string, unknown>>,
): string[] {
  const { scope, bucket } = meta.rateLimit;
  if (scope === 'ip') return [`ip|${bucket}`];
  if (scope === 'uid') return [`uid|${bucket}|${account}`];
  return marketsOf(meta as OperationMeta, params).map((market) => `uid+market|${bucket}|${account}|${market}`);
}

/** `params` with `field` set to `value`: a new object, the caller's is never changed. */
function withParam(
  params: Readonly<Record<string, unknown>>,
  field: string,
  value: unknown,
): Readonly<Record<string, unknown>> {
  // The key first, then the copy: V8 copies into a shape that has the key already, many times
  // cheaper than adding a key to a fresh copy. Set again in case `params` holds it as undefined.
  const out: Record<string, unknown> = { [field]: value, ...params };
  out[field] = value;
  return out;
}

/** The query string of one call (shaped operations read the flat params as they are: no copy). */
function queryOf(meta: OperationMeta, params: Readonly<Record<string, unknown>>): string {
  if (meta.shape !== 'named-only') return serializeQuery(meta.queryParams, params, meta.id);
  // Validation has made sure `query` is an object when given.
  const plan = namedQueryPlan(envelopeQuery(params));
  return serializeQuery(plan.specs, plan.values, meta.id);
}

/**
 * Builds the plan of one call; throws `ValidationError` (nothing sent) on bad input. `extras.checks`
 * and `extras.body` (the body writer) are given by the calls that can need them (an operation with
 * a body is always called with a writer).
 */
export function planCall(
  ctx: RuntimeContext,
  meta: OperationMeta,
  rawParams: Readonly<Record<string, unknown>>,
  options: RequestOptions,
  extras: CallExtras,
): CallPlan {
  checkNumberOption('timeout', options.timeout, 1, 2_147_483_647, false);
  checkNumberOption('maxRetries', options.maxRetries, 0, 10, true);
  let params = rawParams;
  const idem = meta.idempotency;
  if (options.idempotencyKey !== undefined) {
    if (!idem || idem.perItem) {
      throw new ValidationError(
        'idempotencyKey',
        options.idempotencyKey,
        'unsupported',
        idem
          ? `is not accepted: each item carries its own \`${idem.field}\``
          : 'is not accepted: the operation has no idempotency field',
        { operation: meta.id },
      );
    }
    if (params[idem.field] === undefined) params = withParam(params, idem.field, options.idempotencyKey);
  }
  // Generated before validation, so a generated id is checked against the field's rule too.
  if (idem?.generate) {
    if (idem.perItem) params = withItemIds(params, idem);
    else if (params[idem.field] === undefined) params = withParam(params, idem.field, generatedId(idem));
  }
  checkCall(meta, params, ctx.clock.nowSeconds(), extras.checks, extras.badItems);
  if (meta.auth === 'private' && !ctx.hasCredentials) {
    const hint = ctx.credentialsHint === undefined ? '' : ` (${ctx.credentialsHint})`;
    throw new ValidationError('key', undefined, 'required', `and secret are required for private operations${hint}`, {
      operation: meta.id,
    });
  }

  let path = meta.path;
  if (meta.pathParams.length > 0) {
    const pathParams: Record<string, string> = {};
    for (const name of meta.pathParams) pathParams[name] = encodePathSegment(name, params[name], meta.id);
    path = fillPath(meta.path, pathParams);
  }
  // Spec paths, encoded path parameters and checked raw paths (raw-path.ts) hold only characters a
  // URL parser leaves as they are: the path signed is the path on the wire.
  path = ctx.basePath + path;
  const query = queryOf(meta, params);
  const url = `${ctx.origin}${path}${query ? `?${query}` : ''}`;
  const body = meta.body === 'none' ? undefined : bodyWriter(meta, extras.body)(meta, params);
  const headers = headersFor(ctx, meta, options, body !== undefined);
  const idHeader = ctx.apiMeta.requestHeaders.clientRequestId;
  // The template's empty slot (or a caller's own id, which replaced it) is the only id header.
  const given = headers[idHeader];
  let requestId = given === '' ? undefined : (given ?? headerValue(headers, idHeader));
  if (requestId === undefined) {
    requestId = freshId();
    if (meta.auth === 'private' || ctx.requestIdOnPublic) headers[idHeader] = requestId;
  }
  const idValue = idem ? (params[idem.field] as string | number | bigint | null | undefined) : undefined;
  const limited = (options.rateLimit ?? ctx.settings.rateLimit) !== 'off';

  return {
    meta,
    params,
    wire: { method: meta.method, path, query, url, body, headers, sign: meta.auth === 'private' },
    url,
    endpoint: `${meta.method} ${path}`,
    requestId,
    idempotency:
      idem && idValue !== undefined && idValue !== null ? { field: idem.field, value: textOf(idValue) } : undefined,
    limiterKeys: limited ? limiterKeys(meta, ctx.account, params) : [],
  };
}
