/**
 * The fast path of `parseJson` (JSON.parse, then int64 paths) must give exactly what the lossless
 * reference (`parseJsonLossless`, every number read from its own text) gives, for any text: a
 * table of the cases that decide which path runs, then a property over random JSON with big and
 * small integers, fractions, exponents, escapes, digit strings, duplicate keys and int64 paths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseJson,
  parseJsonLossless,
  stringifyJson,
  stringifyJsonLossless,
} from '../../templates/typescript/runtime/json.js';

describe('parseJson fast path against the lossless reference', () => {
  it.each([
    { name: 'an id written as a long digit string', given: { text: '{"id":"36028813724316572","n":1}' } },
    { name: 'a long digit run in a key', given: { text: '{"12345678901234567890":7}', paths: [['*']] } },
    { name: 'largest safe integer', given: { text: '[9007199254740991,-9007199254740991]' } },
    { name: '2^53 and beyond', given: { text: '[9007199254740992,9007199254740993,-9007199254740993]' } },
    { name: 'a safe 16-digit integer at an int64 path', given: { text: '{"t":1700000000000000}', paths: [['t']] } },
    { name: 'a long fraction', given: { text: '{"x":0.12345678901234567,"y":12345678901234567.5}' } },
    { name: 'infinite exponents, on and off a path', given: { text: '{"a":1e400,"b":-1e400}', paths: [['a']] } },
    { name: 'huge exponent at a path', given: { text: '{"a":1e21,"b":1.5e300}', paths: [['a'], ['b']] } },
    { name: 'negative zero at a path', given: { text: '{"a":-0,"b":-0.0}', paths: [['a'], ['b']] } },
    {
      name: 'a star path and a named one on the same property',
      given: {
        text: '{"a":{"b":1,"c":2}}',
        paths: [
          ['a', '*'],
          ['a', 'b'],
        ],
      },
    },
  ])('$name', ({ given }) => {
    expect(parseJson(given.text, given.paths)).toEqual(parseJsonLossless(given.text, given.paths));
  });

  const digits = (min: number, max: number): fc.Arbitrary<string> =>
    fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
  const integerText = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    fc.bigInt({ min: 2n ** 53n - 4n, max: 2n ** 53n + 4n }).map((n) => (n % 2n === 0n ? `-${n}` : `${n}`)),
    fc.constant('-0'),
  );
  const numberText = fc.oneof(
    { weight: 3, arbitrary: integerText },
    { weight: 1, arbitrary: fc.tuple(integerText, digits(1, 20)).map(([i, f]) => `${i}.${f}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(integerText, fc.constantFrom('e', 'E', 'e+', 'e-'), fc.integer({ min: 0, max: 420 }))
        .map(([i, e, x]) => `${i}${e}${x}`),
    },
  );
  const stringText = fc
    .oneof(fc.string({ unit: 'binary' }), digits(1, 25), integerText, fc.constantFrom('1.0', '\\"', '\u2028', 'é€𝄞'))
    .map((s) => JSON.stringify(s));
  const key = fc.oneof(fc.constantFrom('id', 'a', 'b', '__proto__', '12345678901234567890'), fc.string());
  const { json } = fc.letrec<{ json: string }>((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      numberText,
      stringText,
      fc.constantFrom('true', 'false', 'null'),
      fc.array(tie('json'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(key, tie('json')), { maxLength: 5 })
        .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(',')}}`),
    ),
  }));
  const paths = fc.array(fc.array(fc.constantFrom('*', 'id', 'a', 'b', '__proto__'), { maxLength: 3 }), {
    maxLength: 3,
  });

  it('gives the same result as the lossless reference for random JSON and int64 paths', () => {
    fc.assert(
      fc.property(json, paths, (text, int64Paths) => {
        expect(parseJson(text, int64Paths)).toEqual(parseJsonLossless(text, int64Paths));
      }),
      { numRuns: 400 },
    );
  });
});

describe('stringifyJson without int64 paths against the lossless reference', () => {
  it.each([
    { name: 'a bigint anywhere', given: { a: [1n, -(2n ** 63n)], b: 'x' } },
    { name: 'non-finite numbers and negative zero', given: { a: Number.NaN, b: Infinity, c: -0 } },
    { name: 'undefined, functions and symbols', given: { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined] } },
    { name: 'a Date and a toJSON', given: { d: new Date(0), t: { toJSON: () => 'x' } } },
    { name: 'a lone surrogate and line separators', given: { s: '\ud800\u2028"\\' } },
    { name: 'a __proto__ key as data', given: JSON.parse('{"__proto__":{"x":1}}') as unknown },
  ])('$name', ({ given }) => {
    expect(stringifyJson(given)).toBe(stringifyJsonLossless(given));
  });

  it('a bigint toJSON set by the program does not change how bigints are written', () => {
    const proto = BigInt.prototype as { toJSON?: () => string };
    proto.toJSON = () => 'quoted';
    try {
      expect(stringifyJson({ a: 5n })).toBe('{"a":5}');
    } finally {
      delete proto.toJSON;
    }
  });

  it('refuses a cycle, and a value with no JSON text', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(() => stringifyJson(cycle)).toThrow();
    expect(() => stringifyJsonLossless(cycle)).toThrow();
    expect(() => stringifyJson(undefined)).toThrow(/no JSON representation/);
  });

  it('gives the same text as the lossless reference for random values', () => {
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.double(),
        fc.integer(),
        fc.bigInt(),
        fc.string({ unit: 'binary' }),
        fc.constantFrom(null, true, false, undefined),
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('v'), { maxKeys: 4 }),
      ),
    })).v;
    fc.assert(
      fc.property(value, (v) => {
        let want: string | Error;
        try {
          want = stringifyJsonLossless(v);
        } catch (error) {
          want = error as Error;
        }
        if (want instanceof Error) expect(() => stringifyJson(v)).toThrow(TypeError);
        else expect(stringifyJson(v)).toBe(want);
      }),
      { numRuns: 300 },
    );
  });
});
