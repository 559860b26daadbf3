/**
 * Sub-accounts and their API keys: create/list/get sub-accounts, lock/unlock (state 2/1, seen by
 * `GET /sub_accounts/{user_id}`), and key create/list/get/update (204)/delete (204). The key's
 * `secret` is returned only by create; created keys can sign requests to the mock until deleted.
 * Unknown sub-account: 404 SUB_ACCOUNT_NOT_FOUND; unknown key: 404 NOT_FOUND (for the two GETs of
 * one sub-account or key, a matching fixture answers first).
 */
import { randomBytes } from 'node:crypto';
import { MockHttpError, invalidParam } from '../errors.js';
import type { Handler, HandlerContext, HandlerTable } from './handler.js';
import { bodyObject, queryText, textField } from './handler.js';
import type { SubAccountEntry, SubAccountKeyEntry } from './store.js';

function notFound(userId: string | undefined): MockHttpError {
  return new MockHttpError(404, 'SUB_ACCOUNT_NOT_FOUND', `Sub-account ${userId ?? ''} not found`);
}

function subAccountOf(ctx: HandlerContext): SubAccountEntry {
  const found = ctx.state.subAccounts.get(Number(ctx.pathValues[0]));
  if (found === undefined) throw notFound(ctx.pathValues[0]);
  return found;
}

function findKey(ctx: HandlerContext): SubAccountKeyEntry | undefined {
  const found = ctx.state.subAccountKeys.get(ctx.pathValues[1] ?? '');
  return found !== undefined && found.user_id === Number(ctx.pathValues[0]) ? found : undefined;
}

function keyOf(ctx: HandlerContext, account: SubAccountEntry): SubAccountKeyEntry {
  const found = findKey(ctx);
  if (found === undefined || found.user_id !== account.user_id) throw keyNotFound();
  return found;
}

function keyNotFound(): MockHttpError {
  return new MockHttpError(404, 'NOT_FOUND', 'Sub-account key not found');
}

function perms(body: Record<string, unknown>): SubAccountKeyEntry['perms'] {
  const list = Array.isArray(body['perms']) ? (body['perms'] as unknown[]) : [];
  return list.map((p) => ({ name: textField(p, 'name') ?? '', read_only: bodyObject(p)['read_only'] === true }));
}

function ipWhitelist(body: Record<string, unknown>): string[] {
  return Array.isArray(body['ip_whitelist'])
    ? body['ip_whitelist'].filter((x): x is string => typeof x === 'string')
    : [];
}

const createAccount: Handler = (ctx) => {
  const login = textField(ctx.body, 'login_name') ?? '';
  if ([...ctx.state.subAccounts.values()].some((s) => s.login_name === login)) {
    throw invalidParam('login_name', login, 'a sub-account with this login name exists');
  }
  const remark = textField(ctx.body, 'remark');
  const email = textField(ctx.body, 'email');
  const entry: SubAccountEntry = {
    ...(remark === undefined ? {} : { remark }),
    login_name: login,
    ...(email === undefined ? {} : { email }),
    state: 1,
    type: 1,
    user_id: ctx.state.takeUserId(),
    create_time: Math.floor(ctx.nowMs / 1000),
  };
  ctx.state.subAccounts.set(entry.user_id, entry);
  return { status: ctx.op.successStatus, body: { ...entry } };
};

const listAccounts: Handler = (ctx) => {
  const all = queryText(ctx.query, 'type') === '0';
  const rows = [...ctx.state.subAccounts.values()].filter((s) => all || s.type === 1);
  return { status: ctx.op.successStatus, body: rows.map((s) => ({ ...s })) };
};

const getAccount: Handler = (ctx) => {
  const found = ctx.state.subAccounts.get(Number(ctx.pathValues[0]));
  if (found === undefined) return { miss: notFound(ctx.pathValues[0]) };
  return { status: ctx.op.successStatus, body: { ...found } };
};

function setState(state: 1 | 2): Handler {
  return (ctx) => {
    subAccountOf(ctx).state = state;
    return { status: ctx.op.successStatus };
  };
}

const createKey: Handler = (ctx) => {
  const account = subAccountOf(ctx);
  const body = bodyObject(ctx.body);
  const nowSec = Math.floor(ctx.nowMs / 1000);
  const key = `mock-subkey-${account.user_id}-${ctx.state.takeKeySeq()}`;
  const secret = `mock-subsecret-${randomBytes(16).toString('hex')}`;
  const entry: SubAccountKeyEntry = {
    mode: body['mode'] === 2 ? 2 : 1,
    name: textField(body, 'name') ?? '',
    perms: perms(body),
    ip_whitelist: ipWhitelist(body),
    state: 1,
    user_id: account.user_id,
    key,
    created_at: nowSec,
    update_at: nowSec,
    last_access: nowSec,
  };
  ctx.state.subAccountKeys.set(key, entry);
  ctx.keys.addCreated(key, secret, account.user_id);
  return { status: ctx.op.successStatus, body: { ...entry, perms: entry.perms.map((p) => ({ ...p })), secret } };
};

const listKeys: Handler = (ctx) => {
  const account = subAccountOf(ctx);
  const rows = [...ctx.state.subAccountKeys.values()].filter((k) => k.user_id === account.user_id);
  return { status: ctx.op.successStatus, body: rows.map((k) => structuredClone(k)) };
};

const getKey: Handler = (ctx) => {
  if (!ctx.state.subAccounts.has(Number(ctx.pathValues[0]))) return { miss: notFound(ctx.pathValues[0]) };
  const found = findKey(ctx);
  if (found === undefined) return { miss: keyNotFound() };
  return { status: ctx.op.successStatus, body: structuredClone(found) };
};

const updateKey: Handler = (ctx) => {
  const entry = keyOf(ctx, subAccountOf(ctx));
  const body = bodyObject(ctx.body);
  // `mode` cannot change; omitting `perms` or `ip_whitelist` clears them.
  const name = textField(body, 'name');
  if (name !== undefined) entry.name = name;
  entry.perms = perms(body);
  entry.ip_whitelist = ipWhitelist(body);
  entry.update_at = Math.floor(ctx.nowMs / 1000);
  return { status: ctx.op.successStatus };
};

const deleteKey: Handler = (ctx) => {
  const entry = keyOf(ctx, subAccountOf(ctx));
  ctx.state.subAccountKeys.delete(entry.key);
  ctx.keys.removeCreated(entry.key);
  return { status: ctx.op.successStatus };
};

/** The sub-account handlers. */
export const subAccountHandlers: HandlerTable = {
  'POST /sub_accounts': createAccount,
  'GET /sub_accounts': listAccounts,
  'GET /sub_accounts/{}': getAccount,
  'POST /sub_accounts/{}/lock': setState(2),
  'POST /sub_accounts/{}/unlock': setState(1),
  'POST /sub_accounts/{}/keys': createKey,
  'GET /sub_accounts/{}/keys': listKeys,
  'GET /sub_accounts/{}/keys/{}': getKey,
  'PUT /sub_accounts/{}/keys/{}': updateKey,
  'DELETE /sub_accounts/{}/keys/{}': deleteKey,
};
