/**
 * The pure helpers behind the fixture checks and the contract tests: reading fixture text values
 * as typed parameter values, keeping body numbers exact, and decimal comparisons for `x-decimal`.
 */
import { parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { ValueTypeError, exactToJs, parameterValue } from './request-values.js';
import { compareDecimal, decimalViolation } from './spec-validator.js';

describe('parameterValue', () => {
  const cases: Array<{
    given: { schema: Record<string, unknown>; serialization?: 'csv'; text: string };
    want: unknown;
  }> = [
    { given: { schema: { type: 'integer', format: 'int32' }, text: '100' }, want: 100 },
    { given: { schema: { type: 'integer', format: 'int64' }, text: '-1' }, want: -1 },
    { given: { schema: { type: 'integer', format: 'int64' }, text: '36028813724316572' }, want: 36028813724316572n },
    { given: { schema: { type: 'boolean' }, text: 'true' }, want: true },
    { given: { schema: { type: 'string' }, text: 'BTC,ETH' }, want: 'BTC,ETH' },
    {
      given: { schema: { type: 'array', items: { type: 'string' } }, serialization: 'csv', text: 'BTC,ETH' },
      want: ['BTC', 'ETH'],
    },
    {
      given: { schema: { type: 'array', items: { type: 'integer' } }, serialization: 'csv', text: '1,2' },
      want: [1, 2],
    },
  ];
  it.each(cases)('$given.text as $given.schema.type', ({ given, want }) => {
    const param =
      given.serialization === undefined
        ? { schema: given.schema }
        : { schema: given.schema, serialization: given.serialization };
    expect(parameterValue(param, given.text)).toEqual(want);
  });

  it.each([
    { schema: { type: 'integer' }, text: '1.5' },
    { schema: { type: 'boolean' }, text: 'yes' },
    { schema: { type: 'number' }, text: 'one' },
  ])('refuses $text as $schema.type', ({ schema, text }) => {
    expect(() => parameterValue({ schema }, text)).toThrow(ValueTypeError);
  });
});

describe('exactToJs', () => {
  const cases: Array<{ given: string; want: unknown }> = [
    { given: '{"id":36028813724316572}', want: { id: 36028813724316572n } },
    { given: '[9007199254740991, 9007199254740993]', want: [9007199254740991, 9007199254740993n] },
    { given: '{"a":{"b":[1.5,"x",null,true]}}', want: { a: { b: [1.5, 'x', null, true] } } },
  ];
  it.each(cases)('$given', ({ given, want }) => {
    expect(exactToJs(parseLossless(given))).toEqual(want);
  });
});

describe('decimals', () => {
  const comparisons: Array<{ given: [string, string]; want: number }> = [
    { given: ['0', '0'], want: 0 },
    { given: ['0.00000001', '0'], want: 1 },
    { given: ['-1', '0'], want: -1 },
    { given: ['10.5', '9.99'], want: 1 },
    { given: ['007.10', '7.1'], want: 0 },
  ];
  it.each(comparisons)('compareDecimal($given)', ({ given, want }) => {
    expect(compareDecimal(...given)).toBe(want);
  });

  const rules: Array<{ given: { value: string; rule: { gt?: string; maxScale?: number } }; want: string | undefined }> =
    [
      { given: { value: '125.5', rule: { gt: '0', maxScale: 8 } }, want: undefined },
      { given: { value: '0', rule: { gt: '0' } }, want: 'must be greater than 0' },
      { given: { value: '0.123456789', rule: { maxScale: 8 } }, want: 'must have at most 8 decimals' },
      { given: { value: '1e5', rule: {} }, want: 'must be a decimal string' },
    ];
  it.each(rules)('decimalViolation($given.value)', ({ given, want }) => {
    expect(decimalViolation(given.value, given.rule)).toBe(want);
  });
});
