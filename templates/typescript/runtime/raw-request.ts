/**
 * `client.request()`: operation metadata for a request to any path (endpoints newer than the
 * spec), and the check of that path. A path is signed and sent as given, so it is checked the way
 * a server or proxy may read it: after percent-decoding (repeatedly: `%252e` is `%2e` once
 * decoded) and with backslashes read as slashes. A segment that then is `.` or `..`, or that hides
 * a `/` or `\`, would deliver the signed request to another endpoint: it is refused before any I/O.
 */
import { ValidationError } from './errors.js';
import type { OperationMeta } from './metadata.js';
import type { RawRequest } from './options.js';

/** Default client-side limit of a raw request: 150 requests / 10 s. */
export const RAW_DEFAULT_LIMIT = { requests: 150, window: 10 } as const;

/** How many rounds of percent-decoding a path segment is checked through. */
const DECODE_ROUNDS = 3;

/**
 * Why a raw path is refused, or `undefined` when it is safe to sign and send: it must start with
 * `/`, hold no query, fragment, braces, control characters or backslashes, and no segment may read
 * as `.` or `..` or contain a `/` or `\` once percent-decoded.
 */
export function rawPathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'must start with "/"';
  if (/[?#]/.test(path)) return 'must hold no query or fragment (pass `query` instead)';
  if (/[{}]/.test(path)) return 'must hold no braces';
  if (/[\\]/.test(path)) return 'must hold no backslash';
  for (const segment of path.slice(1).split('/')) {
    let text = segment;
    for (let round = 0; round <= DECODE_ROUNDS; round++) {
      if ([...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
        return 'must hold no control characters, encoded or not';
      const parts = text.replace(/\\/g, '/').split('/');
      if (parts.length > 1) return 'must hold no encoded "/" or "\\" in a segment';
      if (text === '.' || text === '..') return 'must hold no dot segments ("." or "..", encoded or not)';
      let decoded: string;
      try {
        decoded = decodeURIComponent(text);
      } catch {
        return 'must be valid percent-encoding';
      }
      if (decoded === text) break;
      text = decoded;
    }
  }
  return undefined;
}

/** Operation metadata for a raw request to any path. */
export function rawOperationMeta(raw: RawRequest, pathPrefix: string): OperationMeta {
  const method = String(raw.method ?? '').toUpperCase() as OperationMeta['method'];
  if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    throw new ValidationError('method', raw.method, 'enum', 'must be one of GET, POST, PUT, PATCH, DELETE', {
      operation: 'request',
    });
  }
  let path = typeof raw.path === 'string' ? raw.path : '';
  if (pathPrefix && path.startsWith(`${pathPrefix}/`)) path = path.slice(pathPrefix.length);
  const problem = rawPathProblem(path);
  if (problem !== undefined) {
    throw new ValidationError('path', raw.path, 'pattern', problem, { operation: 'request' });
  }
  const auth = raw.auth ?? 'private';
  return {
    id: 'request',
    area: 'raw',
    method,
    path,
    auth,
    shape: 'named-only',
    rateLimit: raw.rateLimit ?? {
      bucket: `raw:${path}`,
      ...RAW_DEFAULT_LIMIT,
      scope: auth === 'public' ? 'ip' : 'uid',
    },
    retry: raw.retry ?? (method === 'GET' ? 'safe' : 'never'),
    pathParams: [],
    queryParams: [],
    body: 'open',
    successStatus: 200,
  };
}
