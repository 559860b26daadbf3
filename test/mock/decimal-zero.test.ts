/**
 * `add` and `sub` with a canonical zero on one side answer the other side in canonical form
 * without arithmetic, and `isZero` of `'0'` compares nothing: the answers are the same canonical
 * ones the arithmetic gives (trailing zeros dropped, `-0` as `0`, any length of digits).
 */
import { describe, expect, it } from 'vitest';
import { add, isZero, sub } from '../../mock/decimal.js';

describe('a canonical zero on one side', () => {
  it.each([
    { given: ['add', '1.50', '0'], want: '1.5' },
    { given: ['add', '0', '2.10'], want: '2.1' },
    { given: ['add', '0', '-0.000'], want: '0' },
    { given: ['add', '0', '0'], want: '0' },
    { given: ['add', '-12345678901234567890.10', '0'], want: '-12345678901234567890.1' },
    { given: ['sub', '-0.50', '0'], want: '-0.5' },
    { given: ['sub', '0', '2.10'], want: '-2.1' },
    { given: ['sub', '0', '-0.0'], want: '0' },
    { given: ['sub', '7', '0'], want: '7' },
  ] as const)('$given', ({ given: [op, a, b], want }) => {
    expect((op === 'add' ? add : sub)(a, b)).toBe(want);
  });

  it('refuses text that is not a decimal, with zero on the other side', () => {
    expect(() => add('1e3', '0')).toThrow();
    expect(() => add('0', 'abc')).toThrow();
    expect(() => sub('1e3', '0')).toThrow();
  });
});

describe('isZero', () => {
  it.each([
    { given: '0', want: true },
    { given: '0.000', want: true },
    { given: '-0', want: true },
    { given: '0.0001', want: false },
    { given: '-0.0001', want: false },
    { given: '10', want: false },
  ])('$given', ({ given, want }) => {
    expect(isZero(given)).toBe(want);
  });
});
