/**
 * Operation and API metadata fixtures for runtime tests, shaped like the generator's output for
 * the wallet/withdrawals/sub-account/unified operations they imitate.
 */
import type { ApiMeta, OperationMeta } from '../../../templates/typescript/runtime/metadata.js';

const idPattern = '^[A-Za-z0-9_-]{1,64}$';

export const spotTimeMeta: OperationMeta = {
  id: 'getSystemTime',
  area: 'spot',
  method: 'GET',
  path: '/spot/time',
  auth: 'public',
  shape: 'shaped',
  rateLimit: { bucket: 'getSystemTime', requests: 200, window: 10, scope: 'ip' },
  retry: 'safe',
  pathParams: [],
  queryParams: [],
  body: 'none',
  successStatus: 200,
  int64: { response: [['server_time']] },
};

export const orderStatusMeta: OperationMeta = {
  id: 'getTransferOrderStatus',
  area: 'wallet',
  method: 'GET',
  path: '/wallet/order_status',
  auth: 'private',
  shape: 'shaped',
  rateLimit: { bucket: 'getTransferOrderStatus', requests: 200, window: 10, scope: 'uid' },
  retry: 'safe',
  pathParams: [],
  queryParams: [{ name: 'client_order_id' }, { name: 'tx_id' }],
  body: 'none',
  successStatus: 200,
  rules: [
    { name: 'client_order_id', in: 'query', type: 'string' },
    { name: 'tx_id', in: 'query', type: 'string' },
  ],
  requireAnyOf: ['client_order_id', 'tx_id'],
};

export const listWithdrawalsMeta: OperationMeta = {
  id: 'listWithdrawals',
  area: 'wallet',
  method: 'GET',
  path: '/wallet/withdrawals',
  auth: 'private',
  shape: 'shaped',
  rateLimit: { bucket: 'listWithdrawals', requests: 200, window: 10, scope: 'uid' },
  retry: 'safe',
  pathParams: [],
  queryParams: [
    { name: 'currency' },
    { name: 'withdraw_id' },
    { name: 'asset_class' },
    { name: 'withdraw_order_id' },
    { name: 'from' },
    { name: 'to' },
    { name: 'limit' },
    { name: 'offset' },
  ],
  body: 'none',
  successStatus: 200,
  pagination: { style: 'offset', defaultLimit: 100, maxLimit: 1000 },
  timeRange: { from: 'from', to: 'to', maxDays: 30, defaultDays: 7 },
  nestedList: true,
  int64: { response: [['*', 'id']] },
  rules: [
    { name: 'currency', in: 'query', type: 'string' },
    { name: 'withdraw_id', in: 'query', type: 'string' },
    { name: 'asset_class', in: 'query', type: 'string' },
    { name: 'withdraw_order_id', in: 'query', type: 'string' },
    { name: 'from', in: 'query', type: 'integer', format: 'int64' },
    { name: 'to', in: 'query', type: 'integer', format: 'int64' },
    { name: 'limit', in: 'query', type: 'integer', format: 'int32', minimum: 1, maximum: 1000 },
    { name: 'offset', in: 'query', type: 'integer', format: 'int32', minimum: 0 },
  ],
};

export const transferMeta: OperationMeta = {
  id: 'transfer',
  area: 'wallet',
  method: 'POST',
  path: '/wallet/transfers',
  auth: 'private',
  shape: 'shaped',
  rateLimit: { bucket: 'transfer', requests: 80, window: 10, scope: 'uid' },
  retry: 'keyed',
  pathParams: [],
  queryParams: [],
  body: 'json',
  bodyFields: ['currency', 'from', 'to', 'amount', 'currency_pair', 'settle', 'client_order_id'],
  successStatus: 200,
  int64: { response: [['tx_id']] },
  rules: [
    { name: 'currency', in: 'body', required: true, type: 'string' },
    {
      name: 'from',
      in: 'body',
      required: true,
      type: 'string',
      enum: ['spot', 'margin', 'futures', 'delivery', 'options'],
    },
    {
      name: 'to',
      in: 'body',
      required: true,
      type: 'string',
      enum: ['spot', 'margin', 'futures', 'delivery', 'options'],
    },
    {
      name: 'amount',
      in: 'body',
      required: true,
      type: 'string',
      format: 'decimal',
      decimal: { gt: '0', maxScale: 8 },
    },
    { name: 'currency_pair', in: 'body', type: 'string' },
    { name: 'settle', in: 'body', type: 'string' },
    { name: 'client_order_id', in: 'body', type: 'string', pattern: idPattern, maxLength: 64 },
  ],
  idempotency: {
    field: 'client_order_id',
    dedupes: true,
    generate: true,
    lookup: { operation: orderStatusMeta, param: 'client_order_id' },
  },
};

export const withdrawMeta: OperationMeta = {
  id: 'withdraw',
  area: 'withdrawals',
  method: 'POST',
  path: '/withdrawals',
  auth: 'private',
  shape: 'shaped',
  rateLimit: { bucket: 'withdraw', requests: 1, window: 3, scope: 'uid' },
  retry: 'never',
  pathParams: [],
  queryParams: [],
  body: 'json',
  bodyFields: ['withdraw_order_id', 'currency', 'amount', 'chain', 'address', 'memo'],
  successStatus: 200,
  int64: { response: [['id']] },
  rules: [
    { name: 'withdraw_order_id', in: 'body', type: 'string', pattern: '^[A-Za-z0-9_.-]{1,32}$', maxLength: 32 },
    { name: 'currency', in: 'body', required: true, type: 'string' },
    { name: 'amount', in: 'body', required: true, type: 'string', format: 'decimal', decimal: { gt: '0' } },
    { name: 'chain', in: 'body', required: true, type: 'string' },
    { name: 'address', in: 'body', type: 'string' },
    { name: 'memo', in: 'body', type: 'string' },
  ],
  idempotency: {
    field: 'withdraw_order_id',
    dedupes: false,
    generate: true,
    lookup: { operation: listWithdrawalsMeta, param: 'withdraw_order_id' },
  },
};

