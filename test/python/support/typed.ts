/**
 * What the Python client must return for a response body, computed from the IR alone: 64-bit
 * integers (`int64.response` paths) as exact integers, decimal amounts as `Decimal` (encoded by the
 * runner as `{"$decimal": text}`), a nested list flattened.
 */
import { LosslessNumber } from 'lossless-json';
import { decimalResponsePaths } from '../../../generator/targets/python/meta.js';
import type { IR, IROperation, ValuePath } from '../../../generator/ir/types.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof LosslessNumber);

/** Applies `convert` to every value at one of `paths`. */
export function atPaths(value: unknown, paths: readonly ValuePath[], convert: (v: unknown) => unknown): unknown {
  if (paths.length === 0) return value;
  if (paths.some((p) => p.length === 0)) return convert(value);
  if (Array.isArray(value)) {
    const inner = paths.filter((p) => p[0] === '*').map((p) => p.slice(1));
    return value.map((item) => atPaths(item, inner, convert));
  }
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        atPaths(
          v,
          paths.filter((p) => p[0] === '*' || p[0] === k).map((p) => p.slice(1)),
          convert,
        ),
      ]),
    );
  return value;
}

/** The typed result the Python client returns for a lossless-parsed body. */
export function pythonTyped(ir: IR, op: IROperation, body: unknown): unknown {
  if (body === undefined || op.successStatus === 204) return null;
  const flat = op.nestedList && Array.isArray(body) && body.every(Array.isArray) ? (body as unknown[][]).flat(1) : body;
  const ints = atPaths(flat, op.int64.response, (v) =>
    typeof v === 'string' && /^-?\d+$/.test(v) ? new LosslessNumber(v) : v,
  );
  return atPaths(ints, decimalResponsePaths(ir, op), (v) => (typeof v === 'string' ? { $decimal: v } : v));
}
