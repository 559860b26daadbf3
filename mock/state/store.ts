/**
 * The in-memory state behind the stateful flows: transfers, withdrawals, sub-accounts and their
 * API keys, and the paper exchange. Inspect it from tests (`mock.state`); `reset()` re-seeds it
 * from the server clock.
 */
import type { PaperExchange } from '../exchange/exchange.js';
import { MOCK_MAIN_UID } from '../keys.js';
import { seedSubAccounts, seedWithdrawals } from './seed.js';

/** A transfer the mock accepted (`POST /wallet/transfers`, `/wallet/sub_account_transfers`, ...). */
export interface TransferRecord {
  /** Transfer order id; above 2^53 so clients must keep it lossless. */
  txId: bigint;
  kind: 'account' | 'sub_account' | 'sub_to_sub';
  clientOrderId: string | undefined;
  status: 'SUCCESS';
  /** The request body as sent. */
  request: Readonly<Record<string, unknown>>;
  /** Server time it was applied, epoch ms. */
  at: number;
}

/** A withdrawal record, in the spec's `WithdrawalRecord` shape. */
export interface WithdrawalEntry {
  id: string;
  txid: string;
  block_number: string;
  withdraw_order_id?: string;
  timestamp: string;
  amount: string;
  fee: string;
  currency: string;
  address: string;
  memo: string;
  type: string;
  fail_reason: string;
  timestamp2: string;
  status: string;
  chain: string;
}

/** A sub-account, in the spec's `SubAccount` shape (never holding a password). */
export interface SubAccountEntry {
  remark?: string;
  login_name: string;
  email?: string;
  state: 1 | 2;
  type: 1 | 3;
  user_id: number;
  create_time: number;
}

/** A sub-account API key pair, in the spec's `SubAccountKey` shape (secret kept apart). */
export interface SubAccountKeyEntry {
  mode: 1 | 2;
  name: string;
  perms: Array<{ name: string; read_only: boolean }>;
  ip_whitelist: string[];
  state: number;
  user_id: number;
  key: string;
  created_at: number;
  update_at: number;
  last_access: number;
}

/** First transfer id handed out: 2^53 + 1, the first integer a float64 cannot hold. */
export const FIRST_TX_ID = 9007199254740993n;

/** Number of seeded withdrawal records and the days they span. */
export const SEEDED_WITHDRAWALS = { count: 250, days: 120 } as const;

/** Everything the stateful flows remember. */
export class MockState {
  /** Accepted transfers, oldest first. */
  transfers: TransferRecord[] = [];
  /** Withdrawal records, oldest first. */
  withdrawals: WithdrawalEntry[] = [];
  /** Sub-accounts by user id. */
  subAccounts = new Map<number, SubAccountEntry>();
  /** Sub-account keys by API key. */
  subAccountKeys = new Map<string, SubAccountKeyEntry>();
  /** The main account's user id. */
  readonly mainUid = MOCK_MAIN_UID;
  /** Server-clock ms a new withdrawal stays pending before the withdrawal list shows it. */
  withdrawalListDelayMs: number;
  /** When each withdrawal created since the last reseed is first listed (server ms), by id. */
  readonly withdrawalListedFrom = new Map<string, number>();
  /** The paper exchange behind the trading endpoints (`undefined` when switched off). */
  exchange: PaperExchange | undefined;
  #nextTxId = FIRST_TX_ID;
  #nextWithdrawal = 0;
  #nextUserId = 0;
  #nextKey = 0;

  /** Seeds the state as of server time `nowMs`; `withdrawalListDelayMs` as the option says (default 0). */
  constructor(nowMs: number, withdrawalListDelayMs = 0) {
    this.withdrawalListDelayMs = withdrawalListDelayMs;
    this.reseed(nowMs);
  }

  /** Drops everything and seeds again as of `nowMs` (the paper exchange from its seed). */
  reseed(nowMs: number): void {
    this.transfers = [];
    this.withdrawals = seedWithdrawals(nowMs, SEEDED_WITHDRAWALS.count, SEEDED_WITHDRAWALS.days);
    this.subAccounts = new Map(seedSubAccounts(nowMs).map((s) => [s.user_id, s]));
    this.subAccountKeys = new Map();
    this.withdrawalListedFrom.clear();
    this.#nextTxId = FIRST_TX_ID;
    this.#nextWithdrawal = 1_000_000 + this.withdrawals.length + 1;
    this.#nextUserId = Math.max(...this.subAccounts.keys()) + 1;
    this.#nextKey = 1;
    this.exchange?.reset();
  }

  /** The next transfer id. */
  takeTxId(): bigint {
    return this.#nextTxId++;
  }

  /** The next withdrawal id (`w...`). */
  takeWithdrawalId(): string {
    return `w${this.#nextWithdrawal++}`;
  }

  /** The next sub-account user id. */
  takeUserId(): number {
    return this.#nextUserId++;
  }

  /** A sequence number for created API keys. */
  takeKeySeq(): number {
    return this.#nextKey++;
  }
}
