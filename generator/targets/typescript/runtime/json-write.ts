/**
 * Writing JSON text that may hold numbers `JSON.stringify` cannot write: every bigint becomes its
 * digits, and a hook may write any value as raw text at its position (int64 paths). Everything
 * else is written as `JSON.stringify` writes it: `toJSON` is called with the value's key,
 * undefined, functions and symbols are left out of objects and become `null` in arrays, boxed
 * primitives are unwrapped, and a cycle is a `TypeError`.
 */

/** A value's position in the value being written: property names and array indexes. */
export type WritePath = readonly (string | number)[];

/** How {@link writeJson} tracks positions; `S` is the caller's position state. */
export interface WriteHooks<S> {
  /** The state one step inside a container at `state`: into property `key`, or an array item (`undefined`). */
  step(state: S, key: string | undefined): S;
  /** JSON text to write for `value` (as given, before `toJSON`) at `state`, or `undefined` to write it as usual. */
  raw(value: unknown, state: S, at: WritePath): string | undefined;
}

/** `a.b[0].c` style name of a value path, for error messages. */
export function describePath(path: WritePath): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out === '' ? '(root)' : out;
}

/**
 * The JSON text of `value` (the root at state `root`), or `undefined` when it has none (like
 * `JSON.stringify(undefined)`).
 * @throws TypeError naming the path of a value that contains itself; whatever a hook or `toJSON` throws.
 */
export function writeJson<S>(value: unknown, root: S, hooks: WriteHooks<S>): string | undefined {
  const at: (string | number)[] = [];
  const open: object[] = [];

  const write = (input: unknown, key: string, state: S): string | undefined => {
    const raw = hooks.raw(input, state, at);
    if (raw !== undefined) return raw;
    let v = input;
    if (typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      v = (v as { toJSON: (key: string) => unknown }).toJSON(key);
    }
    if (typeof v === 'bigint') return v.toString();
    if (typeof v !== 'object' || v === null || v instanceof Number || v instanceof String || v instanceof Boolean) {
      return JSON.stringify(v);
    }
    if (open.includes(v)) {
      throw new TypeError(`${describePath(at)} contains itself (a cycle): it has no JSON text`);
    }
    open.push(v);
    let out: string;
    if (Array.isArray(v)) {
      const inner = hooks.step(state, undefined);
      out = '[';
      for (let i = 0; i < v.length; i++) {
        at.push(i);
        out += `${i === 0 ? '' : ','}${write(v[i], String(i), inner) ?? 'null'}`;
        at.pop();
      }
      out += ']';
    } else {
      const record = v as Record<string, unknown>;
      out = '';
      for (const name of Object.keys(record)) {
        at.push(name);
        const text = write(record[name], name, hooks.step(state, name));
        at.pop();
        if (text !== undefined) out += `${out === '' ? '' : ','}${JSON.stringify(name)}:${text}`;
      }
      out = `{${out}}`;
    }
    open.pop();
    return out;
  };
  return write(value, '', root);
}
