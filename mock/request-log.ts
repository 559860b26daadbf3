/**
 * The log of requests the mock received, for tests to inspect. It holds what arrived on the wire
 * except credentials: no KEY, SIGN or Timestamp header is stored, and body fields the spec marks
 * secret (`format: password`, `writeOnly`) are replaced by `[redacted]`. It is bounded: the last
 * `requests` entries and at most `bodyBytes` of their bodies, oldest dropped first.
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

/** How much a log keeps: entries, and body bytes over all of them. */
export interface LogLimits {
  requests: number;
  bodyBytes: number;
}

/** The default bounds of the request log: the last 10,000 requests, at most 32 MiB of bodies. */
export const DEFAULT_LOG_LIMITS: Readonly<LogLimits> = { requests: 10_000, bodyBytes: 32 * 1024 * 1024 };

/**
 * How many of the oldest entries to drop so that the rest (sizes oldest first, `total` their sum)
 * fit `limits`; the newest entry always stays.
 */
export function dropCount(
  sizes: readonly number[],
  limits: Readonly<LogLimits>,
  total = sizes.reduce((sum, n) => sum + n, 0),
): number {
  let drop = Math.max(0, sizes.length - limits.requests);
  let bytes = total;
  for (let i = 0; i < drop; i += 1) bytes -= sizes[i] ?? 0;
  while (bytes > limits.bodyBytes && drop < sizes.length - 1) {
    bytes -= sizes[drop] ?? 0;
    drop += 1;
  }
  return drop;
}

/** A bounded log, oldest first: `items` is one array for its whole life (trimmed in place). */
export class RequestLog<T> {
  /** The entries kept, oldest first. */
  readonly items: T[] = [];
  readonly #sizes: number[] = [];
  readonly #limits: Readonly<LogLimits>;
  #bytes = 0;
  #seq = 0;

  constructor(limits: Readonly<LogLimits>) {
    this.#limits = limits;
  }

  /** Body bytes held by the entries kept. */
  get bodyBytes(): number {
    return this.#bytes;
  }

  /** The next sequence number: 1, 2, 3, ... since the start or the last `clear()`. */
  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  /** Appends `item` (holding `size` body bytes), then drops the oldest entries beyond the limits. */
  push(item: T, size = 0): void {
    this.items.push(item);
    this.#sizes.push(size);
    this.#bytes += size;
    const drop = dropCount(this.#sizes, this.#limits, this.#bytes);
    if (drop === 0) return;
    this.items.splice(0, drop);
    for (const n of this.#sizes.splice(0, drop)) this.#bytes -= n;
  }

  /** Empties the log and restarts the sequence numbers. */
  clear(): void {
    this.items.length = 0;
    this.#sizes.length = 0;
    this.#bytes = 0;
    this.#seq = 0;
  }
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