export const batchBorrowableMeta: OperationMeta = {
  id: 'getUnifiedBatchBorrowable',
  area: 'unified',
  method: 'GET',
  path: '/unified/batch_borrowable',
  auth: 'private',
  shape: 'shaped',
  rateLimit: { bucket: 'getUnifiedBatchBorrowable', requests: 200, window: 10, scope: 'uid' },
  retry: 'safe',
  pathParams: [],
  queryParams: [{ name: 'currencies', csv: true }],
  body: 'none',
  successStatus: 200,
  rules: [{ name: 'currencies', in: 'query', required: true, type: 'array', maxItems: 10, items: { type: 'string' } }],
};

export const lockSubAccountMeta: OperationMeta = {
  id: 'lockSubAccount',
  area: 'sub_accounts',
  method: 'POST',
  path: '/sub_accounts/{user_id}/lock',
  auth: 'private',
  shape: 'shaped',
  rateLimit: { bucket: 'lockSubAccount', requests: 80, window: 10, scope: 'uid' },
  retry: 'never',
  pathParams: ['user_id'],
  queryParams: [],
  body: 'none',
  successStatus: 204,
  rules: [{ name: 'user_id', in: 'path', required: true, type: 'integer', format: 'int64' }],
};

export const createLoanMeta: OperationMeta = {
  id: 'createUnifiedLoan',
  area: 'unified',
  method: 'POST',
  path: '/unified/loans',
  auth: 'private',
  shape: 'shaped',
  rateLimit: { bucket: 'createUnifiedLoan', requests: 15, window: 10, scope: 'uid' },
  retry: 'never',
  pathParams: [],
  queryParams: [],
  body: 'json',
  bodyFields: ['currency', 'type', 'amount', 'repaid_all', 'text'],
  successStatus: 200,
  int64: { response: [['tran_id']] },
  rules: [
    { name: 'currency', in: 'body', required: true, type: 'string' },
    { name: 'type', in: 'body', required: true, type: 'string', enum: ['borrow', 'repay'] },
    { name: 'amount', in: 'body', required: true, type: 'string', format: 'decimal' },
    { name: 'repaid_all', in: 'body', type: 'boolean' },
    { name: 'text', in: 'body', type: 'string' },
  ],
};

/** A named-only futures read (open query), to check size-decimal and open-query handling. */
export const futuresOrdersMeta: OperationMeta = {
  id: 'listFuturesOrders',
  area: 'futures',
  method: 'GET',
  path: '/futures/{settle}/orders',
  auth: 'private',
  shape: 'named-only',
  rateLimit: { bucket: 'listFuturesOrders', requests: 200, window: 10, scope: 'uid' },
  retry: 'safe',
  pathParams: ['settle'],
  queryParams: [],
  body: 'open',
  successStatus: 200,
  rules: [{ name: 'settle', in: 'path', required: true, type: 'string' }],
};

/** A public paginated read used for page iteration through the loop. */
export const currencyChainsMeta: OperationMeta = {
  id: 'listCurrencyChains',
  area: 'wallet',
  method: 'GET',
  path: '/wallet/currency_chains',
  auth: 'public',
  shape: 'shaped',
  rateLimit: { bucket: 'listCurrencyChains', requests: 200, window: 10, scope: 'ip' },
  retry: 'safe',
  pathParams: [],
  queryParams: [{ name: 'currency' }],
  body: 'none',
  successStatus: 200,
  rules: [{ name: 'currency', in: 'query', required: true, type: 'string' }],
};

/** API metadata as the generator emits it, with `baseUrl`-independent servers. */
export const apiMeta: ApiMeta = {
  release: 'v4.106.51',
  pathPrefix: '/api/v4',
  servers: {
    live: 'https://api.gateio.ws/api/v4',
    testnet: 'https://api-testnet.gateapi.io/api/v4',
    futures: 'https://fx-api.gateio.ws/api/v4',
  },
  signing: { headers: { key: 'KEY', timestamp: 'Timestamp', signature: 'SIGN' }, maxSkewSeconds: 60 },
  responseHeaders: {
    traceId: 'X-Svc-Trace-ID',
    inTime: 'X-In-Time',
    outTime: 'X-Out-Time',
    rateLimitRemaining: 'X-Svc-RateLimit-Requests-Remain',
    rateLimitLimit: 'X-Svc-RateLimit-Limit',
    rateLimitReset: 'X-Svc-RateLimit-Reset-Timestamp',
    paginationLimit: 'X-Pagination-Limit',
    paginationOffset: 'X-Pagination-Offset',
    paginationTotal: 'X-Pagination-Total',
  },
  requestHeaders: {
    clientRequestId: 'X-Client-Request-Id',
    sizeDecimal: 'X-Svc-Size-Decimal',
    expiry: 'x-svc-exptime',
  },
  transientLabels: ['INTERNAL', 'SERVER_ERROR', 'TOO_BUSY', 'TOO_MANY_REQUESTS'],
  duplicateLabels: ['DUPLICATE_REQUEST', 'ORDER_EXISTS', 'REPEATED_CREATION'],
  clock: spotTimeMeta,
};
