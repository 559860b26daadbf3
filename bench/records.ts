/**
 * The answers of the benchmark server: 20 withdrawal records (the shape of the API's
 * `WithdrawalRecord`, with hash-like txids and addresses as on chain) and a transfer id.
 * Deterministic, so every client parses the same bytes.
 */
import { createHash } from 'node:crypto';

/** Number of records `GET /wallet/withdrawals` answers with. */
export const WITHDRAWAL_COUNT = 20;

/** Transfer id answered by `POST /wallet/transfers` (an int64 of a realistic length). */
export const TRANSFER_TX_ID = 59636381286;

/** Deterministic hex that looks like a hash (txids and addresses are hashes on chain). */
function hexOf(seed: string, length: number): string {
  return createHash('sha256').update(seed).digest('hex').repeat(2).slice(0, length);
}

const STATUSES = ['DONE', 'CANCEL', 'REQUEST', 'MANUAL', 'EXTPEND'] as const;
const CHAINS = ['ETH', 'TRX', 'BSC', 'SOL'] as const;

/** One withdrawal record, `i` from 0. */
export function withdrawalRecord(i: number, nowSeconds: number): Record<string, string> {
  const status = STATUSES[i % STATUSES.length] as string;
  const chain = CHAINS[i % CHAINS.length] as string;
  const time = nowSeconds - 3600 * (i + 1);
  return {
    id: `w${1_000_000 + i}`,
    txid: `0x${hexOf(`tx-${i}`, 64)}`,
    block_number: status === 'DONE' ? String(19_000_000 + i) : '0',
    withdraw_order_id: `order-${i}`,
    timestamp: String(time),
    amount: `${(i + 1) * 12}.12345678`,
    fee: '0.1',
    network_fee: '0.00021',
    currency: 'USDT',
    address: `0x${hexOf(`address-${i}`, 40)}`,
    fail_reason: status === 'CANCEL' ? 'cancelled by user' : '',
    timestamp2: status === 'DONE' || status === 'CANCEL' ? String(time + 600) : '',
    memo: '',
    status,
    chain,
    type: 'withdraw',
  };
}

/** The JSON body of the withdrawal list. */
export function withdrawalsBody(nowSeconds: number): string {
  const records = Array.from({ length: WITHDRAWAL_COUNT }, (_, i) => withdrawalRecord(i, nowSeconds));
  return JSON.stringify(records);
}

/** The JSON body of a transfer answer. */
export function transferBody(): string {
  return `{"tx_id":${TRANSFER_TX_ID}}`;
}
