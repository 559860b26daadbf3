// A withdrawal whose answer is lost. The client never sends a withdrawal twice: when no definitive
// answer comes, it looks the withdrawal up by its withdraw_order_id (generated when you give none)
// and, when the list does not show it yet, throws UnknownOutcomeError. Ask the service until it
// tells, and never send the withdrawal again while its outcome is unknown.
import { ExchangeClient, isUnknownOutcomeError, type WithdrawResponse } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own; no base URL means the live server.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
  });
  const withdrawal = { currency: 'USDT', amount: '100', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };

  let record: WithdrawResponse;
  try {
    record = await client.withdrawals.withdraw(withdrawal);
  } catch (error) {
    if (!isUnknownOutcomeError(error)) throw error; // any other error: the withdrawal was not applied
    console.log(`outcome unknown (${error.idempotency?.field}=${error.idempotency?.value}), asking the service`);
    const giveUpAt = Date.now() + 60_000;
    for (;;) {
      const outcome = await client.resolveOutcome<WithdrawResponse>(error);
      if (outcome.status === 'applied') {
        record = outcome.data;
        break;
      }
      if (outcome.status === 'not-applied') return console.log(`not applied: ${outcome.reason}`);
      if (outcome.retryAfterMs === undefined || Date.now() + outcome.retryAfterMs > giveUpAt) {
        return console.log(`still unknown: ${outcome.reason}. Check the withdrawal history before any resend.`);
      }
      console.log(`not listed yet; asking again in ${outcome.retryAfterMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, outcome.retryAfterMs));
    }
  }
  console.log(`withdrawal ${record.id} (${record.withdraw_order_id}) is ${record.status}`);
}
