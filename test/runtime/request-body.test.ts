/**
 * A request body holds only what JSON can carry as given: a non-finite number (`NaN`,
 * `Infinity`, which `JSON.stringify` writes as `null`) or a string with a lone UTF-16 surrogate
 * is a ValidationError naming its place (`body.price`, `body[2].amount`), before any I/O.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import { bodyFor } from '../../generator/targets/typescript/runtime/request-body.js';
import { testCore } from './helpers/core.js';
import { json, startServer, type TestServer } from './helpers/exchange.js';
import { op } from './helpers/meta.js';

const open: OperationMeta = { ...op('transfer'), id: 'request', body: 'open', bodyFields: [] };
const shaped = op('transfer');

describe('bodyFor refuses what JSON cannot carry', () => {
  it.each([
    { name: 'NaN', meta: open, params: { body: { price: NaN } }, want: { field: 'body.price', rule: 'finite' } },
    {
      name: 'Infinity in the third item',
      meta: open,
      params: { body: [{ amount: '1' }, { amount: '2' }, { amount: Infinity }] },
      want: { field: 'body[2].amount', rule: 'finite' },
    },
    {
      name: '-Infinity deep',
      meta: open,
      params: { body: { a: { b: [1, -Infinity] } } },
      want: { field: 'body.a.b[1]', rule: 'finite' },
    },
    { name: 'a NaN body', meta: open, params: { body: NaN }, want: { field: 'body', rule: 'finite' } },

    {
      name: 'a boxed NaN',
      meta: open,
      params: { body: { x: new Number(NaN) } },
      want: { field: 'body.x', rule: 'finite' },
    },
    {
      name: 'NaN from toJSON',
      meta: open,
      params: { body: { x: { toJSON: () => NaN } } },
      want: { field: 'body.x', rule: 'finite' },
    },
    {
      name: 'a shaped body field',
      meta: shaped,
      params: { amount: Infinity },
      want: { field: 'amount', rule: 'finite' },
    },
    {
      name: 'a lone surrogate',
      meta: open,
      params: { body: { note: 'a\ud800' } },
      want: { field: 'body.note', rule: 'unicode' },
    },
    {
      name: 'a lone surrogate in a key',
      meta: open,
      params: { body: { '\udc00': 1 } },
      want: { field: 'body.\udc00', rule: 'unicode' },
    },
  ])('$name -> $want.field ($want.rule)', ({ meta, params, want }) => {
    let error: unknown;
    try {
      bodyFor(meta, params);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject(want);
  });

  it.each([
    { given: { price: 1.5, n: null }, want: '{"price":1.5,"n":null}' },
    { given: { s: 'null', t: '\\ud800' }, want: '{"s":"null","t":"\\\\ud800"}' },
    { given: { e: '😀', big: 12345678901234567890n }, want: '{"e":"😀","big":12345678901234567890}' },
    { given: [null, 0, -0.5], want: '[null,0,-0.5]' },
  ])('$given -> $want', ({ given, want }) => {
    expect(bodyFor(open, { body: given })).toBe(want);
  });
});

describe.each(['node', 'fetch'] as const)('client.request() on the %s transport', (transport) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(() => json(200, {}));
  });
  afterAll(() => server.close());

  it.each([NaN, Infinity, -Infinity])('a body with %s is refused before any I/O', async (price) => {
    const core = testCore({ baseUrl: server.baseUrl, transport });
    const before = server.requests.length;
    const body = [{ price: '1' }, { price: '2' }, { price }];
    const error = await core.request({ method: 'POST', path: '/spot/x', body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'body[2].price', value: price, rule: 'finite' });
    expect(server.requests.length).toBe(before);
  });
});
