/**
 * Every operation of the IR, called through its generated client method against the live mock
 * with the params its success fixture's request part stands for. From the mock's request log:
 * method, path, raw query bytes, body, and (private operations) a verified signature. The typed
 * result equals the fixture body read with the operation's int64 paths (64-bit values as strings)
 * and, byte for byte, the mock served that fixture.
 *
 * The mock answers some operations from its stateful flows before any fixture (transfers,
 * withdrawals, sub-accounts, server time). For those the typed result is compared with the body
 * the mock actually sent, and calls that need an earlier write (cancel a withdrawal, change or
 * delete a key) first run that write from its own success fixture.
 */
import { readFileSync } from 'node:fs';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeClient } from '../../generated/src/index.js';
import type { IR, IROperation } from '../../generator/ir/types.js';
import type { MockServer } from '../../mock/index.js';
import { GENERATED } from '../fixtures-coverage/spec-validator.js';
import {
  answeredFromState,
  callOperation,
  contractClient,
  expectedPath,
  expectedQuery,
  numbersAsText,
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
    const fixture = successFixture(op);
    const before = mock.requests.length;
    const result = await callOperation(client, op, paramsFromFixture(op, fixture));

    const sent = mock.requests.slice(before);
    expect(sent.map((r) => r.operationId)).toEqual([op.id]);
    const [record] = sent;
    expect(record?.method).toBe(op.method);
    expect(record?.path).toBe(expectedPath(mock.ir, op, fixture));
    expect(record?.query).toBe(expectedQuery(op, fixture));
    const body = fixture.exact.request?.body;
    if (body === undefined) expect(record?.body).toBe('');
    else expect(numbersAsText(parseLossless(record?.body ?? ''))).toEqual(numbersAsText(body));
    expect(record?.verified).toBe(op.auth === 'private');
    expect(record?.status).toBe(Number(String(fixture.exact.response.status)));

    const raw = responses.at(-1);
    expect(raw?.status).toBe(record?.status);
    if (answeredFromState(op)) {
      expect(result).toEqual(raw?.text === '' ? undefined : typedBody(op, parseLossless(raw?.text ?? '')));
    } else {
      const fixtureBody = fixture.exact.response.body;
      expect(raw?.text ?? '').toBe(fixtureBody === undefined ? '' : stringifyLossless(fixtureBody));
      expect(result).toEqual(typedBody(op, fixtureBody));
    }
  });
});
