/**
 * List bodies (the batch endpoints): every item is checked with the same rule engine as a single
 * body, before any I/O. The metadata is the generated one, so these rows follow the real spec
 * (`SpotBatchOrderRequest`, `SpotBatchAmendRequest`, `SpotCancelBatchOrderRequest`, the STP user
 * ids, `FuturesOrderRequest` and the futures order ids). The first bad item's first bad field is
 * reported (items in order, fields in schema order).
 */
import { describe, expect, it } from 'vitest';
import { addSTPGroupUsersMeta } from '../../generated/src/operations/account.js';
import {
  amendBatchOrdersMeta,
  cancelBatchOrdersMeta,
  createBatchOrdersMeta,
} from '../../generated/src/operations/spot.js';
import { cancelBatchFutureOrdersMeta, createBatchFuturesOrderMeta } from '../../generated/src/operations/futures.js';
import ir from '../../generated/ir.json' with { type: 'json' };
import { listBodyRule } from '../../generator/ir/rules.js';
import { checkForTargets } from '../../generator/ir/checks.js';
import type { IR } from '../../generator/ir/types.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import { ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import { successData } from '../../generator/targets/typescript/runtime/response.js';
import { validateCall } from '../../generator/targets/typescript/runtime/validate.js';
import { CHECK_NOW as NOW, checkCall } from './helpers/check-call.js';

const check = (meta: OperationMeta, params: Record<string, unknown>): string => checkCall(meta, params, true);

const order = (n: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  text: `t-desk-${n}`,
  currency_pair: 'BTC_USDT',
  type: 'limit',
  account: 'spot',
  side: 'buy',
  amount: '0.001',
  price: '64000',
  ...extra,
});
const ten = Array.from({ length: 10 }, (_, i) => order(i));
/** Ten good orders with item `at` replaced by `item`. */
const withItem = (at: number, item: unknown): unknown[] => ten.map((o, i) => (i === at ? item : o));
const without = (field: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(order(3)).filter(([k]) => k !== field));

describe('POST /spot/batch_orders: each order is checked before any I/O', () => {
  it.each([
    { given: { body: ten }, want: 'ok' },
    { given: { body: [] }, want: 'ok' },
    { given: { body: [order(0, { stp_act: 'cb', time_in_force: 'ioc', auto_borrow: true })] }, want: 'ok' },
    { given: { body: withItem(3, without('currency_pair')) }, want: 'required body[3].currency_pair undefined' },
    { given: { body: withItem(3, order(3, { amount: '1e-3' })) }, want: 'decimal body[3].amount "1e-3"' },
    { given: { body: withItem(3, order(3, { amount: 0.001 })) }, want: 'type body[3].amount 0.001' },
    { given: { body: withItem(5, order(5, { side: 'BUY' })) }, want: 'enum body[5].side "BUY"' },
    { given: { body: withItem(0, order(0, { text: 'desk-1' })) }, want: 'pattern body[0].text "desk-1"' },
    { given: { body: withItem(9, without('text')) }, want: 'required body[9].text undefined' },
    {
      given: { body: withItem(2, order(2, { stop_loss: { trigger_price: 'x' } })) },
      want: 'decimal body[2].stop_loss.trigger_price "x"',
    },
    { given: { body: withItem(4, 'BTC_USDT') }, want: 'type body[4] "BTC_USDT"' },
    { given: { body: withItem(4, null) }, want: 'type body[4] null' },
    { given: { body: order(0) }, want: `type body ${JSON.stringify(order(0))}` },
    { given: {}, want: 'required body undefined' },
    // The first bad item is reported, and its first bad field in schema order.
    {
      given: { body: [order(0), order(1, { side: 'up', amount: 'x' }), order(2, { amount: 'y' })] },
      want: 'enum body[1].side "up"',
    },
  ])('$want', ({ given, want }) => {
    expect(check(createBatchOrdersMeta, given)).toBe(want);
  });

  it('keeps the list bound of the spec (maxItems 40: 4 pairs of 10) and the per-pair limit', () => {
    const pairs = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'GT_USDT', 'XRP_USDT'];
    const batch = (n: number) => pairs.slice(0, n).flatMap((p) => ten.map((o) => ({ ...o, currency_pair: p })));
    expect(check(createBatchOrdersMeta, { body: batch(4) })).toBe('ok');
    expect(
      check(createBatchOrdersMeta, { body: batch(5) })
        .split(' ')
        .slice(0, 2)
        .join(' '),
    ).toBe('maxItems body');
    expect(check(createBatchOrdersMeta, { body: [...ten, order(10)] })).toBe(
      'groupLimit body[].currency_pair "BTC_USDT"',
    );
  });

  it('names the operation, the item and field, the value and the rule in the message', () => {
    expect(() => validateCall(createBatchOrdersMeta, { body: withItem(3, order(3, { amount: '1,5' })) }, NOW)).toThrow(
      'createBatchOrders: body[3].amount must be a plain decimal string: digits, optional leading "-" and fraction, no exponent (rule: decimal, value: "1,5")',
    );
  });

  it('leaves a good batch untouched', () => {
    const body = structuredClone(ten);
    validateCall(createBatchOrdersMeta, { body }, NOW);
    expect(body).toEqual(ten);
  });
});

