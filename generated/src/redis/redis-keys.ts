/*
 * Copied by exchange-v4 from generator/targets/typescript/redis/redis-keys.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The pure parts of the Redis rate budget: which Redis keys a client's bucket keys name, and the
 * limits of the local fallback. No I/O here. The key format is documented in
 * docs/redis-rate-budget.md; the Python client (`_runtime/redis_store.py`) builds the same keys.
 */
import { ValidationError } from '../runtime/errors.js';
import type { Limit } from '../runtime/rate-limit.js';

/** Default first part of every key. */
export const DEFAULT_PREFIX = 'exchange-v4:rl';

/** Default share of each limit a process keeps for itself while Redis cannot be reached. */
export const DEFAULT_FALLBACK_SHARE = 0.25;

/** A UID or a prefix: letters, digits, `_`, `-`, `.` (and `:` in a prefix); never a brace, so the hash tag holds. */
const UID = /^[A-Za-z0-9_.-]{1,64}$/;
const PREFIX = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Throws `ValidationError` unless `uid` is a valid account UID (digits in practice). */
export function checkUid(field: string, uid: unknown): string {
  const text = typeof uid === 'number' && Number.isSafeInteger(uid) ? String(uid) : uid;
  if (typeof text !== 'string' || !UID.test(text))
    throw new ValidationError(field, uid, 'pattern', 'must be an account UID: 1 to 64 letters, digits, _ . -');
  return text;
}

/** Throws `ValidationError` unless `prefix` may start a Redis key here. */
export function checkPrefix(prefix: unknown): string {
  if (typeof prefix !== 'string' || !PREFIX.test(prefix))
    throw new ValidationError('prefix', prefix, 'pattern', 'must be 1 to 64 letters, digits, _ . : -');
  return prefix;
}

/** Throws `ValidationError` unless `share` is in (0, 1]. */
export function checkShare(share: unknown): number {
  if (typeof share !== 'number' || !(share > 0 && share <= 1))
    throw new ValidationError('fallbackShare', share, 'range', 'must be a number above 0 and at most 1');
  return share;
}

/** A part of a key with `%`, `:`, `{`, `}` escaped, so parts never run into each other. */
export function keyPart(text: string): string {
  return text.replace(/[%:{}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** One bucket of a client (`ip|bucket…`, `uid|bucket|account`, `uid+market|bucket|account|market`). */
export interface BucketRef {
  readonly scope: 'ip' | 'uid' | 'uid+market';
  readonly bucket: string;
  /** `uid+market` only: the market ('' when the call named none). */
  readonly market?: string;
}

/** Reads a client's bucket key (both clients' formats); `undefined` when it is not one. */
export function parseBucketKey(key: string): BucketRef | undefined {
  const parts = key.split('|');
  const [scope, bucket] = parts;
  if (bucket === undefined || bucket === '') return undefined;
  if (scope === 'ip') return { scope, bucket };
  if (scope === 'uid' && parts.length === 3) return { scope, bucket };
  if (scope === 'uid+market' && parts.length >= 4) return { scope, bucket, market: parts.slice(3).join('|') };
  return undefined;
}

/**
 * The two Redis keys of a bucket: its slots (a sorted set) and its state (a hash). Every key of an
 * account shares the hash tag `{uid:<uid>}` (public buckets `{ip}`), so one call's buckets sit in
 * one Redis Cluster slot and one script can take them all.
 */
export function redisKeys(prefix: string, uid: string, ref: BucketRef): { slots: string; meta: string } {
  const owner = ref.scope === 'ip' ? '{ip}' : `{uid:${uid}}`;
  const market = ref.scope === 'uid+market' ? `:${keyPart(ref.market ?? '')}` : '';
  const base = `${prefix}:${owner}:${keyPart(ref.bucket)}${market}`;
  return { slots: `${base}:slots`, meta: `${base}:meta` };
}

/**
 * The limit a process keeps while Redis is unreachable: `share` of the rate. Fewer requests per
 * window while that leaves at least one; else one request per a longer window, so the rate is
 * never above `share` of the limit however small the limit.
 */
export function fallbackLimit(limit: Limit, share: number): Limit {
  const requests = Math.floor(limit.requests * share);
  if (requests >= 1) return { requests, window: limit.window };
  return { requests: 1, window: limit.window / (limit.requests * share) };
}
