/**
 * The fast path of `decimal.ts`'s arithmetic: decimal strings of at most 15 digits read into a
 * safe integer (a JavaScript number, exact up to 2^53 - 1) and a scale, added, subtracted and
 * multiplied as numbers, and written back in canonical form; longer ones added and subtracted as
 * whole and fraction parts of at most 15 digits each (a carry or borrow between them). Every step is checked to stay a safe
 * integer (a result at or beyond 2^53 is rounded by the float, so it is never safe); when any step
 * would leave that range, or the text is not a plain decimal, a function answers `undefined` and
 * the caller takes the exact bigint path. No float ever carries a fraction: the fraction is in the
 * scale.
 */

/** Character codes of `-`, `.`, `0` and `9` (decimal.ts reads digits by them too). */
export const MINUS = 45;
const DOT = 46;
export const ZERO = 48;
const NINE = 57;

/** Most digits read into a number: 10^15 - 1 is below 2^53. */
const MAX_DIGITS = 15;

/** Units above this are turned into text as whole and fraction parts (up to {@link SPLIT}). */
const SMALL = 2 ** 31 - 1;
const SPLIT = 10 ** 15;

/** 10^n as a number, exact for n ≤ 22. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, n) => 10 ** n);

/** The scale of the last text {@link read} (a small integer, so storing it allocates nothing). */
let scaleRead = 0;

/**
 * Reads `text` as `units` × 10^-`scale`: returns the units (the scale is left in `scaleRead`),
 * or `NaN` when it is not a plain decimal of at most 15 digits.
 */
function read(text: string): number {
  const n = text.length;
  let i = 0;
  let negative = false;
  if (n > 0 && text.charCodeAt(0) === MINUS) {
    negative = true;
    i = 1;
  }
  let units = 0;
  let digits = 0;
  let scale = 0;
  let dot = false;
  for (; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      units = units * 10 + (c - ZERO);
      digits += 1;
      if (dot) scale += 1;
    } else if (c === DOT && !dot && digits > 0) {
      dot = true;
    } else {
      return NaN;
    }
  }
  if (digits === 0 || digits > MAX_DIGITS || (dot && scale === 0)) return NaN;
  scaleRead = scale;
  return negative ? -units : units;
}

/** `units` × 10^-`scale` in canonical form (no trailing zeros after the point, `0` for zero, no `-0`). `units` must be a safe integer. */
export function formatUnits(units: number, scale: number): string {
  if (units === 0) return '0';
  const negative = units < 0;
  const size = negative ? -units : units;
  if (size > SMALL && size <= SPLIT && scale > 0 && scale <= MAX_DIGITS) {
    // Two small integers turn into text faster than one large one.
    const one = POW10[scale] as number;
    let whole = Math.floor(size / one);
    let fraction = size - whole * one;
    if (fraction < 0) {
      whole -= 1;
      fraction += one;
    } else if (fraction >= one) {
      whole += 1;
      fraction -= one;
    }
    return formatParts(negative, whole, fraction, scale);
  }
  const text = String(negative ? -units : units);
  let end = text.length;
  let s = scale;
  while (s > 0 && text.charCodeAt(end - 1) === ZERO) {
    end -= 1;
    s -= 1;
  }
  let digits: string;
  if (s === 0) digits = end === text.length ? text : text.slice(0, end);
  else if (end > s) digits = `${text.slice(0, end - s)}.${text.slice(end - s, end)}`;
  else digits = `0.${'0'.repeat(s - end)}${text.slice(0, end)}`;
  return negative ? `-${digits}` : digits;
}

/** `a + b` (`subtract`: `a - b`) exactly, or `undefined` as for {@link fastAdd}. */
function addOrSub(a: string, b: string, subtract: boolean): string | undefined {
  let x = read(a);
  if (Number.isNaN(x)) return undefined;
  const scaleX = scaleRead;
  let y = read(b);
  if (Number.isNaN(y)) return undefined;
  const scaleY = scaleRead;
  let scale = scaleX;
  if (scaleX < scaleY) {
    x *= POW10[scaleY - scaleX] as number;
    scale = scaleY;
    if (!Number.isSafeInteger(x)) return undefined;
  } else if (scaleY < scaleX) {
    y *= POW10[scaleX - scaleY] as number;
    if (!Number.isSafeInteger(y)) return undefined;
  }
  const units = subtract ? x - y : x + y;
  return Number.isSafeInteger(units) ? formatUnits(units, scale) : undefined;
}

/**
 * `a + b` exactly, or `undefined` when either is not a plain decimal or is too long: as one safe
 * integer (at most 15 digits) or, failing that, as whole and fraction parts of at most 15 digits
 * each (balances such as `99999993.49871234`), while the result's whole part stays a safe integer.
 */
export function fastAdd(a: string, b: string): string | undefined {
  return addOrSub(a, b, false) ?? wideAddOrSub(a, b, false);
}

