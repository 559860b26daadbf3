/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/raw-routes.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Which spec operation a `client.request()` path is: the operation of the same method whose path
 * template matches it segment by segment (`/spot/orders/{order_id}` matches `/spot/orders/123`; a
 * parameter matches any one segment). When two templates match, the one with a literal segment
 * where the other has a parameter, first from the left, wins (`/sub_accounts/unified_mode` over
 * `/sub_accounts/{user_id}`). The table comes from the generated operation metadata, split once
 * per table.
 */
import type { HttpMethod, OperationMeta } from './metadata.js';

/** One template split into segments; `undefined` stands for a parameter. */
interface Route {
  readonly segments: readonly (string | undefined)[];
  readonly meta: OperationMeta;
}

const tables = new WeakMap<object, ReadonlyMap<string, readonly Route[]>>();

/** The routes of `operations` by method, split once per table. */
function routesOf(operations: Readonly<Record<string, OperationMeta>>): ReadonlyMap<string, readonly Route[]> {
  let table = tables.get(operations);
  if (table === undefined) {
    const byMethod = new Map<string, Route[]>();
    for (const meta of Object.values(operations)) {
      const segments = meta.path
        .slice(1)
        .split('/')
        .map((s) => (/^\{[^{}]+\}$/.test(s) ? undefined : s));
      const list = byMethod.get(meta.method) ?? [];
      list.push({ segments, meta });
      byMethod.set(meta.method, list);
    }
    table = byMethod;
    tables.set(operations, table);
  }
  return table;
}

/** Whether route `a` is more specific than `b`: a literal where `b` has a parameter, first from the left. */
function moreSpecific(a: Route, b: Route): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const x = a.segments[i];
    const y = b.segments[i];
    if ((x === undefined) !== (y === undefined)) return x !== undefined;
  }
  return false;
}

/**
 * The operation a raw request to `path` (checked and encoded, without the prefix) with `method`
 * is, or `undefined` when no template of that method matches.
 */
export function matchOperation(
  method: HttpMethod,
  path: string,
  operations: Readonly<Record<string, OperationMeta>>,
): OperationMeta | undefined {
  const parts = path.slice(1).split('/');
  let best: Route | undefined;
  for (const route of routesOf(operations).get(method) ?? []) {
    if (route.segments.length !== parts.length) continue;
    if (!route.segments.every((s, i) => s === undefined || s === parts[i])) continue;
    if (best === undefined || moreSpecific(route, best)) best = route;
  }
  return best?.meta;
}
