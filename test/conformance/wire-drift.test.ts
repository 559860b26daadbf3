/**
 * The wire-drift guard (wire-drift.ts) through `successData`: each row of the vectors both clients
 * read (conformance/wire-drift.json; the Python suite reads the same file) as one answer field,
 * then places (nested objects, list items, map values, a wrapped nested list), the settling of
 * drifts (refusal, `wireDrift: 'error'`, one `drift` event per kind per client) and the generated
 * descriptors.
 */
import { describe, expect, it } from 'vitest';
import type { RuntimeContext } from '../../generator/targets/typescript/runtime/context.js';
import type { LogEvent } from '../../generator/targets/typescript/runtime/logger.js';
import type { WireKind } from '../../generator/targets/typescript/runtime/metadata.js';
import { successData } from '../../generator/targets/typescript/runtime/response.js';
import {
  settleDrifts,
  WireDriftError,
  wirePlaces,
  type WireDrift,
} from '../../generator/targets/typescript/runtime/wire-drift.js';
import { wireText } from '../../generator/emit-kit/wire-types.js';
import { bareOp, op } from '../runtime/helpers/meta.js';
import { readKit } from './kit.js';

interface Vector {
  declared: 'decimal' | 'int64' | 'number' | 'integer' | 'time';
  wire: string;
  want?: string | null;
  drift?: string;
  refused?: true;
}
/** The kit's rows as this file reads them: the given declared type and wire text, and what comes of them. */
const cases: Vector[] = readKit<{ declared: string; wire: string }, { value?: string; drift?: string; refused?: true }>(
  'wire-drift',
).rows.map(
  ({ given, want }) =>
    ({
      declared: given.declared,
      wire: given.wire,
      ...(want.value === undefined ? {} : { want: want.value }),
      ...(want.drift === undefined ? {} : { drift: want.drift }),
      ...(want.refused === undefined ? {} : { refused: want.refused }),
    }) as Vector,
);
const KIND: Record<Vector['declared'], WireKind> = { decimal: 'd', int64: 'i', number: 'n', integer: 'g', time: 's' };

/** Reads `text` as the answer of an operation whose descriptor is `wire`. */
function read(text: string, wire: Record<string, WireKind>, over = {}): { data: unknown; drifts: WireDrift[] } {
  const drifts: WireDrift[] = [];
  const data = successData(bareOp({ id: 'wireCase', wire: wireText(wire), ...over }), 200, text, drifts);
  return { data, drifts };
}

describe('one answer field read against its declared type (conformance/wire-drift.json)', () => {
  it('covers a conversion and a refusal of every declared type', () => {
    for (const declared of Object.keys(KIND)) {
      expect(cases.some((c) => c.declared === declared && c.drift !== undefined && !c.refused)).toBe(true);
      expect(cases.some((c) => c.declared === declared && c.refused)).toBe(true);
    }
  });

  it.each(cases)('$declared given $wire', ({ declared, wire, want, drift, refused }) => {
    const { data, drifts } = read(`{"f":${wire}}`, { f: KIND[declared] });
    const value = (data as { f: unknown }).f;
    // The declared type in this client: decimals, int64 and times are text; numbers and integers numbers.
    const typed =
      want === null || want === undefined ? want : ['number', 'integer'].includes(declared) ? Number(want) : want;
    if (!refused) expect(value).toStrictEqual(typed);
    expect(drifts).toEqual(
      drift === undefined
        ? []
        : [{ field: 'f', wireType: drift, declaredType: declared, refused: refused ? 1 : undefined }],
    );
  });
});

describe('places in an answer', () => {
  it.each([
    {
      name: 'a list item field and a nested object field',
      given: { text: '[{"size":10,"o":{"t":"5"}},{"size":"2"}]', wire: { '*.size': 'd', '*.o.t': 'g' } as const },
      want: [{ size: '10', o: { t: 5 } }, { size: '2' }],
    },
    {
      name: 'map values',
      given: { text: '{"m":{"BTC":{"a":1},"ETH":{"a":"2"}}}', wire: { 'm.*.a': 'd' } as const },
      want: { m: { BTC: { a: '1' }, ETH: { a: '2' } } },
    },
    {
      name: 'the answer itself',
      given: { text: '"1795219260"', wire: { '': 'n' } as const },
      want: 1795219260,
    },
    {
      name: 'absent and null fields stay as they are',
      given: { text: '{"a":null}', wire: { a: 'd', b: 'i', 'c.d': 'n' } as const },
      want: { a: null },
    },
    {
      name: 'an int64 of a list item beyond 2^53 keeps every digit',
      given: { text: '[{"id":12345678901234567890}]', wire: { '*.id': 'i' } as const },
      want: [{ id: '12345678901234567890' }],
    },
  ])('$name', ({ given, want }) => {
    expect(read(given.text, given.wire).data).toEqual(want);
  });

  it('reads a wrapped nested list by the flat list places, a number taking its exact text', () => {
    const { data, drifts } = read(
      '[[{"size":0.30000000000000001}],[{"size":"1"}]]',
      { '*.size': 'd' },
      { nestedList: true },
    );
    expect(data).toEqual([{ size: '0.30000000000000001' }, { size: '1' }]);
    expect(drifts).toEqual([{ field: '*.size', wireType: 'number', declaredType: 'decimal', refused: undefined }]);
  });
});

