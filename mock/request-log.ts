/**
 * The log of requests the mock received, for tests to inspect. It holds what arrived on the wire
 * except credentials: no KEY, SIGN or Timestamp header is stored, and body fields the spec marks
 * secret (`format: password`, `writeOnly`) are replaced by `[redacted]`.
 */
import type { JsonSchema } from '../generator/ir/types.js';

/** One received request. */
export interface RequestRecord {
  /** 1, 2, 3, ... in arrival order. */
  seq: number;
  /** Server time it arrived, epoch ms. */
  at: number;
  method: string;
  /** Path as received, including the prefix, without the query. */
  path: string;
  /** Raw query string as received, without `?`. */
  query: string;
  /** Body text (secret fields redacted; empty when none). */
  body: string;
  /** Lowercase hex SHA-512 of the exact body bytes received. */
  bodySha512: string;
  /** `true` when a private request's signature checked out; `false` otherwise (public too). */
  verified: boolean;
  /** The routed operation, when one matched. */
  operationId: string | undefined;
  /** Status answered; 0 when the connection was destroyed without an answer. */
  status: number;
  /** Error label answered, if any. */
  label: string | undefined;
  /** Kind of the injected fault that fired, if any. */
  fault: string | undefined;
  /** Value of the client request id header, if sent. */
  clientRequestId: string | undefined;
}

/** Names of body properties a schema marks secret (`format: password` or `writeOnly`). */
export function secretFields(schema: JsonSchema | undefined, resolve: (s: JsonSchema) => JsonSchema): Set<string> {
  const names = new Set<string>();
  const visit = (node: JsonSchema | undefined, depth: number): void => {
    if (node === undefined || depth > 6) return;
    const s = resolve(node);
    const properties = s['properties'];
    if (properties !== null && typeof properties === 'object') {
      for (const [name, raw] of Object.entries(properties as Record<string, JsonSchema>)) {
        const prop = resolve(raw);
        if (prop['format'] === 'password' || prop['writeOnly'] === true) names.add(name);
        visit(prop, depth + 1);
      }
    }
    for (const key of ['items', 'additionalProperties'] as const) {
      const child = s[key];
      if (child !== null && typeof child === 'object') visit(child as JsonSchema, depth + 1);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = s[key];
      if (Array.isArray(list)) for (const child of list) visit(child as JsonSchema, depth + 1);
    }
  };
  visit(schema, 0);
  return names;
}

/** The body text to log: unchanged unless it is JSON holding one of `secrets`. */
export function redactBody(text: string, secrets: ReadonlySet<string>): string {
  if (secrets.size === 0 || text === '') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return text;
  }
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (secrets.has(k)) {
        changed = true;
        out[k] = '[redacted]';
      } else out[k] = walk(v);
    }
    return out;
  };
  const redacted = walk(parsed);
  return changed ? JSON.stringify(redacted) : text;
}
