import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

let t: TestMock;
beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.mock.close());
beforeEach(() => t.mock.reset());

const get = (path: string, query = '') => t.call({ method: 'GET', path, query });

describe('sub-accounts', () => {
  it('creates a sub-account (201, password never echoed) that list and get then show', async () => {
    const created = await t.call({
      method: 'POST',
      path: '/sub_accounts',
      body: json({ login_name: 'desk_new_04', password: 'pw-123456', remark: 'new desk' }),
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ login_name: 'desk_new_04', remark: 'new desk', state: 1, type: 1 });
    expect(created.text).not.toContain('pw-123456');
    const id = created.json.user_id as number;
    expect((await get(`/sub_accounts/${id}`)).json.login_name).toBe('desk_new_04');
    expect((await get('/sub_accounts')).json.map((s) => s['user_id'])).toContain(id);
  });

  it('refuses a login name that exists', async () => {
    const res = await t.call({ method: 'POST', path: '/sub_accounts', body: json({ login_name: 'desk_mm_01' }) });
    expect(res.status).toBe(400);
    expect(res.json.label).toBe('INVALID_PARAM_VALUE');
    expect(res.json.message).toContain('login_name');
  });

  it('lists normal sub-accounts by default and every type with type=0', async () => {
    const normal = await get('/sub_accounts');
    expect(normal.json.map((s) => s['type'])).toEqual([1, 1]);
    const all = await get('/sub_accounts', 'type=0');
    expect(all.json.map((s) => s['user_id'])).toEqual([10001, 10002, 10003]);
  });

  it('locks (state 2) and unlocks (state 1) with 204, as GET shows', async () => {
    const lock = await t.call({ method: 'POST', path: '/sub_accounts/10002/lock' });
    expect(lock.status).toBe(204);
    expect(lock.text).toBe('');
    expect((await get('/sub_accounts/10002')).json.state).toBe(2);
    expect((await t.call({ method: 'POST', path: '/sub_accounts/10002/unlock' })).status).toBe(204);
    expect((await get('/sub_accounts/10002')).json.state).toBe(1);
  });

  it('answers 404 SUB_ACCOUNT_NOT_FOUND for an unknown sub-account', async () => {
    for (const res of [
      await get('/sub_accounts/99999'),
      await t.call({ method: 'POST', path: '/sub_accounts/99999/lock' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.label).toBe('SUB_ACCOUNT_NOT_FOUND');
    }
  });
});

describe('sub-account keys', () => {
  const create = () =>
    t.call({
      method: 'POST',
      path: '/sub_accounts/10001/keys',
      body: json({
        mode: 2,
        name: 'trading',
        perms: [{ name: 'spot', read_only: false }],
        ip_whitelist: ['203.0.113.10'],
      }),
    });

  it('returns the secret on create only', async () => {
    const created = await create();
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      mode: 2,
      name: 'trading',
      user_id: 10001,
      state: 1,
      ip_whitelist: ['203.0.113.10'],
    });
    expect(created.json.secret).toMatch(/^mock-subsecret-/);
    const key = created.json.key as string;
    const listed = await get('/sub_accounts/10001/keys');
    expect(listed.json).toHaveLength(1);
    expect(listed.json[0]).not.toHaveProperty('secret');
    const one = await get(`/sub_accounts/10001/keys/${key}`);
    expect(one.json.key).toBe(key);
    expect(one.json).not.toHaveProperty('secret');
    expect(listed.text + one.text).not.toContain(created.json.secret);
  });

  it('updates with 204: name changes, omitted perms and ip_whitelist are cleared, mode stays', async () => {
    const key = (await create()).json.key as string;
    t.mock.clock.advance(5_000);
    const update = await t.call({
      method: 'PUT',
      path: `/sub_accounts/10001/keys/${key}`,
      body: json({ name: 'renamed', mode: 1 }),
    });
    expect(update.status).toBe(204);
    const after = (await get(`/sub_accounts/10001/keys/${key}`)).json;
    expect(after).toMatchObject({ name: 'renamed', mode: 2, perms: [], ip_whitelist: [] });
    expect(after.update_at).toBe(Number(after.created_at) + 5);
  });

  it('deletes with 204; the key is then unknown', async () => {
    const key = (await create()).json.key as string;
    expect((await t.call({ method: 'DELETE', path: `/sub_accounts/10001/keys/${key}` })).status).toBe(204);
    const gone = await get(`/sub_accounts/10001/keys/${key}`);
    expect(gone.status).toBe(404);
    expect(gone.json.label).toBe('NOT_FOUND');
    expect((await get(`/sub_accounts/10002/keys/${key}`)).status).toBe(404);
  });

  it('lets a created key sign requests until it is deleted', async () => {
    const created = (await create()).json as unknown as { key: string; secret: string };
    const asSub = () =>
      t.call({ method: 'GET', path: '/wallet/withdrawals', key: created.key, secret: created.secret });
    expect((await asSub()).status).toBe(200);
    await t.call({ method: 'DELETE', path: `/sub_accounts/10001/keys/${created.key}` });
    const after = await asSub();
    expect(after.status).toBe(401);
    expect(after.json.label).toBe('INVALID_KEY');
  });
});
