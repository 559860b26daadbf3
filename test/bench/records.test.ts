import { describe, expect, it } from 'vitest';
import {
  transferBody,
  TRANSFER_TX_ID,
  WITHDRAWAL_COUNT,
  withdrawalRecord,
  withdrawalsBody,
} from '../../bench/records.js';

const NOW = 1_700_000_000;
const FIELDS = [
  'address',
  'amount',
  'block_number',
  'chain',
  'currency',
  'fail_reason',
  'fee',
  'id',
  'memo',
  'network_fee',
  'status',
  'timestamp',
  'timestamp2',
  'txid',
  'type',
  'withdraw_order_id',
];

describe('withdrawal records', () => {
  const list = JSON.parse(withdrawalsBody(NOW)) as Array<Record<string, string>>;

  it(`answers ${WITHDRAWAL_COUNT} records with the WithdrawalRecord fields, all strings`, () => {
    expect(list).toHaveLength(WITHDRAWAL_COUNT);
    for (const r of list) {
      expect(Object.keys(r).sort()).toEqual(FIELDS);
      expect(Object.values(r).every((v) => typeof v === 'string')).toBe(true);
    }
  });

  it('uses API values: w-prefixed ids, known statuses, decimal amounts, hash-like txids and addresses', () => {
    for (const r of list) {
      expect(r['id']).toMatch(/^w\d+$/);
      expect(['DONE', 'CANCEL', 'REQUEST', 'MANUAL', 'EXTPEND']).toContain(r['status']);
      expect(r['amount']).toMatch(/^\d+\.\d{1,8}$/);
      expect(r['txid']).toMatch(/^0x[0-9a-f]{64}$/);
      expect(r['address']).toMatch(/^0x[0-9a-f]{40}$/);
      expect(Number(r['timestamp'])).toBeLessThan(NOW);
    }
    expect(new Set(list.map((r) => r['txid'])).size).toBe(WITHDRAWAL_COUNT);
  });

  it('is deterministic for a given time', () => {
    expect(withdrawalsBody(NOW)).toBe(withdrawalsBody(NOW));
    expect(withdrawalRecord(3, NOW)).toEqual(list[3]);
  });
});

describe('transferBody', () => {
  it('answers the tx id as a JSON integer', () => {
    expect(JSON.parse(transferBody())).toEqual({ tx_id: TRANSFER_TX_ID });
  });
});
