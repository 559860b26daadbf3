/**
 * Auto-pagination: pages through `page`/`limit` or `offset`/`limit` lists until a short page, and
 * splits a time range longer than the operation allows into consecutive windows, oldest first.
 */
import { paramValue, withQueryValues } from './envelope.js';
import { isObject } from './json.js';
import type { OperationMeta } from './metadata.js';

const DAY = 86_400;

/**
 * Splits the inclusive range [from, to] (Unix seconds) into consecutive windows, oldest first,
 * each covering at most `maxDays * 86400` seconds: window i is
 * `[start, min(start + maxDays * 86400 - 1, to)]` and the next starts one second after it ends
 * (no overlap, no gap). `from === to` gives one window; `from > to` gives none.
 * @throws RangeError when `maxDays * 86400` is below one second.
 */
export function timeWindows(from: number, to: number, maxDays: number): Array<{ from: number; to: number }> {
  const span = maxDays * DAY;
  if (!(span >= 1)) throw new RangeError(`maxDays must cover at least one second, got ${maxDays}`);
  const windows: Array<{ from: number; to: number }> = [];
  for (let start = from; start <= to;) {
    const end = Math.min(start + span - 1, to);
    windows.push({ from: start, to: end });
    start = end + 1;
  }
  return windows;
}

/**
 * Yields every item of a paginated (and possibly time-ranged) list operation.
 *
 * - Page size: the caller's `limit`, else `meta.pagination.defaultLimit`; it is always sent.
 * - `page` style starts at the caller's `page` (else 1), `offset` style at the caller's `offset`
 *   (else 0); both stop after the first page shorter than the limit, or when a full page repeats
 *   the previous one exactly (a server ignoring the paging parameters).
 * - With `meta.timeRange`, a range longer than `maxDays` (defaults: `to` = now, `from` = `to` -
 *   `defaultDays`) is split with `timeWindows`; each window is paged through fully, oldest first.
 *   The caller's `page`/`offset` applies to the first window; later windows start at the beginning.
 *   A range that fits is sent exactly as the caller gave it.
 * - Items with an `id` are yielded once, even when a record appears on two windows' edges.
 *
 * `fetchPage` receives the caller's params with the paging (and window) params set and returns the
 * page's flat item list. `nowSeconds` is read only when the caller gave `from` without `to`.
 */
export async function* paginate<Item>(
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  fetchPage: (pageParams: Record<string, unknown>) => Promise<readonly Item[]>,
  nowSeconds: () => number,
): AsyncGenerator<Item, void, undefined> {
  const seen = new Set<string>();
  const fresh = (item: Item): boolean => {
    const id = idOf(item);
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  const windows = windowParams(meta, params, nowSeconds);
  for (let i = 0; i < windows.length; i++) {
    const base = windows[i] as Record<string, unknown>;
    if (meta.pagination === undefined) {
      for (const item of await fetchPage(base)) if (fresh(item)) yield item;
      continue;
    }
    const style = meta.pagination.style;
    const limit = integer(read(meta, params, 'limit')) ?? meta.pagination.defaultLimit;
    const startAt = i === 0 ? integer(read(meta, params, style)) : undefined;
    let position = startAt ?? (style === 'page' ? 1 : 0);
    let previous: string | undefined;
    for (;;) {
      const pageParams = withParams(meta, base, { limit, [style]: position });
      const items = await fetchPage(pageParams);
      for (const item of items) if (fresh(item)) yield item;
      if (items.length < limit || limit <= 0) break;
      const signature = pageSignature(items);
      if (signature !== undefined && signature === previous) break;
      previous = signature;
      position += style === 'page' ? 1 : limit;
    }
  }
}

/** The params of each time window (one entry, the caller's params unchanged, when no split is needed). */
function windowParams(
  meta: OperationMeta,
  params: Readonly<Record<string, unknown>>,
  nowSeconds: () => number,
): Record<string, unknown>[] {
  const range = meta.timeRange;
  const unchanged = [{ ...params }];
  if (range === undefined) return unchanged;
  const givenFrom = read(meta, params, range.from);
  const givenTo = read(meta, params, range.to);
  if (absent(givenFrom) && absent(givenTo)) return unchanged;
  const to = absent(givenTo) ? Math.floor(nowSeconds()) : Number(givenTo);
  const from = absent(givenFrom) ? to - range.defaultDays * DAY : Number(givenFrom);
  if (!Number.isFinite(from) || !Number.isFinite(to)) return unchanged;
  const windows = timeWindows(from, to, range.maxDays);
  if (windows.length <= 1) return unchanged;
  return windows.map((w) => withParams(meta, params, { [range.from]: w.from, [range.to]: w.to }));
}

const absent = (v: unknown): boolean => v === undefined || v === null;

/** A query parameter's value (envelope.ts): flat params, or the `query` object of a named-only operation. */
const read = (meta: OperationMeta, params: Readonly<Record<string, unknown>>, name: string): unknown =>
  paramValue(meta, params, name, 'query');

/** A copy of `params` with `values` set (inside `query` for a named-only operation). */
const withParams = withQueryValues;

/** A whole number from a number, bigint or digit string; `undefined` otherwise. */
function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

/** The item's `id` as a string, when it has one. */
function idOf(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  const id = item['id'];
  return typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint' ? String(id) : undefined;
}

/** The ids of a page in order, when every item has one. */
function pageSignature(items: readonly unknown[]): string | undefined {
  const ids: string[] = [];
  for (const item of items) {
    const id = idOf(item);
    if (id === undefined) return undefined;
    ids.push(id);
  }
  return ids.join('\u0000');
}
