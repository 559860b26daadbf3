/**
 * Every operation of the IR, called through its generated client method against the live mock
 * with the params its success fixture's request part stands for. From the mock's request log:
 * method, path, raw query bytes, body, and (private operations) a verified signature, all as the
 * fixture's request says, and the fixture's status. Then the answer, by who gives it:
 *
 * - Fixtures (most operations): the mock served that fixture byte for byte, and the typed result
 *   equals the fixture body read with the operation's int64 paths (64-bit values as strings).
 * - Stateful flows (transfers, withdrawals, sub-accounts, server time): the typed result equals
 *   the body the mock actually sent; calls that need an earlier write (cancel a withdrawal, change
 *   or delete a key) first run that write from its own success fixture.
 * - The paper exchange (spot, margin and futures trading, on by default): its answers come from
 *   the order books and balances, not from the recordings, so comparing them with a recorded body
 *   would say nothing. Instead, per operation: the request still matches the fixture's on the
 *   wire; the engine's body validates against the operation's response schema in the spec (with
 *   this suite's own validator, independent of the mock's `checkResponses`); the typed result
 *   equals that body read with the int64 paths; and the list reads are given something to list
 *   first (a resting spot order, a resting futures order, a filled futures market order, each
 *   from a recorded request), so an empty list fails. The order lookups and changes whose fixture
 *   names an order the engine does not hold (`ENGINE_MISSES`) fall through to the recorded
 *   fixture, compared byte for byte; if the engine ever answered them instead, the test fails.
 *   What each matching rule does is tested in test/paper/.
 */
import { readFileSync } from 'node:fs';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeClient } from '../../generated/src/index.js';
import type { IR, IROperation } from '../../generator/ir/types.js';
import { answersFromExchange } from '../../mock/index.js';
import type { MockServer } from '../../mock/index.js';
import { isSuccess } from '../fixtures-coverage/fixture-files.js';
import type { LoadedFixture } from '../fixtures-coverage/fixture-files.js';
import { GENERATED, SpecValidator, readGenerated } from '../fixtures-coverage/spec-validator.js';
import {
  answeredFromState,
  callOperation,
  contractClient,
  expectWire,
  fixtures,
  paramsFromFixture,
  startContractMock,
  successFixture,
  typedBody,
} from './support/harness.js';
import type { RawResponse } from './support/harness.js';

/** Writes a stateful call needs first (each run from its own success fixture). */
const NEEDS: Readonly<Record<string, readonly string[]>> = {
  cancelWithdrawal: ['withdraw'],
  updateSubAccountKeys: ['createSubAccountKeys'],
  deleteSubAccountKeys: ['createSubAccountKeys'],
};

/** Paper exchange writes (by fixture name) run first so that a read has something to list. */
const RESTING_SPOT = 'createOrder: BTC_USDT limit buy';
const RESTING_FUTURES = 'createFuturesOrder: BTC_USDT limit long';
const FILLED_FUTURES = 'createFuturesOrder: market buy opening a BTC_USDT long';
const ENGINE_PRIORS: Readonly<Record<string, readonly string[]>> = {
  listOrders: [RESTING_SPOT],
  listAllOpenOrders: [RESTING_SPOT],
  cancelOrders: [RESTING_SPOT],
  listFuturesOrders: [RESTING_FUTURES],
  cancelFuturesOrders: [RESTING_FUTURES],
  listPositions: [FILLED_FUTURES],
  listFuturesAccountBook: [FILLED_FUTURES],
};

/** Engine operations whose fixture names an order the engine does not hold: the fixture answers. */
const ENGINE_MISSES = new Set([
  'getOrder',
  'amendOrder',
  'cancelOrder',
  'getFuturesOrder',
  'amendFuturesOrder',
  'cancelFuturesOrder',
]);

const validator = new SpecValidator(readGenerated().spec);

/** The success fixture named `name`. */
const fixtureNamed = (name: string): LoadedFixture => {
  const found = fixtures.find((f) => f.name === name && isSuccess(f));
  if (found === undefined) throw new Error(`no success fixture named ${name}`);
  return found;
};

// Read from generated/ directly so the test table exists before the mock starts.
const irOperations = (JSON.parse(readFileSync(GENERATED.ir, 'utf8')) as IR).operations;

let mock: MockServer;
let client: ExchangeClient;
let responses: RawResponse[];

beforeAll(async () => {
  mock = await startContractMock();
  ({ client, responses } = contractClient(mock));
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.reset();
  responses.length = 0;
});

const byId = (id: string): IROperation => {
  const op = mock.ir.operations.find((o) => o.id === id);
  if (op === undefined) throw new Error(`no operation ${id}`);
  return op;
};

describe('every operation through the generated client', () => {
  it('runs over the operations the mock serves', () => {
    expect(irOperations.map((op) => op.id)).toEqual(mock.ir.operations.map((op) => op.id));
  });

  it.each(irOperations.map((op) => ({ id: op.id, area: op.area })))('$id ($area)', async ({ id }) => {
    const op = byId(id);
    for (const need of NEEDS[op.id] ?? []) {
      const prior = byId(need);
      await callOperation(client, prior, paramsFromFixture(prior, successFixture(prior)));
    }
    for (const name of ENGINE_PRIORS[op.id] ?? []) {
      const prior = fixtureNamed(name);
      await callOperation(client, byId(prior.operationId), paramsFromFixture(byId(prior.operationId), prior));
    }
    const fixture = successFixture(op);
    const before = mock.requests.length;
    const result = await callOperation(client, op, paramsFromFixture(op, fixture));

    const record = expectWire(mock.ir, op, fixture, mock.requests.slice(before));

    const raw = responses.at(-1);
    expect(raw?.status).toBe(record?.status);
    if (answersFromExchange(op) && !ENGINE_MISSES.has(op.id)) {
      const schema = validator.responseSchema(op, record?.status ?? 0);
      expect(schema, `${op.id} declares a response body`).toBeTruthy();
      expect(validator.problems(schema ?? {}, JSON.parse(raw?.text ?? 'null'))).toEqual([]);
      expect(result).toEqual(typedBody(op, parseLossless(raw?.text ?? 'null')));
      if (ENGINE_PRIORS[op.id] !== undefined) expect(result).not.toEqual([]);
    } else if (answeredFromState(op) && !ENGINE_MISSES.has(op.id)) {
      expect(result).toEqual(raw?.text === '' ? undefined : typedBody(op, parseLossless(raw?.text ?? '')));
    } else {
      const fixtureBody = fixture.exact.response.body;
      expect(raw?.text ?? '').toBe(fixtureBody === undefined ? '' : stringifyLossless(fixtureBody));
      expect(result).toEqual(typedBody(op, fixtureBody));
    }
  });
});
