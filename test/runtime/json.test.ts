import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as JsonScan from '../../generator/targets/typescript/runtime/json-scan.js';

// Wrap the lossless scanner in a spy so the tests can see which path a text took.
vi.mock('../../generator/targets/typescript/runtime/json-scan.js', async (importOriginal) => {
  const original = await importOriginal<typeof JsonScan>();
  return { ...original, scanJson: vi.fn(original.scanJson) };
});

const scan = await import('../../generator/targets/typescript/runtime/json-scan.js');
const { parseJson, stringifyJson } = await import('../../generator/targets/typescript/runtime/json.js');
const scanJson = vi.mocked(scan.scanJson);

beforeEach(() => {
  scanJson.mockClear();
});

const MAX_INT64 = '9223372036854775807';
const MIN_INT64 = '-9223372036854775808';
const TWO_53_PLUS_1 = '9007199254740993';
const ORDER_ID = '36028813724316572';

describe('parseJson', () => {
  const cases: { name: string; given: { text: string; paths?: string[][] }; want: unknown }[] = [
    {
      name: '2^53+1 at an int64 path',
      given: { text: `{"id":${TWO_53_PLUS_1}}`, paths: [['id']] },
      want: { id: TWO_53_PLUS_1 },
    },
    { name: '2^53+1 at no int64 path', given: { text: `{"n":${TWO_53_PLUS_1}}` }, want: { n: TWO_53_PLUS_1 } },
    { name: 'int64 max', given: { text: `{"id":${MAX_INT64}}`, paths: [['id']] }, want: { id: MAX_INT64 } },
    { name: 'int64 min', given: { text: `{"id":${MIN_INT64}}`, paths: [['id']] }, want: { id: MIN_INT64 } },
    {
      name: 'int64 extremes off any path',
      given: { text: `[${MAX_INT64},${MIN_INT64}]` },
      want: [MAX_INT64, MIN_INT64],
    },
    {
      name: 'order id from a real complaint',
      given: { text: `{"id":${ORDER_ID},"text":"t-1"}`, paths: [['id']] },
      want: { id: ORDER_ID, text: 't-1' },
    },
    {
      name: 'small value at an int64 path is a string too',
      given: { text: '{"tx_id":42}', paths: [['tx_id']] },
      want: { tx_id: '42' },
    },
    {
      name: 'small int64 on the slow path',
      given: { text: `{"tx_id":42,"big":${MAX_INT64}}`, paths: [['tx_id']] },
      want: { tx_id: '42', big: MAX_INT64 },
    },
    { name: 'negative zero at an int64 path', given: { text: '{"id":-0}', paths: [['id']] }, want: { id: '0' } },
    {
      name: 'array items',
      given: { text: `[{"id":${ORDER_ID},"n":1},{"id":7,"n":2}]`, paths: [['*', 'id']] },
      want: [
        { id: ORDER_ID, n: 1 },
        { id: '7', n: 2 },
      ],
    },
    {
      name: 'map values',
      given: {
        text: `{"balances":{"BTC":{"user_id":${MAX_INT64}},"ETH":{"user_id":5}}}`,
        paths: [['balances', '*', 'user_id']],
      },
      want: { balances: { BTC: { user_id: MAX_INT64 }, ETH: { user_id: '5' } } },
    },
    {
      name: 'nested arrays in maps in arrays',
      given: { text: '{"a":[{"b":{"x":[1,2]}}]}', paths: [['a', '*', 'b', '*', '*']] },
      want: { a: [{ b: { x: ['1', '2'] } }] },
    },
    { name: 'the root', given: { text: '123', paths: [[]] }, want: '123' },
    { name: 'every item of a root array', given: { text: '[1,2,3]', paths: [['*']] }, want: ['1', '2', '3'] },
    {
      name: 'two paths, one shared prefix',
      given: {
        text: '{"o":{"a":1,"b":2,"c":3}}',
        paths: [
          ['o', 'a'],
          ['o', 'b'],
        ],
      },
      want: { o: { a: '1', b: '2', c: 3 } },
    },
    {
      name: 'decimal string stays a string',
      given: { text: '{"amount":"0.10000000"}', paths: [['amount']] },
      want: { amount: '0.10000000' },
    },
    {
      name: 'a float stays a float',
      given: { text: '{"rate":0.1,"t":1700000000.25}' },
      want: { rate: 0.1, t: 1700000000.25 },
    },
    {
      name: 'a float stays a float on the slow path',
      given: { text: `{"rate":0.1,"id":${ORDER_ID}}` },
      want: { rate: 0.1, id: ORDER_ID },
    },
    {
      name: 'long float digits stay a number',
      given: { text: '{"x":0.12345678901234567}' },
      want: { x: Number('0.12345678901234567') },
    },
    { name: 'exponent stays a number', given: { text: '{"x":1e300}' }, want: { x: 1e300 } },
    {
      name: 'safe 16-digit integer stays a number',
      given: { text: '{"t":1700000000000000}' },
      want: { t: 1700000000000000 },
    },
    {
      name: 'largest safe integer stays a number',
      given: { text: '{"n":9007199254740991}' },
      want: { n: 9007199254740991 },
    },
    {
      name: '2^53 is kept as a string (not provably exact)',
      given: { text: '{"n":9007199254740992}' },
      want: { n: '9007199254740992' },
    },
    {
      name: 'a 16+ digit run inside a string value',
      given: { text: '{"memo":"1234567890123456789","n":12,"f":0.5}' },
      want: { memo: '1234567890123456789', n: 12, f: 0.5 },
    },
    {
      name: 'a 16+ digit run inside a key',
      given: { text: '{"12345678901234567890":{"id":3}}', paths: [['*', 'id']] },
      want: { '12345678901234567890': { id: '3' } },
    },
    {
      name: 'null, booleans and strings at int64 paths are kept',
      given: { text: '{"a":null,"b":true,"c":"77"}', paths: [['a'], ['b'], ['c']] },
      want: { a: null, b: true, c: '77' },
    },
    { name: 'a path that is absent changes nothing', given: { text: '{"a":1}', paths: [['b', 'c']] }, want: { a: 1 } },
    {
      name: 'duplicate keys keep the last, like JSON.parse',
      given: { text: `{"a":1,"a":${MAX_INT64}}` },
      want: { a: MAX_INT64 },
    },
  ];

  it.each(cases)('$name', ({ given, want }) => {
    expect(parseJson(given.text, given.paths)).toEqual(want);
  });

  it('keeps a __proto__ key as data on both paths', () => {
    const fast = parseJson('{"__proto__":{"x":1}}') as Record<string, unknown>;
    const slow = parseJson(`{"__proto__":{"x":1},"n":${MAX_INT64}}`) as Record<string, unknown>;
    for (const v of [fast, slow]) {
      expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
      expect(Object.keys(v)).toContain('__proto__');
    }
  });

  it('throws SyntaxError on bad JSON on both paths', () => {
    expect(() => parseJson('{"a":')).toThrow(SyntaxError);
    expect(() => parseJson(`{"a":${MAX_INT64}`)).toThrow(SyntaxError);
  });

  it('uses JSON.parse when the text has no 16-digit run', () => {
    parseJson('{"id":123456789012345,"s":"abc"}', [['id']]);
    parseJson('[1,2,3]');
    expect(scanJson).not.toHaveBeenCalled();
  });

  it('uses the lossless scanner when the text has a 16-digit run beyond 2^53', () => {
    parseJson(`{"id":${ORDER_ID}}`);
    expect(scanJson).toHaveBeenCalledTimes(1);
  });
});

