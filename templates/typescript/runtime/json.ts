/**
 * Lossless JSON for API bodies.
 *
 * Responses: every value at an int64 path becomes a decimal string (whatever its size, so its
 * type never changes), and any other integer outside ±(2^53 - 1) becomes a decimal string too
 * instead of being rounded. Every other number stays a number. Untyped responses (no schema says
 * which integers are ids) get one stable type instead: every integer becomes a string of its digits.
 *
 * Requests: values at int64 paths (number, digit string or bigint) and every bigint are written
 * as bare JSON numbers with all their digits.
 *
 * `JSON.parse` is used whenever the text holds no run of 16 or more digits (then every integer in
 * it has at most 15 digits and is exact as a double); only other texts go through `lossless-json`.
 */
import {
  isLosslessNumber,
  LosslessNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';
import type { ValuePath } from './metadata.js';

/** A run this long may be an integer a double cannot hold exactly (2^53 has 16 digits). */
// Written out: V8 runs sixteen literal `\d`s many times faster than the `{16}` quantifier.
const LONG_DIGIT_RUN = /\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d/;
const INTEGER_TEXT = /^-?\d+$/;

/** A node of the trie compiled from a set of value paths. */
interface PathNode {
  terminal: boolean;
  star: PathNode | undefined;
  children: Map<string, PathNode>;
}

const newNode = (): PathNode => ({ terminal: false, star: undefined, children: new Map() });

/** Tries already compiled, by the (metadata's, long-lived) path list they were compiled from. */
const compiled = new WeakMap<readonly ValuePath[], PathNode>();

/** Compiles value paths into a trie (once per path list); `undefined` when there are none. */
function compilePaths(paths: readonly ValuePath[] | undefined): PathNode | undefined {
  if (paths === undefined || paths.length === 0) return undefined;
  const known = compiled.get(paths);
  if (known !== undefined) return known;
  const root = newNode();
  compiled.set(paths, root);
  for (const path of paths) {
    let node = root;
    for (const segment of path) {
      if (segment === '*') {
        node.star ??= newNode();
        node = node.star;
      } else {
        let child = node.children.get(segment);
        if (child === undefined) node.children.set(segment, (child = newNode()));
        node = child;
      }
    }
    node.terminal = true;
  }
  return root;
}

/** Trie nodes reached from `nodes` by stepping into an array item (`key` undefined) or a property. */
function step(nodes: readonly PathNode[], key: string | undefined): PathNode[] {
  const next: PathNode[] = [];
  for (const node of nodes) {
    if (node.star !== undefined) next.push(node.star);
    if (key !== undefined) {
      const child = node.children.get(key);
      if (child !== undefined) next.push(child);
    }
  }
  return next;
}

/** True for a plain JSON object (not an array, not null): the runtime's one such check. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON object of a lossless parse (a `LosslessNumber` is a number there). */
const isRecord = (v: unknown): v is Record<string, unknown> => isObject(v) && !isLosslessNumber(v);

/** Canonical decimal text of a number given as JSON number text. */
function int64Text(text: string): string {
  return INTEGER_TEXT.test(text) ? BigInt(text).toString() : String(Number(text));
}

/**
 * A number that is not at an int64 path: a double, or a string when it is an integer a double
 * cannot hold (`untyped`: when it is an integer at all).
 */
function plainNumber(text: string, untyped: boolean): number | string {
  const n = Number(text);
  if (INTEGER_TEXT.test(text) && (untyped || !Number.isSafeInteger(n))) return BigInt(text).toString();
  return n;
}

/** Fast path: converts numbers at int64 paths in a `JSON.parse` result, in place. */
function stringifyInt64InPlace(value: unknown, nodes: readonly PathNode[]): unknown {
  if (nodes.length === 0) return value;
  if (typeof value === 'number') {
    return nodes.some((n) => n.terminal) && Number.isFinite(value) ? int64Text(String(value)) : value;
  }
  if (Array.isArray(value)) {
    const inner = step(nodes, undefined);
    if (inner.length > 0) for (let i = 0; i < value.length; i++) value[i] = stringifyInt64InPlace(value[i], inner);
  } else if (isRecord(value)) {
    for (const key of Object.keys(value)) {
      const inner = step(nodes, key);
      if (inner.length > 0) value[key] = stringifyInt64InPlace(value[key], inner);
    }
  }
  return value;
}

/** Slow path: replaces every `LosslessNumber` of a `lossless-json` result, in place. */
function resolveNumbersInPlace(value: unknown, nodes: readonly PathNode[], untyped: boolean): unknown {
  if (isLosslessNumber(value)) {
    return nodes.some((n) => n.terminal) ? int64Text(value.value) : plainNumber(value.value, untyped);
  }
  if (Array.isArray(value)) {
    const inner = step(nodes, undefined);
    for (let i = 0; i < value.length; i++) value[i] = resolveNumbersInPlace(value[i], inner, untyped);
  } else if (isRecord(value)) {
    for (const key of Object.keys(value)) value[key] = resolveNumbersInPlace(value[key], step(nodes, key), untyped);
  }
  return value;
}

/**
 * Parses a response body. Values at `int64Paths` (property names, `*` for every array item or map
 * value, `[]` for the root) become decimal strings; any other integer beyond ±(2^53 - 1) becomes a
 * decimal string; other numbers stay numbers. With `untyped` (a response no schema describes),
 * every integer (JSON number text without fraction or exponent) becomes a string of its digits,
 * whatever its size. Duplicate keys keep the last value, like `JSON.parse`.
 * @throws SyntaxError when the text is not JSON.
 */
export function parseJson(
  text: string,
  int64Paths?: readonly ValuePath[],
  options?: { readonly untyped?: boolean },
): unknown {
  const trie = compilePaths(int64Paths);
  const roots = trie === undefined ? [] : [trie];
  const untyped = options?.untyped === true;
  // Untyped texts need each number's own text (`1` and `1.0` differ), which JSON.parse loses.
  if (!untyped && !LONG_DIGIT_RUN.test(text)) {
    const value: unknown = JSON.parse(text);
    return stringifyInt64InPlace(value, roots);
  }
  const value = parseLossless(text, null, { onDuplicateKey: ({ newValue }) => newValue });
  return resolveNumbersInPlace(value, roots, untyped);
}

/** `a.b[0].c` style name of a value path, for error messages. */
function describePath(path: readonly (string | number)[]): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out === '' ? '(root)' : out;
}

