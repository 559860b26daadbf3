/**
 * A small hand-made spec + IR pair for the mock's tests: a public GET, a private GET with
 * pagination and a time range, private POSTs with `client_order_id`, a 1r/3s POST, the
 * sub-account flows, a comma-separated array parameter and named-only operations. Each operation
 * is written once and both the IR operation and the spec's path item are derived from it.
 */
import type { IR, IROperation, IRParameter, JsonSchema, RateLimitScope } from '../../../generator/ir/types.js';
import { testSchemas } from './schemas.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const list = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });
const q = (name: string, schema: JsonSchema, required = false, extra: Partial<IRParameter> = {}): IRParameter => ({
  name,
  in: 'query',
  required,
  schema,
  ...extra,
});
const p = (name: string, schema: JsonSchema = { type: 'string' }): IRParameter => ({
  name,
  in: 'path',
  required: true,
  schema,
});
const int64 = { type: 'integer', format: 'int64' };
const userId = p('user_id', int64);

interface OpDef {
  id: string;
  method: IROperation['method'];
  path: string;
  auth?: 'public' | 'private';
  shape?: 'shaped' | 'named-only';
  rate?: [requests: number, window: number, scope?: RateLimitScope, bucket?: string];
  params?: IRParameter[];
  body?: JsonSchema;
  success?: number;
  response?: JsonSchema;
  example?: unknown;
  extra?: Partial<IROperation>;
}

