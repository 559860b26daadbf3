// Paper trading: place a limit order, watch it fill, then read the trades and the balances.
// `spot.*` are the one-per-operation helpers in ../support/trading.ts (flat params, as the typed
// client methods will take them).
import { ExchangeClient } from '../../../generated/src/index.js';
import { MOCK_KEY, MOCK_SECRET } from '../../../mock/index.js';
import { spot } from '../support/trading.js';

export async function main(baseUrl: string): Promise<void> {
  const trader = new ExchangeClient({ baseUrl, key: MOCK_KEY, secret: MOCK_SECRET });
  // A second paper account from mock/exchange/seed.json (desk_arb_02, in no STP group).
  const counterparty = new ExchangeClient({
    baseUrl,
    key: 'mock-key-0002-not-a-real-key',
    secret: 'mock-secret-0002-not-a-real-secret-do-not-use',
  });

  const book = await spot.listOrderBook(trader, { currency_pair: 'BTC_USDT', limit: 1 });
  console.log(`best bid ${book.bids[0]?.[0]}, best ask ${book.asks[0]?.[0]}`);

  // Between the two: it rests in the book.
  const placed = await spot.createOrder(trader, {
    currency_pair: 'BTC_USDT',
    side: 'buy',
    price: '65000',
    amount: '0.01',
    text: 't-paper-1',
  });
  console.log(`placed ${placed.id}: ${placed.status}, ${placed.left} BTC left`);

  // Someone sells at that price.
  await spot.createOrder(counterparty, { currency_pair: 'BTC_USDT', side: 'sell', price: '65000', amount: '0.01' });

  let order = placed;
  for (let attempt = 0; attempt < 10 && order.status === 'open'; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    order = await spot.getOrder(trader, { order_id: placed.id, currency_pair: 'BTC_USDT' });
  }
  console.log(
    `order ${order.id}: ${order.status} (${order.finish_as}), ${order.filled_amount} BTC for ${order.filled_total} USDT`,
  );

  for (const t of await spot.listMyTrades(trader, { currency_pair: 'BTC_USDT', order_id: order.id })) {
    console.log(`trade ${t.id}: ${t.role} ${t.side} ${t.amount} at ${t.price}, fee ${t.fee} ${t.fee_currency}`);
  }
  for (const b of await spot.listSpotAccounts(trader)) {
    console.log(`${b.currency}: ${b.available} available, ${b.locked} locked`);
  }
}