/** An int64 request value as a `LosslessNumber` holding all its digits. */
function int64Number(value: unknown, at: readonly (string | number)[]): unknown {
  if (typeof value === 'bigint') return new LosslessNumber(value.toString());
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError(`${describePath(at)} must be an integer, got ${value}`);
    return new LosslessNumber(BigInt(value).toString());
  }
  if (typeof value === 'string') {
    if (!INTEGER_TEXT.test(value)) {
      throw new TypeError(
        `${describePath(at)} must be an integer (digits, optional leading -), got ${JSON.stringify(value)}`,
      );
    }
    return new LosslessNumber(BigInt(value).toString());
  }
  return value;
}

/** Copies `value`, replacing int64-path values by `LosslessNumber`s; untouched subtrees are shared. */
function markInt64(value: unknown, nodes: readonly PathNode[], at: (string | number)[]): unknown {
  if (nodes.length === 0) return value;
  if (nodes.some((n) => n.terminal)) return int64Number(value, at);
  if (Array.isArray(value)) {
    const inner = step(nodes, undefined);
    if (inner.length === 0) return value;
    return value.map((item, i) => markInt64(item, inner, [...at, i]));
  }
  if (isRecord(value) && typeof value['toJSON'] !== 'function') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const inner = step(nodes, key);
      const item = inner.length === 0 ? value[key] : markInt64(value[key], inner, [...at, key]);
      Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/**
 * Serializes a request body. Values at `int64Paths` given as number, digit string or bigint are
 * written as bare JSON numbers with every digit; a bigint anywhere is written as a bare number.
 * @throws TypeError naming the path when an int64 value is not an integer, or when `value` has no
 * JSON representation.
 */
export function stringifyJson(value: unknown, int64Paths?: readonly ValuePath[]): string {
  const trie = compilePaths(int64Paths);
  const marked = trie === undefined ? value : markInt64(value, [trie], []);
  const text = stringifyLossless(marked);
  if (text === undefined) throw new TypeError(`value has no JSON representation (${typeof value})`);
  return text;
}