/** `a - b` exactly, or `undefined` as for {@link fastAdd}. */
export function fastSub(a: string, b: string): string | undefined {
  return addOrSub(a, b, true) ?? wideAddOrSub(a, b, true);
}

// The last text readWide() read: sign, whole part, fraction part and its number of digits.
let wideNegative = false;
let wideWhole = 0;
let wideFraction = 0;
let wideScale = 0;

/** Reads `text` as sign, whole and fraction parts of at most 15 digits each; `false` when it is not one. */
function readWide(text: string): boolean {
  const n = text.length;
  let i = n > 0 && text.charCodeAt(0) === MINUS ? 1 : 0;
  wideNegative = i === 1;
  let whole = 0;
  const start = i;
  for (; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) break;
    whole = whole * 10 + (c - ZERO);
  }
  if (i === start || i - start > MAX_DIGITS) return false;
  let fraction = 0;
  let scale = 0;
  if (i < n) {
    if (text.charCodeAt(i) !== DOT || i + 1 === n || n - i - 1 > MAX_DIGITS) return false;
    for (i += 1; i < n; i += 1) {
      const c = text.charCodeAt(i);
      if (c < ZERO || c > NINE) return false;
      fraction = fraction * 10 + (c - ZERO);
      scale += 1;
    }
  }
  wideWhole = whole;
  wideFraction = fraction;
  wideScale = scale;
  return true;
}

/** `a + b` (`subtract`: `a - b`) on whole and fraction parts, or `undefined` as for {@link fastAdd}. */
function wideAddOrSub(a: string, b: string, subtract: boolean): string | undefined {
  if (!readWide(a)) return undefined;
  const negativeA = wideNegative;
  const wholeA = wideWhole;
  let fractionA = wideFraction;
  const scaleA = wideScale;
  if (!readWide(b)) return undefined;
  const negativeB = wideNegative !== subtract;
  const wholeB = wideWhole;
  let fractionB = wideFraction;
  const scale = Math.max(scaleA, wideScale);
  fractionA *= POW10[scale - scaleA] as number;
  fractionB *= POW10[scale - wideScale] as number;
  const one = POW10[scale] as number;
  let negative: boolean;
  let whole: number;
  let fraction: number;
  if (negativeA === negativeB) {
    negative = negativeA;
    whole = wholeA + wholeB;
    fraction = fractionA + fractionB;
    if (fraction >= one) {
      fraction -= one;
      whole += 1;
    }
  } else {
    const aLarger = wholeA > wholeB || (wholeA === wholeB && fractionA >= fractionB);
    negative = aLarger ? negativeA : negativeB;
    whole = aLarger ? wholeA - wholeB : wholeB - wholeA;
    fraction = aLarger ? fractionA - fractionB : fractionB - fractionA;
    if (fraction < 0) {
      fraction += one;
      whole -= 1;
    }
  }
  if (!Number.isSafeInteger(whole)) return undefined;
  return formatParts(negative, whole, fraction, scale);
}

/** `whole.fraction` (the fraction has `scale` digits) in canonical form, `-` first when `negative` and not zero. */
function formatParts(negative: boolean, whole: number, fraction: number, scale: number): string {
  if (fraction === 0) return whole === 0 ? '0' : negative ? `-${whole}` : String(whole);
  const digits = String(fraction);
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === ZERO) end -= 1;
  const text = `${whole}.${'0'.repeat(scale - digits.length)}${digits.slice(0, end)}`;
  return negative ? `-${text}` : text;
}

/** `a × b` exactly, or `undefined` when either is not a plain decimal of ≤ 15 digits or the product leaves the safe integers. */
export function fastMul(a: string, b: string): string | undefined {
  const x = read(a);
  if (Number.isNaN(x)) return undefined;
  const scaleX = scaleRead;
  const y = read(b);
  if (Number.isNaN(y)) return undefined;
  const units = x * y;
  return Number.isSafeInteger(units) ? formatUnits(units, scaleX + scaleRead) : undefined;
}

/**
 * Whether `text` is a plain decimal already in canonical form: optional `-`, no leading zero
 * (but a lone `0`), no trailing zero after the point, not `-0`.
 */
export function isCanonical(text: string): boolean {
  const n = text.length;
  let i = n > 0 && text.charCodeAt(0) === MINUS ? 1 : 0;
  const start = i;
  let nonZero = false;
  for (; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) break;
    if (c !== ZERO) nonZero = true;
  }
  if (i === start || (i - start > 1 && text.charCodeAt(start) === ZERO)) return false;
  if (i < n) {
    if (text.charCodeAt(i) !== DOT || i + 1 === n || text.charCodeAt(n - 1) === ZERO) return false;
    for (i += 1; i < n; i += 1) {
      const c = text.charCodeAt(i);
      if (c < ZERO || c > NINE) return false;
      if (c !== ZERO) nonZero = true;
    }
  }
  return nonZero || start === 0;
}
