/**
 * The runtime's own lossless reader (`json-scan.ts`) and writer (`json-write.ts`), through
 * `parseJsonLossless` / `stringifyJsonLossless`: the same values as `JSON.parse` apart from
 * numbers, the same numbers as the `lossless-json` oracle, and the same failures as `JSON.parse`
 * for text that is not JSON. Tables for the cases that matter, fast-check for the rest.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJson } from '../../generator/targets/typescript/runtime/json-scan.js';
import { parseJsonLossless, stringifyJsonLossless } from '../../generator/targets/typescript/runtime/json.js';
import { brokenJsonText, int64Paths, jsonText, writableValue } from './helpers/json-arbitraries.js';
import { referenceParse, referenceStringify } from './helpers/json-reference.js';

/** Numbers as their own text: shows what the scanner hands the hook, and leaves the rest to compare. */
const asText = { step: () => null, number: (source: string) => `#${source}` };
/** Numbers as `JSON.parse` reads them, so whole values compare. */
const asNumber = { step: () => null, number: Number };

describe('scanJson reads everything but numbers as JSON.parse does', () => {
  it.each([
    { name: 'escapes', given: '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9"' },
    { name: 'a surrogate pair written as escapes', given: '"\\ud834\\udd1e"' },
    { name: 'a lone surrogate escape', given: '["\\udc00","\\ud800x"]' },
    { name: 'raw non-ASCII, DEL and line separators', given: '"é€𝄞\u007f\u2028\u2029"' },
    { name: 'a backslash before the closing quote', given: '{"a\\\\":"b\\\\","c":"\\\\\\""}' },
    {
      name: 'whitespace everywhere JSON allows it',
      given: ' \t\r\n{ "a" : [ true , false , null ] , "b" : { } , "c" : [ ] } \n',
    },
    { name: 'duplicate keys: the last value, at the first place', given: '{"a":1,"b":2,"a":3}' },
    { name: 'integer-like keys', given: '{"b":1,"2":2,"1":3,"a":4}' },
    { name: 'empty containers nested', given: '[[],{},[[]],{"a":{}}]' },
    { name: 'a bare string', given: '"x"' },
    { name: 'bare literals', given: '  null ' },
  ])('$name', ({ given }) => {
    const got = scanJson(given, null, asNumber);
    expect(got).toStrictEqual(JSON.parse(given));
    expect(JSON.stringify(got)).toBe(JSON.stringify(JSON.parse(given)));
  });

  it.each([
    {
      name: 'an integer',
      given: '[0,-0,42,-7,9007199254740993]',
      want: ['#0', '#-0', '#42', '#-7', '#9007199254740993'],
    },
    {
      name: 'fractions and exponents as written',
      given: '[1.50,1e400,-2E-3,0.0]',
      want: ['#1.50', '#1e400', '#-2E-3', '#0.0'],
    },
    { name: 'numbers beside structure', given: '{"a":[1],"b":2}', want: { a: ['#1'], b: '#2' } },
  ])('hands the hook each number as written: $name', ({ given, want }) => {
    expect(scanJson(given, null, asText)).toStrictEqual(want);
  });

  it('follows positions: the hook sees the state the steps give', () => {
    const seen: string[] = [];
    scanJson('{"a":[1,{"b":2}],"c":3}', '$', {
      step: (state, key) => `${state}/${key ?? '*'}`,
      number: (source, state) => seen.push(`${state}=${source}`),
    });
    expect(seen).toEqual(['$/a/*=1', '$/a/*/b=2', '$/c=3']);
  });

  it('keeps a __proto__ key as an own data property, as JSON.parse does', () => {
    const got = scanJson('{"__proto__":{"x":1},"y":{"__proto__":[]}}', null, asText) as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.keys(got)).toEqual(['__proto__', 'y']);
    expect(Object.getOwnPropertyDescriptor(got, '__proto__')?.value).toEqual({ x: '#1' });
    expect(Object.getPrototypeOf(got['y'])).toBe(Object.prototype);
  });

  it('reads nesting deeper than a recursive parser can (an explicit stack), as JSON.parse does', () => {
    // lossless-json, recursive, overflows the call stack (RangeError) at 5 000 levels already.
    const depth = 20_000;
    const got = parseJsonLossless(`${'['.repeat(depth)}1${']'.repeat(depth)}`, undefined, { untyped: true });
    let inner: unknown = got;
    for (let i = 0; i < depth; i++) inner = (inner as unknown[])[0];
    expect(inner).toBe('1');
  });
});

