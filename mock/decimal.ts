/**
 * Decimal strings (`format: decimal`: amounts and prices) and the `x-decimal` rules on them,
 * compared exactly on their digits, never through floating point.
 */

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
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
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
