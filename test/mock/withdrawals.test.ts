import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEEDED_WITHDRAWALS } from '../../mock/index.js';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const DAY = 86_400;
interface Row {
  id: string;
  status: string;
  timestamp: string;
  withdraw_order_id?: string;
  currency: string;
}
const list = async (query: string): Promise<{ rows: Row[]; total: string | null }> => {
  const res = await t.call({ method: 'GET', path: '/wallet/withdrawals', query });
  expect(res.status).toBe(200);
  return { rows: res.json as unknown as Row[], total: res.headers.get('x-pagination-total') };
};
const withdraw = (fields: Record<string, unknown> = {}) =>
  t.call({
    method: 'POST',
    path: '/withdrawals',
    body: json({
      currency: 'USDT',
      amount: '25',
      chain: 'TRX',
      address: 'TYDzsYUEpvnYmQk4zGP9sWWcTEd2MiAtW6',
      ...fields,
    }),
  });

describe('withdrawals', () => {
  it('creates a REQUEST record keeping withdraw_order_id, found by the list filters', async () => {
    const res = await withdraw({ withdraw_order_id: 'wd-0001', memo: 'm' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'REQUEST',
      withdraw_order_id: 'wd-0001',
      currency: 'USDT',
      amount: '25',
      chain: 'TRX',
      memo: 'm',
    });
    const id = String(res.json.id);
    expect(id).toMatch(/^w\d+$/);
    const byOrder = await list('withdraw_order_id=wd-0001');
    expect(byOrder.rows.map((r) => r.id)).toEqual([id]);
    const byId = await list(`withdraw_id=${id}`);
    expect(byId.rows).toHaveLength(1);
    const newest = await list('currency=USDT&limit=1');
    expect(newest.rows[0]?.id).toBe(id);
  });

  it('cancels with 202 CANCELPEND, without fee/type/fail_reason/timestamp2, and refuses a second cancel', async () => {
    const id = String((await withdraw()).json.id);
    t.mock.clock.advance(3_000);
    const cancel = await t.call({ method: 'DELETE', path: `/withdrawals/${id}` });
    expect(cancel.status).toBe(202);
    expect(cancel.json.status).toBe('CANCELPEND');
    for (const gone of ['fee', 'type', 'fail_reason', 'timestamp2']) expect(cancel.json).not.toHaveProperty(gone);
    expect((await list(`withdraw_id=${id}`)).rows[0]?.status).toBe('CANCELPEND');
    const again = await t.call({ method: 'DELETE', path: `/withdrawals/${id}` });
    expect(again.status).toBe(400);
    expect(again.json.label).toBe('INVALID_WITHDRAW_CANCEL_STATUS');
  });

  it('answers 400 INVALID_WITHDRAW_ID for an unknown withdrawal, and refuses to cancel a finished one', async () => {
    const unknown = await t.call({ method: 'DELETE', path: '/withdrawals/w42' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.label).toBe('INVALID_WITHDRAW_ID');
    const done = t.mock.state.withdrawals.find((w) => w.status === 'DONE');
    const res = await t.call({ method: 'DELETE', path: `/withdrawals/${done?.id}` });
    expect(res.json.label).toBe('INVALID_WITHDRAW_CANCEL_STATUS');
  });

  it('lists the last 7 days by default, newest first', async () => {
    const nowSec = Math.floor(t.mock.clock.now() / 1000);
    const { rows, total } = await list('');
    expect(rows.length).toBeGreaterThan(0);
    expect(Number(total)).toBe(rows.length);
    for (const r of rows) expect(Number(r.timestamp)).toBeGreaterThanOrEqual(nowSec - 7 * DAY);
    const times = rows.map((r) => Number(r.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it(`seeds ${SEEDED_WITHDRAWALS.count} records over ${SEEDED_WITHDRAWALS.days} days: paging 30-day windows finds each exactly once`, async () => {
    const nowSec = Math.floor(t.mock.clock.now() / 1000);
    const seen: string[] = [];
    let windows = 0;
    for (let to = nowSec; to > nowSec - SEEDED_WITHDRAWALS.days * DAY; to -= 30 * DAY + 1) {
      windows++;
      const from = to - 30 * DAY;
      let offset = 0;
      let windowTotal: string | null;
      let pages = 0;
      for (;;) {
        const page = await list(`from=${from}&to=${to}&limit=20&offset=${offset}`);
        windowTotal = page.total;
        seen.push(...page.rows.map((r) => r.id));
        pages++;
        if (page.rows.length < 20 || pages > 50) break;
        offset += 20;
      }
      expect(pages).toBeGreaterThan(1);
      expect(Number(windowTotal)).toBeGreaterThan(20);
    }
    expect(windows).toBe(4);
    expect(seen).toHaveLength(SEEDED_WITHDRAWALS.count);
    expect(new Set(seen).size).toBe(SEEDED_WITHDRAWALS.count);
  });

  it('keeps seeded records finite and well-formed (cancelled ones with a reason)', () => {
    const all = t.mock.state.withdrawals;
    expect(all).toHaveLength(SEEDED_WITHDRAWALS.count);
    const cancelled = all.filter((w) => w.status === 'CANCEL');
    expect(cancelled.length).toBe(25);
    for (const w of cancelled) expect(w.fail_reason).not.toBe('');
    expect(all.filter((w) => w.withdraw_order_id !== undefined).length).toBe(83);
  });

  it('reset() drops created records and re-seeds', async () => {
    await withdraw();
    expect(t.mock.state.withdrawals).toHaveLength(SEEDED_WITHDRAWALS.count + 1);
    t.mock.reset();
    expect(t.mock.state.withdrawals).toHaveLength(SEEDED_WITHDRAWALS.count);
  });
});
