/**
 * `client.request()` paths are signed and sent as given, so they are checked the way a server or
 * proxy may read them: percent-decoded (repeatedly) and with backslashes as slashes. A path that
 * would reach another endpoint is refused with a ValidationError before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../templates/typescript/runtime/errors.js';
import { rawPathProblem } from '../../templates/typescript/runtime/raw-request.js';
import { testCore } from './helpers/core.js';
import { json, startServer, type TestServer } from './helpers/exchange.js';

describe('rawPathProblem', () => {
  it.each([
    { given: '/spot/fee', want: undefined },
    { given: '/spot/orders/12345', want: undefined },
    { given: '/wallet/saved_address', want: undefined },
    { given: '/a%20b', want: undefined },
    { given: '/spot/..', want: 'dot segments' },
    { given: '/spot/./fee', want: 'dot segments' },
    { given: '/spot/%2e%2e/withdrawals', want: 'dot segments' },
    { given: '/spot/%2E./withdrawals', want: 'dot segments' },
    { given: '/spot/.%2E/withdrawals', want: 'dot segments' },
    { given: '/spot/%252e%252e/withdrawals', want: 'dot segments' },
    { given: '/spot\\..\\withdrawals', want: 'backslash' },
    { given: '/spot/%5c..%5cwithdrawals', want: 'encoded "/" or "\\"' },
    { given: '/spot%2f..%2fwithdrawals', want: 'encoded "/" or "\\"' },
    { given: '/spot/%2F/x', want: 'encoded "/" or "\\"' },
    { given: '/spot/%00', want: 'control characters' },
    { given: '/spot/%zz', want: 'percent-encoding' },
    { given: 'spot/fee', want: 'start with "/"' },
    { given: '/spot/fee?x=1', want: 'query or fragment' },
    { given: '/spot/{id}', want: 'braces' },
  ])('$given -> $want', ({ given, want }) => {
    const problem = rawPathProblem(given);
    if (want === undefined) expect(problem).toBeUndefined();
    else expect(problem).toContain(want);
  });
});

describe('client.request() refuses such paths before any I/O', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(() => json(200, {}));
  });
  afterAll(() => server.close());

  it.each(['/spot/%2e%2e/withdrawals', '/spot\\..\\withdrawals', '/api/v4/spot/%2E%2E/withdrawals'])(
    '%s',
    async (path) => {
      const core = testCore({ baseUrl: server.baseUrl });
      const error = await core.request({ method: 'POST', path, body: { amount: '1' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ field: 'path', value: path, rule: 'pattern' });
      expect(server.requests).toHaveLength(0);
    },
  );
});