describe('parseJson of an untyped response: every integer a string, whatever its size', () => {
  const cases: { name: string; given: { text: string; paths?: string[][] }; want: unknown }[] = [
    { name: 'a small integer', given: { text: '{"n":1}' }, want: { n: '1' } },
    { name: 'zero and negative zero', given: { text: '[0,-0,-5]' }, want: ['0', '0', '-5'] },
    { name: 'an integer above 2^53', given: { text: `{"id":${TWO_53_PLUS_1}}` }, want: { id: TWO_53_PLUS_1 } },
    { name: 'int64 extremes', given: { text: `[${MAX_INT64},${MIN_INT64}]` }, want: [MAX_INT64, MIN_INT64] },
    { name: 'a fraction stays a number', given: { text: '{"rate":0.25}' }, want: { rate: 0.25 } },
    { name: 'a written fraction stays a number', given: { text: '{"x":1.0}' }, want: { x: 1 } },
    { name: 'an exponent stays a number', given: { text: '{"x":1e3}' }, want: { x: 1000 } },
    {
      name: 'nested lists and maps',
      given: { text: '{"a":[{"b":2,"c":"3"}],"d":{"e":4.5,"f":true,"g":null}}' },
      want: { a: [{ b: '2', c: '3' }], d: { e: 4.5, f: true, g: null } },
    },
    { name: 'a bare integer', given: { text: '42' }, want: '42' },
    { name: 'int64 paths still apply', given: { text: '{"id":7}', paths: [['id']] }, want: { id: '7' } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(parseJson(given.text, given.paths, { untyped: true })).toEqual(want);
  });

  it('typed responses are unchanged: small integers stay numbers', () => {
    expect(parseJson('{"n":1}')).toEqual({ n: 1 });
    expect(parseJson('{"n":1}', undefined, { untyped: false })).toEqual({ n: 1 });
  });
});

