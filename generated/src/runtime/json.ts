/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/json.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
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
 * Typed responses are read by `JSON.parse` whenever that provably loses nothing: the text holds no
 * run of 16 or more digits (then every integer in it has at most 15 digits and is exact as a
 * double), or no number it gives is beyond ±(2^53 - 1) (a long digit run inside a string, an id
 * written as text). Only other texts, and untyped ones, go through the scanner (`json-scan.ts`),
 * which reads every number from its own text; bodies with int64 paths or bigints are written by
 * `json-write.ts`, the rest by `JSON.stringify`.
 */
import { scanJson, type ScanHooks } from './json-scan.js';
import { describePath, writeJson, type WriteHooks, type WritePath } from './json-write.js';
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

/**
 * Where a walk stands in a set of value paths: the trie nodes it is at (a property may match both
 * a `*` and its own name), whether a path ends here, and the states one step further, each made
 * once. Steps by a name no path spells out share the one `*` state, so data keys never grow it.
 */
interface PathState {
  readonly nodes: readonly PathNode[];
  readonly terminal: boolean;
  /** The state for an array item or any other property; `null` when no path goes on. */
  item: PathState | null | undefined;
  /** States for the property names the paths spell out here. */
  readonly named: Map<string, PathState | null>;
}

function stateOf(nodes: readonly PathNode[]): PathState | null {
  if (nodes.length === 0) return null;
  const named = new Map<string, PathState | null>();
  for (const node of nodes) for (const name of node.children.keys()) named.set(name, null);
  return { nodes, terminal: nodes.some((n) => n.terminal), item: undefined, named };
}

/** The state after stepping into an array item (`key` undefined) or a property. */
function step(state: PathState, key: string | undefined): PathState | null {
  if (key !== undefined && state.named.has(key)) {
    let known = state.named.get(key);
    if (known === null) {
      const nodes: PathNode[] = [];
      for (const node of state.nodes) {
        if (node.star !== undefined) nodes.push(node.star);
        const child = node.children.get(key);
        if (child !== undefined) nodes.push(child);
      }
      known = stateOf(nodes);
      // A name the paths spell out always leads somewhere.
      state.named.set(key, known);
    }
    return known ?? null;
  }
  if (state.item === undefined) {
    const stars: PathNode[] = [];
    for (const node of state.nodes) if (node.star !== undefined) stars.push(node.star);
    state.item = stateOf(stars);
  }
  return state.item;
}

/** States already compiled, by the (metadata's, long-lived) path list they were compiled from. */
const compiled = new WeakMap<readonly ValuePath[], PathState>();

/** Compiles value paths into their start state (once per path list); `null` when there are none. */
function compilePaths(paths: readonly ValuePath[] | undefined): PathState | null {
  if (paths === undefined || paths.length === 0) return null;
  const known = compiled.get(paths);
  if (known !== undefined) return known;
  const root = newNode();
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
  const state = stateOf([root]) as PathState;
  compiled.set(paths, state);
  return state;
}

/** True for a plain JSON object (not an array, not null): the runtime's one such check. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Canonical decimal text of an integer's JSON text (JSON has no leading zeros or `+`: only `-0` differs). */
const integerText = (text: string): string => (text === '-0' ? '0' : text);

/** Canonical decimal text of a number given as JSON number text. */
function int64Text(text: string): string {
  return INTEGER_TEXT.test(text) ? integerText(text) : String(Number(text));
}

/**
 * A number that is not at an int64 path: a double, or a string when it is an integer a double
 * cannot hold (`untyped`: when it is an integer at all).
 */
function plainNumber(text: string, untyped: boolean): number | string {
  if (!INTEGER_TEXT.test(text)) return Number(text);
  if (untyped) return integerText(text);
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

/** Scanner hooks: int64 paths followed through their compiled states, numbers read by their text. */
const scanHooks = (untyped: boolean): ScanHooks<PathState | null> => ({
  step: (state, key) => state && step(state, key),
  number: (source, state) => (state?.terminal === true ? int64Text(source) : plainNumber(source, untyped)),
});
const typedScan = scanHooks(false);
const untypedScan = scanHooks(true);

/** Fast path: converts numbers at int64 paths in a `JSON.parse` result, in place. */
function stringifyInt64InPlace(value: unknown, state: PathState): unknown {
  if (typeof value === 'number') return state.terminal ? int64Text(String(value)) : value;
  if (Array.isArray(value)) {
    const inner = step(state, undefined);
    if (inner !== null) for (let i = 0; i < value.length; i++) value[i] = stringifyInt64InPlace(value[i], inner);
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      const inner = step(state, key);
      if (inner !== null) value[key] = stringifyInt64InPlace(value[key], inner);
    }
  }
  return value;
}

