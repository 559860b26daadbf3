/**
 * The Python client's wire-drift guard against the mock process (the same drifted delivery order
 * fixtures as the TypeScript contract test): `size` answered as a number arrives as a `Decimal`,
 * `create_time` answered as a string as a float, each drift reported once as a `drift` event;
 * `wire_drift="error"` makes the drift an error; `"soon"` for a time is refused either way.
 */
import { LosslessNumber } from 'lossless-json';
import { beforeAll, describe, expect, it } from 'vitest';
import { pythonAgainstMock } from './support/against-mock.js';

const env = pythonAgainstMock();

const drifted = (order_id: string, over: Record<string, unknown>) => ({
  operationId: 'getDeliveryOrder',
  name: `getDeliveryOrder: drifted ${order_id}`,
  wireDrift: true,
  request: { path: { settle: 'usdt', order_id } },
  response: { status: 200, body: { id: 58828013512, status: 'open', contract: 'BTC_USDT_20261225', ...over } },
});

beforeAll(() => {
  env.mock.fixtures.add([
    drifted('901', { size: 10, create_time: '1795219260.123' }),
    drifted('902', { size: new LosslessNumber('0.30000000000000001'), create_time: 'soon' }),
  ]);
});

describe('a delivery order answered in other wire types, through the Python client', () => {
  it('arrives in its declared types, each drift reported once', async () => {
    const answer = await env.python.call({ op: 'getDeliveryOrder', params: { settle: 'usdt', order_id: '901' } });
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    const order = answer.result as Record<string, unknown>;
    expect(order['size']).toEqual({ $decimal: '10' });
    expect(String(order['create_time'])).toBe('1795219260.123');
    expect(String(order['id'])).toBe('58828013512');
    const drifts = answer.events.filter((e) => e['type'] === 'drift');
    expect(drifts.map((e) => [e['operation'], e['field'], e['wire_type'], e['declared_type']])).toEqual([
      ['getDeliveryOrder', 'create_time', 'string', 'number'],
      ['getDeliveryOrder', 'size', 'number', 'decimal'],
    ]);
  });

  it('is a WireDriftError with wire_drift="error"', async () => {
    const answer = await env.python.call({
      op: 'getDeliveryOrder',
      params: { settle: 'usdt', order_id: '901' },
      client: { wire_drift: 'error' },
    });
    expect(answer.ok).toBe(false);
    expect(answer.error?.['type']).toBe('WireDriftError');
    expect(answer.error?.['message']).toContain('getDeliveryOrder: answer field create_time is string');
  });

  it('refuses a value that does not convert, without copying it into the error', async () => {
    const answer = await env.python.call({ op: 'getDeliveryOrder', params: { settle: 'usdt', order_id: '902' } });
    expect(answer.ok).toBe(false);
    expect(answer.error?.['type']).toBe('WireDriftError');
    expect(answer.error?.['message']).toContain('create_time');
    expect(answer.error?.['message']).not.toContain('soon');
  });
});
