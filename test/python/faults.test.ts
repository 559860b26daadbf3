/**
 * The Python client's retry and outcome policy on a real wire: the mock's faults (a connection
 * dropped after the write was applied, dropped before anything was done, a 503) against the
 * generated client, checked in the mock's log and state; for both clients, blocking and asyncio.
 */
import { describe, expect, it } from 'vitest';
import { pythonAgainstMock } from './support/against-mock.js';
import { PYTHON_CLIENTS } from './support/runner.js';

const WITHDRAW = { currency: 'USDT', amount: '100', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
/** A transfer to a sub-account: the write the service deduplicates by its client_order_id. */
const SUB_TRANSFER = { sub_account: '10002', currency: 'USDT', amount: '2', direction: 'to' };

describe.each(PYTHON_CLIENTS)('Python client (%s) against mock faults', (kind) => {
  const env = pythonAgainstMock(kind);
  const calls = (): string[] => env.mock.requests.map((r) => `${r.method} ${r.operationId ?? ''} ${r.status}`);

  it('a withdrawal applied but unanswered is found by its generated withdraw_order_id, never sent twice', async () => {
    env.mock.faults.add({ operationId: 'withdraw', kind: 'reset-after' });
    const answer = await env.python.call({ op: 'withdraw', params: WITHDRAW, client: { max_retries: 2 } });
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    expect(calls().map((c) => c.replace(/ \d+$/, ''))).toEqual(['POST withdraw', 'GET listWithdrawals']);
    const id = /"withdraw_order_id":"([0-9A-Za-z_.-]{1,32})"/.exec(env.mock.requests[0]?.body ?? '')?.[1];
    expect((answer.result as Record<string, unknown>).withdraw_order_id).toBe(id);
  });

  it('a withdrawal that never arrived is reported unknown with its id, and resolves as not found yet', async () => {
    env.mock.faults.add({ operationId: 'withdraw', kind: 'reset-before' });
    const answer = await env.python.call({
      op: 'withdraw',
      params: WITHDRAW,
      client: { max_retries: 2 },
      resolve: true,
    });
    expect(answer.error?.type).toBe('UnknownOutcomeError');
    expect((answer.error?.idempotency as Record<string, unknown>).field).toBe('withdraw_order_id');
    expect(answer.resolution?.status).toBe('unknown');
    expect(calls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('a sub-account transfer (deduplicated by client_order_id) is sent again with the same id and applied once', async () => {
    env.mock.faults.add({ operationId: 'transferWithSubAccount', kind: 'reset-before' });
    const answer = await env.python.call({
      op: 'transferWithSubAccount',
      params: SUB_TRANSFER,
      client: { max_retries: 2 },
    });
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    const posts = env.mock.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((r) => /"client_order_id":"([^"]+)"/.exec(r.body)?.[1])).size).toBe(1);
    expect(env.mock.state.transfers).toHaveLength(1);
  });

  it('a read answered 503 is sent again', async () => {
    env.mock.faults.add({ operationId: 'listWithdrawals', kind: 'status', status: 503 });
    const answer = await env.python.call({ op: 'listWithdrawals', params: { limit: 1 }, client: { max_retries: 1 } });
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    expect(calls()).toEqual(['GET listWithdrawals 503', 'GET listWithdrawals 200']);
  });
});