/**
 * Whether a `JSON.parse` result holds a number a double may not have read exactly: one beyond
 * ±(2^53 - 1) (every double that large is an integer, and the text may have had other digits).
 */
function hasInexactNumber(value: unknown): boolean {
  if (typeof value === 'number') return value > Number.MAX_SAFE_INTEGER || value < -Number.MAX_SAFE_INTEGER;
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasInexactNumber(value[i])) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (hasInexactNumber(record[key])) return true;
  return false;
}

/**
 * Parses a response body. Values at `int64Paths` (property names, `*` for every array item or map
 * value, `[]` for the root) become decimal strings; any other integer beyond ±(2^53 - 1) becomes a
 * decimal string; other numbers stay numbers. With `untyped` (a response no schema describes),
 * every integer (JSON number text without fraction or exponent) becomes a string of its digits,
 * whatever its size. Duplicate keys keep the last value, like `JSON.parse`.
 *
 * Typed texts go through `JSON.parse`; its result is used when it provably lost nothing (the text
 * has no run of 16 digits, or no number in the result is beyond ±(2^53 - 1)), and only otherwise
 * is the text read again by `parseJsonLossless`, which gives the same result, slower.
 * @throws SyntaxError when the text is not JSON.
 */
export function parseJson(
  text: string,
  int64Paths?: readonly ValuePath[],
  options?: { readonly untyped?: boolean },
): unknown {
  // Untyped texts need each number's own text (`1` and `1.0` differ), which JSON.parse loses.
  if (options?.untyped === true) return parseJsonLossless(text, int64Paths, options);
  const value: unknown = JSON.parse(text);
  if (LONG_DIGIT_RUN.test(text) && hasInexactNumber(value)) return parseJsonLossless(text, int64Paths, options);
  const state = compilePaths(int64Paths);
  return state === null ? value : stringifyInt64InPlace(value, state);
}

/**
 * {@link parseJson} through the scanner alone, reading every number from its own text: the
 * reference the fast path is checked against, and the path for texts the fast one cannot read.
 * @throws SyntaxError when the text is not JSON.
 */
export function parseJsonLossless(
  text: string,
  int64Paths?: readonly ValuePath[],
  options?: { readonly untyped?: boolean },
): unknown {
  return scanJson(text, compilePaths(int64Paths), options?.untyped === true ? untypedScan : typedScan);
}

/** An int64 request value's digits; `undefined` for a value of another type (written as usual). */
function int64Digits(value: unknown, at: WritePath): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError(`${describePath(at)} must be an integer, got ${value}`);
    return BigInt(value).toString();
  }
  if (typeof value === 'string') {
    if (!INTEGER_TEXT.test(value)) {
      throw new TypeError(
        `${describePath(at)} must be an integer (digits, optional leading -), got ${JSON.stringify(value)}`,
      );
    }
    return BigInt(value).toString();
  }
  return undefined;
}

/** Writer hooks: values at int64 paths written as their digits. */
const writeHooks: WriteHooks<PathState | null> = {
  step: (state, key) => state && step(state, key),
  raw: (value, state, at) => (state?.terminal === true ? int64Digits(value, at) : undefined),
};

/**
 * Serializes a request body. Values at `int64Paths` given as number, digit string or bigint are
 * written as bare JSON numbers with every digit; a bigint anywhere is written as a bare number.
 *
 * Without int64 paths the text comes from `JSON.stringify`, which writes what the lossless writer
 * writes for every value it can write; a value it refuses (a bigint or a cycle: it throws) goes
 * through `stringifyJsonLossless`. A program that gave bigints a `toJSON` gets the lossless writer
 * always, so a bigint is still written as its digits.
 * @throws TypeError naming the path when an int64 value is not an integer, or when `value` has no
 * JSON representation.
 */
export function stringifyJson(value: unknown, int64Paths?: readonly ValuePath[]): string {
  const state = compilePaths(int64Paths);
  if (state === null && typeof (BigInt.prototype as { toJSON?: unknown }).toJSON !== 'function') {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      return stringifyJsonLossless(value, int64Paths);
    }
    if (text === undefined) throw new TypeError(`value has no JSON representation (${typeof value})`);
    return text;
  }
  return stringifyJsonLossless(value, int64Paths);
}

/**
 * {@link stringifyJson} through the lossless writer (`json-write.ts`) alone: the reference the
 * `JSON.stringify` path is checked against, and the writer whenever int64 paths or bigints are involved.
 * @throws TypeError as {@link stringifyJson} does.
 */
export function stringifyJsonLossless(value: unknown, int64Paths?: readonly ValuePath[]): string {
  const text = writeJson(value, compilePaths(int64Paths), writeHooks);
  if (text === undefined) throw new TypeError(`value has no JSON representation (${typeof value})`);
  return text;
}
