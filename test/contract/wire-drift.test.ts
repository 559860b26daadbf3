/**
 * The wire-drift guard end to end: the generated client against the mock process, whose fixture
 * answers a delivery order with `size` as a number (declared a decimal string) and `create_time`
 * as a string (declared a number). Converted and reported once per kind by default, an error with
 * `wireDrift: 'error'`, and a value that does not convert (`"soon"` for a time) an error always.
 */
import { LosslessNumber } from 'lossless-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WireDriftError, isWireDriftError, type LogEvent } from '../../generated/src/index.js';
import type { MockServer } from '../../mock/index.js';
import { mockClient } from '../support/mock-client.js';
import { startContractMock } from './support/harness.js';

const ORDER = {
  id: 58828013512,
  user: 10001234,
  status: 'open',
  contract: 'BTC_USDT_20261225',
  iceberg: '0',
  price: '66500',
  left: '10',
  fill_price: '0',
  tif: 'gtc',
};
const drifted = (order_id: string, over: Record<string, unknown>) => ({
  operationId: 'getDeliveryOrder',
  name: `getDeliveryOrder: drifted ${order_id}`,
  wireDrift: true,
  request: { path: { settle: 'usdt', order_id } },
  response: { status: 200, body: { ...ORDER, ...over } },
});

let mock: MockServer;
beforeAll(async () => {
  mock = await startContractMock();
  mock.fixtures.add([
    drifted('901', { size: 10, create_time: '1795219260.123' }),
    drifted('902', { size: new LosslessNumber('0.30000000000000001'), create_time: 1795219260 }),
    drifted('903', { size: '1', create_time: 'soon' }),
  ]);
});
afterAll(() => mock.close());

const TRANSPORTS = ['fetch', 'node'] as const;

describe.each(TRANSPORTS)('%s: a delivery order answered in other wire types', (transport) => {
  it('arrives in its declared types, each kind of drift reported once', async () => {
    const events: LogEvent[] = [];
    const client = mockClient(mock.url, { transport, rateLimit: 'off', logger: (e) => events.push(e) });
    const first = await client.delivery.getDeliveryOrder({ settle: 'usdt', order_id: '901' });
    const again = await client.delivery.getDeliveryOrder({ settle: 'usdt', order_id: '901' });
    const second = await client.delivery.getDeliveryOrder({ settle: 'usdt', order_id: '902' });
    expect([first.size, first.create_time, first.id]).toEqual(['10', 1795219260.123, '58828013512']);
    expect(first.size?.startsWith('1')).toBe(true);
    expect(again).toEqual(first);
    expect([second.size, second.create_time]).toEqual(['0.30000000000000001', 1795219260]);
    const drifts = events.filter((e) => e.type === 'drift');
    expect(drifts.map((e) => [e.operation, e.field, e.wireType, e.declaredType])).toEqual([
      ['getDeliveryOrder', 'size', 'number', 'decimal'],
      ['getDeliveryOrder', 'create_time', 'string', 'number'],
    ]);
    expect(drifts[0]).toMatchObject({ method: 'GET', attempt: 1 });
  });

  it("is a WireDriftError naming the field with wireDrift: 'error'", async () => {
    const client = mockClient(mock.url, { transport, rateLimit: 'off', wireDrift: 'error' });
    const error = await client.delivery.getDeliveryOrder({ settle: 'usdt', order_id: '901' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WireDriftError);
    expect(isWireDriftError(error)).toBe(true);
    const { field, wireType, declaredType, operation } = error as WireDriftError;
    expect([field, wireType, declaredType, operation]).toEqual(['size', 'number', 'decimal', 'getDeliveryOrder']);
  });

  it('refuses a value that does not convert, without copying it into the error', async () => {
    const client = mockClient(mock.url, { transport, rateLimit: 'off' });
    const error = await client.delivery.getDeliveryOrder({ settle: 'usdt', order_id: '903' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WireDriftError);
    expect((error as WireDriftError).field).toBe('create_time');
    expect((error as WireDriftError).refused).toBe(1);
    expect((error as Error).message).not.toContain('soon');
  });
});
