/**
 * What the contract tests share: the mock (started once per file on 127.0.0.1 with the generated
 * spec and mock/fixtures/), a client pointed at it whose fetch keeps every raw response, and the
 * translation of a fixture's request part into a client call and into what the wire must carry.
 */
import { isLosslessNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { expect } from 'vitest';
import { ExchangeClient, parseJson } from '../../../generated/src/index.js';
import type { ClientOptions } from '../../../generated/src/index.js';
import type { IR, IROperation } from '../../../generator/ir/types.js';
import { MOCK_KEY, MOCK_SECRET, answersFromState, startMock } from '../../../mock/index.js';
import type { MockServer, RequestRecord } from '../../../mock/index.js';
import { FIXTURES_DIR, isObject, isSuccess, loadFixtures } from '../../fixtures-coverage/fixture-files.js';
import type { LoadedFixture } from '../../fixtures-coverage/fixture-files.js';
import { exactToJs, parameterValue } from '../../fixtures-coverage/request-values.js';

/** A response as the client's fetch received it. */
export interface RawResponse {
  method: string;
  url: string;
  status: number;
  text: string;
}

/** Every fixture in mock/fixtures/, loaded once per test file. */
export const fixtures: readonly LoadedFixture[] = loadFixtures();

/** Starts the mock with the generated spec and every fixture. */
export function startContractMock(): Promise<MockServer> {
  return startMock({ fixturesDir: FIXTURES_DIR });
}

/**
 * A client for the mock that keeps every raw response in `responses`. Contract defaults: the
 * client's own limiter off (the mock enforces the limits), no clock sync (the mock runs on real
 * time) and no retries (one call, one request); `options` overrides them.
 */
export function contractClient(
  mock: MockServer,
  options: ClientOptions = {},
): { client: ExchangeClient; responses: RawResponse[] } {
  const responses: RawResponse[] = [];
  const client = new ExchangeClient({
    key: MOCK_KEY,
    secret: MOCK_SECRET,
    baseUrl: mock.url,
    rateLimit: 'off',
    clockSync: 'off',
    maxRetries: 0,
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const response = await globalThis.fetch(request);
      responses.push({
        method: request.method,
        url: request.url,
        status: response.status,
        text: await response.clone().text(),
      });
      return response;
    },
    ...options,
  });
  return { client, responses };
}

