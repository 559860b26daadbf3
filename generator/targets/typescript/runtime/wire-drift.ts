/**
 * The wire-drift guard: each value of a success answer that the spec types as a decimal string,
 * an int64, a number, an integer or a time string is read against that declared type. A value
 * that arrived in another wire type and converts without loss (a number for a decimal string, a
 * digit string for an int64 or a number, a number for a time string) is converted and reported as
 * a drift (the spec may be stale); one that cannot (`"abc"` for a number, `1.5` for an int64, an
 * integer beyond 2^53 for a number) is refused with a `WireDriftError` naming the field. Written
 * small: every typed answer of every bundle carries it.
 */

import type { RuntimeContext } from './context.js';
import { ExchangeError, type ErrorContext } from './errors.js';
import { scanJson } from './json-scan.js';
import { emit, type LogEventInit } from './logger.js';
import type { WireKind } from './metadata.js';

/** The name of each declared type, as drift events and errors give it. */
const DECLARED = { d: 'decimal', i: 'int64', n: 'number', g: 'integer', s: 'time' } as const;

/** One value that arrived in another wire type than its declared one. */
export interface WireDrift {
  /** The field's place in the answer: property names, `*` for every item (`*.size`). */
  readonly field: string;
  /** How it arrived: `number`, `string`, `boolean` or `object`. */
  readonly wireType: string;
  /** What the spec declares: `decimal`, `int64`, `number`, `integer` or `time`. */
  readonly declaredType: string;
  /** `1` when it does not convert to the declared type without loss. */
  readonly refused?: 1 | undefined;
}

/**
 * An answer field arrived in a wire type it does not convert from without loss, or (with
 * `wireDrift: 'error'`) in any other wire type than the spec declares. The value itself is not
 * copied into the error.
 */
export class WireDriftError extends ExchangeError {
  override name = 'WireDriftError';
  /** The field's place in the answer (`*.size`). */
  declare readonly field: string;
  /** How it arrived (`number`, `string`, ...). */
  declare readonly wireType: string;
  /** What the spec declares (`decimal`, `int64`, `number`, `integer`, `time`). */
  declare readonly declaredType: string;
  /** `1` when the value does not convert to the declared type without loss. */
  declare readonly refused: 1 | undefined;

  constructor(drift: WireDrift, context: ErrorContext = {}) {
    super(
      `${context.operation}: answer field ${drift.field} is ${drift.wireType}, declared ${drift.declaredType}`,
      context,
    );
    Object.assign(this, drift);
  }
}

/**
 * One value read as `kind`: `[value]`, `[converted, wireType]` for a drift, or `[value, wireType,
 * 1]` when it does not convert. `exact()` gives the value at this place with each number as
 * `[its JSON text]` (the answer read again: only called for a drift or an integer beyond 2^53).
 */
function readAs(kind: WireKind, v: unknown, exact: () => unknown): readonly [unknown, string?, 1?] {
  if (v === null) return [v];
  const digits = typeof v === 'string' && /^-?\d+$/.test(v);
  // An integer beyond 2^53 arrives as its digits (json.ts), from a wire number or a wire string.
  const w = digits && !Number.isSafeInteger(+v) && Array.isArray(exact()) ? 'number' : typeof v;
  const big = w === 'number' && digits;
  if (kind === 'd' || kind === 's') {
    if (w !== 'number') return w === 'string' ? [v] : [v, w, 1];
    const text = big ? v : ((exact() as string[])[0] ?? '');
    return /^-?\d+(\.\d+)?$/.test(text) ? [text, w] : [v, w, 1];
  }
  if (kind === 'i') {
    if (w === 'number') return big ? [v] : Number.isSafeInteger(v) ? [(v as number).toFixed(0)] : [v, w, 1];
    return digits ? [String(BigInt(v)), w] : [v, w, 1];
  }
  const n = Number(v);
  return (w === 'string' ? /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(v as string) : w === 'number' && !big) &&
    (Number.isSafeInteger(n) || (kind === 'n' && Number.isFinite(n) && !Number.isInteger(n)))
    ? w === 'string'
      ? [n, w]
      : [v]
    : [v, w, 1];
}

