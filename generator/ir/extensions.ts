/**
 * Reads the operation-level `x-` extensions into typed IR values, reporting every value that does
 * not have the shape `spec/README.md` defines. Nothing is guessed: a wrong shape is a problem.
 */
import { isObject, type Node } from './resolve.js';
import type {
  IRGroupLimit,
  IRIdempotency,
  IRPagination,
  IRPermission,
  IRRateLimit,
  IRShape,
  IRShapeSource,
  IRStp,
  IRTimeRange,
  RetryPolicy,
} from './types.js';

/** Reports a problem at a pointer relative to the operation. */
export type Report = (relativePointer: string, message: string) => void;

const posInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const posNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function objectAt(op: Node, key: string, report: Report): Node | undefined {
  const v = op[key];
  if (v === undefined) return undefined;
  if (!isObject(v)) {
    report(`/${key}`, `${key} must be an object, got ${JSON.stringify(v)}`);
    return undefined;
  }
  return v;
}

/** `x-rate-limit`: required on every operation. */
export function readRateLimit(op: Node, operationId: string, report: Report): IRRateLimit | undefined {
  const v = objectAt(op, 'x-rate-limit', report);
  if (!v) {
    if (op['x-rate-limit'] === undefined) report('', 'operation has no x-rate-limit');
    return undefined;
  }
  let ok = true;
  if (!posInt(v.requests))
    ((ok = false),
      report('/x-rate-limit/requests', `requests must be a positive integer, got ${JSON.stringify(v.requests)}`));
  if (!posNum(v.window))
    ((ok = false),
      report('/x-rate-limit/window', `window must be a positive number of seconds, got ${JSON.stringify(v.window)}`));
  if (v.scope !== 'ip' && v.scope !== 'uid' && v.scope !== 'uid+market')
    ((ok = false),
      report('/x-rate-limit/scope', `scope must be ip, uid or uid+market, got ${JSON.stringify(v.scope)}`));
  if (v.group !== undefined && !str(v.group))
    ((ok = false), report('/x-rate-limit/group', 'group must be a non-empty string'));
  // `market` is required by the lint rule; specs older than it (compared by spec:diff) lack it.
  if (v.market !== undefined && (!str(v.market) || v.scope !== 'uid+market'))
    ((ok = false), report('/x-rate-limit/market', 'market must name a field, and applies to scope uid+market only'));
  if (!ok) return undefined;
  const out: IRRateLimit = {
    bucket: str(v.group) ? v.group : operationId,
    requests: v.requests as number,
    window: v.window as number,
    scope: v.scope as IRRateLimit['scope'],
  };
  if (str(v.market)) out.market = v.market;
  if (str(v.note)) out.note = v.note;
  return out;
}

/** `x-permission`: required on private operations, absent on public ones. */
export function readPermission(op: Node, isPublic: boolean, report: Report): IRPermission | undefined {
  const v = objectAt(op, 'x-permission', report);
  if (isPublic) {
    if (v) report('/x-permission', 'public operation must not declare x-permission');
    return undefined;
  }
  if (!v) {
    if (op['x-permission'] === undefined) report('', 'private operation has no x-permission');
    return undefined;
  }
  if (!str(v.area) || (v.access !== 'read' && v.access !== 'write')) {
    report('/x-permission', `x-permission must be {area: string, access: read|write}, got ${JSON.stringify(v)}`);
    return undefined;
  }
  return { area: v.area, access: v.access };
}

/** `x-retry`: required. */
export function readRetry(op: Node, report: Report): RetryPolicy | undefined {
  const v = op['x-retry'];
  if (v === 'safe' || v === 'keyed' || v === 'never') return v;
  report('/x-retry', `x-retry must be safe, keyed or never, got ${JSON.stringify(v)}`);
  return undefined;
}

/**
 * `x-shape`: required. `seed` (shaped from the API description's own tables) and `reference`
 * (shaped from the service's public API reference) are shaped; `named-only` is open. `shaped`, the
 * value of IR 1.0 specs, still reads as `seed` so older revisions can be compared.
 */
export function readShape(op: Node, report: Report): { shape: IRShape; source: IRShapeSource } | undefined {
  const v = op['x-shape'];
  if (v === 'seed' || v === 'reference') return { shape: 'shaped', source: v };
  if (v === 'shaped') return { shape: 'shaped', source: 'seed' };
  if (v === 'named-only') return { shape: 'named-only', source: 'named-only' };
  report('/x-shape', `x-shape must be seed, reference or named-only, got ${JSON.stringify(v)}`);
  return undefined;
}

