/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/raw-request.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * `client.request()`: operation metadata for a request to any path (endpoints newer than the
 * spec). The path is checked and encoded first (`raw-path.ts`); a path that is a spec operation's
 * (`raw-routes.ts`) takes that operation's rate limit (bucket, count, window, scope and market
 * field), retry policy and auth, so raw calls and the generated method share one bucket. Any
 * other path counts in one bucket per method (`raw:GET`, `raw:POST`, ...), 150 requests / 10 s.
 * A caller's own `rateLimit`, `retry` and `auth` win.
 */
import { ValidationError } from './errors.js';
import type { HttpMethod, OperationMeta } from './metadata.js';
import type { RawRequest } from './options.js';
import { normalizeRawPath } from './raw-path.js';
import { matchOperation } from './raw-routes.js';

/** Default client-side limit of a raw request to a path the spec does not have: 150 requests / 10 s. */
const RAW_DEFAULT_LIMIT = { requests: 150, window: 10 } as const;

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Operation metadata for a raw request; throws `ValidationError` (before any I/O) for a bad method
 * or path. `operations`: the spec's operations (the generated `operationMetas`), matched by path.
 */
export function rawOperationMeta(
  raw: RawRequest,
  pathPrefix: string,
  operations: Readonly<Record<string, OperationMeta>>,
): OperationMeta {
  const method = String(raw.method ?? '').toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) {
    throw new ValidationError('method', raw.method, 'enum', 'must be one of GET, POST, PUT, PATCH, DELETE', {
      operation: 'request',
    });
  }
  if (typeof raw.path !== 'string') {
    throw new ValidationError('path', raw.path, 'type', 'must be a string', { operation: 'request' });
  }
  const checked = normalizeRawPath(raw.path, pathPrefix);
  if (checked.problem !== undefined) {
    throw new ValidationError('path', raw.path, 'pattern', checked.problem, { operation: 'request' });
  }
  const path = checked.path;
  const spec = matchOperation(method, path, operations);
  const auth = raw.auth ?? spec?.auth ?? 'private';
  return {
    id: 'request',
    area: 'raw',
    method,
    path,
    auth,
    shape: 'named-only',
    rateLimit: raw.rateLimit ??
      spec?.rateLimit ?? {
        bucket: `raw:${method}`,
        ...RAW_DEFAULT_LIMIT,
        scope: auth === 'public' ? 'ip' : 'uid',
      },
    // A raw request carries no idempotency id the loop knows of: a keyed write is never resent.
    retry: raw.retry ?? (spec === undefined ? (method === 'GET' ? 'safe' : 'never') : rawRetry(spec.retry)),
    pathParams: [],
    queryParams: [],
    body: 'open',
    successStatus: 200,
  };
}

/** An operation's retry policy for a raw request to it (`keyed` needs the id a raw request does not name). */
const rawRetry = (retry: OperationMeta['retry']): OperationMeta['retry'] => (retry === 'keyed' ? 'never' : retry);
