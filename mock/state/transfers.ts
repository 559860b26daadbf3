/**
 * Transfers: `POST /wallet/transfers`, `POST /wallet/sub_account_transfers` and
 * `POST /wallet/sub_account_to_sub_account` answer `{tx_id}` (a JSON number above 2^53) and
 * record the transfer; a `client_order_id` already used is refused with 400 DUPLICATE_REQUEST and
 * nothing is applied. `GET /wallet/order_status` finds a transfer by `client_order_id` or `tx_id`
 * (status SUCCESS), else 404 ORDER_NOT_FOUND.
 */
import { MockHttpError } from '../errors.js';
import type { Handler, HandlerContext, HandlerTable } from './handler.js';
import { bodyObject, queryText, textField } from './handler.js';
import type { TransferRecord } from './store.js';

function transfer(kind: TransferRecord['kind']): Handler {
  return (ctx: HandlerContext) => {
    const clientOrderId = textField(ctx.body, 'client_order_id');
    if (clientOrderId !== undefined && ctx.state.transfers.some((t) => t.clientOrderId === clientOrderId)) {
      throw new MockHttpError(400, 'DUPLICATE_REQUEST', `Duplicate request: client_order_id ${clientOrderId} was already used`);
    }
    const txId = ctx.state.takeTxId();
    ctx.state.transfers.push({ txId, kind, clientOrderId, status: 'SUCCESS', request: { ...bodyObject(ctx.body) }, at: ctx.nowMs });
    return { status: ctx.op.successStatus, body: { tx_id: txId } };
  };
}

const orderStatus: Handler = (ctx) => {
  const clientOrderId = queryText(ctx.query, 'client_order_id');
  const txId = queryText(ctx.query, 'tx_id');
  const found = ctx.state.transfers.find(
    (t) => (clientOrderId !== undefined && t.clientOrderId === clientOrderId) || (txId !== undefined && t.txId.toString() === txId),
  );
  if (found === undefined) throw new MockHttpError(404, 'ORDER_NOT_FOUND', 'Transfer order not found');
  return { status: ctx.op.successStatus, body: { tx_id: found.txId.toString(), status: found.status } };
};

/** The transfer handlers. */
export const transferHandlers: HandlerTable = {
  'POST /wallet/transfers': transfer('account'),
  'POST /wallet/sub_account_transfers': transfer('sub_account'),
  'POST /wallet/sub_account_to_sub_account': transfer('sub_to_sub'),
  'GET /wallet/order_status': orderStatus,
};
