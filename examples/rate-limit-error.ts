// Handling rate limits. By default the client waits for room in the endpoint's bucket; with
// `rateLimit: 'reject'` it throws a RateLimitError instead, before anything is sent.
import { ExchangeClient, isRateLimitError } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own; no base URL means the live server.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
    rateLimit: 'reject',
  });

  // POST /withdrawals allows 1 request per 3 s: the second call is refused locally.
  const withdraw = { currency: 'USDT', amount: '100', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
  await client.withdrawals.withdraw(withdraw);
  try {
    await client.withdrawals.withdraw(withdraw);
  } catch (error) {
    if (!isRateLimitError(error)) throw error;
    const waitMs = (error.resetAt ?? Date.now()) - Date.now();
    console.log(
      `${error.label}: ${error.status === 429 ? 'the server' : 'the client'} says retry in ${Math.ceil(waitMs / 1000)} s`,
    );
  }
}
