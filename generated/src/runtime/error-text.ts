/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/error-text.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/** How the runtime's error messages name a call and show a value (errors.ts, response-errors.ts). */

/** `before + operation + after`, or nothing without an operation (the call an error message names). */
export function around(operation: string | undefined, before: string, after: string): string {
  return operation ? before + operation + after : '';
}

/** A value as an error message shows it: JSON, cut to 80 characters. */
export function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  try {
    const s = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    return s === undefined ? typeof value : s.length > 80 ? `${s.slice(0, 77)}...` : s;
  } catch {
    return typeof value;
  }
}
