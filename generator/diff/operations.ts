/**
 * Compares what the spec says about an operation beyond its data: area, security, permission,
 * rate limit, pagination, retry and the other `x-` behaviours, deprecation and documentation.
 */
import { extensionsAt } from '../../spec/extensions/table.js';
import type { IR, IROperation, IRRateLimit } from '../ir/types.js';
import {
  describePagination,
  describeRateLimit,
  OWN_BUCKET,
  paginationChange,
  rateLimitChange,
  type BucketPeers,
} from './classify.js';
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
  const peers = bucketPeers(ctx.oldIR, ctx.newIR, a, b);
  const limit = rateLimitChange(limitA, limitB, peers);
  if (limit === 'docs-changed') add(limit, 'x-rate-limit', 'rate limit note changed');
  else if (limit)
    add(
      limit,
      'x-rate-limit',
      `rate limit ${describeRateLimit(limitA)} → ${describeRateLimit(limitB)}${describePeers(peers)}`,
    );

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

/**
 * The other operations counted in the operation's bucket, in the old and the new version. Old
 * peers that no longer exist are left out: an operation removed from the API does not split a bucket.
 */
function bucketPeers(oldIR: IR, newIR: IR, a: IROperation, b: IROperation): BucketPeers {
  const existing = new Set(newIR.operations.map((o) => o.id));
  const peers = (ir: IR, op: IROperation): string[] =>
    ir.operations.filter((o) => o.id !== op.id && o.rateLimit.bucket === op.rateLimit.bucket).map((o) => o.id);
  return { before: peers(oldIR, a).filter((id) => existing.has(id)), after: peers(newIR, b) };
}

const describePeers = ({ before, after }: BucketPeers): string => {
  const joined = after.filter((id) => !before.includes(id));
  const left = before.filter((id) => !after.includes(id));
  return [
    joined.length > 0 ? `; now shared with ${joined.join(', ')}` : '',
    left.length > 0 ? `; no longer shared with ${left.join(', ')}` : '',
  ].join('');
};

/** The rate limit with an operation's own bucket (named by its id) written as `own`, so a renamed operation keeps it. */
const ownBucket = (op: IROperation): IRRateLimit =>
  op.rateLimit.bucket === op.id ? { ...op.rateLimit, bucket: OWN_BUCKET } : op.rateLimit;

const describePermission = (op: IROperation): string =>
  op.permission ? `${op.permission.area}:${op.permission.access}` : 'none';
