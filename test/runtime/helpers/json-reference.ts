/**
 * The oracle the runtime's JSON reader and writer are checked against: `lossless-json` (a
 * development dependency only), with int64 paths matched segment by segment in the plainest way.
 * Written independently of `json.ts` (no path trie, no scanner), so a bug in one is not in both.
 */
import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json';

type Position = readonly (string | undefined)[];

/** Whether a value at `at` (property names; `undefined` for an array item) is at one of `paths`. */
function onPath(paths: readonly (readonly string[])[], at: Position): boolean {
  return paths.some(
    (path) => path.length === at.length && path.every((segment, i) => segment === '*' || segment === at[i]),
  );
}

const INTEGER = /^-?\d+$/;

/** What `parseJson` must make of a number's text at a position. */
function numberAt(text: string, int64: boolean, untyped: boolean): number | string {
  const integer = INTEGER.test(text);
  if (int64) return integer ? BigInt(text).toString() : String(Number(text));
  if (integer && (untyped || !Number.isSafeInteger(Number(text)))) return BigInt(text).toString();
  return Number(text);
}

function resolve(value: unknown, paths: readonly (readonly string[])[], at: Position, untyped: boolean): unknown {
  if (isLosslessNumber(value)) return numberAt(value.value, onPath(paths, at), untyped);
  if (Array.isArray(value)) return value.map((item) => resolve(item, paths, [...at, undefined], untyped));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: resolve(item, paths, [...at, key], untyped),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** What `parseJson(text, paths, { untyped })` must give, by `lossless-json`. */
export function referenceParse(text: string, paths: readonly (readonly string[])[] = [], untyped = false): unknown {
  const value = parse(text, null, { onDuplicateKey: ({ newValue }) => newValue });
  return resolve(value, paths, [], untyped);
}

/**
 * Replaces int64-path values given as integer, digit string or bigint by lossless numbers.
 * @throws TypeError for a number or string at an int64 path that is not an integer.
 */
function mark(value: unknown, paths: readonly (readonly string[])[], at: Position): unknown {
  if (onPath(paths, at) && (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string')) {
    const integer =
      typeof value === 'bigint' ||
      (typeof value === 'number' && Number.isInteger(value)) ||
      (typeof value === 'string' && INTEGER.test(value));
    if (!integer) throw new TypeError('an int64 value that is not an integer');
    return new LosslessNumber(BigInt(value).toString());
  }
  if (Array.isArray(value)) return value.map((item) => mark(item, paths, [...at, undefined]));
  if (typeof value === 'object' && value !== null && !isLosslessNumber(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: mark(item, paths, [...at, key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** What `stringifyJson(value, paths)` must write (values without `toJSON` below the root), by `lossless-json`. */
export function referenceStringify(value: unknown, paths: readonly (readonly string[])[] = []): string | undefined {
  return stringify(mark(value, paths, []));
}
