// Post-only (`poc`) and fill-or-kill (`fok`) refusals arrive as typed errors carrying the API's
// label, and nothing is placed.
import { ExchangeClient, isApiError, type CreateOrderParams } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
  });
  const currency_pair = 'BTC_USDT';
  const book = await client.spot.listOrderBook({ currency_pair, limit: 1 });
  const bestAsk = book.asks[0]?.[0] ?? '0';

  const attempts: CreateOrderParams[] = [
    // Post-only at the best ask would take liquidity: refused.
    { currency_pair, side: 'buy', price: bestAsk, amount: '0.01', time_in_force: 'poc' },
    // More than the book holds at the best ask (the seed rests 0.5 BTC there), all or nothing: refused.
    { currency_pair, side: 'buy', price: bestAsk, amount: '1.5', time_in_force: 'fok' },
  ];
  for (const order of attempts) {
    try {
      await client.spot.createOrder(order);
      console.log(`${order.time_in_force}: placed`);
    } catch (error) {
      if (isApiError(error) && error.label === 'POC_FILL_IMMEDIATELY') {
        console.log(`poc refused: ${error.status} ${error.label}`);
      } else if (isApiError(error) && error.label === 'FOK_NOT_FILL') {
        console.log(`fok refused: ${error.status} ${error.label}`);
      } else {
        throw error;
      }
    }
  }
  const open = await client.spot.listOrders({ currency_pair, status: 'open' });
  console.log(`open orders on ${currency_pair}: ${open.length}`);
}
