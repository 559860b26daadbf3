// A signed read: withdrawal records of the last 7 days, with the response metadata next to the data.
import { ExchangeClient } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own; no base URL means the live server.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
  });

  const { data, response } = await client.wallet.listWithdrawals({ currency: 'BTC', limit: 20 }).withResponse();
  for (const w of data) console.log(`${w.id} ${w.amount} ${w.currency} ${w.status}`);
  console.log(`trace ${response.traceId}, ${response.rateLimit.remaining} requests left in this window`);
}
