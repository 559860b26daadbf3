/**
 * The recorded-fixture format (see mock/README.md, "Fixtures"). A fixture file is JSON holding
 * one fixture object or an array of them. A fixture names the operation it answers, the request
 * it answers (only the fields it lists must match) and the response to send:
 *
 *   {
 *     "operationId": "listWithdrawals",
 *     "name": "BTC withdrawals, first page",
 *     "request": { "query": { "currency": "BTC", "offset": null } },
 *     "response": { "status": 200, "headers": { "X-Pagination-Total": "1" }, "body": [ ... ] }
 *   }
 *
 * Files are read with every number kept exactly (64-bit ids survive the round trip).
 */
import { isObject } from '../spec/lint/support/json.js';
import { LosslessNumber, isLosslessNumber } from 'lossless-json';

/** What a fixture requires of a request; every listed field must match. */
export interface FixtureRequest {
  /** Path parameters by name, decoded text (`{"user_id": "10001"}`). */
  path?: Record<string, string>;
  /**
   * Query parameters by name, decoded text as on the wire (arrays comma-joined:
   * `"currencies": "BTC,ETH"`); `null` means "must be absent".
   */
  query?: Record<string, string | null>;
  /** A deep subset of the JSON body: objects match when every listed key matches, arrays item by item. */
  body?: unknown;
}

/** The response a fixture answers with. */
export interface FixtureResponse {
  /** HTTP status. */
  status: number;
  /** Extra response headers (the mock's own headers are added; these win on conflict). */
  headers?: Record<string, string>;
  /** JSON body; omit for 204. */
  body?: unknown;
}

/** One fixture. */
export interface Fixture {
  /** The operation it answers (the spec's operationId). */
  operationId: string;
  /** Short unique name; shown in errors and in `fixtures.list()`. */
  name: string;
  description?: string;
  request?: FixtureRequest;
  response: FixtureResponse;
  /** Answer once, then step aside for the next matching fixture (replays a recorded sequence). */
  once?: boolean;
  /**
   * The body deliberately departs from the response schema in its wire types (a number where a
   * decimal string is declared): it is not checked against the schema. For tests of the clients'
   * wire-drift guard only.
   */
  wireDrift?: boolean;
  /** Where and when it was recorded (kept for people; the mock ignores it). */
  recorded?: { at?: string; release?: string; server?: string; note?: string };
}

/** A fixture that broke the format or the spec; names the file and the fixture. */
export class FixtureError extends Error {
  override name = 'FixtureError';
  constructor(
    readonly source: string,
    readonly fixtureName: string | undefined,
    problem: string,
  ) {
    super(`${source}${fixtureName === undefined ? '' : ` (fixture "${fixtureName}")`}: ${problem}`);
  }
}

const TOP_KEYS = new Set([
  'operationId',
  'name',
  'description',
  'request',
  'response',
  'once',
  'wireDrift',
  'recorded',
]);
const REQUEST_KEYS = new Set(['path', 'query', 'body']);
const RESPONSE_KEYS = new Set(['status', 'headers', 'body']);

/** Checks the shape of one parsed fixture (no spec checks) and returns it typed. */
function parseFixture(raw: unknown, source: string): Fixture {
  const fail = (problem: string, name?: string): never => {
    throw new FixtureError(source, name, problem);
  };
  if (!isFixtureObject(raw)) return fail('a fixture must be a JSON object');
  const name =
    typeof raw['name'] === 'string' && raw['name'] !== '' ? raw['name'] : fail('"name" must be a non-empty string');
  const at = (problem: string): never => fail(problem, name);
  for (const key of Object.keys(raw))
    if (!TOP_KEYS.has(key)) at(`unknown field "${key}" (allowed: ${[...TOP_KEYS].join(', ')})`);
  if (typeof raw['operationId'] !== 'string' || raw['operationId'] === '')
    at('"operationId" must be a non-empty string');
  if (raw['once'] !== undefined && typeof raw['once'] !== 'boolean') at('"once" must be a boolean');
  if (raw['wireDrift'] !== undefined && typeof raw['wireDrift'] !== 'boolean') at('"wireDrift" must be a boolean');
  if (raw['description'] !== undefined && typeof raw['description'] !== 'string') at('"description" must be a string');

  const request = raw['request'];
  if (request !== undefined) {
    if (!isFixtureObject(request)) return at('"request" must be an object');
    for (const key of Object.keys(request))
      if (!REQUEST_KEYS.has(key)) at(`unknown field "request.${key}" (allowed: path, query, body)`);
    checkTextMap(request['path'], 'request.path', false, at);
    checkTextMap(request['query'], 'request.query', true, at);
  }

  const response = raw['response'];
  if (!isFixtureObject(response)) return at('"response" must be an object');
  for (const key of Object.keys(response))
    if (!RESPONSE_KEYS.has(key)) at(`unknown field "response.${key}" (allowed: status, headers, body)`);
  const status = plainNumber(response['status']);
  if (status === undefined || !Number.isInteger(status) || status < 100 || status > 599)
    at('"response.status" must be an HTTP status');
  checkTextMap(response['headers'], 'response.headers', false, at);
  if (status === 204 && response['body'] !== undefined) at('a 204 response has no body');
  return {
    ...(raw as unknown as Fixture),
    response: { ...(response as unknown as FixtureResponse), status: status as number },
  };
}

/** The fixtures in one file's parsed content (an object or an array of objects). */
export function parseFixtureFile(content: unknown, source: string): Fixture[] {
  const list = Array.isArray(content) ? content : [content];
  return list.map((raw, i) => parseFixture(raw, Array.isArray(content) ? `${source}[${i}]` : source));
}

/** Whether `actual` (a lossless-parsed body) holds everything `expected` lists. */
export function bodyMatches(expected: unknown, actual: unknown): boolean {
  if (isNumeric(expected) || isNumeric(actual))
    return isNumeric(expected) && isNumeric(actual) && String(expected) === String(actual);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => bodyMatches(e, actual[i]))
    );
  }
  if (isFixtureObject(expected)) {
    return (
      isFixtureObject(actual) && Object.entries(expected).every(([k, v]) => k in actual && bodyMatches(v, actual[k]))
    );
  }
  return expected === actual;
}

/** How much of a request a fixture pins down: its path and query entries and body leaves. */
export function specificity(request: FixtureRequest | undefined): number {
  if (request === undefined) return 0;
  const leaves = (node: unknown): number =>
    Array.isArray(node)
      ? node.reduce<number>((n, x) => n + leaves(x), 0)
      : isFixtureObject(node) && !isLosslessNumber(node)
        ? Object.values(node).reduce<number>((n, x) => n + leaves(x), 0)
        : 1;
  return (
    Object.keys(request.path ?? {}).length +
    Object.keys(request.query ?? {}).length +
    (request.body === undefined ? 0 : leaves(request.body))
  );
}

function isNumeric(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'bigint' || value instanceof LosslessNumber;
}

function plainNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof LosslessNumber) return value.valueOf() as number;
  return undefined;
}

/** A JSON object of a losslessly parsed fixture (a `LosslessNumber` is a number, not an object). */
export const isFixtureObject = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && !(value instanceof LosslessNumber);

function checkTextMap(value: unknown, field: string, allowNull: boolean, fail: (p: string) => never): void {
  if (value === undefined) return;
  if (!isFixtureObject(value)) fail(`"${field}" must be an object of strings`);
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' && !(allowNull && v === null)) {
      fail(
        `"${field}.${k}" must be a string${allowNull ? ' or null' : ''} (query and path values are compared as text)`,
      );
    }
  }
}
