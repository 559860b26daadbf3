/**
 * The rules: which category every kind of change lands in, and the comparisons whose outcome is a
 * judgement (a schema difference seen from the request or the response side, a rate limit, a
 * pagination style). Breaking means code written against the old client can fail against the new
 * API; only the cases the release-note workflow names are breaking, everything else is documented.
 */
import type { IRPagination, IRRateLimit } from '../ir/types.js';
import type { SchemaDiff } from './schema-walk.js';
import type { Category, ChangeKind, Direction } from './types.js';

/** The category of each kind (schema kinds may be overridden by direction, see {@link classifySchemaDiff}). */
export const CATEGORY: Readonly<Record<ChangeKind, Category>> = {
  'operation-removed': 'breaking',
  'operation-moved': 'breaking',
  'operation-renamed': 'breaking',
  'area-changed': 'breaking',
  'operation-added': 'added',
  'operation-deprecated': 'deprecated',
  'operation-undeprecated': 'changed',
  'parameter-removed': 'breaking',
  'parameter-added-required': 'breaking',
  'parameter-made-required': 'breaking',
  'parameter-added': 'added',
  'parameter-made-optional': 'changed',
  'parameter-deprecated': 'deprecated',
  'request-body-removed': 'breaking',
  'request-body-made-required': 'breaking',
  'request-body-added': 'added',
  'response-body-removed': 'breaking',
  'response-body-added': 'added',
  'field-removed': 'breaking',
  'field-added-required': 'breaking',
  'field-made-required': 'breaking',
  'field-added': 'added',
  'field-made-optional': 'changed',
  'field-deprecated': 'deprecated',
  'field-undeprecated': 'changed',
  'type-changed': 'breaking',
  'format-changed': 'breaking',
  'enum-value-removed': 'breaking',
  'enum-value-added': 'added',
  'constraint-changed': 'changed',
  'composition-changed': 'changed',
  'success-status-changed': 'breaking',
  'auth-added': 'breaking',
  'auth-removed': 'changed',
  'permission-changed': 'breaking',
  'rate-limit-tightened': 'breaking',
  'rate-limit-loosened': 'changed',
  'rate-limit-bucket-changed': 'changed',
  'pagination-changed': 'breaking',
  'pagination-added': 'added',
  'pagination-limits-changed': 'changed',
  'retry-changed': 'changed',
  'behaviour-changed': 'changed',
  'docs-changed': 'changed',
  'deprecation-announced': 'deprecated',
  'removed-operations-changed': 'changed',
  'api-release-changed': 'changed',
};

/**
 * Classifies a schema difference by the side the data is on. Request side: a new required field
 * or a field made required breaks callers. Response side: a new field (required or not) is an
 * addition, a field that is now always present is compatible. On both sides a removed field, a
 * changed type or format and a removed enum value break; an added enum value does not (the client
 * handles unknown values of open enums).
 */
export function classifySchemaDiff(d: SchemaDiff, direction: Direction): { kind: ChangeKind; category: Category } {
  const kind = ((): ChangeKind => {
    switch (d.kind) {
      case 'type':
        return 'type-changed';
      case 'format':
        return 'format-changed';
      case 'enum-removed':
        return 'enum-value-removed';
      case 'enum-added':
        return 'enum-value-added';
      case 'property-removed':
        return 'field-removed';
      case 'property-added':
        return d.required && direction === 'request' ? 'field-added-required' : 'field-added';
      case 'made-required':
        return 'field-made-required';
      case 'made-optional':
        return 'field-made-optional';
      case 'deprecated':
        return 'field-deprecated';
      case 'undeprecated':
        return 'field-undeprecated';
      case 'docs':
        return 'docs-changed';
      case 'constraint':
        return 'constraint-changed';
      case 'composition':
        return 'composition-changed';
    }
  })();
  const category = kind === 'field-made-required' && direction === 'response' ? 'changed' : CATEGORY[kind];
  return { kind, category };
}

/**
 * A rate limit is tightened when it allows fewer requests, counts over a longer window, or counts
 * per another scope; loosened when it allows more requests or a shorter window and nothing got
 * tighter. A change of bucket (shared group) alone is documented.
 */
export function rateLimitChange(a: IRRateLimit, b: IRRateLimit): ChangeKind | undefined {
  if (b.requests < a.requests || b.window > a.window || b.scope !== a.scope) return 'rate-limit-tightened';
  if (b.requests > a.requests || b.window < a.window) return 'rate-limit-loosened';
  if (b.bucket !== a.bucket) return 'rate-limit-bucket-changed';
  if (a.note !== b.note) return 'docs-changed';
  return undefined;
}

/** The bucket name that stands for "the operation's own bucket" when comparing rate limits. */
export const OWN_BUCKET = '';

/** Formats a rate limit as `200 per 10 s (uid, own bucket)` or `... (uid, bucket wallet-read)`. */
export const describeRateLimit = (r: IRRateLimit): string =>
  `${r.requests} per ${r.window} s (${r.scope}, ${r.bucket === OWN_BUCKET ? 'own bucket' : `bucket ${r.bucket}`})`;

/**
 * Pagination: a different style, or pagination dropped, breaks the paging code; pagination that
 * appears is an addition; other limits are documented.
 */
export function paginationChange(a: IRPagination | undefined, b: IRPagination | undefined): ChangeKind | undefined {
  if (!a && !b) return undefined;
  if (!a) return 'pagination-added';
  if (!b || a.style !== b.style) return 'pagination-changed';
  return JSON.stringify(a) === JSON.stringify(b) ? undefined : 'pagination-limits-changed';
}

/** Formats pagination as `offset (limit 100, max 1000)`. */
export const describePagination = (p: IRPagination | undefined): string =>
  p
    ? `${p.style} (limit ${p.defaultLimit}, max ${p.maxLimit}${p.minLimit !== undefined ? `, min ${p.minLimit}` : ''})`
    : 'none';