/** The client group property of an area (`sub_accounts` -> `subAccounts`). */
export function groupOf(area: string): string {
  return area.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** Calls `op` through its client group method (`client.wallet.listWithdrawals(params)`). */
export function callOperation(
  client: ExchangeClient,
  op: IROperation,
  params: Record<string, unknown>,
): Promise<unknown> {
  const group = (client as unknown as Record<string, Record<string, unknown>>)[groupOf(op.area)];
  const method = group?.[op.id];
  if (typeof method !== 'function') throw new Error(`client.${groupOf(op.area)}.${op.id} does not exist`);
  return Promise.resolve((method as (p: unknown) => PromiseLike<unknown>).call(group, params));
}

/** Whether the mock answers `op` from its state (stateful flows win over fixtures). */
export function answeredFromState(op: Pick<IROperation, 'method' | 'path'>): boolean {
  return answersFromState(op);
}

/** The first success fixture of an operation. */
export function successFixture(op: IROperation): LoadedFixture {
  const found = fixtures.find((f) => f.operationId === op.id && isSuccess(f));
  if (found === undefined) throw new Error(`no success fixture for ${op.id}`);
  return found;
}

/**
 * The client params a fixture's request part stands for. Shaped: one flat object of path, query
 * and body fields, typed per the parameter schemas (a list body, which has no fields, is `body`).
 * Named-only: path params, `query` (declared parameters typed, others as text, in the fixture's
 * order) and `body`.
 */
export function paramsFromFixture(op: IROperation, fixture: LoadedFixture): Record<string, unknown> {
  const request = fixture.exact.request ?? {};
  const typed = (name: string, text: string): unknown => {
    const param = op.parameters.find((p) => p.name === name && p.in !== 'header');
    return param === undefined ? text : parameterValue(param, text);
  };
  const path = Object.fromEntries(Object.entries(request.path ?? {}).map(([k, v]) => [k, typed(k, v)]));
  const query = Object.fromEntries(
    Object.entries(request.query ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== null)
      .map(([k, v]) => [k, typed(k, v)]),
  );
  const body = request.body === undefined ? undefined : exactToJs(request.body);
  if (op.shape === 'shaped')
    return { ...path, ...query, ...(Array.isArray(body) ? { body } : isObject(body) ? body : {}) };
  return { ...path, ...(Object.keys(query).length > 0 ? { query } : {}), ...(body === undefined ? {} : { body }) };
}

/** `encodeURIComponent` plus the reserved `!'()*`, the API's query and path encoding. */
export function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The raw query string the fixture's request stands for: shaped operations in the spec's parameter
 * order, named-only ones in the fixture's order; names and values percent-encoded, the items of
 * comma-separated arrays encoded one by one and joined with a literal comma.
 */
export function expectedQuery(op: IROperation, fixture: LoadedFixture): string {
  const query = fixture.exact.request?.query ?? {};
  const csv = new Set(
    op.parameters.filter((p) => p.serialization === 'csv' || p.schema['type'] === 'array').map((p) => p.name),
  );
  const names =
    op.shape === 'shaped' ? op.parameters.filter((p) => p.in === 'query').map((p) => p.name) : Object.keys(query);
  return names
    .flatMap((name) => {
      const value = query[name];
      if (value === undefined || value === null) return [];
      const encoded = csv.has(name) ? value.split(',').map(encode).join(',') : encode(value);
      return [`${encode(name)}=${encoded}`];
    })
    .join('&');
}

/** The path (with prefix) the fixture's request stands for. */
export function expectedPath(ir: IR, op: IROperation, fixture: LoadedFixture): string {
  const path = fixture.exact.request?.path ?? {};
  return `${ir.api.pathPrefix}${op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encode(path[name] ?? ''))}`;
}

/**
 * What the typed result must equal for a response body given losslessly: the body as the client's
 * `parseJson` reads it with the operation's int64 paths (a nested list flattened first).
 */
export function typedBody(op: IROperation, exactBody: unknown): unknown {
  if (exactBody === undefined) return undefined;
  const flat =
    op.nestedList && Array.isArray(exactBody) && exactBody.every(Array.isArray)
      ? (exactBody as unknown[][]).flat(1)
      : exactBody;
  // Named-only results are untyped: every integer comes back as a string of its digits.
  return parseJson(stringifyLossless(flat) ?? 'null', op.int64.response, { untyped: op.shape === 'named-only' });
}

/** A lossless value with its numbers as their exact text, for order-free deep comparisons. */
export function numbersAsText(value: unknown): unknown {
  if (isLosslessNumber(value)) return `#${value.toString()}`;
  if (Array.isArray(value)) return value.map(numbersAsText);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersAsText(v)]));
  return value;
}

/**
 * Asserts that the only request a call sent (`sent`, from the mock's log) is the one the fixture
 * stands for: method, path, query, body (numbers compared as their exact text), signature checked
 * for a private operation, and the fixture's status answered. Returns that request.
 */
export function expectWire(
  ir: IR,
  op: IROperation,
  fixture: LoadedFixture,
  sent: readonly RequestRecord[],
): RequestRecord | undefined {
  expect(sent.map((r) => r.operationId)).toEqual([op.id]);
  const [record] = sent;
  expect(record?.method).toBe(op.method);
  expect(record?.path).toBe(expectedPath(ir, op, fixture));
  expect(record?.query).toBe(expectedQuery(op, fixture));
  const body = fixture.exact.request?.body;
  if (body === undefined) expect(record?.body).toBe('');
  else expect(numbersAsText(parseLossless(record?.body ?? ''))).toEqual(numbersAsText(body));
  expect(record?.verified).toBe(op.auth === 'private');
  expect(record?.status).toBe(Number(String(fixture.exact.response.status)));
  return record;
}
