/**
 * The fast path of `parseJson` (JSON.parse, then int64 paths) must give exactly what the lossless
 * reference (`parseJsonLossless`, every number read from its own text) gives, for any text: a
 * table of the cases that decide which path runs, then a property over random JSON with big and
 * small integers, fractions, exponents, escapes, digit strings, duplicate keys and int64 paths.
 * (json-scan.test.ts checks the lossless reference itself against the lossless-json oracle.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseJson,
  parseJsonLossless,
  stringifyJson,
  stringifyJsonLossless,
} from '../../generator/targets/typescript/runtime/json.js';
import { int64Paths, jsonText } from './helpers/json-arbitraries.js';

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

  it('gives the same result as the lossless reference for random JSON and int64 paths', () => {
    fc.assert(
      fc.property(jsonText, int64Paths, (text, paths) => {
        expect(parseJson(text, paths)).toStrictEqual(parseJsonLossless(text, paths));
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
