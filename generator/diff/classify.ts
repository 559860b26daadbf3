/**
 * The rules: which category every kind of change lands in, and the comparisons whose outcome is a
 * judgement (a schema difference seen from the request or the response side, a rate limit, a
 * pagination style). Breaking means code written against the old client can fail against the new
 * API; only the cases the release-note workflow names are breaking, everything else is documented.
 */
import type { IRPagination, IRRateLimit } from '../ir/types.js';
import type { SchemaDiff } from './schema-walk.js';
import { CATEGORIES, type Category, type ChangeKind, type Direction, type Target, type TargetEffect } from './types.js';

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
  'integer-widened': 'changed',
  'decimal-format-changed': 'changed',
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
  'export-removed': 'breaking',
  'export-renamed': 'breaking',
  'export-added': 'added',
  'export-deprecated': 'deprecated',
  'docs-changed': 'changed',
  'deprecation-announced': 'deprecated',
  'removed-operations-changed': 'changed',
  'api-release-changed': 'changed',
};

/** A change's effect on each target, where the targets' generated types differ. */
type Effects = Record<Target, TargetEffect>;

const effect = (category: Category, note: string): TargetEffect => ({ category, note });

/**
 * The per-target effects of the differences whose effect depends on the language's types, or
 * undefined when every target is affected alike. TypeScript reads int64 as strings and decimals as
 * strings; Python reads both exactly (`int`, `Decimal`) and takes `Decimal | str` amounts in requests.
 */
function targetEffects(d: SchemaDiff, direction: Direction): Effects | undefined {
  if (d.kind === 'format-widened' && direction === 'response')
    return {
      typescript: effect('breaking', 'number → string: 64-bit integers are read as decimal strings'),
      python: effect('changed', 'int either way (exact)'),
    };
  if (d.kind === 'decimal-format') {
    const added = /→ "decimal"$/.test(d.detail);
    if (direction === 'response')
      return {
        typescript: effect('changed', 'string either way'),
        python: effect('breaking', added ? 'str → Decimal' : 'Decimal → str'),
      };
    if (!added)
      return {
        typescript: effect('changed', 'string either way'),
        python: effect('breaking', 'Decimal | str → str: a Decimal argument no longer type-checks'),
      };
  }
  return undefined;
}

/** The most severe of several categories (report order: breaking first). */
const worst = (categories: readonly Category[]): Category =>
  CATEGORIES.find((c) => categories.includes(c)) ?? 'changed';

/**
 * Classifies a schema difference by the side the data is on. Request side: a new required field
 * or a field made required breaks callers. Response side: a new field (required or not) is an
 * addition, a field that is now always present is compatible. On both sides a removed field, a
 * changed type or format and a removed enum value break. An added enum value does not: request
 * enums gain an accepted value, response enums are open in every target (TypeScript
 * `'a' | (string & {})`, Python `Literal[...] | str`), so a consumer's code handles unknown values
 * already. An integer widened to int64 accepts every value it did (requests); in responses the
 * effect depends on the target (see {@link targetEffects}), and the category is the most severe.
 */
export function classifySchemaDiff(
  d: SchemaDiff,
  direction: Direction,
): { kind: ChangeKind; category: Category; targets?: Effects } {
  const kind = ((): ChangeKind => {
    switch (d.kind) {
      case 'type':
        return 'type-changed';
      case 'format':
        return 'format-changed';
      case 'format-widened':
        return 'integer-widened';
      case 'decimal-format':
        return 'decimal-format-changed';
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
  const targets = targetEffects(d, direction);
  if (targets) return { kind, category: worst(Object.values(targets).map((t) => t.category)), targets };
  const category = kind === 'field-made-required' && direction === 'response' ? 'changed' : CATEGORY[kind];
  return { kind, category };
}

/** Enum changes are reported once per side of the exchange: requests read them closed, responses open. */
export const PER_DIRECTION: ReadonlySet<ChangeKind> = new Set(['enum-value-added', 'enum-value-removed']);

/** The other operations sharing an operation's bucket, before and after (ids). */
export interface BucketPeers {
  before: readonly string[];
  after: readonly string[];
}

/**
 * A rate limit is tightened when it allows fewer requests, counts over a longer window, counts per
 * another scope, or its bucket now also counts operations it did not count before (buckets merged:
 * the same number of requests is shared by more operations); loosened when it allows more requests
 * or a shorter window, or its bucket lost operations (split), and nothing got tighter. A bucket
 * renamed with the same members is documented.
 */
export function rateLimitChange(a: IRRateLimit, b: IRRateLimit, peers?: BucketPeers): ChangeKind | undefined {
  const joined = peers ? peers.after.filter((id) => !peers.before.includes(id)) : [];
  const left = peers ? peers.before.filter((id) => !peers.after.includes(id)) : [];
  if (b.requests < a.requests || b.window > a.window || b.scope !== a.scope || joined.length > 0)
    return 'rate-limit-tightened';
  if (b.requests > a.requests || b.window < a.window || left.length > 0) return 'rate-limit-loosened';
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
