/**
 * Reads `x-` extensions into typed IR values. Shapes and messages come from the table the lint
 * rules use too (`spec/extensions/table.js`, checked by `spec/extensions/check.js`); this file
 * only turns a checked value into its IR field. Nothing is guessed: a wrong shape is a problem.
 */
import { checkExtension, extension, problemText } from '../../spec/extensions/check.js';
import { pointer } from '../../spec/lint/support/json.js';
import type { Node } from './resolve.js';
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

/** Reports a problem at a pointer relative to the node being read (an operation, the root, ...). */
export type Report = (relativePointer: string, message: string) => void;

/**
 * The value of extension `name` on `node` when it has the table's shape, else `undefined` (each
 * problem reported below `/name`). `T` is the value's type as the table's schema gives it.
 */
export function readExtension<T>(node: Node, name: string, report: Report): T | undefined {
  const value = node[name];
  if (value === undefined) return undefined;
  const problems = checkExtension(name, value);
  for (const problem of problems) report(pointer(name, ...problem.path), problemText(name, problem));
  return problems.length === 0 ? (value as T) : undefined;
}

/** Like {@link readExtension}, and a missing extension is a problem too. */
export function readRequired<T>(node: Node, name: string, report: Report): T | undefined {
  if (node[name] === undefined) report('', `\`${name}\` is required`);
  return readExtension<T>(node, name, report);
}

/** An operation extension with the presence its row gives (required, private only, optional). */
function readOperation<T>(op: Node, name: string, report: Report, isPublic = false): T | undefined {
  const { presence } = extension(name);
  if (presence === 'private' && isPublic) {
    if (op[name] !== undefined) report(pointer(name), `\`${name}\` is for private operations; a public one has none`);
    return undefined;
  }
  const required = presence === 'required' || (presence === 'private' && !isPublic);
  return required ? readRequired<T>(op, name, report) : readExtension<T>(op, name, report);
}

type RateLimitValue = Omit<IRRateLimit, 'bucket'> & { group?: string };

/** `x-rate-limit`: required; the bucket is the `group`, or the operation's own. */
export function readRateLimit(op: Node, operationId: string, report: Report): IRRateLimit | undefined {
  const v = readOperation<RateLimitValue>(op, 'x-rate-limit', report);
  if (!v) return undefined;
  const out: IRRateLimit = { bucket: v.group ?? operationId, requests: v.requests, window: v.window, scope: v.scope };
  if (v.market !== undefined) out.market = v.market;
  if (v.note !== undefined && v.note !== '') out.note = v.note;
  return out;
}

/** `x-permission`: required on private operations, absent on public ones. */
export function readPermission(op: Node, isPublic: boolean, report: Report): IRPermission | undefined {
  const v = readOperation<IRPermission>(op, 'x-permission', report, isPublic);
  return v && { area: v.area, access: v.access };
}

/** `x-retry`: required. */
export const readRetry = (op: Node, report: Report): RetryPolicy | undefined =>
  readOperation<RetryPolicy>(op, 'x-retry', report);

/**
 * `x-shape`: required. `seed` and `reference` are shaped (from the API description, from the
 * public API reference); `named-only` is open. `shaped`, the value of IR 1.0 specs, still reads as
 * `seed` so older revisions can be compared.
 */
export function readShape(op: Node, report: Report): { shape: IRShape; source: IRShapeSource } | undefined {
  if (op['x-shape'] === 'shaped') return { shape: 'shaped', source: 'seed' };
  const v = readOperation<IRShapeSource>(op, 'x-shape', report);
  return v && { shape: v === 'named-only' ? 'named-only' : 'shaped', source: v };
}

/** `x-pagination`. */
export function readPagination(op: Node, report: Report): IRPagination | undefined {
  const v = readOperation<IRPagination>(op, 'x-pagination', report);
  if (!v) return undefined;
  const out: IRPagination = { style: v.style, defaultLimit: v.defaultLimit, maxLimit: v.maxLimit };
  if (v.minLimit !== undefined) out.minLimit = v.minLimit;
  return out;
}

/** `x-time-range`. */
export function readTimeRange(op: Node, report: Report): IRTimeRange | undefined {
  const v = readOperation<IRTimeRange>(op, 'x-time-range', report);
  return v && { from: v.from, to: v.to, maxDays: v.maxDays, defaultDays: v.defaultDays, unit: v.unit };
}

/** `x-idempotency`; `generate` defaults to false. */
export function readIdempotency(op: Node, report: Report): IRIdempotency | undefined {
  const v = readOperation<Omit<IRIdempotency, 'generate' | 'perItem'> & { generate?: boolean; perItem?: boolean }>(
    op,
    'x-idempotency',
    report,
  );
  if (!v) return undefined;
  const out: IRIdempotency = { field: v.field, in: v.in, dedupes: v.dedupes, generate: v.generate === true };
  if (v.prefix !== undefined) out.prefix = v.prefix;
  if (v.length !== undefined) out.length = v.length;
  if (v.perItem === true) out.perItem = true;
  if (v.lookup) {
    out.lookup = { operationId: v.lookup.operationId, param: v.lookup.param };
    if (v.lookup.with)
      out.lookup.with = Object.fromEntries(Object.entries(v.lookup.with).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
  return out;
}

/** `x-stp`. */
export function readStp(op: Node, report: Report): IRStp | undefined {
  const v = readOperation<IRStp>(op, 'x-stp', report);
  return v && { field: v.field, values: [...v.values], default: v.default, requiresGroup: v.requiresGroup };
}

/** `x-require-any-of`. */
export function readRequireAnyOf(op: Node, report: Report): string[] | undefined {
  const v = readOperation<string[]>(op, 'x-require-any-of', report);
  return v && [...v];
}

/** `x-group-limit`: `{field, max}`. */
export function readGroupLimit(op: Node, report: Report): IRGroupLimit | undefined {
  const v = readOperation<IRGroupLimit>(op, 'x-group-limit', report);
  return v && { field: v.field, max: v.max };
}

/** `x-nested-list`. */
export const readNestedList = (op: Node, report: Report): boolean =>
  readOperation<true>(op, 'x-nested-list', report) === true;
