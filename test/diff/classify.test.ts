/** The classification rules as tables: schema differences by direction, rate limits, pagination. */
import { describe, expect, it } from 'vitest';
import { classifySchemaDiff, paginationChange, rateLimitChange } from '../../generator/diff/classify.js';
import type { SchemaDiff, SchemaDiffKind } from '../../generator/diff/schema-walk.js';
import type { Category, ChangeKind, Direction } from '../../generator/diff/types.js';
import type { IRPagination, IRRateLimit } from '../../generator/ir/types.js';

describe('classifySchemaDiff', () => {
  const CASES: Array<{ given: [SchemaDiffKind, Direction, boolean?]; want: [ChangeKind, Category] }> = [
    { given: ['type', 'request'], want: ['type-changed', 'breaking'] },
    { given: ['type', 'response'], want: ['type-changed', 'breaking'] },
    { given: ['format', 'response'], want: ['format-changed', 'breaking'] },
    { given: ['format-widened', 'request'], want: ['integer-widened', 'changed'] },
    { given: ['format-widened', 'response'], want: ['integer-widened', 'breaking'] },
    { given: ['decimal-format', 'request'], want: ['decimal-format-changed', 'changed'] },
    { given: ['decimal-format', 'response'], want: ['decimal-format-changed', 'breaking'] },
    { given: ['enum-removed', 'request'], want: ['enum-value-removed', 'breaking'] },
    { given: ['enum-removed', 'response'], want: ['enum-value-removed', 'breaking'] },
    { given: ['enum-added', 'request'], want: ['enum-value-added', 'added'] },
    { given: ['enum-added', 'response'], want: ['enum-value-added', 'added'] },
    { given: ['property-removed', 'request'], want: ['field-removed', 'breaking'] },
    { given: ['property-removed', 'response'], want: ['field-removed', 'breaking'] },
    { given: ['property-added', 'request', true], want: ['field-added-required', 'breaking'] },
    { given: ['property-added', 'request', false], want: ['field-added', 'added'] },
    { given: ['property-added', 'response', true], want: ['field-added', 'added'] },
    { given: ['made-required', 'request'], want: ['field-made-required', 'breaking'] },
    { given: ['made-required', 'response'], want: ['field-made-required', 'changed'] },
    { given: ['made-optional', 'request'], want: ['field-made-optional', 'changed'] },
    { given: ['deprecated', 'response'], want: ['field-deprecated', 'deprecated'] },
    { given: ['undeprecated', 'response'], want: ['field-undeprecated', 'changed'] },
    { given: ['docs', 'request'], want: ['docs-changed', 'changed'] },
    { given: ['constraint', 'request'], want: ['constraint-changed', 'changed'] },
    { given: ['composition', 'response'], want: ['composition-changed', 'changed'] },
  ];
  it.each(CASES)('$given -> $want', ({ given: [kind, direction, required], want }) => {
    const d: SchemaDiff = {
      kind,
      field: 'x',
      before: '/a',
      after: '/b',
      detail: kind === 'decimal-format' ? 'format (none) → "decimal"' : '',
      ...(required !== undefined ? { required } : {}),
    };
    const got = classifySchemaDiff(d, direction);
    expect([got.kind, got.category]).toEqual(want);
  });
});

describe('targetEffects: a decimal format dropped from a request', () => {
  it('breaks Python callers passing Decimal, not TypeScript ones', () => {
    const d: SchemaDiff = {
      kind: 'decimal-format',
      field: 'x',
      before: '/a',
      after: '/b',
      detail: 'format "decimal" → (none)',
    };
    const got = classifySchemaDiff(d, 'request');
    expect([got.category, got.targets?.typescript.category, got.targets?.python.category]).toEqual([
      'breaking',
      'changed',
      'breaking',
    ]);
  });
});

describe('rateLimitChange', () => {
  const base: IRRateLimit = { bucket: '', requests: 200, window: 10, scope: 'uid' };
  const CASES: Array<{ given: Partial<IRRateLimit>; want: ChangeKind | undefined }> = [
    { given: {}, want: undefined },
    { given: { requests: 100 }, want: 'rate-limit-tightened' },
    { given: { window: 20 }, want: 'rate-limit-tightened' },
    { given: { scope: 'uid+market' }, want: 'rate-limit-tightened' },
    { given: { scope: 'ip' }, want: 'rate-limit-tightened' },
    { given: { requests: 100, window: 1 }, want: 'rate-limit-tightened' },
    { given: { requests: 400 }, want: 'rate-limit-loosened' },
    { given: { window: 1 }, want: 'rate-limit-loosened' },
    { given: { requests: 400, scope: 'ip' }, want: 'rate-limit-tightened' },
    { given: { bucket: 'wallet-read' }, want: 'rate-limit-bucket-changed' },
    { given: { note: 'pending orders capped' }, want: 'docs-changed' },
  ];
  it.each(CASES)('200/10s uid -> $given: $want', ({ given, want }) => {
    expect(rateLimitChange(base, { ...base, ...given })).toBe(want);
  });

  const PEERS: Array<{ given: [Partial<IRRateLimit>, string[], string[]]; want: ChangeKind | undefined }> = [
    { given: [{ bucket: 'shared' }, [], ['getB']], want: 'rate-limit-tightened' },
    { given: [{ bucket: 'shared', requests: 400 }, [], ['getB', 'getC']], want: 'rate-limit-tightened' },
    { given: [{}, ['getB'], []], want: 'rate-limit-loosened' },
    { given: [{ requests: 100 }, ['getB'], []], want: 'rate-limit-tightened' },
    { given: [{ bucket: 'renamed' }, ['getB'], ['getB']], want: 'rate-limit-bucket-changed' },
    { given: [{}, ['getB'], ['getB']], want: undefined },
  ];
  it.each(PEERS)('peers $given.1 -> $given.2 with $given.0: $want', ({ given: [change, before, after], want }) => {
    expect(rateLimitChange(base, { ...base, ...change }, { before, after })).toBe(want);
  });
});

describe('paginationChange', () => {
  const offset: IRPagination = { style: 'offset', defaultLimit: 100, maxLimit: 1000 };
  const CASES: Array<{ given: [IRPagination | undefined, IRPagination | undefined]; want: ChangeKind | undefined }> = [
    { given: [undefined, undefined], want: undefined },
    { given: [offset, offset], want: undefined },
    { given: [offset, { ...offset, style: 'page' }], want: 'pagination-changed' },
    { given: [offset, undefined], want: 'pagination-changed' },
    { given: [undefined, offset], want: 'pagination-added' },
    { given: [offset, { ...offset, maxLimit: 500 }], want: 'pagination-limits-changed' },
    { given: [offset, { ...offset, minLimit: 1 }], want: 'pagination-limits-changed' },
  ];
  it.each(CASES)('$given -> $want', ({ given, want }) => {
    expect(paginationChange(...given)).toBe(want);
  });
});
