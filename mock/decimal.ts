/**
 * Decimal strings (`format: decimal`: amounts and prices) and the `x-decimal` rules on them,
 * compared exactly on their digits, never through floating point; and exact arithmetic on them
 * (a bigint scaled by a power of ten), used by the paper exchange for every amount it moves.
 * Results are canonical: no trailing zeros after the point, `0` for zero, no `-0`.
 */

import { fastAdd, fastMul, fastSub, isCanonical, MINUS, ZERO } from './decimal-fast.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Whether `text` is a plain decimal string: optional `-`, digits, optional `.digits`. */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** Number of digits after the decimal point. */
export function scaleOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Compares two decimal strings exactly: -1, 0 or 1. Both must satisfy {@link isDecimal}. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  if (a.charCodeAt(0) !== MINUS && b.charCodeAt(0) !== MINUS) return compareDigits(a, b);
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares two non-negative decimal strings on their digits (no number is built). */
function compareDigits(a: string, b: string): -1 | 0 | 1 {
  const dotA = a.indexOf('.');
  const dotB = b.indexOf('.');
  const endA = dotA < 0 ? a.length : dotA;
  const endB = dotB < 0 ? b.length : dotB;
  let startA = 0;
  let startB = 0;
  while (startA < endA - 1 && a.charCodeAt(startA) === ZERO) startA += 1;
  while (startB < endB - 1 && b.charCodeAt(startB) === ZERO) startB += 1;
  const lengthA = endA - startA;
  const lengthB = endB - startB;
  if (lengthA !== lengthB) return lengthA < lengthB ? -1 : 1;
  for (let i = 0; i < lengthA; i += 1) {
    const x = a.charCodeAt(startA + i);
    const y = b.charCodeAt(startB + i);
    if (x !== y) return x < y ? -1 : 1;
  }
  const fracA = dotA < 0 ? a.length : dotA + 1;
  const fracB = dotB < 0 ? b.length : dotB + 1;
  const longest = Math.max(a.length - fracA, b.length - fracB);
  for (let i = 0; i < longest; i += 1) {
    const x = fracA + i < a.length ? a.charCodeAt(fracA + i) : ZERO;
    const y = fracB + i < b.length ? b.charCodeAt(fracB + i) : ZERO;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [whole = '0', frac = ''] = body.split('.');
  const digits = BigInt(whole + frac.padEnd(scale, '0'));
  return negative ? -digits : digits;
}

/** The `x-decimal` rule object: strictly greater than `gt`, at most `maxScale` decimals. */
export interface DecimalRule {
  gt?: string;
  maxScale?: number;
}

/** The first `x-decimal` rule `text` breaks, as a short phrase, or `undefined` when it keeps them all. */
export function decimalViolation(text: string, rule: DecimalRule): string | undefined {
  if (!isDecimal(text)) return 'must be a decimal string';
  if (rule.gt !== undefined && compareDecimal(text, rule.gt) <= 0) return `must be greater than ${rule.gt}`;
  if (rule.maxScale !== undefined && scaleOf(text) > rule.maxScale) {
    return `must have at most ${rule.maxScale} decimal places`;
  }
  return undefined;
}

/** A decimal as an integer `units` scaled by `10^-scale`. */
interface Fixed {
  readonly units: bigint;
  readonly scale: number;
}

/** Recently parsed decimals (amounts, prices and rates repeat): at most `PARSED_MAX`, dropped all at once. */
const parsed = new Map<string, Fixed>();
const PARSED_MAX = 4096;

function parseFixed(text: string): Fixed {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  if (!isDecimal(text)) throw new RangeError(`not a decimal string: ${JSON.stringify(text)}`);
  const scale = scaleOf(text);
  const fixed: Fixed = { units: scaled(text, scale), scale };
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(text, fixed);
  return fixed;
}

function formatFixed({ units, scale }: Fixed): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    const whole = digits.slice(0, digits.length - scale);
    const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
    digits = frac === '' ? whole : `${whole}.${frac}`;
  }
  return negative && digits !== '0' ? `-${digits}` : digits;
}