/** What a refused call reports: `rule field`, each issue as `rule field value`, and the message past the first issue's. */
function badItems(meta: OperationMeta, params: Record<string, unknown>) {
  try {
    validateCall(meta, params, NOW);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const first = error.issues?.[0]?.message ?? error.message;
    return {
      error: `${error.rule} ${error.field}`,
      issues: error.issues?.map((i) => `${i.rule} ${i.field} ${JSON.stringify(i.value)}`),
      rest: error.message.startsWith(first) ? error.message.slice(first.length) : `not after: ${first}`,
    };
  }
  return 'ok';
}

/** createBatchOrders with `text` marked secret (no batch field of the spec is one). */
const secretText: OperationMeta = (() => {
  const list = createBatchOrdersMeta.listBody;
  const items = list?.items;
  if (list === undefined || items === undefined) throw new Error('createBatchOrders has no list rule');
  const properties = (items.properties ?? []).map((f) => (f.name === 'text' ? { ...f, secret: true as const } : f));
  return { ...createBatchOrdersMeta, listBody: { ...list, items: { ...items, properties } } };
})();
const allBad = (n: number): unknown[] => Array.from({ length: n }, (_, i) => order(i, { amount: 'x' }));

describe('a batch with several bad items reports each of them at once', () => {
  it.each([
    {
      given: { meta: createBatchOrdersMeta, params: { body: withItem(3, order(3, { amount: '1e-3' })) } },
      want: { error: 'decimal body[3].amount', issues: undefined, rest: '' },
    },
    {
      given: {
        meta: createBatchOrdersMeta,
        params: {
          body: withItem(3, order(3, { amount: '1e-3' })).map((o, i) => (i === 7 ? order(7, { side: 'BUY' }) : o)),
        },
      },
      want: {
        error: 'decimal body[3].amount',
        issues: ['decimal body[3].amount "1e-3"', 'enum body[7].side "BUY"'],
        rest: '; 1 more bad item: body[7].side',
      },
    },
    {
      given: {
        meta: createBatchOrdersMeta,
        params: {
          body: [
            order(0),
            order(1, { side: 'up', amount: 'x' }),
            order(2),
            without('currency_pair'),
            order(4, { text: 'x' }),
          ],
        },
      },
      want: {
        error: 'enum body[1].side',
        issues: ['enum body[1].side "up"', 'required body[3].currency_pair undefined', 'pattern body[4].text "x"'],
        rest: '; 2 more bad items: body[3].currency_pair, body[4].text',
      },
    },
    {
      given: { meta: secretText, params: { body: [order(0, { text: 'pw-1' }), order(1), order(2, { text: 'pw-2' })] } },
      want: {
        error: 'pattern body[0].text',
        issues: ['pattern body[0].text "[redacted]"', 'pattern body[2].text "[redacted]"'],
        rest: '; 1 more bad item: body[2].text',
      },
    },
    // The list's own rule fails first and alone, however many items are bad.
    {
      given: { meta: createBatchOrdersMeta, params: { body: allBad(41) } },
      want: { error: 'maxItems body', issues: undefined, rest: '' },
    },
    // An error that is not about an item carries no issues.
    {
      given: { meta: createBatchOrdersMeta, params: { body: allBad(2), colour: 'red' } },
      want: { error: 'unknown colour', issues: undefined, rest: '' },
    },
  ])('$want.error ($want.rest)', ({ given, want }) => {
    expect(badItems(given.meta, given.params)).toEqual(want);
  });

  it('never shows a secret item field, in the message, the issues or the JSON form', () => {
    const body = [order(0, { text: 'pw-1' }), order(1), order(2, { text: 'pw-2' })];
    let shown = '';
    try {
      validateCall(secretText, { body }, NOW);
    } catch (error) {
      shown = `${String(error)} ${JSON.stringify(error)}`;
    }
    expect(shown).toContain('[redacted]');
    expect(shown).not.toMatch(/pw-[12]/);
  });

  it('bounds the message of a 40-item batch with every item bad: five fields, then how many more', () => {
    const got = badItems(createBatchOrdersMeta, { body: allBad(40) });
    if (got === 'ok') throw new Error('a bad batch passed');
    expect(got.issues).toHaveLength(40);
    expect(got.issues?.[39]).toBe('decimal body[39].amount "x"');
    expect(got.rest).toBe(
      '; 39 more bad items: body[1].amount, body[2].amount, body[3].amount, body[4].amount, body[5].amount and 34 more',
    );
    expect(got.rest.length).toBeLessThan(200);
  });

  it("keeps the first item's message at the start and gives each issue its own message", () => {
    const body = withItem(3, order(3, { amount: '1,5' })).map((o, i) => (i === 8 ? order(8, { amount: '0.1.2' }) : o));
    const error = (() => {
      try {
        validateCall(createBatchOrdersMeta, { body }, NOW);
      } catch (e) {
        return e;
      }
      throw new Error('a bad batch passed');
    })();
    expect(error).toBeInstanceOf(ValidationError);
    const { message, issues } = error as ValidationError;
    expect(message.startsWith('createBatchOrders: body[3].amount must be a plain decimal string')).toBe(true);
    expect(issues?.map((i) => i.message)).toEqual([
      'createBatchOrders: body[3].amount must be a plain decimal string: digits, optional leading "-" and fraction, no exponent (rule: decimal, value: "1,5")',
      'createBatchOrders: body[8].amount must be a plain decimal string: digits, optional leading "-" and fraction, no exponent (rule: decimal, value: "0.1.2")',
    ]);
    expect(Object.isFrozen(issues)).toBe(true);
  });
});

