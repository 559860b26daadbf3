/**
 * A bot that withdraws with an outcome journal, for the crash test (outcome-journal.test.ts),
 * which kills it with SIGKILL while the mock holds the answer. Usage:
 * `node --import tsx journal-writer.ts <mock url> file|redis <path or redis url> <withdraw_order_id> [redis key]`.
 */
import { Redis } from 'ioredis';
import { redisJournal } from '../../../generated/src/redis/index.js';
import type { ClientOptions } from '../../../generated/src/index.js';
import { mockClient } from '../../support/mock-client.js';

const [url, store, where, id, key] = process.argv.slice(2);
if (url === undefined || where === undefined || id === undefined)
  throw new Error('usage: <url> file|redis <where> <id>');
const outcomeJournal: ClientOptions['outcomeJournal'] =
  store === 'redis' ? redisJournal(new Redis(where), { key }) : { path: where };
const client = mockClient(url, { outcomeJournal, maxRetries: 0, timeout: 60_000 });
await client.withdrawals.withdraw({
  currency: 'USDT',
  amount: '7',
  chain: 'TRX',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  withdraw_order_id: id,
});
process.exit(0);
