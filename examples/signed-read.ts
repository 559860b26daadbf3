// A signed read: withdrawal records of the last 7 days, with the response metadata next to the data.
import { ExchangeClient } from '../generated/src/index.js';
import { connection } from './connection.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({ ...connection() });

  const { data, response } = await client.wallet.listWithdrawals({ currency: 'BTC', limit: 20 }).withResponse();
  for (const w of data) console.log(`${w.id} ${w.amount} ${w.currency} ${w.status}`);
  console.log(`trace ${response.traceId}, ${response.rateLimit.remaining} requests left in this window`);
}
