/**
 * Compares what the spec says about an operation beyond its data: area, security, permission,
 * rate limit, pagination, retry and the other `x-` behaviours, deprecation and documentation.
 */
import { extensionsAt } from '../../spec/extensions/table.js';
import type { IROperation, IRRateLimit } from '../ir/types.js';
import { describePagination, describeRateLimit, OWN_BUCKET, paginationChange, rateLimitChange } from './classify.js';
import { refOf, type ChangeSink, type DiffContext } from './context.js';
import { memberPointer } from './pointers.js';
import type { ChangeKind } from './types.js';

const show = (v: unknown): string => (v === undefined ? 'none' : JSON.stringify(v));

/**
 * Behaviours documented as changed when they differ (IR field, spec extension, label): the
 * extension table's operation rows that name a `change` (the others have their own kinds below).
 */
const BEHAVIOURS: ReadonlyArray<[keyof IROperation, string, string]> = extensionsAt('operation').flatMap((row) => {
  const field = /^operation\.(\w+)/.exec(row.ir ?? '')?.[1] as keyof IROperation | undefined;
  return row.change !== undefined && field !== undefined ? [[field, row.name, row.change] as const] : [];
});

/** Compares the non-data attributes of an operation present in both versions. */
export function compareOperationAttributes(ctx: DiffContext, sink: ChangeSink, a: IROperation, b: IROperation): void {
  const op = refOf(b);
  const at = (key: string): [string, string] => [memberPointer(ctx.oldDoc, a, key), memberPointer(ctx.newDoc, b, key)];
  const add = (kind: ChangeKind, key: string, message: string): void => sink.add(kind, [op], ...at(key), message);

  if (a.area !== b.area)
    add('area-changed', 'tags', `area ${a.area} → ${b.area} (the client method moves to client.${b.area})`);

  if (a.auth === 'public' && b.auth === 'private')
    add('auth-added', 'security', 'now private: needs an API key and signature');
  else if (a.auth === 'private' && b.auth === 'public')
    add('auth-removed', 'security', 'now public: no API key needed');
  else if (
    a.auth === 'private' &&
    b.auth === 'private' &&
    JSON.stringify(a.permission) !== JSON.stringify(b.permission)
  )
    add('permission-changed', 'x-permission', `permission ${describePermission(a)} → ${describePermission(b)}`);

  const [limitA, limitB] = [ownBucket(a), ownBucket(b)];
  const limit = rateLimitChange(limitA, limitB);
  if (limit === 'docs-changed') add(limit, 'x-rate-limit', 'rate limit note changed');
  else if (limit) add(limit, 'x-rate-limit', `rate limit ${describeRateLimit(limitA)} → ${describeRateLimit(limitB)}`);

  const paging = paginationChange(a.pagination, b.pagination);
  if (paging)
    add(paging, 'x-pagination', `pagination ${describePagination(a.pagination)} → ${describePagination(b.pagination)}`);

  if (a.retry !== b.retry) add('retry-changed', 'x-retry', `retry ${a.retry} → ${b.retry}`);
  for (const [field, key, label] of BEHAVIOURS)
    if (JSON.stringify(a[field]) !== JSON.stringify(b[field]))
      add('behaviour-changed', key, `${label} ${show(a[field])} → ${show(b[field])}`);

  if (!a.deprecated && b.deprecated) add('operation-deprecated', 'deprecated', 'operation deprecated');
  if (a.deprecated && !b.deprecated) add('operation-undeprecated', 'deprecated', 'operation no longer deprecated');

  if (a.summary !== b.summary) add('docs-changed', 'summary', `summary changed: ${JSON.stringify(b.summary)}`);
  if (a.description !== b.description) add('docs-changed', 'description', 'description changed');
}

/** The rate limit with an operation's own bucket (named by its id) written as `own`, so a renamed operation keeps it. */
const ownBucket = (op: IROperation): IRRateLimit =>
  op.rateLimit.bucket === op.id ? { ...op.rateLimit, bucket: OWN_BUCKET } : op.rateLimit;

const describePermission = (op: IROperation): string =>
  op.permission ? `${op.permission.area}:${op.permission.access}` : 'none';
