/**
 * `compareDecimal` compares non-negative decimals on their digits, without building a number:
 * it must agree with comparing the exact scaled integers for every spelling (leading zeros,
 * trailing zeros, no fraction, signs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from '../../mock/decimal.js';

/** The reference: both scaled to a common scale as bigints. */
function reference(a: string, b: string): number {
  const parse = (t: string): [bigint, number] => {
    const negative = t.startsWith('-');
    const [whole = '0', frac = ''] = (negative ? t.slice(1) : t).split('.');
    const units = BigInt(whole + frac);
    return [negative ? -units : units, frac.length];
  };
  const [x, sx] = parse(a);
  const [y, sy] = parse(b);
  const scale = Math.max(sx, sy);
  const ax = x * 10n ** BigInt(scale - sx);
  const ay = y * 10n ** BigInt(scale - sy);
  return ax < ay ? -1 : ax > ay ? 1 : 0;
}

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
const decimal = fc
  .tuple(fc.boolean(), digits(1, 22), fc.option(digits(1, 12), { nil: undefined }))
  .map(([negative, whole, frac]) => `${negative ? '-' : ''}${whole}${frac === undefined ? '' : `.${frac}`}`);

const rows = [
  { given: ['007.50', '7.5'], want: 0 },
  { given: ['0.10', '0.1000000000000000001'], want: -1 },
  { given: ['100', '99.999'], want: 1 },
  { given: ['0', '0.000'], want: 0 },
  { given: ['-0', '0'], want: 0 },
  { given: ['65010', '65009.9'], want: 1 },
  { given: ['-2', '-10'], want: 1 },
] as const;

describe('compareDecimal', () => {
  it.each(rows)('$given.0 vs $given.1: $want', ({ given, want }) => {
    expect(compareDecimal(given[0], given[1])).toBe(want);
    expect(compareDecimal(given[1], given[0])).toBe(-want || 0);
  });

  it('agrees with the exact scaled integers on any spelling', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(compareDecimal(a, b)).toBe(reference(a, b));
      }),
      { numRuns: 2000 },
    );
  });
});
