/**
 * The seed's bounds, from spec constraints to checks before any I/O: a tiny spec (the mini spec
 * plus order, batch, amend and transfer operations shaped the way the spec states these bounds)
 * goes through the real generator stages (IR build, metadata emitter), and each bound is tested
 * with `{ given, want }` rows against the runtime's `validateCall`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { operationMeta } from '../../generator/targets/typescript/meta.js';
import { conditionalRules } from '../../generator/ir/rules.js';
import { SpecError } from '../../generator/errors.js';
import { buildIR } from '../../generator/ir/build.js';
import { checkForTargets } from '../../generator/ir/checks.js';
import type { IR } from '../../generator/ir/types.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import { validateCall } from '../../generator/targets/typescript/runtime/validate.js';
import { CHECK_NOW as NOW, checkCall } from './helpers/check-call.js';
import { ROOT } from '../generator/helpers.js';

const errors = { '400': { $ref: '#/components/responses/Error' }, '5XX': { $ref: '#/components/responses/Error' } };
const ok = { '200': { description: 'Ok.', content: { 'application/json': { schema: { type: 'object' } } } } };
const write = (id: string, tag: string, body: unknown, extra: Record<string, unknown> = {}) => ({
  operationId: id,
  tags: [tag],
  summary: id,
  'x-shape': 'reference',
  'x-permission': { area: tag, access: 'write' },
  'x-rate-limit': { requests: 10, window: 1, scope: 'uid' },
  'x-retry': 'never',
  requestBody: { required: true, content: { 'application/json': { schema: body } } },
  responses: { ...ok, ...errors, '401': { $ref: '#/components/responses/Error' } },
  ...extra,
});

const order = {
  type: 'object',
  required: ['currency_pair', 'amount'],
  properties: {
    currency_pair: { type: 'string' },
    amount: { type: 'string', format: 'decimal' },
    text: { type: 'string', pattern: '^t-[A-Za-z0-9_.-]{1,28}$', maxLength: 30 },
    stp_act: { type: 'string', enum: ['cn', 'co', 'cb'] },
  },
};

/** The tiny spec: the mini spec with the operations that carry the seed's bounds. */
function tinySpec(): Record<string, unknown> {
  const doc = parseYaml(readFileSync(path.join(ROOT, 'test/generator/fixtures/mini/openapi.yaml'), 'utf8')) as {
    paths: Record<string, unknown>;
    components: { schemas: Record<string, unknown> };
    tags: unknown[];
  };
  doc.tags.push({ name: 'options', description: 'Options.' });
  doc.components.schemas['SpotOrder'] = order;
  doc.components.schemas['MoveRequest'] = {
    type: 'object',
    required: ['currency', 'from', 'to', 'amount'],
    allOf: [
      {
        if: { properties: { from: { const: 'margin' } }, required: ['from'] },
        then: { properties: { currency_pair: { minLength: 1 } }, required: ['currency_pair'] },
      },
      {
        if: { properties: { to: { enum: ['futures', 'delivery'] } }, required: ['to'] },
        then: { required: ['settle'] },
      },
    ],
    properties: {
      currency: { type: 'string' },
      from: { type: 'string', enum: ['spot', 'margin', 'futures', 'delivery'] },
      to: { type: 'string', enum: ['spot', 'margin', 'futures', 'delivery'] },
      amount: { type: 'string', format: 'decimal' },
      currency_pair: { type: 'string' },
      settle: { type: 'string' },
    },
  };
  doc.paths['/spot/orders'] = { post: write('createOrder', 'spot', { $ref: '#/components/schemas/SpotOrder' }) };
  doc.paths['/spot/batch_orders'] = {
    post: {
      ...write('createBatchOrders', 'spot', { type: 'array', items: true }),
      'x-shape': 'named-only',
      'x-group-limit': { field: 'currency_pair', max: 10 },
    },
  };
  doc.paths['/options/orders/{order_id}'] = {
    put: {
      ...write('amendOptionsOrder', 'options', {
        type: 'object',
        required: ['contract'],
        properties: { contract: { type: 'string' }, price: { type: 'string', format: 'decimal' } },
      }),
      parameters: [{ name: 'order_id', in: 'path', required: true, schema: { type: 'string' } }],
    },
  };
  doc.paths['/wallet/moves'] = { post: write('move', 'wallet', { $ref: '#/components/schemas/MoveRequest' }) };
  return doc;
}

function metaOf(ir: IR, id: string): OperationMeta {
  const op = ir.operations.find((o) => o.id === id);
  if (!op) throw new Error(`no ${id}`);
  // The emitter's data with the lookup still named by id; none of these operations has one.
  return operationMeta(ir, op) as unknown as OperationMeta;
}

const ir = buildIR(tinySpec(), { pathFiles: {}, rootFile: 'spec/openapi.yaml' });
const check = (meta: OperationMeta, params: Record<string, unknown>): string => checkCall(meta, params);

describe('order fields: stp_act values and the text rule (enum / pattern / maxLength)', () => {
  const meta = metaOf(ir, 'createOrder');
  const base = { currency_pair: 'BTC_USDT', amount: '1' };
  it.each([
    { given: { ...base, stp_act: 'cn' }, want: 'ok' },
    { given: { ...base, stp_act: 'co' }, want: 'ok' },
    { given: { ...base, stp_act: 'cb' }, want: 'ok' },
    { given: { ...base, stp_act: 'xx' }, want: 'enum stp_act' },
    { given: { ...base, text: 't-desk_1.a-b' }, want: 'ok' },
    { given: { ...base, text: `t-${'a'.repeat(28)}` }, want: 'ok' },
    { given: { ...base, text: `t-${'a'.repeat(29)}` }, want: 'pattern text' },
    { given: { ...base, text: 'desk-1' }, want: 'pattern text' },
    { given: { ...base, text: 't-no spaces' }, want: 'pattern text' },
    { given: { amount: '1' }, want: 'required currency_pair' },
  ])('$given -> $want', ({ given, want }) => {
    expect(check(meta, given)).toBe(want);
  });
});

