import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_KEY, MOCK_SECRET } from '../../mock/index.js';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';
import type { TestResponse } from './support/sign.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());

describe('secrets', () => {
  it('never stores credentials in the request log nor sends the secret in any response', async () => {
    const responses: TestResponse[] = [];
    const record = async (req: Parameters<TestMock['call']>[0]): Promise<void> => {
      responses.push(await t.call(req));
    };
    t.mock.faults.add({ operationId: 'getFee', kind: 'status', status: 500 });
    await record({ method: 'GET', path: '/wallet/withdrawals', query: 'limit=2' });
    await record({ method: 'GET', path: '/wallet/withdrawals', secret: 'wrong-secret' });
    await record({ method: 'GET', path: '/wallet/withdrawals', timestamp: '1' });
    await record({
      method: 'POST',
      path: '/wallet/transfers',
      body: json({ currency: 'USDT', from: 'spot', to: 'margin', amount: '-1' }),
    });
    await record({
      method: 'POST',
      path: '/sub_accounts',
      body: json({ login_name: 'desk_s', password: 'p@ss-Secret-42' }),
    });
    await record({ method: 'GET', path: '/spot/fee' });
    await record({ method: 'GET', path: '/nope' });
    const created = await t.call({ method: 'POST', path: '/sub_accounts/10001/keys', body: json({ name: 'k' }) });
    const subSecret = created.json.secret as string;
    await record({ method: 'GET', path: '/sub_accounts/10001/keys' });
    await record({ method: 'GET', path: '/wallet/withdrawals', key: String(created.json.key), secret: subSecret });

    for (const r of t.mock.requests)
      expect(Object.keys(r).sort()).toEqual([
        'at',
        'body',
        'bodySha512',
        'clientRequestId',
        'fault',
        'label',
        'method',
        'operationId',
        'path',
        'query',
        'seq',
        'status',
        'verified',
      ]);
    const log = JSON.stringify(t.mock.requests);
    for (const secret of [MOCK_SECRET, MOCK_KEY, subSecret, created.json.key, 'p@ss-Secret-42'])
      expect(log).not.toContain(secret);
    expect(t.mock.requests.find((r) => r.operationId === 'createSubAccounts')?.body).toBe(
      '{"login_name":"desk_s","password":"[redacted]"}',
    );
    for (const res of responses) {
      const everything = res.text + JSON.stringify([...res.headers]);
      expect(everything).not.toContain(MOCK_SECRET);
      expect(everything).not.toContain(subSecret);
      expect(everything).not.toContain('p@ss-Secret-42');
    }
    expect(responses.map((r) => r.status)).toEqual([200, 401, 401, 400, 201, 500, 404, 200, 200]);
  });
});
