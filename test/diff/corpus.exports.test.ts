/**
 * Corpus cases about what users import: a model renamed (without and with its old name recorded in
 * `x-previous-names`), an operation moved to another area (the CLI command and the Python module
 * follow it), a model added. Each gives exactly the listed changes and messages; each changelog line
 * of an export change names its target.
 */
import { describe, expect, it } from 'vitest';
import { diffCase, perTarget, row, rows, type Row } from './helpers.js';

const FEE = '/paths/~1wallet~1fee/get';
const CSA = 'createSubAccounts POST /sub_accounts';
const CSAP = '/paths/~1sub_accounts/post';
const SUB = [
  'createSubAccounts POST /sub_accounts',
  'getSubAccount GET /sub_accounts/{user_id}',
  'listSubAccounts GET /sub_accounts',
];
const SUBF = (f: string): string => `/components/schemas/SubAccount/properties/${f}`;
const SCHEMA = (name: string): string => `/components/schemas/${name}`;

const CASES: Array<{ given: string; want: Row[] }> = [
  {
    // A model file renamed (its $refs adjusted): the spec's shapes are unchanged, the exported name is not.
    given: 'schema-renamed',
    want: perTarget('breaking', 'export-renamed', [], SCHEMA('SubAccount'), SCHEMA('SubAccountDetail'), [
      'python',
      'typescript',
    ]),
  },
  {
    // The CLI command moves to the new area, and so do the Python names (another module).
    given: 'area-changed',
    want: [
      ...perTarget('breaking', 'export-removed', [], null, null, ['python', 'typescript']),
      row('breaking', 'area-changed', ['getTradeFee GET /wallet/fee'], `${FEE}/tags`, `${FEE}/tags`),
      ...perTarget('breaking', 'export-renamed', ['getTradeFee GET /wallet/fee'], FEE, FEE, ['cli', 'python']),
      ...perTarget('added', 'export-added', [], null, null, ['python', 'typescript']),
    ],
  },
  {
    // A new model reached from an existing one: exported by both clients; its field is a new CLI flag.
    given: 'model-added',
    want: [
      ...perTarget('added', 'export-added', [], null, SCHEMA('SubAccountLimits'), ['python', 'typescript']),
      row('added', 'export-added', [CSA], null, CSAP, 'cli'),
      row('added', 'field-added', SUB, null, SUBF('limits')),
    ],
  },
  // deprecations
  {
    // The rename recorded in x-previous-names: the old name stays, as a deprecated alias.
    given: 'schema-renamed-recorded',
    want: perTarget('deprecated', 'export-deprecated', [], SCHEMA('SubAccount'), SCHEMA('SubAccountDetail'), [
      'python',
      'typescript',
    ]),
  },
];

describe('corpus (exports): exact classification of each case', () => {
  it.each(CASES)('$given', async ({ given, want }) => {
    const diff = await diffCase(given);
    expect(rows(diff.changes)).toEqual(want);
  });
});

describe('corpus (exports): messages name the target and the old and new names', () => {
  const MESSAGES: Array<{ given: string; want: string[] }> = [
    {
      given: 'schema-renamed',
      want: [
        'Python: names renamed: `exchange_v4.models.SubAccount` → `exchange_v4.models.SubAccountDetail`',
        'TypeScript: exports renamed: `SubAccount` → `SubAccountDetail`',
      ],
    },
    {
      given: 'schema-renamed-recorded',
      want: [
        'Python: names renamed, each old name kept as a deprecated alias until the next major version: `exchange_v4.models.SubAccount` → `exchange_v4.models.SubAccountDetail`',
        'TypeScript: exports renamed, each old name kept as a deprecated alias until the next major version: `SubAccount` → `SubAccountDetail`',
      ],
    },
    {
      given: 'area-changed',
      want: [
        'Python: names removed: `exchange_v4.operations.wallet.WalletApiAsyncWithResponse`, `exchange_v4.operations.wallet.WalletApiAsync`, `exchange_v4.operations.wallet.WalletApiWithResponse`, `exchange_v4.operations.wallet.WalletApi`',
        'TypeScript: exports removed: `WalletApi`',
        'area wallet → account (the client method moves to client.account)',
        'CLI: commands renamed: `wallet get-trade-fee` → `account get-trade-fee`',
        'Python: names renamed: `exchange_v4.operations.wallet.GetTradeFeeParams` → `exchange_v4.operations.account.GetTradeFeeParams`, `exchange_v4.operations.wallet.GetTradeFeeResponse` → `exchange_v4.operations.account.GetTradeFeeResponse`',
        'Python: names added: `exchange_v4.operations.account.AccountApiAsyncWithResponse`, `exchange_v4.operations.account.AccountApiAsync`, `exchange_v4.operations.account.AccountApiWithResponse`, `exchange_v4.operations.account.AccountApi`',
        'TypeScript: exports added: `AccountApi`',
      ],
    },
    {
      given: 'model-added',
      want: [
        'Python: names added: `exchange_v4.models.SubAccountLimits`',
        'TypeScript: exports added: `SubAccountLimits`',
        'CLI: flags added to `sub-accounts create-sub-accounts`: `--limits`',
        'SubAccount.limits: field added',
      ],
    },
  ];
  it.each(MESSAGES)('$given', async ({ given, want }) => {
    const diff = await diffCase(given);
    expect(diff.changes.map((c) => c.message)).toEqual(want);
  });
});

describe('corpus (exports): each changelog line of an export change names its target', () => {
  it.each([
    {
      given: 'schema-renamed',
      want: '### Breaking\n\n- Python: names renamed: `exchange_v4.models.SubAccount` → `exchange_v4.models.SubAccountDetail`\n- TypeScript: exports renamed: `SubAccount` → `SubAccountDetail`\n',
    },
    {
      given: 'operation-renamed',
      want: '- CLI: commands renamed: `wallet get-trade-fee` → `wallet get-wallet-fee` (`getWalletFee` GET /wallet/fee)\n',
    },
    {
      given: 'schema-renamed-recorded',
      want: '### Deprecated\n\n- Python: names renamed, each old name kept as a deprecated alias',
    },
  ])('$given', async ({ given, want }) => {
    const { changelogSection } = await import('../../generator/diff/changelog.js');
    const diff = await diffCase(given);
    expect(changelogSection('2.0.0', 'v4.2.0', diff.changes)).toContain(want);
  });
});
