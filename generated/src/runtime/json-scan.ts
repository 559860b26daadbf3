/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/json-scan.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Reading JSON text with every number taken from its own source text: the runtime's lossless
 * parser. Strings, literals, arrays and objects come out exactly as `JSON.parse` gives them (a
 * `__proto__` key is an own data property, a duplicate key keeps its last value); each number is
 * what a hook makes of its text at its position. Nesting is followed on an explicit stack, so no
 * depth overflows the call stack.
 */

/** How {@link scanJson} tracks positions and reads numbers; `S` is the caller's position state. */
export interface ScanHooks<S> {
  /** The state one step inside a container at `state`: into property `key`, or an array item (`undefined`). */
  step(state: S, key: string | undefined): S;
  /** The value of a number from its JSON text exactly as written (`-0`, `1.50`, `1e400`) at `state`. */
  number(source: string, state: S): unknown;
}

/** An array or object being filled: its state (of its items, for an array) and the pending key. */
interface Frame<S> {
  readonly into: unknown[] | Record<string, unknown>;
  readonly state: S;
  key: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** What a string body cannot hold unescaped, and the escape character. */
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings.
const NOT_PLAIN = /[\u0000-\u001f\\]/;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Rejects a text this scanner cannot read with the error `JSON.parse` gives for it (a
 * `SyntaxError` with the engine's message), so both paths fail alike.
 */
function fail(text: string): never {
  JSON.parse(text);
  throw new SyntaxError('Unexpected token in JSON');
}

/** Sets an own data property, also for `__proto__` (which an assignment would take as the prototype). */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else record[key] = value;
}

/**
 * Parses `text` like `JSON.parse`, except that each number is `hooks.number(itsText, itsState)`,
 * where the root value is at `root` and every nested value at the state `hooks.step` gives.
 * @throws SyntaxError (the one `JSON.parse` throws) when the text is not JSON.
 */
export function scanJson<S>(text: string, root: S, hooks: ScanHooks<S>): unknown {
  let at = 0;
  const skip = (): number => {
    while (isSpace(text.charCodeAt(at))) at++;
    return text.charCodeAt(at);
  };
  const readString = (): string => {
    const start = at;
    let end = at;
    for (;;) {
      end = text.indexOf('"', end + 1);
      if (end < 0) fail(text);
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
      if (slashes % 2 === 0) break;
    }
    at = end + 1;
    const body = text.slice(start + 1, end);
    if (!NOT_PLAIN.test(body)) return body;
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      return fail(text);
    }
  };
  /** Reads `"key":` of an object and returns the state of its value. */
  const readKey = (frame: Frame<S>): S => {
    if (skip() !== 0x22) fail(text);
    frame.key = readString();
    if (skip() !== 0x3a) fail(text);
    at++;
    return hooks.step(frame.state, frame.key);
  };

  const frames: Frame<S>[] = [];
  let state = root;
  for (;;) {
    let value: unknown;
    const c = skip();
    if (c === 0x7b || c === 0x5b) {
      at++;
      if (skip() === c + 2) {
        // `{}` or `[]`: the closing bracket is the opening one plus two in ASCII.
        at++;
        value = c === 0x7b ? {} : [];
      } else if (c === 0x7b) {
        const frame: Frame<S> = { into: {}, state, key: '' };
        frames.push(frame);
        state = readKey(frame);
        continue;
      } else {
        state = hooks.step(state, undefined);
        frames.push({ into: [], state, key: '' });
        continue;
      }
    } else if (c === 0x22) {
      value = readString();
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = at;
      if (!NUMBER.test(text)) fail(text);
      value = hooks.number(text.slice(at, NUMBER.lastIndex), state);
      at = NUMBER.lastIndex;
    } else if (text.startsWith('true', at)) {
      value = true;
      at += 4;
    } else if (text.startsWith('false', at)) {
      value = false;
      at += 5;
    } else if (text.startsWith('null', at)) {
      value = null;
      at += 4;
    } else return fail(text);

    // Hand the value to its container; close every container that ends here.
    for (;;) {
      const frame = frames[frames.length - 1];
      if (frame === undefined) {
        skip();
        if (at !== text.length) fail(text);
        return value;
      }
      const next = skip();
      at++;
      const { into } = frame;
      if (Array.isArray(into)) {
        into.push(value);
        if (next === 0x2c) {
          state = frame.state;
          break;
        }
        if (next !== 0x5d) fail(text);
      } else {
        put(into, frame.key, value);
        if (next === 0x2c) {
          state = readKey(frame);
          break;
        }
        if (next !== 0x7d) fail(text);
      }
      value = into;
      frames.pop();
    }
  }
}