describe('POST /spot/batch_orders: at most 10 orders per currency pair (x-group-limit)', () => {
  const meta = metaOf(ir, 'createBatchOrders');
  const orders = (pair: string, n: number) => Array.from({ length: n }, () => ({ currency_pair: pair }));
  it.each([
    { given: { body: orders('BTC_USDT', 10) }, want: 'ok' },
    { given: { body: [...orders('BTC_USDT', 10), ...orders('ETH_USDT', 10)] }, want: 'ok' },
    { given: { body: orders('BTC_USDT', 11) }, want: 'groupLimit body[].currency_pair' },
    { given: { body: [...orders('ETH_USDT', 3), ...orders('BTC_USDT', 11)] }, want: 'groupLimit body[].currency_pair' },
  ])('$given.body.length orders -> $want', ({ given, want }) => {
    expect(check(meta, given)).toBe(want);
  });

  it('names the pair, the count and the rule', () => {
    expect(() => validateCall(meta, { body: orders('BTC_USDT', 12) }, NOW)).toThrow(
      /body\[\]\.currency_pair is shared by 12 items; at most 10 items .* \(rule: groupLimit, value: "BTC_USDT"\)/,
    );
  });
});

describe('PUT /options/orders/{order_id}: contract is required', () => {
  const meta = metaOf(ir, 'amendOptionsOrder');
  it.each([
    { given: { order_id: '1', contract: 'BTC_USDT-20261231-70000-C', price: '10' }, want: 'ok' },
    { given: { order_id: '1', price: '10' }, want: 'required contract' },
  ])('$given -> $want', ({ given, want }) => {
    expect(check(meta, given)).toBe(want);
  });
});

describe('conditional requirements (if/then in the request schema)', () => {
  const meta = metaOf(ir, 'move');
  it('are emitted as conditions', () => {
    expect(meta.conditions).toEqual([
      { when: [{ field: 'from', oneOf: ['margin'] }], require: ['currency_pair'] },
      { when: [{ field: 'to', oneOf: ['futures', 'delivery'] }], require: ['settle'] },
    ]);
  });
  it.each([
    { given: { currency: 'USDT', from: 'margin', to: 'spot', amount: '1', currency_pair: 'BTC_USDT' }, want: 'ok' },
    { given: { currency: 'USDT', from: 'margin', to: 'spot', amount: '1' }, want: 'requiredIf currency_pair' },
    {
      given: { currency: 'USDT', from: 'margin', to: 'spot', amount: '1', currency_pair: '' },
      want: 'requiredIf currency_pair',
    },
    { given: { currency: 'USDT', from: 'spot', to: 'futures', amount: '1', settle: 'usdt' }, want: 'ok' },
    { given: { currency: 'USDT', from: 'spot', to: 'delivery', amount: '1' }, want: 'requiredIf settle' },
    { given: { currency: 'USDT', from: 'spot', to: 'spot', amount: '1' }, want: 'ok' },
  ])('$given -> $want', ({ given, want }) => {
    expect(check(meta, given)).toBe(want);
  });

  it.each([
    {
      name: 'an if without const or enum',
      given: { if: { properties: { from: { type: 'string' } }, required: ['from'] }, then: { required: ['x'] } },
    },
    {
      name: 'a then with other keywords',
      given: { if: { properties: { from: { const: 'a' } }, required: ['from'] }, then: { required: ['x'], not: {} } },
    },
    {
      name: 'an if field that may be absent',
      given: { if: { properties: { from: { const: 'a' } } }, then: { required: ['x'] } },
    },
  ])('any other form is a spec problem: $name', ({ given }) => {
    const doc = tinySpec();
    const schemas = (doc['components'] as { schemas: Record<string, { allOf: unknown[] }> }).schemas;
    schemas['MoveRequest']!.allOf = [given];
    const other = buildIR(doc, { pathFiles: {}, rootFile: 'spec/openapi.yaml' });
    const sources = { pathFiles: {}, rootFile: 'spec/openapi.yaml' };
    // The IR stage refuses it, naming the file and the pointer of the `if`.
    expect(() => checkForTargets(other, sources)).toThrow(SpecError);
    expect(() => checkForTargets(other, sources)).toThrow(
      'spec/openapi.yaml#/components/schemas/MoveRequest/allOf/0/if: move: if/then must be',
    );
    const op = other.operations.find((o) => o.id === 'move')!;
    expect(() => conditionalRules(other, op)).toThrow('move: if/then must be');
  });
});

describe('the real spec', () => {
  it('POST /wallet/transfers carries the seed conditions (currency_pair for margin, settle for futures/delivery)', async () => {
    const { transferMeta } = await import('../../generated/src/operations/wallet.js');
    const base = { currency: 'USDT', amount: '1' };
    expect(check(transferMeta, { ...base, from: 'margin', to: 'spot' })).toBe('requiredIf currency_pair');
    expect(check(transferMeta, { ...base, from: 'spot', to: 'margin' })).toBe('requiredIf currency_pair');
    expect(check(transferMeta, { ...base, from: 'futures', to: 'spot' })).toBe('requiredIf settle');
    expect(check(transferMeta, { ...base, from: 'spot', to: 'delivery' })).toBe('requiredIf settle');
    expect(check(transferMeta, { ...base, from: 'spot', to: 'options' })).toBe('ok');
  });
});
