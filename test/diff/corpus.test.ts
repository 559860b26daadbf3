/**
 * Every corpus case gives exactly the listed changes: category, kind, operations and both pointers.
 * One case per kind of change the release-note workflow names; `futures-size-v4.106.0` is a whole
 * release (see corpus.futures.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { diffCase, perTarget, row, rows, type Row } from './helpers.js';

const W = '/paths/~1wallet~1withdrawals/get';
const LW = 'listWithdrawals GET /wallet/withdrawals';
const SUB = [
  'createSubAccounts POST /sub_accounts',
  'getSubAccount GET /sub_accounts/{user_id}',
  'listSubAccounts GET /sub_accounts',
];
const SUBF = (f: string): string => `/components/schemas/SubAccount/properties/${f}`;
const REQ = '/paths/~1sub_accounts/post/requestBody/content/application~1json/schema/properties';
const CUR = '/paths/~1spot~1currencies/get';
const LC = 'listCurrencies GET /spot/currencies';
const rl = (x: string): string => `/paths/~1wallet~1${x}/get/x-rate-limit`;
const UA = '/paths/~1unified~1accounts/get';
const WR = (f: string): string => `/components/schemas/WithdrawalRecord/properties/${f}`;
const LUA = 'listUnifiedAccounts GET /unified/accounts';

const DEP = 'listDeposits GET /wallet/deposits';
const DEPP = '/paths/~1wallet~1deposits/get';
const FEE = '/paths/~1wallet~1fee/get';
const CSA = 'createSubAccounts POST /sub_accounts';
const CSAP = '/paths/~1sub_accounts/post';

const CASES: Array<{ given: string; want: Row[] }> = [
  // breaking
  {
    // Its function, types and metadata, its Python types and its CLI command go with it.
    given: 'operation-removed',
    want: [
      ...perTarget('breaking', 'export-removed', [DEP], DEPP, null),
      row('breaking', 'operation-removed', [DEP], DEPP, null),
    ],
  },
  {
    given: 'operation-moved',
    want: [
      row(
        'breaking',
        'operation-moved',
        ['updatePriceTriggeredOrder PUT /futures/{settle}/price_orders/amend/{order_id}'],
        '/paths/~1futures~1{settle}~1price_orders~1{order_id}/put',
        '/paths/~1futures~1{settle}~1price_orders~1amend~1{order_id}/put',
      ),
    ],
  },
  {
    // The client method, every exported name derived from the id and the CLI command are renamed.
    given: 'operation-renamed',
    want: [
      ...perTarget('breaking', 'export-renamed', ['getWalletFee GET /wallet/fee'], FEE, FEE),
      row('breaking', 'operation-renamed', ['getWalletFee GET /wallet/fee'], FEE, FEE),
    ],
  },
  {
    given: 'parameter-added-required',
    want: [
      row('breaking', 'parameter-added-required', [LW], null, `${W}/parameters/1`),
      row('added', 'export-added', [LW], null, W, 'cli'),
    ],
  },
  {
    given: 'parameter-made-required',
    want: [row('breaking', 'parameter-made-required', [LW], `${W}/parameters/0`, `${W}/parameters/0`)],
  },
  {
    given: 'parameter-removed',
    want: [
      row('breaking', 'export-removed', [LW], W, null, 'cli'),
      row('breaking', 'parameter-removed', [LW], `${W}/parameters/1`, null),
    ],
  },
  {
    given: 'type-format-changed',
    want: [
      row('breaking', 'type-changed', [LW], `${W}/parameters/1/schema`, `${W}/parameters/1/schema`),
      // A request integer widened to int64 still takes every value: not breaking.
      row('changed', 'integer-widened', [LW], `${W}/parameters/2/schema`, `${W}/parameters/2/schema`),
    ],
  },
  {
    // The field was a body field of createSubAccounts: its CLI flag goes too.
    given: 'component-field-removed',
    want: [
      row('breaking', 'export-removed', [CSA], CSAP, null, 'cli'),
      row('breaking', 'field-removed', SUB, SUBF('remark'), null),
    ],
  },
  {
    given: 'request-body-fields',
    want: [
      row('breaking', 'export-removed', [CSA], CSAP, null, 'cli'),
      row('breaking', 'field-added-required', [CSA], null, `${REQ}/email`),
      row('breaking', 'field-removed', [CSA], `${REQ}/remark`, null),
      row('added', 'export-added', [CSA], null, CSAP, 'cli'),
      row('added', 'field-added', [CSA], null, `${REQ}/password`),
    ],
  },
  {
    given: 'component-field-made-required',
    want: [
      row('breaking', 'field-made-required', ['createSubAccounts POST /sub_accounts'], SUBF('remark'), SUBF('remark')),
      row('changed', 'field-made-required', SUB, SUBF('remark'), SUBF('remark')),
    ],
  },
  {
    given: 'enum-request',
    want: [row('breaking', 'enum-value-removed', [LW], `${W}/parameters/1/schema`, `${W}/parameters/1/schema`)],
  },
  {
    given: 'enum-response',
    want: [
      row(
        'breaking',
        'enum-value-removed',
        [LW],
        '/components/schemas/WithdrawalStatus',
        '/components/schemas/WithdrawalStatus',
      ),
      row(
        'added',
        'enum-value-added',
        [LW],
        '/components/schemas/WithdrawalStatus',
        '/components/schemas/WithdrawalStatus',
      ),
    ],
  },
  {
    given: 'success-status-changed',
    want: [
      row(
        'breaking',
        'success-status-changed',
        ['lockSubAccount POST /sub_accounts/{user_id}/lock'],
        '/paths/~1sub_accounts~1{user_id}~1lock/post/responses/200',
        '/paths/~1sub_accounts~1{user_id}~1lock/post/responses/204',
      ),
    ],
  },
  { given: 'auth-added', want: [row('breaking', 'auth-added', [LC], `${CUR}/security`, CUR)] },
  {
    given: 'permission-changed',
    want: [row('breaking', 'permission-changed', [LC], `${CUR}/x-permission`, `${CUR}/x-permission`)],
  },
  {
    given: 'rate-limit',
    want: [
      row('breaking', 'rate-limit-tightened', ['getA GET /wallet/a'], rl('a'), rl('a')),
      row('breaking', 'rate-limit-tightened', ['getB GET /wallet/b'], rl('b'), rl('b')),
      row('breaking', 'rate-limit-tightened', ['getC GET /wallet/c'], rl('c'), rl('c')),
      row('changed', 'rate-limit-loosened', ['getD GET /wallet/d'], rl('d'), rl('d')),
      row('changed', 'rate-limit-bucket-changed', ['getE GET /wallet/e'], rl('e'), rl('e')),
    ],
  },
  {
    // Merging buckets shares one limit between more operations: classified like a tightening.
    given: 'rate-limit-merged',
    want: [
      row('breaking', 'rate-limit-tightened', ['getA GET /wallet/a'], rl('a'), rl('a')),
      row('breaking', 'rate-limit-tightened', ['getB GET /wallet/b'], rl('b'), rl('b')),
      row('changed', 'rate-limit-loosened', ['getC GET /wallet/c'], rl('c'), rl('c')),
      row('changed', 'rate-limit-loosened', ['getD GET /wallet/d'], rl('d'), rl('d')),
      row('changed', 'rate-limit-bucket-changed', ['getE GET /wallet/e'], rl('e'), rl('e')),
    ],
  },
  {
    // int32 -> int64 in a response: TypeScript reads int64 as strings (breaking there), Python as int.
    given: 'integer-widened',
    want: [
      row('breaking', 'integer-widened', [LW], WR('block_number'), WR('block_number')),
      row('changed', 'integer-widened', [LW], `${W}/parameters/0/schema`, `${W}/parameters/0/schema`),
    ],
  },
  {
    // A response string becoming a decimal amount: Python reads it as Decimal (breaking there).
    given: 'decimal-format',
    want: [row('breaking', 'decimal-format-changed', [LW], WR('amount'), WR('amount'))],
  },
  {
    given: 'pagination-changed',
    want: [row('breaking', 'pagination-changed', [LW], `${W}/x-pagination`, `${W}/x-pagination`)],
  },
  // non-breaking
  {
    given: 'operation-added',
    want: [
      ...perTarget('added', 'export-added', [DEP], null, DEPP),
      row('added', 'operation-added', [DEP], null, DEPP),
    ],
  },
  {
    given: 'parameter-added-optional',
    want: [
      row('added', 'export-added', [LW], null, W, 'cli'),
      row('added', 'parameter-added', [LW], null, `${W}/parameters/1`),
    ],
  },
  {
    given: 'component-field-added',
    want: [
      row('breaking', 'field-added-required', [CSA], null, SUBF('state')),
      row('added', 'export-added', [CSA], null, CSAP, 'cli'),
      row('added', 'field-added', SUB, null, SUBF('state')),
    ],
  },
  {
    // Response enums are open in every target: a new value is an addition.
    given: 'enum-response-added',
    want: [
      row(
        'added',
        'enum-value-added',
        [LW],
        '/components/schemas/WithdrawalStatus',
        '/components/schemas/WithdrawalStatus',
      ),
    ],
  },
  {
    // An enum read in requests (closed) and in responses (open): one change per side.
    given: 'enum-both-ways',
    want: [
      row('added', 'enum-value-added', [LW], '/components/schemas/AssetClass', '/components/schemas/AssetClass'),
      row('added', 'enum-value-added', [LW], '/components/schemas/AssetClass', '/components/schemas/AssetClass'),
    ],
  },
  {
    given: 'enum-request-added',
    want: [row('added', 'enum-value-added', [LW], `${W}/parameters/1/schema`, `${W}/parameters/1/schema`)],
  },
  { given: 'auth-removed', want: [row('changed', 'auth-removed', [LC], CUR, `${CUR}/security`)] },
  {
    given: 'docs-changed',
    want: [
      row('changed', 'docs-changed', [LW], W, `${W}/description`),
      row('changed', 'docs-changed', [LW], `${W}/parameters/0`, `${W}/parameters/0/description`),
    ],
  },
  {
    given: 'documented-behaviour',
    want: [
      row(
        'changed',
        'behaviour-changed',
        ['listDeposits GET /wallet/deposits'],
        '/paths/~1wallet~1deposits/get/x-time-range',
        '/paths/~1wallet~1deposits/get/x-time-range',
      ),
      row(
        'changed',
        'retry-changed',
        ['withdraw POST /withdrawals'],
        '/paths/~1withdrawals/post/x-retry',
        '/paths/~1withdrawals/post/x-retry',
      ),
    ],
  },
  {
    given: 'deprecations',
    want: [
      row('deprecated', 'operation-deprecated', [LUA], UA, `${UA}/deprecated`),
      row('deprecated', 'parameter-deprecated', [LUA], `${UA}/parameters/0`, `${UA}/parameters/0`),
      row(
        'deprecated',
        'field-deprecated',
        [LUA],
        '/components/schemas/UnifiedBalance/properties/total_freeze',
        '/components/schemas/UnifiedBalance/properties/total_freeze',
      ),
    ],
  },
  {
    given: 'deprecation-announced',
    want: [
      row(
        'deprecated',
        'deprecation-announced',
        ['listAccountPortfolioMode GET /portfolio/account_mode'],
        null,
        '/x-removed-operations/1',
      ),
      row(
        'deprecated',
        'deprecation-announced',
        ['listPortfolioAccounts GET /portfolio/accounts'],
        null,
        '/x-removed-operations/0',
      ),
    ],
  },
  { given: 'identical', want: [] },
];

describe('corpus: exact classification of each case', () => {
  it.each(CASES)('$given', async ({ given, want }) => {
    const diff = await diffCase(given);
    expect(rows(diff.changes)).toEqual(want);
  });
});

describe('corpus: messages carry the old and new values', () => {
  const MESSAGES: Array<{ given: string; want: string[] }> = [
    {
      given: 'operation-removed',
      want: [
        'CLI: commands removed: `wallet list-deposits`',
        'Python: names removed: `exchange_v4.operations.wallet.ListDepositsParams`, `exchange_v4.operations.wallet.ListDepositsResponse`',
        'TypeScript: exports removed: `ListDepositsParams`, `ListDepositsResponse`, `listDepositsMeta`, `listDeposits`',
        'GET /wallet/deposits removed (removed; no replacement; removal v4.2.0)',
      ],
    },
    {
      given: 'operation-renamed',
      want: [
        'CLI: commands renamed: `wallet get-trade-fee` → `wallet get-wallet-fee`',
        'Python: names renamed: `exchange_v4.operations.wallet.GetTradeFeeParams` → `exchange_v4.operations.wallet.GetWalletFeeParams`, `exchange_v4.operations.wallet.GetTradeFeeResponse` → `exchange_v4.operations.wallet.GetWalletFeeResponse`',
        'TypeScript: exports renamed: `GetTradeFeeParams` → `GetWalletFeeParams`, `GetTradeFeeResponse` → `GetWalletFeeResponse`, `getTradeFeeMeta` → `getWalletFeeMeta`, `getTradeFee` → `getWalletFee`',
        'operationId getTradeFee → getWalletFee (the client method is renamed)',
      ],
    },
    {
      given: 'type-format-changed',
      want: [
        'parameter from (query): type integer(int64) → string',
        'parameter limit (query): format "int32" → "int64"',
      ],
    },
    {
      given: 'enum-response',
      want: ['WithdrawalStatus: enum value removed: "PEND"', 'WithdrawalStatus: enum value added: "BLOCKED"'],
    },
    {
      given: 'request-body-fields',
      want: [
        'CLI: flags removed from `sub-accounts create-sub-accounts`: `--remark`',
        'request.email: required field added',
        'request.remark: field removed',
        'CLI: flags added to `sub-accounts create-sub-accounts`: `--email`, `--password`',
        'request.password: field added',
      ],
    },
    {
      given: 'enum-both-ways',
      want: ['AssetClass: enum value added: "MEME" (requests)', 'AssetClass: enum value added: "MEME" (responses)'],
    },
    {
      given: 'rate-limit-merged',
      want: [
        'rate limit 200 per 10 s (uid, own bucket) → 200 per 10 s (uid, bucket wallet-read); now shared with getB',
        'rate limit 200 per 10 s (uid, own bucket) → 200 per 10 s (uid, bucket wallet-read); now shared with getA',
        'rate limit 200 per 10 s (uid, bucket pair) → 200 per 10 s (uid, bucket pair); no longer shared with getD',
        'rate limit 200 per 10 s (uid, bucket pair) → 200 per 10 s (uid, own bucket); no longer shared with getC',
        'rate limit 200 per 10 s (uid, bucket solo) → 200 per 10 s (uid, bucket solo-renamed)',
      ],
    },
    {
      given: 'rate-limit',
      want: [
        'rate limit 200 per 10 s (uid, own bucket) → 100 per 10 s (uid, own bucket)',
        'rate limit 200 per 10 s (uid, own bucket) → 200 per 20 s (uid, own bucket)',
        'rate limit 200 per 10 s (uid, own bucket) → 200 per 10 s (uid+market, own bucket)',
        'rate limit 200 per 10 s (uid, own bucket) → 400 per 10 s (uid, own bucket)',
        'rate limit 200 per 10 s (uid, own bucket) → 200 per 10 s (uid, bucket wallet-read)',
      ],
    },
    {
      given: 'deprecation-announced',
      want: [
        'GET /portfolio/account_mode deprecated; no replacement; removal v4.2.0',
        'GET /portfolio/accounts deprecated; replaced by GET /unified/accounts; removal 2023-12-31',
      ],
    },
    {
      given: 'documented-behaviour',
      want: [expect.stringMatching(/^time range .*"maxDays":30.* → .*"maxDays":7/) as string, 'retry keyed → never'],
    },
  ];
  it.each(MESSAGES)('$given', async ({ given, want }) => {
    const diff = await diffCase(given);
    expect(diff.changes.map((c) => c.message)).toEqual(want);
  });
});

describe('corpus: the effect on each target where the targets differ', () => {
  const EFFECTS: Array<{ given: string; want: Array<Record<string, [string, string]> | undefined> }> = [
    {
      given: 'integer-widened',
      want: [
        {
          typescript: ['breaking', 'number → string: 64-bit integers are read as decimal strings'],
          python: ['changed', 'int either way (exact)'],
        },
        undefined,
      ],
    },
    {
      given: 'decimal-format',
      want: [{ typescript: ['changed', 'string either way'], python: ['breaking', 'str → Decimal'] }],
    },
    { given: 'enum-both-ways', want: [undefined, undefined] },
  ];
  it.each(EFFECTS)('$given', async ({ given, want }) => {
    const diff = await diffCase(given);
    expect(
      diff.changes.map((c) =>
        c.targets
          ? Object.fromEntries(Object.entries(c.targets).map(([t, e]) => [t, [e.category, e.note]]))
          : undefined,
      ),
    ).toEqual(want);
  });

  it('shows them in the report and the changelog', async () => {
    const { formatReport } = await import('../../generator/diff/report.js');
    const { changelogSection } = await import('../../generator/diff/changelog.js');
    const diff = await diffCase('integer-widened');
    const plan = { current: '1.0.0', next: '2.0.0', bump: 'major', needed: 'major', note: '' } as never;
    expect(formatReport(diff, plan)).toContain(
      'targets: TypeScript: breaking (number → string: 64-bit integers are read as decimal strings); Python: changed (int either way (exact))',
    );
    expect(changelogSection('2.0.0', 'v4.2.0', diff.changes)).toContain('[TypeScript: breaking (number → string');
  });
});