describe('the other list bodies', () => {
  const amend = { order_id: '12345', currency_pair: 'BTC_USDT', amount: '1' };
  const cancel = { currency_pair: 'BTC_USDT', id: '12345' };
  it.each([
    { meta: amendBatchOrdersMeta, given: { body: [amend] }, want: 'ok' },
    {
      meta: amendBatchOrdersMeta,
      given: { body: [amend, { ...amend, order_id: 12345 }] },
      want: 'type body[1].order_id 12345',
    },
    {
      meta: amendBatchOrdersMeta,
      given: { body: [amend, { ...amend, action_mode: 'ack' }] },
      want: 'enum body[1].action_mode "ack"',
    },
    { meta: amendBatchOrdersMeta, given: { body: Array.from({ length: 6 }, () => amend) }, want: 'maxItems body' },
    { meta: cancelBatchOrdersMeta, given: { body: [cancel] }, want: 'ok' },
    {
      meta: cancelBatchOrdersMeta,
      given: { body: [cancel, { id: '1' }] },
      want: 'required body[1].currency_pair undefined',
    },
    { meta: cancelBatchOrdersMeta, given: { body: Array.from({ length: 21 }, () => cancel) }, want: 'maxItems body' },
    { meta: addSTPGroupUsersMeta, given: { stp_id: 1, body: [101, '36028813724316572'] }, want: 'ok' },
    { meta: addSTPGroupUsersMeta, given: { stp_id: 1, body: [101, 1.5] }, want: 'type body[1] 1.5' },
    { meta: addSTPGroupUsersMeta, given: { stp_id: 1, body: [2 ** 60] }, want: `int64.unsafe body[0] ${2 ** 60}` },
  ])('$meta.id $want', ({ meta, given, want }) => {
    const got = check(meta, given);
    expect(want.split(' ').length === 2 ? got.split(' ').slice(0, 2).join(' ') : got).toBe(want);
  });
});

