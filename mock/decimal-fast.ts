/**
 * The fast path of `decimal.ts`'s arithmetic: decimal strings of at most 15 digits read into a
 * safe integer (a JavaScript number, exact up to 2^53 - 1) and a scale, added, subtracted and
 * multiplied as numbers, and written back in canonical form. Every step is checked to stay a safe
 * integer (a result at or beyond 2^53 is rounded by the float, so it is never safe); when any step
 * would leave that range, or the text is not a plain decimal, a function answers `undefined` and
 * the caller takes the exact bigint path. No float ever carries a fraction: the fraction is in the
 * scale.
 */

const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/** Most digits read into a number: 10^15 - 1 is below 2^53. */
const MAX_DIGITS = 15;

/** 10^n as a number, exact for n ≤ 22. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, n) => 10 ** n);

// The last two texts read (no object is allocated per read): units and scale of each.
let unitsA = 0;
let scaleA = 0;
let unitsB = 0;
let scaleB = 0;

/** Reads `text` into `units` × 10^-`scale` (left in the registers); `false` when it is not a plain decimal of ≤ 15 digits. */
function read(text: string, second: boolean): boolean {
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
  let dot = -1;
  for (; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      units = units * 10 + (c - ZERO);
      digits += 1;
      if (dot >= 0) scale += 1;
    } else if (c === DOT && dot < 0 && digits > 0) {
      dot = i;
    } else {
      return false;
    }
  }
  if (digits === 0 || digits > MAX_DIGITS || (dot >= 0 && scale === 0)) return false;
  if (negative) units = -units;
  if (second) {
    unitsB = units;
    scaleB = scale;
  } else {
    unitsA = units;
    scaleA = scale;
  }
  return true;
}

/** `units` × 10^-`scale` in canonical form (no trailing zeros after the point, `0` for zero, no `-0`). `units` must be a safe integer. */
export function formatUnits(units: number, scale: number): string {
  if (units === 0) return '0';
  let u = units;
  let s = scale;
  while (s > 0 && u % 10 === 0) {
    u /= 10;
    s -= 1;
  }
  const negative = u < 0;
  let digits = String(negative ? -u : u);
  if (s > 0) {
    const whole = digits.length - s;
    digits = whole > 0 ? `${digits.slice(0, whole)}.${digits.slice(whole)}` : `0.${'0'.repeat(-whole)}${digits}`;
  }
  return negative ? `-${digits}` : digits;
}

/** Aligns the two registers to one scale; `false` when that leaves the safe integers. */
function align(): boolean {
  if (scaleA === scaleB) return true;
  if (scaleA < scaleB) {
    unitsA *= POW10[scaleB - scaleA] as number;
    scaleA = scaleB;
    return Number.isSafeInteger(unitsA);
  }
  unitsB *= POW10[scaleA - scaleB] as number;
  scaleB = scaleA;
  return Number.isSafeInteger(unitsB);
}

/** `a + b` exactly, or `undefined` when either is not a plain decimal of ≤ 15 digits or the sum leaves the safe integers. */
export function fastAdd(a: string, b: string): string | undefined {
  if (!read(a, false) || !read(b, true) || !align()) return undefined;
  const units = unitsA + unitsB;
  return Number.isSafeInteger(units) ? formatUnits(units, scaleA) : undefined;
}

/** `a - b` exactly, or `undefined` as for {@link fastAdd}. */
export function fastSub(a: string, b: string): string | undefined {
  if (!read(a, false) || !read(b, true) || !align()) return undefined;
  const units = unitsA - unitsB;
  return Number.isSafeInteger(units) ? formatUnits(units, scaleA) : undefined;
}

/** `a × b` exactly, or `undefined` when either is not a plain decimal of ≤ 15 digits or the product leaves the safe integers. */
export function fastMul(a: string, b: string): string | undefined {
  if (!read(a, false) || !read(b, true)) return undefined;
  const units = unitsA * unitsB;
  return Number.isSafeInteger(units) ? formatUnits(units, scaleA + scaleB) : undefined;
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
