// poc (post-only) and fok (fill or kill) refusals arrive as typed errors with the API's label,
// and nothing is placed.
import { ExchangeClient, isApiError } from '../../../generated/src/index.js';
import { MOCK_KEY, MOCK_SECRET } from '../../../mock/index.js';
import { spot } from '../support/trading.js';

export async function main(baseUrl: string): Promise<void> {
  const client = new ExchangeClient({ baseUrl, key: MOCK_KEY, secret: MOCK_SECRET });
  const book = await spot.listOrderBook(client, { currency_pair: 'BTC_USDT', limit: 1 });
  const bestAsk = book.asks[0]?.[0] ?? '0';

  const attempts = [
    // Post-only at the best ask would take liquidity: refused.
    { currency_pair: 'BTC_USDT', side: 'buy', price: bestAsk, amount: '0.01', time_in_force: 'poc' },
    // More than the best ask holds, all or nothing: refused.
    { currency_pair: 'BTC_USDT', side: 'buy', price: bestAsk, amount: '1.5', time_in_force: 'fok' },
  ];
  for (const order of attempts) {
    try {
      await spot.createOrder(client, order);
      console.log(`${order.time_in_force}: placed`);
    } catch (error) {
      if (!isApiError(error)) throw error;
      console.log(`${order.time_in_force}: ${error.name} ${error.status} ${error.label}: ${error.detail}`);
    }
  }
  const open = await spot.listOrders(client, { currency_pair: 'BTC_USDT', status: 'open' });
  console.log(`open orders: ${open.length}`);
}
