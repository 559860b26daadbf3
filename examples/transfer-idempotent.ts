// A transfer to a sub-account that is applied once, even if the connection drops mid-call.
import { ExchangeClient, isUnknownOutcomeError } from '../generated/src/index.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({
    // The mock's URL and test key pair (see "The mock"), or your own; no base URL means the live server.
    baseUrl: process.env.EXCHANGE_V4_BASE_URL,
    key: process.env.EXCHANGE_V4_KEY,
    secret: process.env.EXCHANGE_V4_SECRET,
  });
  const clientOrderId = `payout-${Date.now()}`; // your own id: the server refuses a second transfer with it

  try {
    const { tx_id } = await client.wallet.transferWithSubAccount({
      sub_account: '10002',
      currency: 'USDT',
      amount: '25.5',
      direction: 'to',
      client_order_id: clientOrderId,
    });
    console.log(`transfer ${tx_id} accepted`);
  } catch (error) {
    // Lost answers were already resent with the same id (the server refuses a second transfer with
    // it) and looked up; this is what is left when even that could not tell. Ask again by the id.
    if (!isUnknownOutcomeError(error)) throw error;
    const outcome = await client.resolveOutcome(error);
    if (outcome.status === 'applied') console.log('the transfer was applied');
    else if (outcome.status === 'not-applied') console.log(`not applied (${outcome.reason})`);
    else console.log(`still unknown (${outcome.reason}): ask again in ${outcome.retryAfterMs ?? '?'} ms`);
  }

  const status = await client.wallet.getTransferOrderStatus({ client_order_id: clientOrderId });
  console.log(`status of ${clientOrderId}: ${status.status}`);
}