describe('POST /futures/{settle}/batch_orders and batch_cancel_orders: each item is checked before any I/O', () => {
  const futures = (n: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    contract: 'BTC_USDT',
    size: n % 2 === 0 ? '0.5' : '-0.5',
    price: '65000',
    tif: 'gtc',
    text: `t-fdesk-${n}`,
    ...extra,
  });
  const tenOrders = Array.from({ length: 10 }, (_, i) => futures(i));
  const replaced = (at: number, item: unknown): unknown[] => tenOrders.map((o, i) => (i === at ? item : o));
  const noContract = Object.fromEntries(Object.entries(futures(0)).filter(([k]) => k !== 'contract'));
  const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(58828013512 + i));
  it.each([
    { meta: createBatchFuturesOrderMeta, given: { settle: 'usdt', body: tenOrders }, want: 'ok' },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: [futures(0, { stp_act: 'co', pid: '36028813724316572', reduce_only: true })] },
      want: 'ok',
    },
    { meta: createBatchFuturesOrderMeta, given: { settle: 'usdt', body: [] }, want: 'minItems body []' },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: [...tenOrders, futures(10)] },
      want: 'maxItems body',
    },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: replaced(2, futures(2, { size: 5 })) },
      want: 'type body[2].size 5',
    },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: replaced(2, futures(2, { size: '1e3' })) },
      want: 'decimal body[2].size "1e3"',
    },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: replaced(0, noContract) },
      want: 'required body[0].contract undefined',
    },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: replaced(4, futures(4, { tif: 'day' })) },
      want: 'enum body[4].tif "day"',
    },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: replaced(1, futures(1, { stp_act: '-' })) },
      want: 'enum body[1].stp_act "-"',
    },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: replaced(9, futures(9, { text: 'desk-9' })) },
      want: 'pattern body[9].text "desk-9"',
    },
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: replaced(3, futures(3, { pid: 2 ** 60 })) },
      want: `int64.unsafe body[3].pid ${2 ** 60}`,
    },
    { meta: createBatchFuturesOrderMeta, given: { body: tenOrders }, want: 'required settle undefined' },
    { meta: createBatchFuturesOrderMeta, given: { settle: 'usdt' }, want: 'required body undefined' },
    // A shaped list-body operation has no open query: a stray key is refused like any unknown field.
    {
      meta: createBatchFuturesOrderMeta,
      given: { settle: 'usdt', body: tenOrders, query: { contract: 'BTC_USDT' } },
      want: 'unknown query',
    },
    { meta: cancelBatchFutureOrdersMeta, given: { settle: 'usdt', body: ids(20) }, want: 'ok' },
    { meta: cancelBatchFutureOrdersMeta, given: { settle: 'usdt', body: ids(21) }, want: 'maxItems body' },
    { meta: cancelBatchFutureOrdersMeta, given: { settle: 'usdt', body: [] }, want: 'minItems body []' },
    // Order ids are strings on the wire: a number (even a safe one) is refused, not converted.
    {
      meta: cancelBatchFutureOrdersMeta,
      given: { settle: 'usdt', body: ['58828013512', 58828013599] },
      want: 'type body[1] 58828013599',
    },
  ])('$meta.id $want', ({ meta, given, want }) => {
    const got = check(meta, given);
    expect(want.split(' ').length === 2 ? got.split(' ').slice(0, 2).join(' ') : got).toBe(want);
  });

  it('names the operation, the item and field, the value and the rule in the message', () => {
    const body = replaced(2, futures(2, { size: '0,5' }));
    expect(() => validateCall(createBatchFuturesOrderMeta, { settle: 'usdt', body }, NOW)).toThrow(
      'createBatchFuturesOrder: body[2].size must be a plain decimal string: digits, optional leading "-" and fraction, no exponent (rule: decimal, value: "0,5")',
    );
  });
});

