/**
 * How an operation's request body reaches the caller's params: an object body is spread over the
 * flat params (`json`), a shaped list body (`POST /spot/batch_orders`) is the params' typed `body`,
 * sent as given (`body: 'open'`) on a shaped operation (typed answer, no open query), and a
 * named-only body stays open.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operationMeta } from '../../generator/targets/typescript/meta.js';
import { paramsRequired, paramsTypeText } from '../../generator/targets/typescript/signature.js';
import type { ModelTypes } from '../../generator/schema-types/models.js';
import { hasListBody } from '../../generator/ir/rules.js';
import { schemaTypes } from '../../generator/schema-types/schema-types.js';
import { buildIR } from '../../generator/ir/build.js';
import type { IR, IROperation } from '../../generator/ir/types.js';
import { TINY_ROOT } from './helpers.js';

const root = {
  ...TINY_ROOT,
  components: {
    ...TINY_ROOT.components,
    schemas: {
      Order: { type: 'object', required: ['currency_pair'], properties: { currency_pair: { type: 'string' } } },
      Orders: { type: 'array', items: { $ref: '#/components/schemas/Order' } },
    },
  },
};

const post = (id: string, shape: string, schema: unknown, required = true, parameters: unknown[] = []) => ({
  post: {
    operationId: id,
    tags: ['spot'],
    'x-shape': shape,
    'x-rate-limit': { requests: 1, window: 1, scope: 'uid' },
    'x-permission': { area: 'spot', access: 'write' },
    'x-retry': 'never',
    parameters,
    requestBody: { required, content: { 'application/json': { schema } } },
    responses: { '200': { description: 'ok' } },
  },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const group = { name: 'stp_id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } };

const document = {
  ...root,
  paths: {
    '/one': post('createOrder', 'reference', ref('Order')),
    '/list': post('createBatch', 'reference', { type: 'array', items: ref('Order') }),
    '/named-list': post('listByRef', 'reference', ref('Orders'), false),
    '/groups/{stp_id}/users': post(
      'addUsers',
      'reference',
      { type: 'array', items: { type: 'integer', format: 'int64' } },
      true,
      [group],
    ),
    '/open': post('openBody', 'named-only', { type: 'array', items: {} }, false),
  },
};
const ir: IR = buildIR(document, { pathFiles: {}, rootFile: 'spec/openapi.yaml' });
const op = (id: string): IROperation => {
  const found = ir.operations.find((o) => o.id === id);
  if (found === undefined) throw new Error(`no operation ${id}`);
  return found;
};
let types: ModelTypes;
beforeAll(async () => {
  types = await schemaTypes(ir, document);
});
/** The params type text with its white space folded, so the table reads as code. */
const params = (id: string): string => {
  const opTypes = types.operations.get(id);
  if (opTypes === undefined) throw new Error(`no types for ${id}`);
  return paramsTypeText(ir, op(id), opTypes).replace(/\s+/g, ' ');
};

describe('request bodies in the params', () => {
  it.each([
    {
      given: 'an object body',
      id: 'createOrder',
      want: { list: false, params: 'Order', required: true, shape: 'shaped', body: 'json' },
    },
    {
      given: 'a list body',
      id: 'createBatch',
      want: {
        list: true,
        params: '{ body: Order[]; }',
        required: true,
        shape: 'shaped',
        body: 'open',
      },
    },
    {
      given: 'an optional list body behind a $ref',
      id: 'listByRef',
      want: {
        list: true,
        params: '{ body?: Orders; }',
        required: false,
        shape: 'shaped',
        body: 'open',
      },
    },
    {
      given: 'a list body next to a path parameter',
      id: 'addUsers',
      want: {
        list: true,
        params: '{ stp_id: number | string | bigint; body: (number | string | bigint)[]; }',
        required: true,
        shape: 'shaped',
        body: 'open',
      },
    },
    {
      given: 'a named-only body',
      id: 'openBody',
      want: {
        list: false,
        params: '{ query?: OpenQuery; body?: JsonValue; }',
        required: false,
        shape: 'named-only',
        body: 'open',
      },
    },
  ])('$given', ({ id, want }) => {
    const meta = operationMeta(ir, op(id));
    expect({
      list: hasListBody(ir, op(id)),
      params: params(id),
      required: paramsRequired(ir, op(id)),
      shape: meta.shape,
      body: meta.body,
    }).toEqual(want);
  });

  it('keeps the IR shape of a list-body operation and its path parameter rules', () => {
    expect(op('addUsers').shape).toBe('shaped');
    expect(operationMeta(ir, op('addUsers')).rules).toEqual([
      { name: 'stp_id', in: 'path', required: true, type: 'integer', format: 'int64' },
    ]);
    expect(operationMeta(ir, op('addUsers')).int64).toEqual({ request: [['*']] });
  });
});
