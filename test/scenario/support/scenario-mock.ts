/**
 * The mock as the scenario tests run it: the generated spec and IR, the recorded fixtures plus an
 * answer for any spot order or batch, and the server clock on the scenario's accelerated clock.
 * The Timestamp window (60 s) guards against clock drift, which real time measures: it is
 * widened by the clock's speed so it stays 60 real seconds. The paper exchange is off: these
 * scenarios count requests against the limits, so every order is simply accepted by the fixtures
 * below (the paper exchange's rules are tested in test/paper/). Everything else is unchanged.
 */
import { readFileSync } from 'node:fs';
import type { IR } from '../../../generator/ir/types.js';
import {
  DEFAULT_FIXTURES_DIR,
  GENERATED_DIR,
  startMock,
  type MockOptions,
  type MockServer,
} from '../../../mock/index.js';
import type { AcceleratedClock } from './accelerated-clock.js';

/** Starts the scenario mock on `clock`; `options` adds to it (network delay, list delay). */
export async function startScenarioMock(clock: AcceleratedClock, options: MockOptions = {}): Promise<MockServer> {
  const spec = JSON.parse(readFileSync(`${GENERATED_DIR}openapi.json`, 'utf8')) as object;
  const ir = JSON.parse(readFileSync(`${GENERATED_DIR}ir.json`, 'utf8')) as IR;
  ir.signing.maxSkewSeconds *= clock.speed;
  const mock = await startMock({
    spec,
    ir,
    fixturesDir: DEFAULT_FIXTURES_DIR,
    now: () => Date.now(),
    exchange: false,
    ...options,
  });
  mock.fixtures.add([
    {
      operationId: 'createBatchOrders',
      name: 'any batch: placed',
      response: { status: 200, body: [{ succeeded: true }, { succeeded: true }] },
    },
    { operationId: 'createOrder', name: 'any order: placed', response: { status: 201, body: { id: '1' } } },
  ]);
  return mock;
}