describe('the answer of a list-body operation', () => {
  it('is read typed, as any shaped answer: int64 fields as exact strings, other numbers as numbers', () => {
    const text =
      '[{"succeeded":true,"id":36028813724316576,"user":10001234,"create_time":1795219260,"update_time":1795219260.5,"size":"1"},' +
      '{"succeeded":false,"label":"ORDER_POC_IMMEDIATE","detail":"would take"}]';
    expect(createBatchFuturesOrderMeta.shape).toBe('shaped');
    expect(successData(createBatchFuturesOrderMeta, 200, text)).toEqual([
      {
        succeeded: true,
        id: '36028813724316576',
        user: '10001234',
        create_time: 1795219260,
        update_time: 1795219260.5,
        size: '1',
      },
      { succeeded: false, label: 'ORDER_POC_IMMEDIATE', detail: 'would take' },
    ]);
    expect(successData(cancelBatchFutureOrdersMeta, 200, '[{"id":"1","user_id":10001234,"succeeded":true}]')).toEqual([
      { id: '1', user_id: '10001234', succeeded: true },
    ]);
  });
});

describe('the emitted list rule (generator)', () => {
  const real = ir as unknown as IR;
  const op = (id: string) => {
    const found = real.operations.find((o) => o.id === id);
    if (!found) throw new Error(`no ${id}`);
    return found;
  };

  it('merges an allOf item (SpotBatchOrderRequest = SpotOrderRequest + required text) in schema order', () => {
    const rule = listBodyRule(real, op('createBatchOrders'));
    expect(rule).toMatchObject({ name: 'body', in: 'body', required: true, type: 'array', maxItems: 40 });
    const fields = rule?.items?.properties ?? [];
    expect(rule?.items?.type).toBe('object');
    expect(fields.slice(0, 2).map((f) => [f.name, f.required])).toEqual([
      ['text', true],
      ['currency_pair', true],
    ]);
    expect(fields.find((f) => f.name === 'amount')).toMatchObject({ required: true, format: 'decimal' });
  });

  it('gives no rule to a single body or a read', () => {
    for (const id of ['createOrder', 'listWithdrawals', 'createFuturesOrder'])
      expect(listBodyRule(real, op(id))).toBeUndefined();
  });

  it('gives the futures batches their bounds and item rules (FuturesOrderRequest as the items, string ids)', () => {
    const place = listBodyRule(real, op('createBatchFuturesOrder'));
    expect(place).toMatchObject({ name: 'body', required: true, type: 'array', minItems: 1, maxItems: 10 });
    expect(place?.items?.properties?.slice(0, 4).map((f) => [f.name, f.required ?? false])).toEqual([
      ['contract', true],
      ['size', true],
      ['iceberg', false],
      ['price', true],
    ]);
    expect(listBodyRule(real, op('cancelBatchFutureOrders'))).toEqual({
      name: 'body',
      in: 'body',
      required: true,
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: { type: 'string' },
    });
  });

  it('stops with a spec problem on an if/then in a list item, which it would otherwise skip', () => {
    const schemas = { ...real.schemas };
    schemas['SpotBatchOrderRequest'] = {
      ...schemas['SpotBatchOrderRequest'],
      if: { properties: { type: { const: 'limit' } }, required: ['type'] },
      then: { required: ['price'] },
    };
    const sources = {
      pathFiles: {},
      componentFiles: { 'schemas/SpotBatchOrderRequest': 'spec/components/schemas/SpotBatchOrderRequest.yaml' },
      rootFile: 'spec/openapi.yaml',
    };
    // The IR stage refuses it with its file and pointer; the rule itself never meets it unchecked.
    expect(() => checkForTargets({ ...real, schemas }, sources)).toThrow(
      'spec/components/schemas/SpotBatchOrderRequest.yaml#/if: createBatchOrders: if/then in a list item',
    );
    expect(() => listBodyRule({ ...real, schemas }, op('createBatchOrders'))).toThrow('if/then in a list item');
  });
});
