/**
 * What a recorded fixture must not carry, and how it is taken out:
 * - response headers: credentials, cookies, the signing headers, transport headers and the
 *   per-response headers the mock sends itself (trace id, in/out time, rate-limit counters);
 * - credentials in bodies and parameters: values of `key`, `secret`, `password` fields and the
 *   recording key wherever it appears become obviously fake strings;
 * - account ids (on request): `uid`, `user_id`, `push_uid`, `receive_uid`, sub-account ids become
 *   stable fake ids (the same real id always maps to the same fake one).
 * The last word is {@link findLeak}: a fixture text still holding the secret, the key or the
 * signature is refused.
 */
import { createHash } from 'node:crypto';
import { LosslessNumber, isLosslessNumber } from 'lossless-json';
import type { IR } from '../../generator/ir/types.js';

/** Field names whose values are credentials. */
const CREDENTIAL_FIELDS = new Set(['key', 'secret', 'password', 'api_key', 'api_secret']);

/** Field and parameter names whose values are account ids. */
const ACCOUNT_FIELDS = new Set([
  'uid',
  'user_id',
  'push_uid',
  'receive_uid',
  'user',
  'sub_uid',
  'sub_account',
  'sub_account_from',
  'sub_account_to',
  'main_uid',
]);

const TRANSPORT_HEADERS = [
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'vary',
  'server',
  'via',
  'alt-svc',
  'strict-transport-security',
];
const CREDENTIAL_HEADERS = [
  'set-cookie',
  'cookie',
  'authorization',
  'proxy-authorization',
  'www-authenticate',
  'x-api-key',
];

/** The response headers worth keeping in a fixture (lower-case names in, given names out). */
export function keptHeaders(
  headers: Readonly<Record<string, string>>,
  ir: Pick<IR, 'signing' | 'headers'>,
): Record<string, string> {
  const r = ir.headers.response;
  const perCall = ['traceId', 'inTime', 'outTime', 'rateLimitLimit', 'rateLimitRemaining', 'rateLimitReset'] as const;
  const drop = new Set(
    [
      ...TRANSPORT_HEADERS,
      ...CREDENTIAL_HEADERS,
      ...Object.values(ir.signing.headers),
      // Per-call headers under either name: the seed's and the live service's (the aliases).
      ...perCall.flatMap((role) => [r[role], ...(r.aliases?.[role] ?? [])]),
    ].map((h) => h.toLowerCase()),
  );
  const names = Object.values(r).filter((name): name is string => typeof name === 'string');
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (drop.has(lower) || lower.includes('cookie') || lower.includes('token')) continue;
    out[byLower.get(lower) ?? name] = value;
  }
  return out;
}

/** Maps values by field name through a JSON tree (lossless numbers kept); other values are passed on. */
function mapFields(node: unknown, visit: (field: string, value: unknown) => unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => mapFields(item, visit));
  if (node === null || typeof node !== 'object' || isLosslessNumber(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = visit(k, mapFields(v, visit));
  return out;
}

/** Replaces every occurrence of each map key inside every string of a JSON tree. */
export function replaceStrings(node: unknown, replacements: ReadonlyMap<string, string>): unknown {
  if (replacements.size === 0) return node;
  if (typeof node === 'string') {
    let text = node;
    for (const [from, to] of replacements) if (from !== '') text = text.split(from).join(to);
    return text;
  }
  if (Array.isArray(node)) return node.map((item) => replaceStrings(item, replacements));
  if (node === null || typeof node !== 'object' || isLosslessNumber(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replaceStrings(v, replacements)]));
}

/**
 * The replacements that take credentials out of the given trees: every string value of a
 * credential field, and the recording key, to a fake string. The recording secret is never
 * replaced, so that a response echoing it is refused rather than quietly cleaned.
 */
export function credentialReplacements(
  trees: readonly unknown[],
  recording: { key?: string | undefined; secret?: string | undefined },
): Map<string, string> {
  const map = new Map<string, string>();
  if (recording.key !== undefined && recording.key !== '') map.set(recording.key, 'fake-key-recorded');
  let n = 0;
  for (const tree of trees) {
    mapFields(tree, (field, value) => {
      const name = field.toLowerCase();
      if (
        CREDENTIAL_FIELDS.has(name) &&
        typeof value === 'string' &&
        value !== '' &&
        value !== recording.secret &&
        !map.has(value)
      ) {
        n += 1;
        map.set(value, `fake-${name.includes('secret') || name === 'password' ? 'secret' : 'key'}-${n}`);
      }
      return value;
    });
  }
  return map;
}

/** A stable fake account id for `real` (digits only, same length class for every input). */
export function fakeAccountId(real: string): string {
  const n = parseInt(createHash('sha256').update(`account:${real}`).digest('hex').slice(0, 12), 16);
  return String(90_000_000 + (n % 9_000_000));
}

/** One account-id value with its id(s) replaced: numbers stay numbers, strings stay strings, lists stay lists. */
function scrubAccountValue(value: unknown): unknown {
  const swap = (text: string): string => (/^\d+$/.test(text) && text !== '0' ? fakeAccountId(text) : text);
  if (isLosslessNumber(value)) return new LosslessNumber(swap(value.toString()));
  if (typeof value === 'number') return Number(swap(String(value)));
  if (typeof value === 'string') return value.split(',').map(swap).join(',');
  if (Array.isArray(value)) return value.map(scrubAccountValue);
  return value;
}

/** A JSON tree with the values of every account-id field replaced by fake ids. */
export function scrubAccounts(node: unknown): unknown {
  return mapFields(node, (field, value) => (ACCOUNT_FIELDS.has(field) ? scrubAccountValue(value) : value));
}

/** What must never appear in a fixture. */
export interface Forbidden {
  key?: string | undefined;
  secret?: string | undefined;
  signature?: string | undefined;
}

/** The name of the first forbidden value `text` contains (`secret`, `key`, `signature`), if any. */
export function findLeak(text: string, forbidden: Forbidden): 'secret' | 'key' | 'signature' | undefined {
  for (const name of ['secret', 'key', 'signature'] as const) {
    const value = forbidden[name];
    if (value !== undefined && value !== '' && text.includes(value)) return name;
  }
  return undefined;
}
