/**
 * Deterministic seed data, relative to the server clock: a withdrawal history long enough to page
 * through and to cross several 30-day windows, and a few sub-accounts. Every record has the
 * shape of the spec's response schemas.
 */
import type { SubAccountEntry, WithdrawalEntry } from './store.js';

const CURRENCIES = [
  { currency: 'BTC', chain: 'BTC', address: '1HkxtBAMrA3tP5ENnYY2CZortjZvFDH5Cs', fee: '0.0005' },
  { currency: 'USDT', chain: 'TRX', address: 'TYDzsYUEpvnYmQk4zGP9sWWcTEd2MiAtW6', fee: '1' },
  { currency: 'ETH', chain: 'ETH', address: '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2', fee: '0.002' },
  { currency: 'GT', chain: 'GT', address: '0x0d0707963952f2fba59dd06f2b425ace40b492fe', fee: '0.01' },
] as const;

/**
 * `count` withdrawals spread evenly over the `days` before `nowMs`, oldest first, ids
 * `w1000001`... Most are `DONE`; every 10th is `CANCEL`; every 3rd carries a `withdraw_order_id`
 * (`seed-<n>`).
 */
export function seedWithdrawals(nowMs: number, count: number, days: number): WithdrawalEntry[] {
  const nowSec = Math.floor(nowMs / 1000);
  const spacing = Math.floor((days * 86_400 - 600) / Math.max(1, count));
  const records: WithdrawalEntry[] = [];
  for (let n = 1; n <= count; n++) {
    const age = count - n; // the last record is the newest
    const at = nowSec - 600 - age * spacing;
    const c = CURRENCIES[n % CURRENCIES.length] ?? CURRENCIES[0];
    const cancelled = n % 10 === 0;
    records.push({
      id: `w${1_000_000 + n}`,
      txid: cancelled ? '' : hexId(n, 64),
      block_number: cancelled ? '0' : String(40_000_000 + n * 97),
      ...(n % 3 === 0 ? { withdraw_order_id: `seed-${n}` } : {}),
      timestamp: String(at),
      amount: `${(n % 17) + 1}.${String((n * 37) % 100).padStart(2, '0')}`,
      fee: c.fee,
      currency: c.currency,
      address: c.address,
      memo: '',
      type: 'appbankgp',
      fail_reason: cancelled ? 'cancelled by user' : '',
      timestamp2: String(at + 180),
      status: cancelled ? 'CANCEL' : 'DONE',
      chain: c.chain,
    });
  }
  return records;
}

/** Three sub-accounts: two normal (10001, 10002), one cross-margin (10003), all unlocked. */
export function seedSubAccounts(nowMs: number): SubAccountEntry[] {
  const created = Math.floor(nowMs / 1000) - 200 * 86_400;
  return [
    {
      remark: 'market making desk',
      login_name: 'desk_mm_01',
      email: 'desk-mm-01@example.com',
      state: 1,
      type: 1,
      user_id: 10001,
      create_time: created,
    },
    {
      remark: 'arbitrage desk',
      login_name: 'desk_arb_02',
      email: 'desk-arb-02@example.com',
      state: 1,
      type: 1,
      user_id: 10002,
      create_time: created + 86_400,
    },
    {
      remark: 'cross margin desk',
      login_name: 'desk_cm_03',
      state: 1,
      type: 3,
      user_id: 10003,
      create_time: created + 2 * 86_400,
    },
  ];
}

/** A deterministic lowercase hex string of `length` characters derived from `n`. */
function hexId(n: number, length: number): string {
  let out = '';
  let x = Math.imul(n, 2654435761) >>> 0;
  while (out.length < length) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += x.toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}
