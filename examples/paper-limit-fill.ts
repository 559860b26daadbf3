// Paper trading on the local mock: place a limit order, watch it fill when another account sells
// at its price, then read the trades and the balances. Every amount is an exact decimal string.
import { ExchangeClient } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const trader = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
  });
  // A second paper account from mock/exchange/seed.json (desk_arb_02, in no STP group).
  const counterparty = new ExchangeClient({
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: 'mock-key-0002-not-a-real-key',
    secret: 'mock-secret-0002-not-a-real-secret-do-not-use',
  });
  const currency_pair = 'BTC_USDT';

  const book = await trader.spot.listOrderBook({ currency_pair, limit: 1 });
  console.log(`best bid ${book.bids[0]?.[0]}, best ask ${book.asks[0]?.[0]}`);

  // Between the best bid and the best ask: it rests in the book.
  const placed = await trader.spot.createOrder({
    currency_pair,
    side: 'buy',
    price: '65000',
    amount: '0.01',
    text: 't-paper-1',
  });
  const order_id = placed.id;
  if (order_id === undefined) throw new Error('the order was placed without an id');
  console.log(`placed ${order_id}: ${placed.status}, ${placed.left} BTC left`);

  // Another account sells at that price and takes it.
  await counterparty.spot.createOrder({ currency_pair, side: 'sell', price: '65000', amount: '0.01' });

  let order = await trader.spot.getOrder({ order_id, currency_pair });
  for (let attempt = 1; attempt < 10 && order.status === 'open'; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    order = await trader.spot.getOrder({ order_id, currency_pair });
  }
  console.log(
    `order ${order_id}: ${order.status} (${order.finish_as}), ${order.filled_amount} BTC for ${order.filled_total} USDT`,
  );

  for (const t of await trader.spot.listMyTrades({ currency_pair, order_id })) {
    console.log(`trade ${t.id}: ${t.role} ${t.side} ${t.amount} at ${t.price}, fee ${t.fee} ${t.fee_currency}`);
  }
  for (const b of await trader.spot.listSpotAccounts({ currency: 'BTC' })) {
    console.log(`${b.currency}: ${b.available} available, ${b.locked} locked`);
  }
}
