import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../../mock/clock.js';
import { compareDecimal, decimalViolation, scaleOf } from '../../mock/decimal.js';
import { appliedPage, toMicros } from '../../mock/headers.js';
import { CoercionError, coerceParam, parseRawQuery } from '../../mock/query.js';
import { redactBody, secretFields } from '../../mock/request-log.js';
import { fieldName } from '../../mock/validate.js';

describe('decimals', () => {
  const compare = [
    { given: ['1', '1.0'], want: 0 },
    { given: ['0.00000001', '0'], want: 1 },
    { given: ['-1', '0'], want: -1 },
    { given: ['12345678901234567890.1', '12345678901234567890.09'], want: 1 },
  ] as const;
  for (const { given, want } of compare) {
    it(`compareDecimal(${given[0]}, ${given[1]}) = ${want}`, () =>
      expect(compareDecimal(given[0], given[1])).toBe(want));
  }
  const rules = [
    { given: { text: '0', rule: { gt: '0' } }, want: 'must be greater than 0' },
    { given: { text: '0.000000001', rule: { gt: '0', maxScale: 8 } }, want: 'must have at most 8 decimal places' },
    { given: { text: '1.5', rule: { gt: '0', maxScale: 8 } }, want: undefined },
    { given: { text: '1,5', rule: {} }, want: 'must be a decimal string' },
  ];
  for (const { given, want } of rules) {
    it(`x-decimal ${JSON.stringify(given.rule)} on ${given.text}: ${String(want)}`, () =>
      expect(decimalViolation(given.text, given.rule)).toBe(want));
  }
  it('counts the scale', () => expect([scaleOf('1'), scaleOf('1.50'), scaleOf('0.00000001')]).toEqual([0, 2, 8]));
});

describe('query strings', () => {
  const parses = [
    { given: '', want: [] },
    {
      given: 'a=1&b=x%20y',
      want: [
        { name: 'a', value: '1' },
        { name: 'b', value: 'x y' },
      ],
    },
    {
      given: 'a=1+2&flag&c=',
      want: [
        { name: 'a', value: '1 2' },
        { name: 'flag', value: '' },
        { name: 'c', value: '' },
      ],
    },
    {
      given: 'c=BTC%2CETH&&c=GT',
      want: [
        { name: 'c', value: 'BTC,ETH' },
        { name: 'c', value: 'GT' },
      ],
    },
  ];
  for (const { given, want } of parses) {
    it(`parses ${JSON.stringify(given)}`, () => expect(parseRawQuery(given)).toEqual(want));
  }
  it('throws on a malformed escape', () => expect(() => parseRawQuery('a=%E0%A4%A')).toThrow(URIError));

  const coercions = [
    { given: { schema: { type: 'integer' }, values: ['42'] }, want: 42 },
    { given: { schema: { type: 'number' }, values: ['1.5'] }, want: 1.5 },
    { given: { schema: { type: 'boolean' }, values: ['true'] }, want: true },
    { given: { schema: { type: 'string' }, values: ['x', 'y'] }, want: 'x' },
    {
      given: { schema: { type: 'array', items: { type: 'string' } }, values: ['BTC,ETH', 'GT'] },
      want: ['BTC', 'ETH', 'GT'],
    },
    { given: { schema: { type: 'array', items: { type: 'integer' } }, values: ['1,2'] }, want: [1, 2] },
  ];
  for (const { given, want } of coercions) {
    it(`reads ${JSON.stringify(given.values)} as ${JSON.stringify(given.schema)}`, () =>
      expect(coerceParam({ schema: given.schema }, given.values)).toEqual(want));
  }
  const refusals = [
    { given: { schema: { type: 'integer' }, values: ['4.2'] }, want: 'must be an integer' },
    { given: { schema: { type: 'boolean' }, values: ['yes'] }, want: 'must be true or false' },
    { given: { schema: { type: 'array', items: { type: 'integer' } }, values: ['1,x'] }, want: 'must be an integer' },
  ];
  for (const { given, want } of refusals) {
    it(`refuses ${JSON.stringify(given.values)} as ${JSON.stringify(given.schema)}`, () => {
      expect(() => coerceParam({ schema: given.schema }, given.values)).toThrow(CoercionError);
      expect(() => coerceParam({ schema: given.schema }, given.values)).toThrow(want);
    });
  }
});

describe('field names', () => {
  const cases = [
    { given: [undefined, '/amount'], want: 'amount' },
    { given: [undefined, '/perms/0/name'], want: 'perms[0].name' },
    { given: ['currencies', '/3'], want: 'currencies[3]' },
    { given: ['limit', ''], want: 'limit' },
    { given: [undefined, '/a~1b'], want: 'a/b' },
  ] as const;
  for (const { given, want } of cases)
    it(`names ${JSON.stringify(given)} ${want}`, () => expect(fieldName(given[0], given[1])).toBe(want));
});

describe('log redaction', () => {
  const schema = {
    type: 'object',
    properties: {
      login_name: { type: 'string' },
      password: { type: 'string', format: 'password' },
      inner: { $ref: '#/x' },
    },
  };
  const inner = { type: 'object', properties: { token: { type: 'string', writeOnly: true } } };
  const resolve = (s: Record<string, unknown>) => (s['$ref'] === '#/x' ? inner : s);
  it('finds secret fields through references', () =>
    expect([...secretFields(schema, resolve)].sort()).toEqual(['password', 'token']));
  const cases = [
    { given: '{"login_name":"a","password":"p"}', want: '{"login_name":"a","password":"[redacted]"}' },
    { given: '{"inner":{"token":"t"}}', want: '{"inner":{"token":"[redacted]"}}' },
    { given: '{"login_name":"a"}', want: '{"login_name":"a"}' },
    { given: 'not json', want: 'not json' },
  ];
  for (const { given, want } of cases)
    it(`logs ${given} as ${want}`, () => expect(redactBody(given, new Set(['password', 'token']))).toBe(want));
});

describe('clock and headers', () => {
  it('runs at the source pace, shifted by set and advance, and restores', () => {
    let source = 1_000;
    const clock = new OffsetClock(() => source);
    clock.set(50_000);
    source += 10;
    expect(clock.now()).toBe(50_010);
    clock.advance(-10);
    expect(clock.now()).toBe(50_000);
    clock.restore();
    expect(clock.now()).toBe(1_010);
    expect(() => clock.advance(Number.NaN)).toThrow('finite');
  });
  it('writes microseconds', () => expect(toMicros(1_700_000_000_123)).toBe('1700000000123000'));
  const pages = [
    { given: { style: 'offset' as const, query: { limit: 20, offset: 40 } }, want: { limit: 20, offset: 40 } },
    { given: { style: 'offset' as const, query: {} }, want: { limit: 100, offset: 0 } },
    { given: { style: 'page' as const, query: { limit: 10, page: 3 } }, want: { limit: 10, offset: 20 } },
  ];
  for (const { given, want } of pages) {
    it(`applies ${given.style} paging ${JSON.stringify(given.query)}`, () =>
      expect(appliedPage({ style: given.style, defaultLimit: 100 }, given.query)).toEqual(want));
  }
});
