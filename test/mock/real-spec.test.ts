import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildIR } from '../../generator/ir/build.js';
import type { IR } from '../../generator/ir/types.js';
import { loadSpec } from '../../generator/load.js';
import { SEEDED_WITHDRAWALS, startMock } from '../../mock/index.js';
import type { MockServer } from '../../mock/index.js';
import { send } from './support/sign.js';
import type { TestRequest } from './support/sign.js';

// The mock on the project's own spec (bundled and turned into the IR by the generator): every
// stateful answer and seeded record is checked against the real response schemas by the mock
// itself (a mismatch would be a 500 MOCK_RESPONSE_INVALID).
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let mock: MockServer;
let ir: IR;
const call = (req: TestRequest) => send(mock.url, { nowMs: mock.clock.now(), ...req });

beforeAll(async () => {
  const loaded = await loadSpec({ entry: `${ROOT}spec/openapi.yaml`, root: ROOT });
  ir = buildIR(loaded.document, { pathFiles: loaded.pathFiles, rootFile: 'spec/openapi.yaml' });
  mock = await startMock({ spec: loaded.document, ir, now: () => Date.UTC(2026, 0, 15, 12) });
}, 60_000);
afterAll(() => mock.close());
beforeEach(() => mock.reset());

describe('mock on the real spec', () => {
  it('serves transfers and their status with schema-valid answers', async () => {
    const tr = await call({
      method: 'POST',
      path: '/wallet/transfers',
      body: JSON.stringify({
        currency: 'USDT',
        from: 'spot',
        to: 'margin',
        amount: '5',
        currency_pair: 'BTC_USDT',
        client_order_id: 'real-1',
      }),
    });
    expect(tr.text).toBe('{"tx_id":9007199254740993}');
    const sub = await call({
      method: 'POST',
      path: '/wallet/sub_account_transfers',
      body: JSON.stringify({
        sub_account: '10001',
        currency: 'USDT',
        amount: '1',
        direction: 'to',
        client_order_id: 'real-2',
      }),
    });
    expect(sub.status).toBe(200);
    expect((await call({ method: 'GET', path: '/wallet/order_status', query: 'client_order_id=real-2' })).json).toEqual(
      { tx_id: '9007199254740994', status: 'SUCCESS' },
    );
    const list = await call({ method: 'GET', path: '/wallet/sub_account_transfers' });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
  });

  it('pages through every seeded withdrawal, creates and cancels one', async () => {
    const nowSec = Math.floor(mock.clock.now() / 1000);
    let total = 0;
    for (let to = nowSec; to > nowSec - SEEDED_WITHDRAWALS.days * 86_400; to -= 30 * 86_400 + 1) {
      const res = await call({
        method: 'GET',
        path: '/wallet/withdrawals',
        query: `from=${to - 30 * 86_400}&to=${to}&limit=1000`,
      });
      expect(res.status).toBe(200);
      total += res.json.length;
    }
    expect(total).toBe(SEEDED_WITHDRAWALS.count);
    const created = await call({
      method: 'POST',
      path: '/withdrawals',
      body: JSON.stringify({
        currency: 'USDT',
        amount: '10',
        chain: 'TRX',
        address: 'TYDzsYUEpvnYmQk4zGP9sWWcTEd2MiAtW6',
        withdraw_order_id: 'real-w-1',
      }),
    });
    expect(created.status).toBe(200);
    const cancelled = await call({ method: 'DELETE', path: `/withdrawals/${String(created.json.id)}` });
    expect(cancelled.status).toBe(202);
    expect(cancelled.json.status).toBe('CANCELPEND');
  });

  it('runs the sub-account and key flows', async () => {
    const created = await call({
      method: 'POST',
      path: '/sub_accounts',
      body: JSON.stringify({ login_name: 'real_desk', email: 'real@example.com' }),
    });
    expect(created.status).toBe(201);
    const id = created.json.user_id as number;
    expect((await call({ method: 'POST', path: `/sub_accounts/${id}/lock` })).status).toBe(204);
    expect((await call({ method: 'GET', path: `/sub_accounts/${id}` })).json.state).toBe(2);
    expect((await call({ method: 'GET', path: '/sub_accounts', query: 'type=0' })).status).toBe(200);
    const pair = await call({
      method: 'POST',
      path: `/sub_accounts/${id}/keys`,
      body: JSON.stringify({ name: 'k', perms: [{ name: 'wallet', read_only: true }] }),
    });
    expect(pair.status).toBe(200);
    expect(pair.json.secret).toMatch(/^mock-subsecret-/);
    const key = String(pair.json.key);
    expect((await call({ method: 'GET', path: `/sub_accounts/${id}/keys` })).status).toBe(200);
    expect((await call({ method: 'GET', path: `/sub_accounts/${id}/keys/${key}` })).status).toBe(200);
    expect(
      (
        await call({
          method: 'PUT',
          path: `/sub_accounts/${id}/keys/${key}`,
          body: JSON.stringify({ name: 'k2' }),
        })
      ).status,
    ).toBe(204);
    expect((await call({ method: 'DELETE', path: `/sub_accounts/${id}/keys/${key}` })).status).toBe(204);
  });

  it('answers /spot/time from the server clock', async () => {
    const res = await call({ method: 'GET', path: '/spot/time', signed: false });
    expect(res.json).toEqual({ server_time: mock.clock.now() });
  });

  it('answers every shaped read without required inputs with a schema-valid 2xx', async () => {
    const reads = ir.operations.filter(
      (op) =>
        op.shape === 'shaped' &&
        op.method === 'GET' &&
        !op.path.includes('{') &&
        !op.parameters.some((p) => p.required) &&
        (op.requireAnyOf ?? []).length === 0,
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const op of reads) {
      const res = await call({ method: op.method, path: op.path, signed: op.auth === 'private' });
      // Status envelopes (welfare, Square, coupons, TradFi, asset swap) carry an empty `label` on
      // success: only a set one is an error.
      const label: unknown = res.json?.label;
      expect({ op: op.id, status: res.status, label: label === '' ? undefined : label }).toEqual({
        op: op.id,
        status: op.successStatus,
        label: undefined,
      });
    }
  });
});
