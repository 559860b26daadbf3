// @ts-check
/**
 * JSON values and JSON Pointers (RFC 6901), in one place for every tool of the repository: the
 * generator, the spec's lint rules and extension table, the mock and the tests. Plain JavaScript
 * inside spec/ with no dependency, because spec:diff lints an old revision with the rules of its
 * own spec/ folder alone; TypeScript reads its JSDoc types.
 * (The shipped runtime keeps its own copy of `isObject`: it is self-contained.)
 */

/**
 * True for a plain JSON object (not an array, not null).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON Pointer from its segments: `pointer('paths', '/a/{b}', 'get')` is `/paths/~1a~1{b}/get`.
 * @param {...(string | number)} segments
 * @returns {string}
 */
export function pointer(...segments) {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * The unescaped segments of a JSON Pointer (`''` is the whole document: no segment).
 * @param {string} ptr
 * @returns {string[]}
 */
export function segmentsOf(ptr) {
  if (ptr === '') return [];
  return ptr
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The value a JSON Pointer names inside `root` (no `$ref` is followed); `undefined` when absent.
 * @param {unknown} root
 * @param {string} ptr
 * @returns {unknown}
 */
export function nodeAt(root, ptr) {
  let node = root;
  for (const segment of segmentsOf(ptr)) {
    if (isObject(node)) node = node[segment];
    else if (Array.isArray(node)) node = node[Number(segment)];
    else return undefined;
  }
  return node;
}
