// A transfer to a sub-account that is applied once, even if the connection drops mid-call.
import { ExchangeClient, isUnknownOutcomeError } from '../generated/src/index.js';
import { connection } from './connection.js';

export async function main(): Promise<void> {
  const client = new ExchangeClient({ ...connection() });
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
    // Sent, but no answer: never send it again blindly. Look it up by its id instead.
    if (!isUnknownOutcomeError(error)) throw error;
    const outcome = await client.resolveOutcome(error);
    console.log(outcome.applied ? 'the transfer was applied' : 'the transfer was not applied; safe to send again');
  }

  const status = await client.wallet.getTransferOrderStatus({ client_order_id: clientOrderId });
  console.log(`status of ${clientOrderId}: ${status.status}`);
}