/** One place of a descriptor: its field, its declared type, and the field's path segments. */
type Place = readonly [field: string, kind: WireKind, segments: readonly string[]];

/** Each descriptor parsed once: one per operation, read on every answer. */
const parsedPlaces = new Map<string, readonly Place[]>();

/** The places of a `wire` descriptor (`OperationMeta.wire`): field, declared type and path segments, in order. */
export function wirePlaces(wire: string): readonly Place[] {
  let places = parsedPlaces.get(wire);
  if (places === undefined) {
    const [prefix, groups] = wire.includes(':') ? wire.split(':') : ['', wire];
    places = (groups ?? '').split(';').flatMap((group) =>
      group
        .slice(1)
        .split(' ')
        .map((place): Place => {
          const field = prefix + place;
          return [field, group[0] as WireKind, field ? field.split('.') : []];
        }),
    );
    parsedPlaces.set(wire, places);
  }
  return places;
}

/**
 * Whether {@link readAs} would keep `v` as it is and report nothing: null, or a decimal or time
 * string too short to be an integer beyond 2^53 (the common case), decided without allocating.
 */
const plain = (kind: WireKind, v: unknown): boolean =>
  v === null || ((kind === 'd' || kind === 's') && typeof v === 'string' && v.length < 16);

/**
 * Reads every value at the descriptor's places against its declared type, in place: converted
 * values replace the wire ones; each drift (converted or refused) is pushed to `drifts`.
 * `reread()` gives the same answer with each number as `[its JSON text]` ({@link numberTexts}).
 * @returns the data (a new value only when the answer itself is the converted value).
 */
export function readWire(data: unknown, wire: string, reread: () => unknown, drifts: WireDrift[]): unknown {
  let tree: unknown;
  // The keys from the answer down to the value being read: its place in `reread()`'s tree.
  const keys: (string | number)[] = [];
  const exactAt = (path: readonly (string | number)[]) => (): unknown => {
    let node: unknown = (tree ??= reread());
    for (const k of path) node = (node as Record<string | number, unknown> | undefined)?.[k];
    return node;
  };
  const root: Record<string, unknown> = { v: data };
  for (const [field, kind, segments] of wirePlaces(wire)) {
    const walk = (holder: Record<string | number, unknown>, key: string | number, depth: number): void => {
      const v = holder[key];
      const segment = segments[depth];
      if (segment === undefined) {
        if (v === undefined || plain(kind, v)) return;
        const [out, wireType, refused] = readAs(kind, v, exactAt(keys.slice()));
        holder[key] = out;
        if (wireType) drifts.push({ field, wireType, declaredType: DECLARED[kind], refused });
      } else if (typeof v === 'object' && v !== null) {
        // The keys of a list or map at once: its own iterator would make an object for every item.
        for (const k of segment === '*' ? Object.keys(v) : [segment]) {
          keys.push(k);
          walk(v as Record<string | number, unknown>, k, depth + 1);
          keys.pop();
        }
      }
    };
    walk(root, 'v', 0);
  }
  return root['v'];
}

/** A JSON text read with each number as `[its JSON text]`, where a number's own digits are needed. */
export const numberTexts = (text: string): unknown => scanJson(text, 0, { step: () => 0, number: (s) => [s] });

/**
 * Settles an answer's drifts: a refused one (any one, with `wireDrift: 'error'`) is thrown as a
 * `WireDriftError`; the others are reported as `drift` log events, once per client, operation,
 * field and wire type.
 */
export function settleDrifts(
  ctx: RuntimeContext,
  log: Omit<LogEventInit, 'type'>,
  drifts: readonly WireDrift[],
  context: ErrorContext,
): void {
  const seen = ctx.drifts;
  for (const d of drifts) {
    if (d.refused || ctx.settings.wireDrift === 'error') throw new WireDriftError(d, context);
    const key = `${log.operation}\0${d.field}\0${d.wireType}`;
    if (!seen.has(key)) emit(ctx.settings.logger, { type: 'drift', ...log, ...d });
    seen.add(key);
  }
}
