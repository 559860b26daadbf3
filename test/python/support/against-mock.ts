/**
 * A contract mock and a Python runner shared by one test file: started before its tests, the mock
 * reset before each, both stopped after.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { MockServer } from '../../../mock/index.js';
import { startContractMock } from '../../contract/support/harness.js';
import { startRunner, type PythonClientKind, type PythonRunner } from './runner.js';

/** The mock and the runner of a test file, set once its `beforeAll` has run. */
export interface PythonAgainstMock {
  mock: MockServer;
  python: PythonRunner;
}

/**
 * Registers the hooks of a test file (or of the `describe` it is called in) that drives the
 * generated Python client of `kind` against the mock.
 */
export function pythonAgainstMock(kind: PythonClientKind = 'sync'): PythonAgainstMock {
  const env = {} as PythonAgainstMock;
  beforeAll(async () => {
    env.mock = await startContractMock();
    env.python = startRunner(env.mock.url, undefined, undefined, kind);
  });
  afterAll(async () => {
    await env.python.close();
    await env.mock.close();
  });
  beforeEach(() => env.mock.reset());
  return env;
}