/** A client context with only what settling reads. */
function fakeContext(wireDrift: 'convert' | 'error', events: LogEvent[]): RuntimeContext {
  return {
    settings: { wireDrift, logger: (e: LogEvent) => events.push(e) },
    drifts: new Set(),
  } as unknown as RuntimeContext;
}
const log = { operation: 'listFuturesOrders', method: 'GET', url: 'http://127.0.0.1/x', attempt: 1 };
const converted: WireDrift = { field: '*.size', wireType: 'number', declaredType: 'decimal' };
const refused: WireDrift = { field: '*.create_time', wireType: 'string', declaredType: 'number', refused: 1 };

describe('settleDrifts', () => {
  it('reports a converted drift once per client, operation, field and wire type', () => {
    const events: LogEvent[] = [];
    const ctx = fakeContext('convert', events);
    settleDrifts(ctx, log, [converted, converted], {});
    settleDrifts(ctx, log, [converted, { ...converted, wireType: 'string' }], {});
    settleDrifts(ctx, { ...log, operation: 'getFuturesOrder' }, [converted], {});
    settleDrifts(fakeContext('convert', events), log, [converted], {});
    expect(events.map((e) => [e.type, e.operation, e.field, e.wireType, e.declaredType])).toEqual([
      ['drift', 'listFuturesOrders', '*.size', 'number', 'decimal'],
      ['drift', 'listFuturesOrders', '*.size', 'string', 'decimal'],
      ['drift', 'getFuturesOrder', '*.size', 'number', 'decimal'],
      ['drift', 'listFuturesOrders', '*.size', 'number', 'decimal'],
    ]);
  });

  it('tells apart an operation, field and wire type whose names run together', () => {
    const events: LogEvent[] = [];
    const ctx = fakeContext('convert', events);
    settleDrifts(ctx, { ...log, operation: 'ab' }, [{ ...converted, field: 'c' }], {});
    settleDrifts(ctx, { ...log, operation: 'a' }, [{ ...converted, field: 'bc' }], {});
    expect(events.map((e) => [e.operation, e.field])).toEqual([
      ['ab', 'c'],
      ['a', 'bc'],
    ]);
  });

  it.each([
    { name: 'a refused value, by default', given: { mode: 'convert' as const, drift: refused } },
    { name: 'any drift with wireDrift: error', given: { mode: 'error' as const, drift: converted } },
  ])('throws a WireDriftError naming the field for $name', ({ given }) => {
    const events: LogEvent[] = [];
    const error = (() => {
      try {
        settleDrifts(fakeContext(given.mode, events), log, [given.drift], { operation: 'listFuturesOrders' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(WireDriftError);
    const { field, wireType, declaredType, message } = error as WireDriftError;
    expect([field, wireType, declaredType]).toEqual([
      given.drift.field,
      given.drift.wireType,
      given.drift.declaredType,
    ]);
    expect(message).toContain(`listFuturesOrders: answer field ${given.drift.field}`);
    expect(events).toEqual([]);
  });
});

describe('generated descriptors', () => {
  const places = (id: Parameters<typeof op>[0]) =>
    Object.fromEntries(wirePlaces(op(id).wire ?? '').map(([field, kind]) => [field, kind] as const));

  it('list the typed places of an answer, nested ones included', () => {
    expect(places('getFuturesOrder')).toMatchObject({ size: 'd', create_time: 'n', id: 'i', price: 'd' });
    expect(places('getOrder')).toMatchObject({ create_time: 's', amount: 'd', create_time_ms: 'i' });
    expect(places('listAllOpenOrders')).toMatchObject({ '*.orders.*.create_time': 's', '*.orders.*.amount': 'd' });
  });

  it.each([
    { given: { size: 'd', price: 'd', id: 'i' } as const, want: 'iid;dsize price' },
    { given: { '*.size': 'd', '*.o.t': 'g' } as const, want: '*.:dsize;go.t' },
    { given: { '*.a.b': 'd', '*.a.c': 'n' } as const, want: '*.a.:db;nc' },
    { given: { '*.a': 'd', '*': 'n' } as const, want: 'd*.a;n*' },
    { given: { '': 'n' } as const, want: 'n' },
  ])('are written compactly and read back: $want', ({ given, want }) => {
    expect(wireText(given)).toBe(want);
    expect(Object.fromEntries(wirePlaces(want))).toEqual(given);
  });

  it('are absent for an answer without a body, and their int64 places are not listed twice', () => {
    expect(op('lockSubAccount').wire).toBeUndefined();
    expect(op('getFuturesOrder').int64?.response).toBeUndefined();
  });
});
