/**
 * A futures batch with a bad item never leaves the generated Python client: against the mock, each
 * refusal is a `ValidationError` naming the item's field, the rule and the value, and the mock's
 * request log stays empty. A good batch of each kind then reaches the mock. Both clients.
 */
import { describe, expect, it } from 'vitest';
import { pythonAgainstMock } from './support/against-mock.js';
import { PYTHON_CLIENTS } from './support/runner.js';

const order = (i: number): Record<string, unknown> => ({
  contract: 'BTC_USDT',
  size: i % 2 === 0 ? '0.5' : '-0.5',
  price: '65000',
  text: `t-fbatch-${i}`,
});
const orders = (n: number): Record<string, unknown>[] => Array.from({ length: n }, (_, i) => order(i));
const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(36028813724316576n + BigInt(i)));
const noContract = Object.fromEntries(Object.entries(order(0)).filter(([k]) => k !== 'contract'));

describe.each(PYTHON_CLIENTS)('the Python client (%s) refuses a bad futures batch before any I/O', (kind) => {
  const env = pythonAgainstMock(kind);

  it.each([
    { given: '11 orders', op: 'createBatchFuturesOrder', body: orders(11), want: ['body', 'maxItems'] },
    {
      given: 'a size that is a number',
      op: 'createBatchFuturesOrder',
      body: [order(0), order(1), { ...order(2), size: 5 }],
      want: ['body[2].size', 'type', '5'],
    },
    {
      given: 'an order without its contract',
      op: 'createBatchFuturesOrder',
      body: [noContract, order(1)],
      want: ['body[0].contract', 'required', 'None'],
    },
    { given: '21 ids', op: 'cancelBatchFutureOrders', body: ids(21), want: ['body', 'maxItems'] },
    {
      given: 'an id that is a number',
      op: 'cancelBatchFutureOrders',
      body: ['1', 58828013599],
      want: ['body[1]', 'type', '58828013599'],
    },
  ])('$given ($op)', async ({ op, body, want }) => {
    const answer = await env.python.call({ op, params: { settle: 'usdt', body } });
    expect(answer.ok).toBe(false);
    const error = answer.error ?? {};
    expect(error['type']).toBe('ValidationError');
    expect([error['field'], error['rule'], error['value']].slice(0, want.length)).toEqual(want);
    expect(answer.raw).toEqual([]);
    expect(env.mock.requests).toHaveLength(0);
  });

  it('sends a good batch of each kind', async () => {
    const placed = await env.python.call({
      op: 'createBatchFuturesOrder',
      params: { settle: 'usdt', body: orders(2) },
    });
    const cancelled = await env.python.call({
      op: 'cancelBatchFutureOrders',
      params: { settle: 'usdt', body: ids(2) },
    });
    expect([placed.ok, cancelled.ok]).toEqual([true, true]);
    expect(env.mock.requests.map((r) => [r.operationId, JSON.parse(r.body ?? '') as unknown])).toEqual([
      ['createBatchFuturesOrder', orders(2)],
      ['cancelBatchFutureOrders', ids(2)],
    ]);
  });
});
