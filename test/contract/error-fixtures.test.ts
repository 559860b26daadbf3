/**
 * Every error fixture, called through the generated client with the params its request part stands
 * for: the request selects that fixture among all fixtures (error fixtures answer before the mock's
 * stateful flows), and the answer reaches the caller as the typed error its status maps to,
 * carrying the fixture's label and message. A fixture without request conditions cannot be told
 * apart by its request; it is served from a mock holding only it, unless the mock answers its
 * operation from state (then no request can reach it, and it is listed as such).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ApiError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
} from '../../generated/src/index.js';
import type { ExchangeClient } from '../../generated/src/index.js';
import type { IR, IROperation } from '../../generator/ir/types.js';
import { startMock } from '../../mock/index.js';
import type { MockServer } from '../../mock/index.js';
import { isObject, statusOf } from '../fixtures-coverage/fixture-files.js';
import type { LoadedFixture } from '../fixtures-coverage/fixture-files.js';
import { GENERATED } from '../fixtures-coverage/spec-validator.js';
import {
  answeredFromState,
  callOperation,
  contractClient,
  fixtures,
  paramsFromFixture,
  startContractMock,
} from './support/harness.js';

const errorClass = (status: number): typeof ApiError => {
  if (status === 401) return AuthenticationError;
  if (status === 404) return NotFoundError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return ServerError;
  return BadRequestError;
};

let full: MockServer;
let lone: MockServer;
let fullClient: ExchangeClient;
let loneClient: ExchangeClient;

beforeAll(async () => {
  [full, lone] = await Promise.all([startContractMock(), startMock()]);
  fullClient = contractClient(full).client;
  loneClient = contractClient(lone).client;
});
afterAll(() => Promise.all([full.close(), lone.close()]));
beforeEach(() => {
  full.reset();
  lone.reset();
  lone.fixtures.clear();
});

const opOf = (id: string): IROperation => {
  const op = full.ir.operations.find((o) => o.id === id);
  if (op === undefined) throw new Error(`no operation ${id}`);
  return op;
};

const ir = JSON.parse(readFileSync(GENERATED.ir, 'utf8')) as IR;
const stateful = (f: LoadedFixture): boolean =>
  ir.operations.some((o) => o.id === f.operationId && answeredFromState(o));
const selectable = (f: LoadedFixture): boolean => Object.keys(f.exact.request ?? {}).length > 0;
const errorFixtures = fixtures.filter((f) => statusOf(f) >= 400);
const servable = errorFixtures.filter((f) => selectable(f) || !stateful(f));

describe('error fixtures reach the caller typed', () => {
  it('are all servable but the ones no request can reach', () => {
    expect(errorFixtures.filter((f) => !servable.includes(f)).map((f) => f.name)).toEqual([
      'getSystemTime: service busy',
      'listSubAccounts: key without sub-account permission',
    ]);
  });

  it.each(servable.map((f) => ({ name: f.name, fixture: f })))('$name', async ({ fixture }) => {
    const op = opOf(fixture.operationId);
    const [mock, client] = selectable(fixture) ? [full, fullClient] : [lone, loneClient];
    if (!selectable(fixture)) mock.fixtures.add(fixture.exact as never);
    const error = await callOperation(client, op, paramsFromFixture(op, fixture)).then(
      () => undefined,
      (e: unknown) => e,
    );
    const status = statusOf(fixture);
    const body = fixture.plain.response.body;
    expect(error).toBeInstanceOf(errorClass(status));
    expect(error).toMatchObject({
      status,
      label: isObject(body) ? body['label'] : undefined,
      detail: isObject(body) ? body['message'] : undefined,
      operation: op.id,
    });
    expect(mock.requests.map((r) => [r.operationId, r.status, r.label])).toEqual([[op.id, status, undefined]]);
  });
});
