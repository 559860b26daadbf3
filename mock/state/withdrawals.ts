/**
 * Withdrawals: `POST /withdrawals` creates a record (status REQUEST, id `w...`, the caller's
 * `withdraw_order_id` kept), which stays pending and unlisted for `state.withdrawalListDelayMs`
 * (the service accepts a withdrawal before its list shows it); `GET /wallet/withdrawals` lists
 * the records already listed, newest first, filtered by
 * `withdraw_id` (alone: time ignored), `withdraw_order_id`, `currency` and the `from`/`to` range
 * (default: the last 7 days), paged by `limit`/`offset` with the pagination headers;
 * `DELETE /withdrawals/{withdrawal_id}` answers 202 with the record in CANCELPEND (unknown id:
 * 400 INVALID_WITHDRAW_ID; a finished one: 400 INVALID_WITHDRAW_CANCEL_STATUS).
 */
import { MockHttpError } from '../errors.js';
import type { Handler, HandlerTable } from './handler.js';
import { queryNumber, queryText, textField } from './handler.js';
import type { WithdrawalEntry } from './store.js';

/** Statuses a withdrawal can still be cancelled from. */
const CANCELLABLE = new Set(['REQUEST', 'MANUAL', 'REVIEW', 'DMOVE', 'FVERIFY', 'LOCKED', 'PEND', 'VERIFY', 'PROCES']);

const create: Handler = (ctx) => {
  const orderId = textField(ctx.body, 'withdraw_order_id');
  if (
    orderId !== undefined &&
    ctx.op.idempotency?.dedupes === true &&
    ctx.state.withdrawals.some((w) => w.withdraw_order_id === orderId)
  ) {
    throw new MockHttpError(
      400,
      'DUPLICATE_REQUEST',
      `Duplicate request: withdraw_order_id ${orderId} was already used`,
    );
  }
  const record: WithdrawalEntry = {
    id: ctx.state.takeWithdrawalId(),
    txid: '',
    block_number: '0',
    ...(orderId === undefined ? {} : { withdraw_order_id: orderId }),
    timestamp: String(Math.floor(ctx.nowMs / 1000)),
    amount: textField(ctx.body, 'amount') ?? '0',
    fee: '0',
    currency: textField(ctx.body, 'currency') ?? '',
    address: textField(ctx.body, 'address') ?? '',
    memo: textField(ctx.body, 'memo') ?? '',
    type: 'appbankgp',
    fail_reason: '',
    timestamp2: '',
    status: 'REQUEST',
    chain: textField(ctx.body, 'chain') ?? '',
  };
  ctx.state.withdrawals.push(record);
  ctx.state.withdrawalListedFrom.set(record.id, ctx.nowMs + ctx.state.withdrawalListDelayMs);
  return { status: ctx.op.successStatus, body: { ...record } };
};

const list: Handler = (ctx) => {
  const q = ctx.query;
  const withdrawId = queryText(q, 'withdraw_id');
  const listed = ctx.state.withdrawals.filter((w) => (ctx.state.withdrawalListedFrom.get(w.id) ?? 0) <= ctx.nowMs);
  let rows: WithdrawalEntry[];
  if (withdrawId !== undefined) {
    rows = listed.filter((w) => w.id === withdrawId);
  } else {
    const nowSec = Math.floor(ctx.nowMs / 1000);
    const days = ctx.op.timeRange?.defaultDays ?? 7;
    const to = queryNumber(q, ctx.op.timeRange?.to ?? 'to') ?? nowSec;
    const from = queryNumber(q, ctx.op.timeRange?.from ?? 'from') ?? to - days * 86_400;
    const currency = queryText(q, 'currency');
    const orderId = queryText(q, 'withdraw_order_id');
    rows = listed.filter((w) => {
      const at = Number(w.timestamp);
      return (
        at >= from &&
        at <= to &&
        (currency === undefined || w.currency === currency) &&
        (orderId === undefined || w.withdraw_order_id === orderId)
      );
    });
  }
  rows = [...rows].sort((a, b) => Number(b.timestamp) - Number(a.timestamp) || (a.id < b.id ? 1 : -1));
  const limit = queryNumber(q, 'limit') ?? ctx.op.pagination?.defaultLimit ?? 100;
  const offset = queryNumber(q, 'offset') ?? 0;
  return {
    status: ctx.op.successStatus,
    body: rows.slice(offset, offset + limit).map((w) => ({ ...w })),
    pagination: { limit, offset, total: rows.length },
  };
};

const cancel: Handler = (ctx) => {
  const id = ctx.pathValues[0] ?? '';
  const record = ctx.state.withdrawals.find((w) => w.id === id);
  if (record === undefined) throw new MockHttpError(400, 'INVALID_WITHDRAW_ID', `Invalid withdrawal id: ${id}`);
  if (!CANCELLABLE.has(record.status)) {
    throw new MockHttpError(
      400,
      'INVALID_WITHDRAW_CANCEL_STATUS',
      `Withdrawal ${id} cannot be cancelled in status ${record.status}`,
    );
  }
  record.status = 'CANCELPEND';
  // The cancel answer has no fee, type, fail_reason or timestamp2.
  const { fee: _fee, type: _type, fail_reason: _reason, timestamp2: _t2, ...shown } = record;
  return { status: ctx.op.successStatus, body: shown };
};

/** The withdrawal handlers. */
export const withdrawalHandlers: HandlerTable = {
  'POST /withdrawals': create,
  'GET /wallet/withdrawals': list,
  'DELETE /withdrawals/{}': cancel,
};
