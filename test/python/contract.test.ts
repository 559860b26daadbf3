/**
 * Every operation of the IR through the generated Python client against the live mock, with the
 * params its success fixture's request part stands for (the same table as the TypeScript contract
 * test). From the mock's request log: method, path, raw query bytes, body and (private operations)
 * a verified signature. The typed result equals the body the mock sent, read with the operation's
 * int64 paths (exact integers) and decimal paths (`Decimal`). Every operation runs through both
 * clients: `ExchangeClient` and `AsyncExchangeClient`.
 */
import { readFileSync } from 'node:fs';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import type { IR, IROperation } from '../../generator/ir/types.js';
import { answeredFromState, expectWire, paramsFromFixture, successFixture } from '../contract/support/harness.js';
import { GENERATED } from '../fixtures-coverage/spec-validator.js';
import { pythonAgainstMock } from './support/against-mock.js';
import { canonicalNumbers, PYTHON_CLIENTS } from './support/runner.js';
import { pythonTyped } from './support/typed.js';

/** Writes a stateful call needs first (each run from its own success fixture). */
const NEEDS: Readonly<Record<string, readonly string[]>> = {
  cancelWithdrawal: ['withdraw'],
  updateSubAccountKeys: ['createSubAccountKeys'],
  deleteSubAccountKeys: ['createSubAccountKeys'],
};

const ir = JSON.parse(readFileSync(GENERATED.ir, 'utf8')) as IR;

const byId = (id: string): IROperation => {
  const op = ir.operations.find((o) => o.id === id);
  if (op === undefined) throw new Error(`no operation ${id}`);
  return op;
};

describe.each(PYTHON_CLIENTS)('every operation through the generated Python client (%s)', (kind) => {
  const env = pythonAgainstMock(kind);

  it('covers every operation the mock serves', () => {
    expect(ir.operations.map((op) => op.id)).toEqual(env.mock.ir.operations.map((op) => op.id));
  });

  it.each(ir.operations.map((op) => ({ id: op.id, area: op.area })))('$id ($area)', async ({ id }) => {
    const op = byId(id);
    for (const need of NEEDS[op.id] ?? []) {
      const prior = byId(need);
      const done = await env.python.call({ op: need, params: paramsFromFixture(prior, successFixture(prior)) });
      expect(done.ok, JSON.stringify(done.error)).toBe(true);
    }
    const fixture = successFixture(op);
    const before = env.mock.requests.length;
    const answer = await env.python.call({ op: id, params: paramsFromFixture(op, fixture) });
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);

    const record = expectWire(ir, op, fixture, env.mock.requests.slice(before));

    const raw = answer.raw.at(-1);
    expect(raw?.status).toBe(record?.status);
    const served = raw?.text ? parseLossless(raw.text) : undefined;
    if (!answeredFromState(op)) {
      const fixtureBody = fixture.exact.response.body;
      expect(raw?.text ?? '').toBe(fixtureBody === undefined ? '' : stringifyLossless(fixtureBody));
    }
    expect(canonicalNumbers(answer.result)).toEqual(canonicalNumbers(pythonTyped(ir, op, served)));
  });
});