const OPS: OpDef[] = [
  { id: 'getSystemTime', method: 'GET', path: '/spot/time', auth: 'public', response: ref('ServerTime') },
  {
    id: 'listCurrencyChains',
    method: 'GET',
    path: '/wallet/currency_chains',
    auth: 'public',
    params: [q('currency', { type: 'string' }, true)],
    response: list('CurrencyChain'),
    example: [{ chain: 'ETH', name_en: 'Ethereum', is_disabled: 0, decimal: '18' }],
  },
  {
    id: 'listWithdrawals',
    method: 'GET',
    path: '/wallet/withdrawals',
    response: list('WithdrawalRecord'),
    params: [
      q('currency', { type: 'string' }),
      q('withdraw_id', { type: 'string' }),
      q('withdraw_order_id', { type: 'string', maxLength: 32, pattern: '^[0-9A-Za-z_.-]{1,32}$' }),
      q('from', int64),
      q('to', int64),
      q('limit', { type: 'integer', format: 'int32', minimum: 1, maximum: 1000, default: 100 }),
      q('offset', { type: 'integer', format: 'int32', minimum: 0, default: 0 }),
    ],
    extra: {
      pagination: { style: 'offset', defaultLimit: 100, maxLimit: 1000 },
      timeRange: { from: 'from', to: 'to', maxDays: 30, defaultDays: 7, unit: 's' },
      nestedList: true,
    },
  },
  {
    id: 'transfer',
    method: 'POST',
    path: '/wallet/transfers',
    rate: [80, 10],
    body: ref('TransferRequest'),
    response: ref('TransactionId'),
    extra: {
      idempotency: {
        field: 'client_order_id',
        in: 'body',
        dedupes: true,
        generate: true,
        lookup: { operationId: 'getTransferOrderStatus', param: 'client_order_id' },
      },
    },
  },
  {
    id: 'transferWithSubAccount',
    method: 'POST',
    path: '/wallet/sub_account_transfers',
    rate: [80, 10],
    body: ref('SubAccountTransferRequest'),
    response: ref('TransactionId'),
  },
  {
    id: 'listSubAccountTransfers',
    method: 'GET',
    path: '/wallet/sub_account_transfers',
    response: list('SubAccountTransferRecord'),
    params: [
      q('sub_uid', { type: 'array', items: { type: 'string' } }, false, { serialization: 'csv' }),
      q('from', int64),
      q('to', int64),
      q('limit', { type: 'integer', minimum: 1, maximum: 1000 }),
      q('offset', { type: 'integer', minimum: 0 }),
    ],
    extra: {
      pagination: { style: 'offset', defaultLimit: 100, maxLimit: 1000 },
      timeRange: { from: 'from', to: 'to', maxDays: 30, defaultDays: 7, unit: 's' },
    },
  },
  {
    id: 'getTransferOrderStatus',
    method: 'GET',
    path: '/wallet/order_status',
    response: ref('TransferOrderStatus'),
    params: [
      q('client_order_id', { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]{1,64}$' }),
      q('tx_id', { type: 'string' }),
    ],
    extra: { requireAnyOf: ['client_order_id', 'tx_id'] },
  },
  {
    id: 'withdraw',
    method: 'POST',
    path: '/withdrawals',
    rate: [1, 3],
    body: ref('WithdrawRequest'),
    response: ref('WithdrawalRecord'),
  },
  {
    id: 'cancelWithdrawal',
    method: 'DELETE',
    path: '/withdrawals/{withdrawal_id}',
    params: [p('withdrawal_id')],
    success: 202,
    response: ref('WithdrawalRecord'),
  },
  {
    id: 'createSubAccounts',
    method: 'POST',
    path: '/sub_accounts',
    rate: [80, 10],
    body: ref('SubAccountCreateRequest'),
    success: 201,
    response: ref('SubAccount'),
  },
  {
    id: 'listSubAccounts',
    method: 'GET',
    path: '/sub_accounts',
    rate: [80, 10],
    params: [q('type', { type: 'string', enum: ['0', '1'] })],
    response: list('SubAccount'),
  },
  {
    id: 'listUnifiedMode',
    method: 'GET',
    path: '/sub_accounts/unified_mode',
    rate: [80, 10],
    response: { type: 'array', items: { type: 'object' } },
    example: [{ user_id: 10001, is_unified: true, mode: 'multi_currency' }],
  },
  {
    id: 'getSubAccount',
    method: 'GET',
    path: '/sub_accounts/{user_id}',
    rate: [80, 10],
    params: [userId],
    response: ref('SubAccount'),
  },
  {
    id: 'lockSubAccount',
    method: 'POST',
    path: '/sub_accounts/{user_id}/lock',
    rate: [80, 10],
    params: [userId],
    success: 204,
  },
  {
    id: 'unlockSubAccount',
    method: 'POST',
    path: '/sub_accounts/{user_id}/unlock',
    rate: [80, 10],
    params: [userId],
    success: 204,
  },
  {
    id: 'createSubAccountKeys',
    method: 'POST',
    path: '/sub_accounts/{user_id}/keys',
    rate: [80, 10],
    params: [userId],
    body: ref('SubAccountKeyRequest'),
    response: ref('SubAccountKey'),
  },
  {
    id: 'listSubAccountKeys',
    method: 'GET',
    path: '/sub_accounts/{user_id}/keys',
    rate: [80, 10],
    params: [userId],
    response: list('SubAccountKey'),
  },
  {
    id: 'getSubAccountKey',
    method: 'GET',
    path: '/sub_accounts/{user_id}/keys/{key}',
    rate: [80, 10],
    params: [userId, p('key')],
    response: ref('SubAccountKey'),
  },
  {
    id: 'updateSubAccountKeys',
    method: 'PUT',
    path: '/sub_accounts/{user_id}/keys/{key}',
    rate: [80, 10],
    params: [userId, p('key')],
    body: ref('SubAccountKeyRequest'),
    success: 204,
  },
  {
    id: 'deleteSubAccountKeys',
    method: 'DELETE',
    path: '/sub_accounts/{user_id}/keys/{key}',
    rate: [80, 10],
    params: [userId, p('key')],
    success: 204,
  },
  {
    id: 'getUnifiedBorrowableList',
    method: 'GET',
    path: '/unified/batch_borrowable',
    response: list('UnifiedBorrowable'),
    params: [
      q('currencies', { type: 'array', minItems: 1, maxItems: 10, items: { type: 'string', minLength: 1 } }, true, {
        serialization: 'csv',
      }),
    ],
    example: [{ currency: 'BTC', amount: '0.5' }],
  },
  { id: 'getFee', method: 'GET', path: '/spot/fee', shape: 'named-only', response: ref('OpenValue') },
  {
    id: 'createOrder',
    method: 'POST',
    path: '/spot/orders',
    shape: 'named-only',
    rate: [10, 1, 'uid+market', 'spot-place'],
    body: ref('OpenValue'),
    response: ref('OpenValue'),
    example: { id: '1', status: 'open' },
  },
];

function errorResponses(auth: 'public' | 'private'): IROperation['responses'] {
  const e = (status: string): IROperation['responses'][number] => ({
    status,
    description: status,
    schema: ref('Error'),
  });
  return [e('400'), ...(auth === 'private' ? [e('401')] : []), e('404'), e('429'), e('5XX')];
}

function irOperation(d: OpDef): IROperation {
  const auth = d.auth ?? 'private';
  const [requests, window, scope, bucket] = d.rate ?? [200, 10, auth === 'public' ? 'ip' : 'uid'];
  const success = d.success ?? 200;
  return {
    id: d.id,
    area: d.path.split('/')[1] ?? '',
    method: d.method,
    path: d.path,
    summary: d.id,
    deprecated: false,
    shape: d.shape ?? 'shaped',
    source: (d.shape ?? 'shaped') === 'shaped' ? 'seed' : 'named-only',
    auth,
    rateLimit: { bucket: bucket ?? d.id, requests, window, scope: scope ?? (auth === 'public' ? 'ip' : 'uid') },
    retry: d.method === 'GET' ? 'safe' : 'never',
    nestedList: false,
    parameters: d.params ?? [],
    ...(d.body === undefined
      ? {}
      : { requestBody: { required: true, contentType: 'application/json' as const, schema: d.body } }),
    responses: [
      { status: String(success), description: 'success', ...(d.response === undefined ? {} : { schema: d.response }) },
      ...errorResponses(auth),
    ],
    successStatus: success,
    int64: { request: [], response: [] },
    ...d.extra,
  };
}

function specOperation(d: OpDef, op: IROperation): Record<string, unknown> {
  const success: Record<string, unknown> = { description: 'success' };
  if (d.response !== undefined) {
    success['content'] = {
      'application/json': { schema: d.response, ...(d.example === undefined ? {} : { example: d.example }) },
    };
  }
  return {
    operationId: d.id,
    ...(op.requireAnyOf === undefined ? {} : { 'x-require-any-of': op.requireAnyOf }),
    responses: { [String(op.successStatus)]: success },
  };
}

/** A fresh hand-made `{ spec, ir }` pair (callers may change it freely). */
export function makeTestApi(): { spec: Record<string, unknown>; ir: IR } {
  const operations = OPS.map(irOperation).sort((a, b) => a.id.localeCompare(b.id));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const d of OPS) {
    const op = operations.find((o) => o.id === d.id) as IROperation;
    (paths[d.path] ??= {})[d.method.toLowerCase()] = specOperation(d, op);
  }
  const ir: IR = {
    irVersion: '1.0.0',
    api: { title: 'Test API', release: 'v4.0.0-test', pathPrefix: '/api/v4', servers: [], areas: [] },
    signing: {
      algorithm: 'HMAC-SHA512',
      headers: { key: 'KEY', timestamp: 'Timestamp', signature: 'SIGN' },
      payload: ['method', 'path', 'query', 'bodySha512', 'timestamp'],
      separator: '\n',
      pathIncludesPrefix: true,
      timestampUnit: 's',
      maxSkewSeconds: 60,
      emptyBodySha512:
        'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
      clockEndpoint: 'GET /spot/time',
    },
    headers: {
      response: {
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
      request: { clientRequestId: 'X-Client-Request-Id', sizeDecimal: 'X-Svc-Size-Decimal', expiry: 'x-svc-exptime' },
    },
    errors: {
      labels: [],
      groups: {},
      transient: ['INTERNAL', 'SERVER_ERROR', 'TOO_BUSY'],
      duplicate: ['DUPLICATE_REQUEST'],
    },
    operations,
    schemas: structuredClone(testSchemas),
    removed: [],
  };
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Test API', version: 'v4.0.0-test' },
    paths,
    components: { schemas: structuredClone(testSchemas) },
  };
  return { spec, ir };
}
