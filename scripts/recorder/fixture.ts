/**
 * Turning a captured exchange into a fixture (the format of mock/fixture-format.ts), and writing
 * it into `<out>/<area>/<operationId>.json`: appended to the file's fixtures, or replacing the one
 * with the same name. Numbers are parsed and written with every digit kept.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import type { IR, IROperation } from '../../generator/ir/types.js';
import type { Exchange } from './capture.js';
import { keptHeaders } from './redact.js';

/** A fixture as the recorder writes it. */
export interface RecordedFixture {
  operationId: string;
  name: string;
  request: { path?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  response: { status: number; headers?: Record<string, string>; body?: unknown };
  recorded: { at: string; release: string; server: string; note?: string };
}

/** Splits and decodes a raw query string into name -> value, in wire order (repeats comma-joined). */
export function decodeQuery(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const decode = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = decode(eq < 0 ? '' : part.slice(eq + 1));
    out[name] = name in out ? `${out[name]},${value}` : value;
  }
  return out;
}

/** The path parameters of `path` (without prefix) for the operation's template, decoded. */
export function pathParams(template: string, path: string): Record<string, string> {
  const names = template.split('/');
  const values = path.split('/');
  const out: Record<string, string> = {};
  names.forEach((segment, i) => {
    const m = /^\{(.+)\}$/.exec(segment);
    if (m?.[1] !== undefined) out[m[1]] = decodeURIComponent(values[i] ?? '');
  });
  return out;
}

/** Parses JSON text keeping every number exact; `undefined` for empty text. Throws on bad JSON. */
function parseExact(text: string, what: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return parseLossless(text);
  } catch (e) {
    throw new Error(`${what} is not JSON (${(e as Error).message})`, { cause: e });
  }
}

/** The fixture of one exchange, before any scrubbing. */
export function fixtureOf(
  exchange: Exchange,
  op: IROperation,
  ir: Pick<IR, 'signing' | 'headers' | 'api'>,
  base: string,
  name: string,
  at: Date,
): RecordedFixture {
  const url = new URL(exchange.url);
  const prefix = new URL(base).pathname.replace(/\/+$/, '');
  const path = pathParams(op.path, url.pathname.slice(prefix.length));
  const query = decodeQuery(url.search.slice(1));
  const body = parseExact(exchange.requestBody, 'the request body');
  const headers = keptHeaders(exchange.headers, ir);
  const responseBody =
    exchange.status === 204 ? undefined : parseExact(exchange.responseText, `the ${exchange.status} response body`);
  return {
    operationId: op.id,
    name,
    request: {
      ...(Object.keys(path).length > 0 ? { path } : {}),
      ...(Object.keys(query).length > 0 ? { query } : {}),
      ...(body === undefined ? {} : { body }),
    },
    response: {
      status: exchange.status,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(responseBody === undefined ? {} : { body: responseBody }),
    },
    recorded: { at: at.toISOString(), release: ir.api.release, server: url.origin },
  };
}

/** Where the fixture of `op` lives under `out`. */
export function fixtureFile(out: string, op: Pick<IROperation, 'area' | 'id'>): string {
  return join(out, op.area, `${op.id}.json`);
}

/** JSON text of a fixture list, two-space indented, numbers exact. */
export function fixtureText(fixtures: readonly unknown[]): string {
  return `${stringifyLossless(fixtures, undefined, 2) ?? '[]'}\n`;
}

/**
 * The file text after adding `fixture` to the file's current `existing` text: the fixture with
 * the same name is replaced, otherwise it is appended.
 */
export function mergedText(existing: string | undefined, fixture: RecordedFixture): string {
  const parsed = existing === undefined ? [] : parseExact(existing, 'the existing fixture file');
  const list = parsed === undefined ? [] : Array.isArray(parsed) ? [...(parsed as unknown[])] : [parsed];
  const at = list.findIndex(
    (f) => f !== null && typeof f === 'object' && (f as { name?: unknown }).name === fixture.name,
  );
  if (at >= 0) list[at] = fixture;
  else list.push(fixture);
  return fixtureText(list);
}

/** Reads a file's text, `undefined` when it does not exist. */
export function readIfExists(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** Writes `text` to `file` through a temporary file and a rename (no half-written fixture). */
export function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}