describe('stringifyJson', () => {
  const cases: { name: string; given: { value: unknown; paths?: string[][] }; want: string }[] = [
    {
      name: 'int64 path, digit string',
      given: { value: { uid: TWO_53_PLUS_1 }, paths: [['uid']] },
      want: `{"uid":${TWO_53_PLUS_1}}`,
    },
    {
      name: 'int64 path, max as string',
      given: { value: { uid: MAX_INT64 }, paths: [['uid']] },
      want: `{"uid":${MAX_INT64}}`,
    },
    {
      name: 'int64 path, min as string',
      given: { value: { uid: MIN_INT64 }, paths: [['uid']] },
      want: `{"uid":${MIN_INT64}}`,
    },
    {
      name: 'int64 path, bigint',
      given: { value: { uid: BigInt(MAX_INT64) }, paths: [['uid']] },
      want: `{"uid":${MAX_INT64}}`,
    },
    { name: 'int64 path, small number', given: { value: { uid: 42 }, paths: [['uid']] }, want: '{"uid":42}' },
    {
      name: 'int64 path, 1e21 as number keeps every digit',
      given: { value: { uid: 1e21 }, paths: [['uid']] },
      want: '{"uid":1000000000000000000000}',
    },
    { name: 'bigint off any path', given: { value: { a: [BigInt(MIN_INT64)] } }, want: `{"a":[${MIN_INT64}]}` },
    {
      name: 'string off a path stays a string',
      given: { value: { memo: '123' }, paths: [['uid']] },
      want: '{"memo":"123"}',
    },
    {
      name: 'decimal amount stays a string',
      given: { value: { amount: '0.10000000' } },
      want: '{"amount":"0.10000000"}',
    },
    { name: 'float stays a float', given: { value: { rate: 0.1 } }, want: '{"rate":0.1}' },
    {
      name: 'array items and map values',
      given: {
        value: { list: [{ id: ORDER_ID }, { id: 1n }], m: { a: { uid: '7' } } },
        paths: [
          ['list', '*', 'id'],
          ['m', '*', 'uid'],
        ],
      },
      want: `{"list":[{"id":${ORDER_ID}},{"id":1}],"m":{"a":{"uid":7}}}`,
    },
    { name: 'root int64', given: { value: ORDER_ID, paths: [[]] }, want: ORDER_ID },
    {
      name: 'absent and null values at a path',
      given: { value: { a: null }, paths: [['a'], ['b']] },
      want: '{"a":null}',
    },
    { name: 'undefined properties are left out', given: { value: { a: 1, b: undefined } }, want: '{"a":1}' },
  ];

  it.each(cases)('$name', ({ given, want }) => {
    expect(stringifyJson(given.value, given.paths)).toBe(want);
  });

  it.each([
    { given: { value: { perms: [{ uid: '12a' }] }, paths: [['perms', '*', 'uid']] }, want: /perms\[0\]\.uid.*"12a"/ },
    { given: { value: { uid: '1.5' }, paths: [['uid']] }, want: /^uid .*"1\.5"/ },
    { given: { value: { uid: '' }, paths: [['uid']] }, want: /^uid / },
    { given: { value: { uid: 1.5 }, paths: [['uid']] }, want: /^uid must be an integer, got 1\.5/ },
  ])('rejects a non-integer int64 value naming its path: $want', ({ given, want }) => {
    expect(() => stringifyJson(given.value, given.paths)).toThrow(TypeError);
    expect(() => stringifyJson(given.value, given.paths)).toThrow(want);
  });

  it('does not modify the caller value', () => {
    const body = { list: [{ id: ORDER_ID }], other: { x: 1 } };
    const copy = structuredClone(body);
    stringifyJson(body, [['list', '*', 'id']]);
    expect(body).toEqual(copy);
  });

  it('writes a __proto__ key along an int64 path as data', () => {
    const value = JSON.parse('{"__proto__":{"id":"5"}}') as unknown;
    expect(stringifyJson(value, [['__proto__', 'id']])).toBe('{"__proto__":{"id":5}}');
  });

  it('throws TypeError when there is nothing to write', () => {
    expect(() => stringifyJson(undefined)).toThrow(TypeError);
  });
});

describe('round trip', () => {
  it.each([TWO_53_PLUS_1, MAX_INT64, MIN_INT64, ORDER_ID])('%s survives parse -> stringify -> parse', (id) => {
    const paths = [['orders', '*', 'id']];
    const text = `{"orders":[{"id":${id},"amount":"0.10000000","price":1.5}]}`;
    const parsed = parseJson(text, paths);
    expect(parsed).toEqual({ orders: [{ id, amount: '0.10000000', price: 1.5 }] });
    const written = stringifyJson(parsed, paths);
    expect(written).toBe(text);
    expect(parseJson(written, paths)).toEqual(parsed);
  });
});