describe('scanJson rejects what JSON.parse rejects, with its error', () => {
  const errorOf = (read: () => unknown): unknown => {
    try {
      read();
    } catch (error) {
      return error;
    }
    return 'no error';
  };

  it.each([
    '',
    ' ',
    '{',
    '{"a":',
    '{"a" 1}',
    '{"a":1,}',
    '[1,]',
    '[1 2]',
    '{1:2}',
    "{'a':1}",
    '01',
    '-',
    '1.',
    '.5',
    '+1',
    '1e',
    '0x10',
    'NaN',
    'Infinity',
    'tru',
    'nul',
    '"abc',
    '"a\\"',
    '"\\x"',
    '"\\u12"',
    '"a\u0001b"',
    '"tab\there"',
    '[1]]',
    '[1}',
    '{"a":1]',
    '[{"a":1]}',
    '{}{}',
    '1 2',
    '\u00a01',
    '\ufeff{}',
    '[9223372036854775807',
  ])('%j', (given) => {
    const want = errorOf(() => JSON.parse(given));
    expect(want).toBeInstanceOf(SyntaxError);
    expect(errorOf(() => parseJsonLossless(given))).toStrictEqual(want);
  });

  it('fails as JSON.parse does, or reads as it does, for random broken texts', () => {
    fc.assert(
      fc.property(brokenJsonText, (text) => {
        const want = errorOf(() => JSON.parse(text));
        const got = errorOf(() => scanJson(text, null, asNumber));
        if (want === 'no error') expect(got).toBe('no error');
        else expect(got).toStrictEqual(want);
      }),
      { numRuns: 400 },
    );
  });
});

describe('parseJsonLossless against the lossless-json oracle', () => {
  it('gives what the oracle gives for random JSON and int64 paths, typed and untyped', () => {
    fc.assert(
      fc.property(jsonText, int64Paths, fc.boolean(), (text, paths, untyped) => {
        expect(parseJsonLossless(text, paths, { untyped })).toStrictEqual(referenceParse(text, paths, untyped));
      }),
      { numRuns: 500 },
    );
  });
});

describe('stringifyJsonLossless against the lossless-json oracle', () => {
  const outcome = (write: () => string | undefined): string | undefined | typeof TypeError => {
    try {
      return write();
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      return TypeError;
    }
  };

  it('writes what the oracle writes for random values and int64 paths, and refuses what it refuses', () => {
    fc.assert(
      fc.property(writableValue, int64Paths, (value, paths) => {
        const want = outcome(() => referenceStringify(value, paths));
        const got = outcome(() => stringifyJsonLossless(value, paths));
        // The runtime names "no JSON text" at the root with a TypeError; the oracle gives undefined.
        expect(got).toBe(want === undefined ? TypeError : want);
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    { name: 'toJSON gets its key', given: { a: [{ toJSON: (k: string) => `k=${k}` }] }, want: '{"a":["k=0"]}' },
    { name: 'a Date', given: { d: new Date(0) }, want: '{"d":"1970-01-01T00:00:00.000Z"}' },
    { name: 'boxed primitives', given: [Object(1), Object('s'), Object(false)] as unknown, want: '[1,"s",false]' },
    {
      name: 'no JSON text: left out of objects, null in arrays',
      given: { u: undefined, f: () => 1, s: Symbol('s'), l: [undefined, () => 1, Symbol('t')] },
      want: '{"l":[null,null,null]}',
    },
    { name: 'non-finite numbers and -0', given: [Number.NaN, -Infinity, -0], want: '[null,null,0]' },
    {
      name: 'the same object twice is no cycle',
      given: ((o) => [o, { o }])({ x: 1n }),
      want: '[{"x":1},{"o":{"x":1}}]',
    },
  ])('writes as JSON.stringify does: $name', ({ given, want }) => {
    expect(stringifyJsonLossless(given)).toBe(want);
  });

  it('refuses a cycle with a TypeError naming where it closes', () => {
    const cycle: Record<string, unknown> = { list: [{}] };
    (cycle['list'] as Record<string, unknown>[])[0]!['back'] = cycle;
    expect(() => stringifyJsonLossless(cycle)).toThrow(TypeError);
    expect(() => stringifyJsonLossless(cycle)).toThrow(/^list\[0\]\.back contains itself/);
  });
});
