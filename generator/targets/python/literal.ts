/** Python literals of plain data, for the metadata module. */
import { pyString } from './naming.js';

/** A Python expression built by the caller (a constructor call, a name). */
export class PyCode {
  constructor(readonly code: string) {}
}

/** `Name(a=1, b="x")`, leaving out arguments that are `undefined`. */
export function call(name: string, args: Record<string, unknown>, positional: unknown[] = []): PyCode {
  const parts = [
    ...positional.map(literal),
    ...Object.entries(args)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${literal(v)}`),
  ];
  return new PyCode(`${name}(${parts.join(', ')})`);
}

/** A Python literal: strings, numbers, booleans, None, tuples (for arrays) and dicts. */
export function literal(value: unknown): string {
  if (value instanceof PyCode) return value.code;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as a Python literal`);
    return String(value);
  }
  if (Array.isArray(value))
    return value.length === 1 ? `(${literal(value[0])},)` : `(${value.map(literal).join(', ')})`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${pyString(k)}: ${literal(v)}`)
      .join(', ')}}`;
  throw new Error(`cannot write ${typeof value} as a Python literal`);
}
