/**
 * Reusing the previous bundle (bundle-reuse.ts): which edits give a reused bundle and which do not,
 * and the reused bundle after a docs edit of one path item file.
 */
import { describe, expect, it } from 'vitest';
import { reuseBundle, type BundleBase } from '../../generator/bundle-reuse.js';
import type { LoadedSpec } from '../../generator/load.js';
import { parseSpecYaml } from '../../generator/spec-yaml.js';

const ROOT_FILE = 'spec/openapi.yaml';
const PATH_FILE = 'spec/paths/wallet/withdrawals.yaml';
const SCHEMA_FILE = 'spec/components/schemas/Withdrawal.yaml';
const ROOT_TEXT = 'openapi: 3.1.0\npaths:\n  /wallet/withdrawals:\n    $ref: ./paths/wallet/withdrawals.yaml\n';
const PATH_TEXT = [
  'get:',
  '  operationId: listWithdrawals',
  '  description: The caller’s withdrawals.',
  '  responses:',
  "    '200':",
  '      description: Records.',
  '      content:',
  '        application/json:',
  '          schema:',
  '            $ref: ../../components/schemas/Withdrawal.yaml',
  "    '400':",
  '      $ref: ../../components/responses/Error.yaml',
  '',
].join('\n');
const SCHEMA_TEXT = 'type: object\n';

const base = (texts: Record<string, string> = {}, settings = 's1'): BundleBase => ({
  settings,
  entry: ROOT_FILE,
  texts: { [ROOT_FILE]: ROOT_TEXT, [PATH_FILE]: PATH_TEXT, [SCHEMA_FILE]: SCHEMA_TEXT, ...texts },
});

/** What Redocly bundles from `base()`. */
const item = (description: string): Record<string, unknown> => ({
  get: {
    operationId: 'listWithdrawals',
    description,
    responses: {
      '200': {
        description: 'Records.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Withdrawal' } } },
      },
      '400': { $ref: '#/components/responses/Error' },
    },
  },
});
const LOADED: LoadedSpec = {
  document: {
    openapi: '3.1.0',
    paths: { '/wallet/withdrawals': item('The caller’s withdrawals.') },
    components: { schemas: { Withdrawal: { type: 'object' } } },
  },
  pathFiles: { '/wallet/withdrawals': PATH_FILE },
};

const edit = (from: string, to: string): Record<string, string> => ({ [PATH_FILE]: PATH_TEXT.replace(from, to) });
const reasonOf = (current: BundleBase, loaded: LoadedSpec = LOADED): string => {
  const reuse = reuseBundle(base(), loaded, current, parseSpecYaml);
  return 'reason' in reuse ? reuse.reason : 'reused';
};

describe('reuseBundle', () => {
  it.each([
    {
      given: 'a description edited',
      current: base(edit('withdrawals.', 'withdrawals, newest first.')),
      want: 'reused',
    },
    {
      given: 'a field added without a reference',
      current: base(edit('  responses:', '  summary: List\n  responses:')),
      want: 'reused',
    },
    { given: 'nothing changed', current: base(), want: 'reused' },
    { given: 'the bundle settings changed', current: base({}, 's2'), want: 'the bundle settings changed' },
    {
      given: 'a component file edited',
      current: base({ [SCHEMA_FILE]: 'type: array\n' }),
      want: `${SCHEMA_FILE} is not one path item's file`,
    },
    {
      given: 'the root file edited',
      current: base({ [ROOT_FILE]: `${ROOT_TEXT}# note\n` }),
      want: `${ROOT_FILE} is not one path item's file`,
    },
    {
      given: 'a file added',
      current: base({ 'spec/paths/new.yaml': 'get: {}\n' }),
      want: 'spec files were added or removed',
    },
    {
      given: 'a reference changed',
      current: base(edit('Withdrawal.yaml', 'Other.yaml')),
      want: `the references of ${PATH_FILE} changed`,
    },
    {
      given: 'a reference removed',
      current: base(edit("    '400':\n      $ref: ../../components/responses/Error.yaml\n", '')),
      want: `the references of ${PATH_FILE} changed`,
    },
    {
      given: 'YAML that does not parse',
      current: base(edit('  responses:', '  responses: [')),
      want: `${PATH_FILE} does not parse`,
    },
  ])('$given: $want', ({ current, want }) => {
    expect(reasonOf(current)).toBe(want);
  });

  it('gives no reuse when the previous bundle is not the file with its references replaced', () => {
    const other: LoadedSpec = {
      ...LOADED,
      document: { ...LOADED.document, paths: { '/wallet/withdrawals': item('Another text.') } },
    };
    expect(reasonOf(base(edit('withdrawals.', 'withdrawals!')), other)).toBe(
      `the bundle of ${PATH_FILE} is not its YAML`,
    );
  });

  it('rebuilds the edited path item in place, its references as the previous bundle had them', () => {
    const reuse = reuseBundle(base(), LOADED, base(edit('withdrawals.', 'withdrawals, newest first.')), parseSpecYaml);
    expect(reuse).toEqual({
      loaded: {
        document: {
          ...LOADED.document,
          paths: { '/wallet/withdrawals': item('The caller’s withdrawals, newest first.') },
        },
        pathFiles: LOADED.pathFiles,
      },
    });
  });
});
