/**
 * Transfers: `POST /wallet/transfers`, `POST /wallet/sub_account_transfers` and
 * `POST /wallet/sub_account_to_sub_account` answer `{tx_id}` (a JSON number above 2^53) and
 * record the transfer; a `client_order_id` already used is refused with 400 DUPLICATE_REQUEST and
 * nothing is applied. `GET /wallet/order_status` finds a transfer by `client_order_id` or `tx_id`
 * (status SUCCESS), else a matching fixture, else 404 ORDER_NOT_FOUND. `GET /wallet/sub_account_transfers` lists the
 * main/sub transfers made, newest first, filtered by `sub_uid` and `from`/`to` (default: the last
 * 7 days), paged by `limit`/`offset`.
 */
import { MockHttpError } from '../errors.js';
import type { Handler, HandlerContext, HandlerTable } from './handler.js';
import { bodyObject, queryNumber, queryText, textField } from './handler.js';
import type { TransferRecord } from './store.js';

function transfer(kind: TransferRecord['kind']): Handler {
  return (ctx: HandlerContext) => {
    const clientOrderId = textField(ctx.body, 'client_order_id');
    if (clientOrderId !== undefined && ctx.state.transfers.some((t) => t.clientOrderId === clientOrderId)) {
      throw new MockHttpError(
        400,
        'DUPLICATE_REQUEST',
        `Duplicate request: client_order_id ${clientOrderId} was already used`,
      );
    }
    const txId = ctx.state.takeTxId();
    ctx.state.transfers.push({
      txId,
      kind,
      clientOrderId,
      status: 'SUCCESS',
      request: { ...bodyObject(ctx.body) },
      at: ctx.nowMs,
    });
    return { status: ctx.op.successStatus, body: { tx_id: txId } };
  };
}

const orderStatus: Handler = (ctx) => {
  const clientOrderId = queryText(ctx.query, 'client_order_id');
  const txId = queryText(ctx.query, 'tx_id');
  const found = ctx.state.transfers.find(
    (t) =>
      (clientOrderId !== undefined && t.clientOrderId === clientOrderId) ||
      (txId !== undefined && t.txId.toString() === txId),
  );
  if (found === undefined) return { miss: new MockHttpError(404, 'ORDER_NOT_FOUND', 'Transfer order not found') };
  return { status: ctx.op.successStatus, body: { tx_id: found.txId.toString(), status: found.status } };
};

const listSubAccountTransfers: Handler = (ctx) => {
  const q = ctx.query;
  const subUids = Array.isArray(q['sub_uid']) ? (q['sub_uid'] as unknown[]).map(String) : undefined;
  const nowSec = Math.floor(ctx.nowMs / 1000);
  const to = queryNumber(q, 'to') ?? nowSec;
  const from = queryNumber(q, 'from') ?? to - (ctx.op.timeRange?.defaultDays ?? 7) * 86_400;
  const rows = ctx.state.transfers
    .filter((t) => t.kind === 'sub_account')
    .filter((t) => {
      const at = Math.floor(t.at / 1000);
      return at >= from && at <= to && (subUids === undefined || subUids.includes(String(t.request['sub_account'])));
    })
    .reverse();
  const limit = queryNumber(q, 'limit') ?? ctx.op.pagination?.defaultLimit ?? 100;
  const offset = queryNumber(q, 'offset') ?? 0;
  const body = rows.slice(offset, offset + limit).map((t) => ({
    timest: String(Math.floor(t.at / 1000)),
    uid: String(ctx.state.mainUid),
    sub_account: textField(t.request, 'sub_account') ?? '',
    sub_account_type: textField(t.request, 'sub_account_type') ?? 'spot',
    currency: textField(t.request, 'currency') ?? '',
    amount: textField(t.request, 'amount') ?? '',
    direction: textField(t.request, 'direction') ?? '',
    source: 'api',
    ...(t.clientOrderId === undefined ? {} : { client_order_id: t.clientOrderId }),
    status: 'success',
  }));
  return { status: ctx.op.successStatus, body, pagination: { limit, offset, total: rows.length } };
};

/** The transfer handlers. */
export const transferHandlers: HandlerTable = {
  'POST /wallet/transfers': transfer('account'),
  'POST /wallet/sub_account_transfers': transfer('sub_account'),
  'POST /wallet/sub_account_to_sub_account': transfer('sub_to_sub'),
  'GET /wallet/order_status': orderStatus,
  'GET /wallet/sub_account_transfers': listSubAccountTransfers,
};
