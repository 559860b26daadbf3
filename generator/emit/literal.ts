/**
 * Typed data written as TypeScript expressions through ts-morph writers: objects, arrays,
 * strings, numbers, booleans and references to declared constants. No JSON text is spliced; each
 * value is written by its kind.
 */
import type { CodeBlockWriter, WriterFunction } from 'ts-morph';

/** A reference to a declared constant (another operation's metadata), written as its name. */
export class Reference {
  constructor(readonly name: string) {}
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Writes one value; `undefined` members of objects are left out, as JSON would. */
function write(w: CodeBlockWriter, value: unknown): void {
  if (value instanceof Reference) w.write(value.name);
  else if (typeof value === 'string') w.quote(value);
  else if (typeof value === 'number' || typeof value === 'boolean') w.write(String(value));
  else if (value === null) w.write('null');
  else if (Array.isArray(value)) {
    w.write('[');
    value.forEach((item: unknown, i) => {
      if (i > 0) w.write(', ');
      write(w, item);
    });
    w.write(']');
  } else if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    w.write('{');
    entries.forEach(([key, v], i) => {
      if (i > 0) w.write(', ');
      if (IDENTIFIER.test(key)) w.write(key);
      else w.quote(key);
      w.write(': ');
      write(w, v);
    });
    w.write('}');
  } else throw new TypeError(`cannot write a ${typeof value} as a TypeScript literal`);
}

/** A writer for `value` as an expression, followed by `suffix` (e.g. ` as const`). */
export const literal =
  (value: unknown, suffix = ''): WriterFunction =>
  (w) => {
    write(w, value);
    w.write(suffix);
  };
