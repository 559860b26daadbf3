/**
 * Routing: finds the operation for a method and a path (without the `/api/v4` prefix) from the
 * IR's path templates. Literal segments win over `{param}` segments, so `/sub_accounts/unified_mode`
 * is preferred to `/sub_accounts/{user_id}`.
 */
import type { IROperation } from '../generator/ir/types.js';

/** The outcome of routing one request. */
export type RouteMatch =
  | { kind: 'found'; op: IROperation; params: Record<string, string>; values: string[] }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

interface Entry {
  op: IROperation;
  /** Literal text, or `null` for a `{param}` segment. */
  segments: Array<string | null>;
  names: string[];
  /** Higher is more specific: one bit per literal segment, leftmost first. */
  rank: number;
}

/** Splits `/a/b/c` into `['a', 'b', 'c']` (an empty path is `[]`). */
function splitPath(path: string): string[] {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  return trimmed === '' ? [] : trimmed.split('/');
}

/** Turns a path template into the lookup key used for handlers: `/withdrawals/{}`. */
export function templateKey(method: string, template: string): string {
  return `${method.toUpperCase()} ${template.replace(/\{[^}]*\}/g, '{}')}`;
}

/** Method + path-template router over the IR's operations. */
export class Router {
  readonly #entries: Entry[];

  constructor(operations: readonly IROperation[]) {
    this.#entries = operations.map((op) => {
      const parts = splitPath(op.path);
      const names: string[] = [];
      let rank = 0;
      const segments = parts.map((part, i) => {
        const param = /^\{(.+)\}$/.exec(part);
        if (param?.[1] !== undefined) {
          names.push(param[1]);
          return null;
        }
        rank += 2 ** (parts.length - i);
        return part;
      });
      return { op, segments, names, rank };
    });
  }

  /** Routes `method` + `path` (raw, percent-encoded, without prefix and query). */
  match(method: string, path: string): RouteMatch {
    const parts = splitPath(path);
    let decoded: string[];
    try {
      decoded = parts.map((p) => decodeURIComponent(p));
    } catch {
      return { kind: 'not-found' };
    }
    const candidates = this.#entries
      .filter(
        (e) =>
          e.segments.length === decoded.length &&
          e.segments.every((s, i) => (s === null ? decoded[i] !== '' : s === decoded[i])),
      )
      .sort((a, b) => b.rank - a.rank);
    if (candidates.length === 0) return { kind: 'not-found' };
    // The most specific template that accepts the method wins; a less specific one may still
    // accept it (`GET /x/{id}` next to `POST /x/literal`).
    const hit = candidates.find((c) => c.op.method === method.toUpperCase());
    if (hit === undefined) {
      return { kind: 'method-not-allowed', allowed: [...new Set(candidates.map((c) => c.op.method))].sort() };
    }
    return {
      kind: 'found',
      op: hit.op,
      params: paramsOf(hit, decoded),
      values: decoded.filter((_, i) => hit.segments[i] === null),
    };
  }
}

function paramsOf(entry: Entry, decoded: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  let n = 0;
  entry.segments.forEach((s, i) => {
    if (s !== null) return;
    const name = entry.names[n++];
    const value = decoded[i];
    if (name !== undefined && value !== undefined) params[name] = value;
  });
  return params;
}