/** `x-pagination`. */
export function readPagination(op: Node, report: Report): IRPagination | undefined {
  const v = objectAt(op, 'x-pagination', report);
  if (!v) return undefined;
  if (
    (v.style !== 'page' && v.style !== 'offset') ||
    !posInt(v.defaultLimit) ||
    !posInt(v.maxLimit) ||
    (v.minLimit !== undefined && !posInt(v.minLimit))
  ) {
    report(
      '/x-pagination',
      `x-pagination must be {style: page|offset, defaultLimit, maxLimit, minLimit?} with positive integers, got ${JSON.stringify(v)}`,
    );
    return undefined;
  }
  const out: IRPagination = { style: v.style, defaultLimit: v.defaultLimit, maxLimit: v.maxLimit };
  if (posInt(v.minLimit)) out.minLimit = v.minLimit;
  return out;
}

/** `x-time-range`. */
export function readTimeRange(op: Node, report: Report): IRTimeRange | undefined {
  const v = objectAt(op, 'x-time-range', report);
  if (!v) return undefined;
  if (!str(v.from) || !str(v.to) || !posNum(v.maxDays) || !posNum(v.defaultDays) || v.unit !== 's') {
    report('/x-time-range', `x-time-range must be {from, to, maxDays, defaultDays, unit: s}, got ${JSON.stringify(v)}`);
    return undefined;
  }
  return { from: v.from, to: v.to, maxDays: v.maxDays, defaultDays: v.defaultDays, unit: 's' };
}

/** `x-idempotency`. */
export function readIdempotency(op: Node, report: Report): IRIdempotency | undefined {
  const v = objectAt(op, 'x-idempotency', report);
  if (!v) return undefined;
  const lookup = v.lookup;
  const lookupOk = lookup === undefined || (isObject(lookup) && str(lookup.operationId) && str(lookup.param));
  if (
    !str(v.field) ||
    (v.in !== 'body' && v.in !== 'query') ||
    typeof v.dedupes !== 'boolean' ||
    (v.generate !== undefined && typeof v.generate !== 'boolean') ||
    !lookupOk
  ) {
    report(
      '/x-idempotency',
      `x-idempotency must be {field, in: body|query, dedupes: boolean, generate?: boolean, lookup?: {operationId, param}}, got ${JSON.stringify(v)}`,
    );
    return undefined;
  }
  const out: IRIdempotency = { field: v.field, in: v.in, dedupes: v.dedupes, generate: v.generate === true };
  if (isObject(lookup)) out.lookup = { operationId: lookup.operationId as string, param: lookup.param as string };
  return out;
}

/** `x-stp`. */
export function readStp(op: Node, report: Report): IRStp | undefined {
  const v = objectAt(op, 'x-stp', report);
  if (!v) return undefined;
  if (
    !str(v.field) ||
    !Array.isArray(v.values) ||
    !v.values.every(str) ||
    !str(v.default) ||
    typeof v.requiresGroup !== 'boolean'
  ) {
    report(
      '/x-stp',
      `x-stp must be {field, values: string[], default, requiresGroup: boolean}, got ${JSON.stringify(v)}`,
    );
    return undefined;
  }
  return { field: v.field, values: [...(v.values as string[])], default: v.default, requiresGroup: v.requiresGroup };
}

/** `x-require-any-of`. */
export function readRequireAnyOf(op: Node, report: Report): string[] | undefined {
  const v = op['x-require-any-of'];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length < 2 || !v.every(str)) {
    report('/x-require-any-of', `x-require-any-of must list at least two field names, got ${JSON.stringify(v)}`);
    return undefined;
  }
  return [...(v as string[])];
}

/** `x-group-limit`: `{field, max}`. */
export function readGroupLimit(op: Node, report: Report): IRGroupLimit | undefined {
  const v = objectAt(op, 'x-group-limit', report);
  if (!v) return undefined;
  if (!str(v.field) || !posInt(v.max)) {
    report('/x-group-limit', `x-group-limit must be {field: string, max: positive integer}, got ${JSON.stringify(v)}`);
    return undefined;
  }
  return { field: v.field, max: v.max };
}

/** `x-nested-list`. */
export function readNestedList(op: Node, report: Report): boolean {
  const v = op['x-nested-list'];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') report('/x-nested-list', `x-nested-list must be a boolean, got ${JSON.stringify(v)}`);
  return v === true;
}
