/**
 * Metadata for runtime tests: the generated modules' own metadata (built from spec/ by the real
 * generator), never hand copies, so a test always sees what the client ships. `op()` gives one
 * operation's metadata, optionally with a few fields changed for the case at hand.
 */
import type { OperationMeta } from '../../../generator/targets/typescript/runtime/metadata.js';
import { apiMeta } from '../../../generated/src/api-meta.js';
import { operationMetas, type OperationId } from '../../../generated/src/metadata.js';

export { apiMeta };

/** The generated metadata of `id`, with `over` applied on top. */
export function op(id: OperationId, over: Partial<OperationMeta> = {}): OperationMeta {
  return { ...operationMetas[id], ...over };
}

/** `GET /spot/time` (public; the clock operation). */
export const spotTimeMeta = op('getSystemTime');
/** `GET /wallet/order_status` (the transfers' lookup). */
export const orderStatusMeta = op('getTransferOrderStatus');
/** `GET /wallet/withdrawals` (paginated, time-ranged, nested list; the withdrawals' lookup). */
export const listWithdrawalsMeta = op('listWithdrawals');
/** `POST /wallet/transfers`: a write the service does not deduplicate, looked up by `client_order_id`. */
export const transferMeta = op('transfer');
/** `POST /wallet/sub_account_transfers`: a write the service deduplicates by `client_order_id`. */
export const subTransferMeta = op('transferWithSubAccount');
/** `POST /withdrawals`: never re-sent, `withdraw_order_id` generated, looked up in the withdrawal list. */
export const withdrawMeta = op('withdraw');
/** `POST /sub_accounts/{user_id}/lock` (204, path parameter). */
export const lockSubAccountMeta = op('lockSubAccount');
/** `POST /unified/loans`: never re-sent, no lookup. */
export const createLoanMeta = op('createUnifiedLoan');
/** `GET /futures/{settle}/orders` (named-only: open query). */
export const futuresOrdersMeta = op('listFuturesOrders');
/** `GET /wallet/currency_chains` (public). */
export const currencyChainsMeta = op('listCurrencyChains');
/** `POST /spot/batch_orders` (named-only list body; per-market bucket; 10 orders per pair). */
export const batchOrdersMeta = op('createBatchOrders');

/**
 * A minimal private GET with only `over`'s features (for unit tests of one rule at a time): every
 * field a real operation has, none of the generated rules, limits or pagination unless given.
 */
export function bareOp(over: Partial<OperationMeta> & Pick<OperationMeta, 'id'>): OperationMeta {
  return {
    area: 'wallet',
    method: 'GET',
    path: `/${over.id}`,
    auth: 'private',
    shape: 'shaped',
    rateLimit: { bucket: over.id, requests: 200, window: 10, scope: 'uid' },
    retry: 'safe',
    pathParams: [],
    queryParams: [],
    body: 'none',
    successStatus: 200,
    ...over,
  };
}
