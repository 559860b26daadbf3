/**
 * Headers the client sets itself (Host, the signing headers, the body's framing and type, the
 * connection) cannot be given through per-call `headers` or the client's `defaultHeaders`: a
 * ValidationError naming the header, before any I/O, on both transports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHeaders } from '../../generator/targets/typescript/runtime/call-plan.js';
import { ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import { testCore } from './helpers/core.js';
import { json, startServer, type TestServer } from './helpers/exchange.js';
import { apiMeta } from './helpers/meta.js';

const RESERVED = [
  'Host',
  'host',
  'KEY',
  'key',
  'SIGN',
  'Sign',
  'Timestamp',
  'TIMESTAMP',
  'Content-Length',
  'content-type',
  'Transfer-Encoding',
  'CONNECTION',
];

describe('addHeaders', () => {
  it.each(RESERVED.map((name) => ({ given: name, want: { field: `headers.${name}`, rule: 'reserved' } })))(
    '$given -> refused',
    ({ given, want }) => {
      const out: Record<string, string> = {};
      let error: unknown;
      try {
        addHeaders(out, { [given]: 'x' }, 'headers', apiMeta, 'getFee');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject(want);
      expect(out).toEqual({});
    },
  );

  it.each([
    { given: { 'X-Note': 'a' }, want: { 'X-Note': 'a' } },
    { given: { 'X-Hosted': 'a', 'Key-Id': 'b' }, want: { 'X-Hosted': 'a', 'Key-Id': 'b' } },
  ])('$given -> added', ({ given, want }) => {
    const out: Record<string, string> = {};
    addHeaders(out, given, 'headers', apiMeta);
    expect(out).toEqual(want);
  });
});

describe.each(['node', 'fetch'] as const)('on the %s transport', (transport) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(() => json(200, {}));
  });
  afterAll(() => server.close());

  it.each(RESERVED)('a per-call %s header is refused before any I/O', async (name) => {
    const core = testCore({ baseUrl: server.baseUrl, transport });
    const before = server.requests.length;
    const error = await core
      .request({ method: 'POST', path: '/spot/x', body: { a: '1' } }, { headers: { [name]: 'evil.test' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: `headers.${name}`, rule: 'reserved' });
    expect(server.requests.length).toBe(before);
  });

  it.each(RESERVED)('a client %s header is refused when the client is made', (name) => {
    let error: unknown;
    try {
      testCore({ baseUrl: server.baseUrl, transport, defaultHeaders: { [name]: 'evil.test' } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: `defaultHeaders.${name}`, rule: 'reserved' });
  });
});
