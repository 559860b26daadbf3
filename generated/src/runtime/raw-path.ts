/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/raw-path.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The path of a `client.request()` call, checked and encoded before anything is signed. The path
 * that is signed is the path on the wire, byte for byte, so it must be one that neither a URL
 * parser nor a server reads differently: it starts with `/`, has no empty segment (`//`, a
 * trailing `/`), no whitespace or control character anywhere, no query, fragment, braces or
 * backslash, and no segment that reads as `.` or `..` or hides a `/`, `\` or control character
 * once percent-decoded (repeatedly: `%252e` is `%2e` once decoded). Every character outside the
 * unreserved set (`A-Z a-z 0-9 - . _ ~`) and `/` is then percent-encoded as UTF-8, so `:` becomes
 * `%3A` and `é` becomes `%C3%A9`; an existing valid escape (`%20`) is kept as it is. The Python
 * client applies the same rules with the same messages (`raw.py`; shared rows in
 * `conformance/raw-paths.json`).
 */
import { encodeComponent } from './query.js';

/** How many rounds of percent-decoding a path segment is checked through. */
const DECODE_ROUNDS = 3;

/**
 * Whitespace and control characters: C0, space, DEL, C1, no-break space and the Unicode spaces,
 * line and paragraph separators, zero-width space and the byte-order mark.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const WHITESPACE_OR_CONTROL = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const LONE_SURROGATE = /\p{Surrogate}/u;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
/** What is encoded: runs of characters other than unreserved ones, `/` and `%` (checked to start an escape). */
const TO_ENCODE = /[^A-Za-z0-9\-._~/%]+/g;

/** A raw path made safe to sign (`path`, without the prefix), or why it is refused (`problem`). */
export type RawPath =
  { readonly path: string; readonly problem?: never } | { readonly path?: never; readonly problem: string };

/** Why one segment is refused after percent-decoding, or `undefined`. */
function segmentProblem(segment: string): string | undefined {
  let text = segment;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (CONTROL.test(text)) return 'must hold no control characters, encoded or not';
    if (/[/\\]/.test(text)) return 'must hold no encoded "/" or "\\" in a segment';
    if (text === '.' || text === '..') return 'must hold no dot segments ("." or "..", encoded or not)';
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return 'must be valid percent-encoding';
    }
    if (decoded === text) break;
    text = decoded;
  }
  return undefined;
}

/**
 * Checks and encodes the path of a raw request (a leading `prefix`, e.g. `/api/v4`, is dropped):
 * the path to sign and send, or the reason it is refused (the explanation of a `ValidationError`
 * with field `path` and rule `pattern`).
 */
export function normalizeRawPath(given: string, prefix: string): RawPath {
  const path = prefix !== '' && given.startsWith(`${prefix}/`) ? given.slice(prefix.length) : given;
  if (!path.startsWith('/')) return { problem: 'must start with "/"' };
  if (WHITESPACE_OR_CONTROL.test(path)) return { problem: 'must hold no whitespace or control characters' };
  if (LONE_SURROGATE.test(path)) return { problem: 'must be valid Unicode (no lone surrogates)' };
  if (/[?#]/.test(path)) return { problem: 'must hold no query or fragment (pass `query` instead)' };
  if (/[{}]/.test(path)) return { problem: 'must hold no braces' };
  if (path.includes('\\')) return { problem: 'must hold no backslash' };
  const segments = path.slice(1).split('/');
  if (segments.includes('')) return { problem: 'must hold no empty segments ("//" or a trailing "/")' };
  for (const segment of segments) {
    if (/%(?![0-9A-Fa-f]{2})/.test(segment)) return { problem: 'must be valid percent-encoding' };
    const problem = segmentProblem(segment);
    if (problem !== undefined) return { problem };
  }
  return { path: path.replace(TO_ENCODE, encodeComponent) };
}
