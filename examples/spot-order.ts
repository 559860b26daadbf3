// A spot limit order, typed end to end: place it, read it back, find it among the open orders,
// cancel it. A post-only order that would take liquidity is refused with a typed error label.
import { ExchangeClient, isApiError } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own; no base URL means the live server.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
  });

  const order = await client.spot.createOrder({
    text: 't-mm-0001', // your own id: `t-` and at most 28 letters, digits, `_`, `-`, `.`
    currency_pair: 'BTC_USDT',
    type: 'limit',
    account: 'spot', // `margin` for an isolated-margin order
    side: 'buy',
    amount: '0.001',
    price: '65000',
    time_in_force: 'gtc',
  });
  const orderId = order.id;
  if (orderId === undefined) throw new Error('the order was placed without an id');
  console.log(
    `placed ${orderId}: ${order.side} ${order.amount} ${order.currency_pair} at ${order.price}, ${order.status}`,
  );

  const current = await client.spot.getOrder({ order_id: orderId, currency_pair: 'BTC_USDT' });
  console.log(`read back: ${current.left} of ${current.amount} left to fill`);

  for await (const open of client.spot.listOrders({ currency_pair: 'BTC_USDT', status: 'open', limit: 10 })) {
    console.log(`open: ${open.id} ${open.side} ${open.amount} at ${open.price}`);
  }

  const cancelled = await client.spot.cancelOrder({ order_id: orderId, currency_pair: 'BTC_USDT' });
  console.log(`cancelled ${cancelled.id}: ${cancelled.status} (${cancelled.finish_as})`);

  try {
    await client.spot.createOrder({
      text: 't-poc-0001',
      currency_pair: 'BTC_USDT',
      type: 'limit',
      account: 'spot',
      side: 'buy',
      amount: '0.001',
      price: '65100',
      time_in_force: 'poc', // post only: refused rather than taking liquidity
    });
  } catch (error) {
    if (!isApiError(error) || error.label !== 'POC_FILL_IMMEDIATELY') throw error;
    console.log(`post-only order refused: ${error.label}`);
  }
}
