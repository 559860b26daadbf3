/**
 * Typed data written as TypeScript expressions through ts-morph writers: objects, arrays,
 * strings, numbers, booleans and references to declared constants, either as a literal (each
 * value written by its kind) or as the serialized data read back by `JSON.parse` or a lazy reader
 * (parsedJson).
 * No JSON text is spliced into code.
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

/** True when `value` holds a Reference anywhere (JSON cannot carry one). */
export function holdsReference(value: unknown): boolean {
  if (value instanceof Reference) return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsReference);
}

/**
 * A writer for `value` as `<reader>('<value serialized>')`, marked pure so bundlers drop it when
 * nothing uses it. `reader` is `JSON.parse` (the default), or a function of the runtime that parses
 * the text when first used (`lazyMeta`): V8 reads JSON text several times faster than it compiles
 * and runs the same object literal, and text parsed on first use costs an import nothing but its
 * bytes (operation metadata is most of the package). Throws on data holding a Reference, which only
 * a literal can write.
 */
export const parsedJson =
  (value: unknown, reader = 'JSON.parse'): WriterFunction =>
  (w) => {
    if (holdsReference(value))
      throw new TypeError('data holding a reference to a constant must be written as a literal');
    w.write(`/* @__PURE__ */ ${reader}(`);
    w.quote(JSON.stringify(value));
    w.write(')');
  };
