/**
 * The seed's and the reference's rules for futures, delivery and options requests reach the
 * generated client: each bad call below is refused with a ValidationError naming the field and the
 * rule, before anything is sent (the client's fetch fails the test if it is ever called). A good
 * call of each operation shows the rules do not refuse valid input.
 */
import { describe, expect, it } from 'vitest';
import { ExchangeClient, isValidationError } from '../../generated/src/index.js';

const sent: string[] = [];
const client = new ExchangeClient({
  key: 'mock-key-rules',
  secret: 'mock-secret-rules',
  baseUrl: 'http://127.0.0.1:9/api/v4',
  rateLimit: 'off',
  clockSync: 'off',
  maxRetries: 0,
  fetch: (input: string | URL | Request) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return Promise.reject(new Error('no request may be sent'));
  },
});

const order = { settle: 'usdt', contract: 'BTC_USDT', size: '0.5', price: '65000' } as const;
/** Calls that break one rule, by the params as a user might write them (bypassing the types on purpose). */
type Call = () => Promise<unknown>;
const loose = (params: Record<string, unknown>): never => params as never;

const refused: Array<{ given: string; call: Call; want: { field: string; rule: string } }> = [
  {
    given: 'an order label without the t- prefix',
    call: () => client.futures.createFuturesOrder({ ...order, text: 'desk-0001' }),
    want: { field: 'text', rule: 'pattern' },
  },
  {
    given: 'an order label of 29 bytes after t-',
    call: () => client.futures.createFuturesOrder({ ...order, text: `t-${'a'.repeat(29)}` }),
    want: { field: 'text', rule: 'pattern' },
  },
  {
    given: 'an order label with a space',
    call: () => client.futures.createFuturesOrder({ ...order, text: 't-desk 1' }),
    want: { field: 'text', rule: 'pattern' },
  },
  {
    given: 'a size as a number (sizes are decimal strings since v4.106.0)',
    call: () => client.futures.createFuturesOrder(loose({ ...order, size: 0.5 })),
    want: { field: 'size', rule: 'type' },
  },
  {
    given: 'a size in exponent notation',
    call: () => client.futures.createFuturesOrder({ ...order, size: '5e-1' }),
    want: { field: 'size', rule: 'decimal' },
  },
  {
    given: 'a time in force outside gtc/ioc/poc/fok',
    call: () => client.futures.createFuturesOrder(loose({ ...order, tif: 'day' })),
    want: { field: 'tif', rule: 'enum' },
  },
  {
    given: 'an STP action outside cn/co/cb',
    call: () => client.futures.createFuturesOrder(loose({ ...order, stp_act: '-' })),
    want: { field: 'stp_act', rule: 'enum' },
  },
  {
    given: 'an order without a price',
    call: () => client.futures.createFuturesOrder(loose({ settle: 'usdt', contract: 'BTC_USDT', size: '1' })),
    want: { field: 'price', rule: 'required' },
  },
  {
    given: 'a settlement currency outside btc/usdt',
    call: () => client.futures.listPositions(loose({ settle: 'eth' })),
    want: { field: 'settle', rule: 'enum' },
  },
  {
    given: 'an order list without a status',
    call: () => client.futures.listFuturesOrders(loose({ settle: 'usdt' })),
    want: { field: 'status', rule: 'required' },
  },
  {
    given: 'an order list page larger than 1000',
    call: () => client.futures.listFuturesOrders({ settle: 'usdt', status: 'open', limit: 1001 }),
    want: { field: 'limit', rule: 'maximum' },
  },
  {
    given: 'a position mode outside single/dual/dual_plus',
    call: () => client.futures.setPositionMode(loose({ settle: 'usdt', position_mode: 'split' })),
    want: { field: 'position_mode', rule: 'enum' },
  },
  {
    given: 'a leverage without its margin mode',
    call: () =>
      client.futures.updateContractPositionLeverage(loose({ settle: 'usdt', contract: 'BTC_USDT', leverage: '10' })),
    want: { field: 'margin_mode', rule: 'required' },
  },
  {
    given: 'more than 2000 candlesticks',
    call: () => client.futures.listFuturesCandlesticks({ settle: 'usdt', contract: 'BTC_USDT', limit: 2001 }),
    want: { field: 'limit', rule: 'maximum' },
  },
  {
    given: 'a delivery order label without the t- prefix',
    call: () =>
      client.delivery.createDeliveryOrder({ settle: 'usdt', contract: 'BTC_USDT_20261225', size: '1', text: 'x' }),
    want: { field: 'text', rule: 'pattern' },
  },
  {
    given: 'an options amendment without its contract',
    call: () => client.options.amendOptionsOrder(loose({ order_id: 1, price: '1', size: 1 })),
    want: { field: 'contract', rule: 'required' },
  },
  {
    given: 'an options amendment of the price alone (the size is required too)',
    call: () =>
      client.options.amendOptionsOrder(loose({ order_id: 1, contract: 'BTC_USDT-20261225-70000-C', price: '1' })),
    want: { field: 'size', rule: 'required' },
  },
  {
    given: 'an options time in force of fok (options take gtc/ioc/poc)',
    call: () =>
      client.options.createOptionsOrder(loose({ contract: 'BTC_USDT-20261225-70000-C', size: 1, tif: 'fok' })),
    want: { field: 'tif', rule: 'enum' },
  },
];

describe('trading rules refuse bad input before sending', () => {
  it.each(refused)('$given', async ({ call, want }) => {
    sent.length = 0;
    const error: unknown = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isValidationError(error)).toBe(true);
    expect(error).toMatchObject(want);
    expect(sent).toEqual([]);
  });
});

describe('valid input passes the rules and reaches the transport', () => {
  const accepted: Array<{ given: string; call: Call }> = [
    {
      given: 'a limit order with a 28-byte label and an STP action',
      call: () => client.futures.createFuturesOrder({ ...order, text: `t-${'a'.repeat(28)}`, stp_act: 'co' }),
    },
    {
      given: 'a close order',
      call: () => client.futures.createFuturesOrder({ ...order, size: '0', price: '0', close: true, tif: 'ioc' }),
    },
    {
      given: 'a delivery order',
      call: () => client.delivery.createDeliveryOrder({ settle: 'usdt', contract: 'X', size: '-2' }),
    },
    {
      given: 'an options amendment of the price and size',
      call: () =>
        client.options.amendOptionsOrder({ order_id: 1, contract: 'BTC_USDT-20261225-70000-C', price: '2', size: 1 }),
    },
  ];
  it.each(accepted)('$given', async ({ call }) => {
    sent.length = 0;
    const error: unknown = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isValidationError(error)).toBe(false);
    // Sent once; an order whose answer is lost is then looked up by its label (a read), never resent.
    expect(sent.filter((url) => !/\/orders\/t-[\w.-]+$/.test(url))).toHaveLength(1);
  });
});
