// Every withdrawal of the last 90 days. The API allows at most 30 days per request: the client
// splits the range into windows and pages through each, without duplicates at the edges.
import { ExchangeClient } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own; no base URL means the live server.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
  });
  const to = Math.floor(Date.now() / 1000);
  const from = to - 90 * 24 * 60 * 60;

  let count = 0;
  const byStatus = new Map<string, number>();
  for await (const w of client.wallet.listWithdrawals({ from, to, limit: 100 })) {
    count += 1;
    byStatus.set(w.status ?? 'unknown', (byStatus.get(w.status ?? 'unknown') ?? 0) + 1);
  }
  console.log(`${count} withdrawals in 90 days: ${[...byStatus].map(([s, n]) => `${s} ${n}`).join(', ')}`);
}