const POWERS: bigint[] = [];

/** 10^n as a bigint (the first 64 kept). */
function pow10(n: number): bigint {
  if (n >= 64) return 10n ** BigInt(n);
  let p = POWERS[n];
  if (p === undefined) POWERS[n] = p = 10n ** BigInt(n);
  return p;
}

function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = parseFixed(a);
  const y = parseFixed(b);
  const scale = Math.max(x.scale, y.scale);
  if (x.scale === y.scale) return [x.units, y.units, scale];
  return [x.units * pow10(scale - x.scale), y.units * pow10(scale - y.scale), scale];
}

/** `a + b`, exactly. */
export function add(a: string, b: string): string {
  // Adding a canonical zero (a fresh order's fill, an empty lock) is the other side in canonical form.
  if (b === '0') return canonical(a);
  if (a === '0') return canonical(b);
  const fast = fastAdd(a, b);
  if (fast !== undefined) return fast;
  const [x, y, scale] = aligned(a, b);
  return formatFixed({ units: x + y, scale });
}

/** `a - b`, exactly. */
export function sub(a: string, b: string): string {
  if (b === '0') return canonical(a);
  const fast = fastSub(a, b);
  if (fast !== undefined) return fast;
  const [x, y, scale] = aligned(a, b);
  return formatFixed({ units: x - y, scale });
}

/** `a × b`, exactly (the scales add up). */
export function mul(a: string, b: string): string {
  const fast = fastMul(a, b);
  if (fast !== undefined) return fast;
  const x = parseFixed(a);
  const y = parseFixed(b);
  return formatFixed({ units: x.units * y.units, scale: x.scale + y.scale });
}

/**
 * `a ÷ b` with `scale` decimals: `down` drops the rest (towards zero), `up` rounds away from
 * zero when anything is left. Throws on division by zero.
 */
export function div(a: string, b: string, scale: number, mode: 'down' | 'up' = 'down'): string {
  const [x, y] = aligned(a, b);
  if (y === 0n) throw new RangeError(`division by zero: ${a} / ${b}`);
  const numerator = x * pow10(scale);
  let units = numerator / y;
  if (mode === 'up' && units * y !== numerator) units += numerator < 0n !== y < 0n ? -1n : 1n;
  return formatFixed({ units, scale });
}

/** `a` cut to `scale` decimals: `down` towards zero, `up` away from zero. */
export function roundTo(a: string, scale: number, mode: 'down' | 'up' = 'down'): string {
  return scaleOf(a) <= scale ? formatFixed(parseFixed(a)) : div(a, '1', scale, mode);
}

/** `-a`. */
export function neg(a: string): string {
  if (isCanonical(a)) return a === '0' ? a : a.charCodeAt(0) === MINUS ? a.slice(1) : `-${a}`;
  return sub('0', a);
}

/** `|a|`. */
export function abs(a: string): string {
  return a.startsWith('-') ? neg(a) : formatFixed(parseFixed(a));
}

/** -1, 0 or 1 by the sign of `a`. */
export function sign(a: string): -1 | 0 | 1 {
  return compareDecimal(a, '0');
}

/** Whether `a` is zero. */
export function isZero(a: string): boolean {
  return a === '0' || sign(a) === 0;
}

/** The smaller of `a` and `b`. */
export function min(a: string, b: string): string {
  return compareDecimal(a, b) <= 0 ? a : b;
}

/** The larger of `a` and `b`. */
export function max(a: string, b: string): string {
  return compareDecimal(a, b) >= 0 ? a : b;
}

/** The sum of `values` (`0` for none). */
export function sum(values: Iterable<string>): string {
  let total = '0';
  for (const v of values) total = add(total, v);
  return total;
}

/** `a` in canonical form (`1.50` -> `1.5`, `-0` -> `0`). */
export function canonical(a: string): string {
  if (isCanonical(a)) return a;
  return formatFixed(parseFixed(a));
}
