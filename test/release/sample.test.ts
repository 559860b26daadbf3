/** The deterministic instance of a schema that drafted fixtures are made of (scripts/fixtures/sample.ts). */
import { describe, expect, it } from 'vitest';
import { SampleError, sampleValue } from '../../scripts/fixtures/sample.js';
import type { JsonSchema } from '../../generator/ir/types.js';

const COMPONENTS: Record<string, JsonSchema> = {
  Side: { type: 'string', enum: ['buy', 'sell'] },
  Amount: { type: 'string', format: 'decimal', 'x-decimal': { gt: '0' } },
  Node: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, next: { $ref: '#/Node' } } },
  Loop: { $ref: '#/Loop' },
};
const resolve = (ref: string): JsonSchema | undefined => COMPONENTS[ref.slice(2)];

describe('sampleValue', () => {
  it.each<{ given: JsonSchema; want: unknown }>([
    { given: { type: 'string', examples: ['BTC_USDT', 'ETH_USDT'], example: 'x' }, want: 'BTC_USDT' },
    { given: { type: 'integer', example: 42 }, want: 42 },
    { given: { const: 'fixed' }, want: 'fixed' },
    { given: { type: 'integer', default: 100, minimum: 1 }, want: 100 },
    { given: { type: 'string', enum: ['DONE', 'PENDING'] }, want: 'DONE' },
    { given: { type: 'string' }, want: 'mock' },
    { given: { type: 'string', minLength: 6 }, want: 'mockxx' },
    { given: { type: 'string', maxLength: 2 }, want: 'mo' },
    { given: { type: 'string', format: 'date-time' }, want: '2026-01-01T00:00:00Z' },
    { given: { type: 'string', format: 'decimal' }, want: '1' },
    { given: { type: 'string', 'x-decimal': { gt: '5' } }, want: '6' },
    { given: { type: 'integer' }, want: 1 },
    { given: { type: 'integer', minimum: 10, maximum: 20 }, want: 10 },
    { given: { type: 'integer', exclusiveMinimum: 0 }, want: 1 },
    { given: { type: 'integer', maximum: 0 }, want: 0 },
    { given: { type: 'number', exclusiveMinimum: 2 }, want: 2.5 },
    { given: { type: 'boolean' }, want: true },
    { given: { type: ['string', 'null'] }, want: 'mock' },
    { given: { type: 'null' }, want: null },
    { given: { type: 'array', items: { type: 'integer' } }, want: [1] },
    { given: { type: 'array', items: { type: 'boolean' }, minItems: 2 }, want: [true, true] },
    { given: { $ref: '#/Side' }, want: 'buy' },
    { given: { $ref: '#/Amount', example: '2.5' }, want: '2.5' },
    { given: { oneOf: [{ type: 'integer' }, { type: 'string' }] }, want: 1 },
    { given: { anyOf: [{ $ref: '#/Side' }] }, want: 'buy' },
    {
      given: {
        allOf: [{ type: 'object', properties: { a: { type: 'integer' } } }, { properties: { b: { type: 'boolean' } } }],
      },
      want: { a: 1, b: true },
    },
    {
      given: {
        type: 'object',
        required: ['id', 'untyped'],
        properties: {
          id: { type: 'string', format: 'int64' },
          side: { $ref: '#/Side' },
          amount: { $ref: '#/Amount' },
          old: { type: 'string', deprecated: true },
        },
      },
      want: { id: '1', side: 'buy', amount: '1', untyped: 'mock' },
    },
    { given: { $ref: '#/Node' }, want: { id: 1, next: { id: 1, next: { id: 1 } } } },
    { given: {}, want: {} },
  ])('$given gives $want', ({ given, want }) => {
    expect(sampleValue(given, resolve)).toEqual(want);
  });

  it.each([
    { given: { $ref: '#/Missing' }, want: '$ref #/Missing does not resolve' },
    { given: { $ref: '#/Loop' }, want: 'schema nests too deep' },
  ])('refuses $given: $want', ({ given, want }) => {
    expect(() => sampleValue(given, resolve)).toThrow(SampleError);
    expect(() => sampleValue(given, resolve)).toThrow(want);
  });
});
