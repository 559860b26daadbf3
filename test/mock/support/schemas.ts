/**
 * Component schemas of the hand-made test API: trimmed copies of the spec's schemas, enough for
 * the operations the mock tests exercise.
 */
const decimal = { type: 'string', format: 'decimal' };
const transferAmount = {
  type: 'string',
  format: 'decimal',
  pattern: '^\\d+(\\.\\d{1,8})?$',
  'x-decimal': { gt: '0', maxScale: 8 },
};
const clientOrderId = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', maxLength: 64 };
const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

/** The test API's `components.schemas`. */
export const testSchemas: Record<string, Record<string, unknown>> = {
  Error: {
    type: 'object',
    required: ['label'],
    properties: { label: { type: 'string' }, message: { type: 'string' }, detail: { type: 'string' } },
  },
  WithdrawalStatus: {
    type: 'string',
    enum: [
      'BCODE',
      'CANCEL',
      'CANCELPEND',
      'DMOVE',
      'DONE',
      'EXTPEND',
      'FAIL',
      'FVERIFY',
      'INVALID',
      'LOCKED',
      'MANUAL',
      'PEND',
      'PROCES',
      'REJECT',
      'REQUEST',
      'REVIEW',
      'VERIFY',
    ],
  },
  WithdrawalRecord: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      txid: { type: 'string' },
      block_number: { type: 'string' },
      withdraw_order_id: { type: 'string', maxLength: 32 },
      timestamp: { type: 'string' },
      amount: decimal,
      fee: decimal,
      network_fee: decimal,
      currency: { type: 'string' },
      address: { type: 'string' },
      memo: { type: 'string' },
      type: { type: 'string' },
      fail_reason: { type: 'string' },
      timestamp2: { type: 'string' },
      status: ref('WithdrawalStatus'),
      chain: { type: 'string' },
    },
  },
  WithdrawRequest: {
    type: 'object',
    required: ['currency', 'amount', 'chain', 'address'],
    properties: {
      currency: { type: 'string' },
      amount: { type: 'string', format: 'decimal', pattern: '^\\d+(\\.\\d+)?$', 'x-decimal': { gt: '0' } },
      chain: { type: 'string' },
      address: { type: 'string' },
      memo: { type: 'string' },
      withdraw_order_id: { type: 'string', pattern: '^[0-9A-Za-z_.-]{1,32}$', maxLength: 32 },
    },
  },
  TransferAccount: { type: 'string', enum: ['spot', 'margin', 'futures', 'delivery', 'options'] },
  TransferRequest: {
    type: 'object',
    required: ['currency', 'from', 'to', 'amount'],
    properties: {
      currency: { type: 'string' },
      from: ref('TransferAccount'),
      to: ref('TransferAccount'),
      amount: transferAmount,
      currency_pair: { type: 'string' },
      settle: { type: 'string' },
      client_order_id: clientOrderId,
    },
  },
  SubAccountTransferRequest: {
    type: 'object',
    required: ['sub_account', 'currency', 'amount', 'direction'],
    properties: {
      sub_account: { type: 'string' },
      sub_account_type: { type: 'string', enum: ['spot', 'futures', 'delivery', 'options'] },
      currency: { type: 'string' },
      amount: transferAmount,
      direction: { type: 'string', enum: ['to', 'from'] },
      client_order_id: clientOrderId,
    },
  },
  SubAccountTransferRecord: {
    type: 'object',
    properties: {
      timest: { type: 'string' },
      uid: { type: 'string' },
      sub_account: { type: 'string' },
      sub_account_type: { type: 'string', enum: ['spot', 'futures', 'delivery', 'options'] },
      currency: { type: 'string' },
      amount: decimal,
      direction: { type: 'string', enum: ['to', 'from'] },
      source: { type: 'string' },
      client_order_id: { type: 'string' },
      status: { type: 'string', enum: ['success'] },
    },
  },
  TransactionId: { type: 'object', properties: { tx_id: { type: 'integer', format: 'int64' } } },
  TransferOrderStatus: {
    type: 'object',
    properties: {
      tx_id: { type: 'string' },
      status: { type: 'string', enum: ['PENDING', 'SUCCESS', 'FAIL', 'PARTIAL_SUCCESS'] },
    },
  },
  CurrencyChain: {
    type: 'object',
    properties: {
      chain: { type: 'string' },
      name_en: { type: 'string' },
      is_disabled: { type: 'integer', format: 'int32', enum: [0, 1] },
      decimal: { type: 'string' },
    },
  },
  UnifiedBorrowable: { type: 'object', properties: { currency: { type: 'string' }, amount: decimal } },
  SubAccount: {
    type: 'object',
    properties: {
      remark: { type: 'string' },
      login_name: { type: 'string', pattern: '^[A-Za-z0-9_]+$' },
      password: { type: 'string', format: 'password', writeOnly: true },
      email: { type: 'string' },
      state: { type: 'integer', format: 'int32', enum: [1, 2] },
      type: { type: 'integer', format: 'int32', enum: [1, 3] },
      user_id: { type: 'integer', format: 'int64' },
      create_time: { type: 'integer', format: 'int64' },
    },
  },
  SubAccountCreateRequest: {
    type: 'object',
    required: ['login_name'],
    properties: {
      remark: { type: 'string' },
      login_name: { type: 'string', minLength: 1, pattern: '^[A-Za-z0-9_]+$' },
      password: { type: 'string', format: 'password', writeOnly: true },
      email: { type: 'string', format: 'email' },
    },
  },
  SubAccountKeyPermission: { type: 'object', properties: { name: { type: 'string' }, read_only: { type: 'boolean' } } },
  SubAccountKeyRequest: {
    type: 'object',
    properties: {
      mode: { type: 'integer', format: 'int32', enum: [1, 2] },
      name: { type: 'string' },
      perms: { type: 'array', items: ref('SubAccountKeyPermission') },
      ip_whitelist: { type: 'array', items: { type: 'string' } },
    },
  },
  SubAccountKey: {
    type: 'object',
    properties: {
      mode: { type: 'integer', format: 'int32', enum: [1, 2] },
      name: { type: 'string' },
      perms: { type: 'array', items: ref('SubAccountKeyPermission') },
      ip_whitelist: { type: 'array', items: { type: 'string' } },
      state: { type: 'integer', format: 'int32' },
      user_id: { type: 'integer', format: 'int64' },
      key: { type: 'string' },
      secret: { type: 'string', format: 'password', readOnly: true },
      created_at: { type: 'integer', format: 'int64' },
      updated_at: { type: 'integer', format: 'int64' },
      update_at: { type: 'integer', format: 'int64' },
      last_access: { type: 'integer', format: 'int64' },
    },
  },
  ServerTime: { type: 'object', properties: { server_time: { type: 'integer', format: 'int64' } } },
  OpenValue: {},
};
