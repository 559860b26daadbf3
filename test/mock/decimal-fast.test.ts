/**
 * `decimal-fast.ts`, the safe-integer fast path of the decimal arithmetic: its answers are the
 * exact canonical ones, and it steps aside (`undefined`) for text it does not read (more than 15
 * digits, or for add and sub more than 15 whole or 15 fraction digits; not a plain decimal) and
 * for any result beyond the safe integers, where the bigint path answers. `add`, `sub` and `mul` agree with a plain bigint reference on both sides of the boundary.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, canonical, mul, neg, sub } from '../../mock/decimal.js';
import { fastAdd, fastMul, fastSub, formatUnits, isCanonical } from '../../mock/decimal-fast.js';

describe('formatUnits', () => {
  it.each([
    { given: [0, 0], want: '0' },
    { given: [0, 8], want: '0' },
    { given: [-0, 3], want: '0' },
    { given: [1, 4], want: '0.0001' },
    { given: [-1, 4], want: '-0.0001' },
    { given: [65000, 1], want: '6500' },
    { given: [650001, 1], want: '65000.1' },
    { given: [123000, 5], want: '1.23' },
    { given: [-123000, 3], want: '-123' },
    { given: [Number.MAX_SAFE_INTEGER, 15], want: '9.007199254740991' },
    { given: [Number.MIN_SAFE_INTEGER, 20], want: '-0.00009007199254740991' },
    { given: [5, 30], want: '0.000000000000000000000000000005' },
    { given: [2147483648, 5], want: '21474.83648' },
    { given: [-123456789012345, 8], want: '-1234567.89012345' },
    { given: [100000000000, 3], want: '100000000' },
    { given: [999999999999999, 15], want: '0.999999999999999' },
    { given: [1000000000000000, 15], want: '1' },
    { given: [-999999999999999, 1], want: '-99999999999999.9' },
  ] as const)('$given -> $want', ({ given, want }) => {
    expect(formatUnits(given[0], given[1])).toBe(want);
  });
});

describe('fastAdd, fastSub, fastMul', () => {
  it.each([
    { given: ['add', '0.1', '0.2'], want: '0.3' },
    { given: ['add', '1.50', '-1.5'], want: '0' },
    { given: ['add', '99999999.9999999', '0.0000001'], want: '100000000' },
    { given: ['add', '999999999999999', '1'], want: '1000000000000000' },
    { given: ['add', '0', '-0.000'], want: '0' },
    { given: ['sub', '0', '0.0001'], want: '-0.0001' },
    { given: ['sub', '-0.5', '-0.5'], want: '0' },
    { given: ['sub', '100000000', '6.5'], want: '99999993.5' },
    { given: ['mul', '0.0001', '65700'], want: '6.57' },
    { given: ['mul', '0.001', '0.002'], want: '0.000002' },
    { given: ['mul', '-1.5', '2'], want: '-3' },
    { given: ['mul', '0', '-7'], want: '0' },
    { given: ['mul', '94906265.62', '94906265.62'], want: undefined },
    { given: ['mul', '999999999999999', '9'], want: '8999999999999991' },
    { given: ['mul', '999999999999999', '10'], want: undefined },
    { given: ['add', '99999993.49871234', '0.01302006'], want: '99999993.5117324' },
    { given: ['sub', '99999993.49871234', '0.5'], want: '99999992.99871234' },
    { given: ['sub', '0.00000001', '100000000.00000001'], want: '-100000000' },
    { given: ['add', '-99999999.99999999', '0.00000001'], want: '-99999999.99999998' },
    { given: ['add', '-99999999.99999999', '-0.00000001'], want: '-100000000' },
    { given: ['sub', '12345678.123456789', '12345678.123456789'], want: '0' },
    { given: ['add', '999999999999999.999999999999999', '0.000000000000001'], want: '1000000000000000' },
    { given: ['add', '1234567890123456', '1'], want: undefined },
    { given: ['add', '0.0000000000000001', '1'], want: undefined },
    { given: ['add', '999999999999999', '0.1'], want: '999999999999999.1' },
    { given: ['mul', '999999999999999', '0.1'], want: '99999999999999.9' },
    { given: ['mul', '99999993.49871234', '1'], want: undefined },
    { given: ['sub', '-999999999999999', '999999999999999'], want: '-1999999999999998' },
    { given: ['add', '1e3', '1'], want: undefined },
    { given: ['add', '1.', '1'], want: undefined },
    { given: ['add', '.5', '1'], want: undefined },
    { given: ['add', '-', '1'], want: undefined },
    { given: ['add', '', '1'], want: undefined },
    { given: ['sub', '1', '1.2.3'], want: undefined },
  ] as const)('$given -> $want', ({ given, want }) => {
    const [op, a, b] = given;
    const fn = op === 'add' ? fastAdd : op === 'sub' ? fastSub : fastMul;
    expect(fn(a, b)).toBe(want);
  });
});

describe('neg', () => {
  it.each([
    { given: '0', want: '0' },
    { given: '0.000', want: '0' },
    { given: '-0', want: '0' },
    { given: '0.0001', want: '-0.0001' },
    { given: '-0.0001', want: '0.0001' },
    { given: '6.51003', want: '-6.51003' },
    { given: '1.50', want: '-1.5' },
    { given: '-007', want: '7' },
    {
      given: '123456789012345678901234567890.000000000000000001',
      want: '-123456789012345678901234567890.000000000000000001',
    },
  ])('$given -> $want', ({ given, want }) => {
    expect(neg(given)).toBe(want);
  });

  it('refuses what is not a decimal string', () => {
    expect(() => neg('1e3')).toThrow(RangeError);
  });
});

describe('isCanonical', () => {
  it.each([
    { given: '0', want: true },
    { given: '-0', want: false },
    { given: '0.0', want: false },
    { given: '-0.000', want: false },
    { given: '0.5', want: true },
    { given: '-0.5', want: true },
    { given: '00.5', want: false },
    { given: '01', want: false },
    { given: '10', want: true },
    { given: '1.50', want: false },
    { given: '65000.1', want: true },
    { given: '1.', want: false },
    { given: '.1', want: false },
    { given: '', want: false },
    { given: '-', want: false },
    { given: '1e3', want: false },
    { given: '1.2.3', want: false },
    { given: '123456789012345678901234567890.000000000000000001', want: true },
  ])('$given -> $want', ({ given, want }) => {
    expect(isCanonical(given)).toBe(want);
  });

  it('agrees with canonical(): canonical text is returned as it is', () => {
    fc.assert(
      fc.property(decimal, (text) => {
        expect(isCanonical(text)).toBe(canonical(text) === text);
      }),
    );
  });
});

/** The reference: exact bigint arithmetic on scaled integers, canonical text out. */
function reference(op: 'add' | 'sub' | 'mul', a: string, b: string): string {
  const parse = (t: string): [bigint, number] => {
    const negative = t.startsWith('-');
    const [whole = '0', frac = ''] = (negative ? t.slice(1) : t).split('.');
    const units = BigInt(whole + frac);
    return [negative ? -units : units, frac.length];
  };
  const [x, sx] = parse(a);
  const [y, sy] = parse(b);
  let units: bigint;
  let scale: number;
  if (op === 'mul') {
    units = x * y;
    scale = sx + sy;
  } else {
    scale = Math.max(sx, sy);
    const ax = x * 10n ** BigInt(scale - sx);
    const ay = y * 10n ** BigInt(scale - sy);
    units = op === 'add' ? ax + ay : ax - ay;
  }
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  if (scale > 0) {
    const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
    digits = digits.slice(0, digits.length - scale) + (frac === '' ? '' : `.${frac}`);
  }
  return negative && digits !== '0' ? `-${digits}` : digits;
}

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
/** Decimals of 1 to 18 whole and fraction digits: one safe integer, whole and fraction parts, and bigint. */
const decimal = fc
  .tuple(fc.boolean(), digits(1, 18), fc.option(digits(1, 18), { nil: undefined }))
  .map(([negative, whole, frac]) => `${negative ? '-' : ''}${whole}${frac === undefined ? '' : `.${frac}`}`);

describe('add, sub and mul through the fast path', () => {
  it.each(['add', 'sub', 'mul'] as const)('%s agrees with exact bigint arithmetic', (op) => {
    const fn = op === 'add' ? add : op === 'sub' ? sub : mul;
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(fn(a, b)).toBe(reference(op, a, b));
      }),
      { numRuns: 5000 },
    );
  });
});
