/**
 * The spec linter (redocly.yaml + the house rules in spec/lint/): every house rule, a dangling
 * $ref and a duplicate operationId each caught in a fixture that breaks exactly that rule, a clean
 * fixture with no problem at all, and the real spec/openapi.yaml with no error.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { lint, lintFromString, loadConfig, type Config, type NormalizedProblem } from '@redocly/openapi-core';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** One lint problem, reduced to what a reader of the report sees. */
interface Finding {
  ruleId: string;
  severity: string;
  /** Repo-relative path of the file the problem is in. */
  file: string;
  /** JSON pointer inside that file. */
  pointer: string;
  message: string;
}

let config: Config;

beforeAll(async () => {
  config = await loadConfig({ configPath: path.join(repoRoot, 'redocly.yaml') });
});

/** Reduces Redocly's problems to findings with repo-relative file names. */
function toFindings(problems: NormalizedProblem[]): Finding[] {
  return problems.map((problem) => {
    const where = problem.location[0];
    return {
      ruleId: problem.ruleId,
      severity: problem.severity,
      file: where ? path.relative(repoRoot, where.source.absoluteRef).split(path.sep).join('/') : '(none)',
      pointer: where?.pointer ?? '(none)',
      message: problem.message,
    };
  });
}

/** Lints a spec file with the repository's redocly.yaml and returns its findings. */
async function lintSpec(file: string): Promise<Finding[]> {
  return toFindings(await lint({ ref: path.join(repoRoot, file), config }));
}

/** Findings as one line each, for failure messages. */
function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.ruleId} ${f.severity} ${f.file}${f.pointer}: ${f.message}`).join('\n') || '(none)';
}

/** Ids of the rules the house plugin registers (`house/<rule>`), read from the loaded config. */
function houseRuleIds(): string[] {
  const plugin = config.plugins.find((p) => p.id === 'house');
  return Object.keys(plugin?.rules?.oas3 ?? {});
}

interface BrokenCase {
  /** Fixture folder under test/fixtures/lint/. */
  given: string;
  want: { ruleId: string; file: string; pointer: string | RegExp; message: RegExp };
}

const W = '#/paths/~1wallet~1withdrawals/get';
const T = '#/paths/~1wallet~1transfers/post';
const root = (fixture: string): string => `test/fixtures/lint/${fixture}/openapi.yaml`;

const brokenCases: BrokenCase[] = [
  {
    given: 'rate-limit-missing',
    want: {
      ruleId: 'house/private-operation-rate-limit',
      file: root('rate-limit-missing'),
      pointer: W,
      message: /`listWithdrawals` has no `x-rate-limit`/,
    },
  },
  {
    given: 'rate-limit-public-scope',
    want: {
      ruleId: 'house/private-operation-rate-limit',
      file: root('rate-limit-public-scope'),
      pointer: `${W}/x-rate-limit/scope`,
      message: /Public operation .* must be 'ip', got 'uid'/,
    },
  },
  {
    given: 'rate-limit-shape',
    want: {
      ruleId: 'house/private-operation-rate-limit',
      file: root('rate-limit-shape'),
      pointer: `${W}/x-rate-limit/requests`,
      message: /`x-rate-limit\.requests` must be a positive integer, got 0/,
    },
  },
  {
    given: 'rate-limit-group-mismatch',
    want: {
      ruleId: 'house/private-operation-rate-limit',
      file: root('rate-limit-group-mismatch'),
      pointer: `${T}/x-rate-limit/group`,
      message: /group 'wallet-writes' is 200 requests \/ 10 s .* but 80 \/ 10 s/,
    },
  },
  {
    given: 'permission-missing',
    want: {
      ruleId: 'house/private-operation-permission',
      file: root('permission-missing'),
      pointer: W,
      message: /Private operation `listWithdrawals` has no `x-permission`/,
    },
  },
  {
    given: 'permission-on-public',
    want: {
      ruleId: 'house/private-operation-permission',
      file: root('permission-on-public'),
      pointer: `${W}/x-permission`,
      message: /Public operation .* must not declare `x-permission`/,
    },
  },
  {
    given: 'permission-shape',
    want: {
      ruleId: 'house/private-operation-permission',
      file: root('permission-shape'),
      pointer: `${W}/x-permission/access`,
      message: /`x-permission\.access` must be one of 'read', 'write', got 'admin'/,
    },
  },
  {
    given: 'x-shape-missing',
    want: {
      ruleId: 'house/operation-x-extensions-shape',
      file: root('x-shape-missing'),
      pointer: W,
      message: /`x-shape` is required/,
    },
  },
  {
    given: 'x-retry-keyed-without-idempotency',
    want: {
      ruleId: 'house/operation-x-extensions-shape',
      file: root('x-retry-keyed-without-idempotency'),
      pointer: `${T}/x-retry`,
      message: /`x-retry: keyed` needs `x-idempotency`/,
    },
  },
  {
    given: 'x-retry-get-not-safe',
    want: {
      ruleId: 'house/operation-x-extensions-shape',
      file: root('x-retry-get-not-safe'),
      pointer: `${W}/x-retry`,
      message: /GET is a read, so `x-retry` must be 'safe', got 'never'/,
    },
  },
  {
    given: 'idempotency-lookup-unknown',
    want: {
      ruleId: 'house/operation-x-extensions-shape',
      file: root('idempotency-lookup-unknown'),
      pointer: `${T}/x-idempotency/lookup/operationId`,
      message: /'getTransferStatus' names no operation/,
    },
  },
  {
    given: 'pagination-shape',
    want: {
      ruleId: 'house/operation-x-extensions-shape',
      file: root('pagination-shape'),
      pointer: `${W}/x-pagination/style`,
      message: /`x-pagination\.style` must be one of 'page', 'offset', got 'cursor'/,
    },
  },
  {
    given: 'time-range-undeclared-param',
    want: {
      ruleId: 'house/operation-x-extensions-shape',
      file: root('time-range-undeclared-param'),
      pointer: `${W}/x-time-range/from`,
      message: /`x-time-range\.from` names query parameter `start`/,
    },
  },
  {
    given: 'unknown-extension',
    want: {
      ruleId: 'house/operation-x-extensions-shape',
      file: root('unknown-extension'),
      pointer: `${W}/x-nested-lists`,
      message: /unknown extension `x-nested-lists`/,
    },
  },
  {
    given: 'decimal-named',
    want: {
      ruleId: 'house/decimal-amounts',
      file: 'test/fixtures/lint/decimal-named/components/schemas/Transfer.yaml',
      pointer: '#/properties/amount',
      message: /`amount` .* must be `type: string, format: decimal`; it has type 'number'/,
    },
  },
  {
    given: 'decimal-inline',
    want: {
      ruleId: 'house/decimal-amounts',
      file: root('decimal-inline'),
      pointer: `${W}/responses/200/content/application~1json/schema/items/properties/price`,
      message: /`price` .* must be `type: string, format: decimal`/,
    },
  },
  {
    given: 'operation-id-camel-case',
    want: {
      ruleId: 'house/operation-id-camel-case',
      file: root('operation-id-camel-case'),
      pointer: `${W}/operationId`,
      message: /"list_withdrawals" is not camelCase/,
    },
  },
  {
    given: 'array-query-serialization',
    want: {
      ruleId: 'house/array-query-serialization',
      file: root('array-query-serialization'),
      pointer: `${W}/parameters/0`,
      message: /`currencies` must declare `style: form, explode: false`.* declares no `explode`/,
    },
  },
  {
    given: 'int64-ids',
    want: {
      ruleId: 'house/int64-ids',
      file: root('int64-ids'),
      pointer: `${W}/responses/200/content/application~1json/schema/items/properties/user_id`,
      message: /`user_id` must declare `format: int64`/,
    },
  },
  {
    given: 'error-responses-missing',
    want: {
      ruleId: 'house/operation-error-responses',
      file: root('error-responses-missing'),
      pointer: `${W}/responses`,
      message: /does not list error response '429'/,
    },
  },
  {
    given: 'error-responses-inline',
    want: {
      ruleId: 'house/operation-error-responses',
      file: root('error-responses-inline'),
      pointer: `${W}/responses/400`,
      message: /'400' .* must be a \$ref to a shared response/,
    },
  },
  {
    given: 'removed-replacement-not-live',
    want: {
      ruleId: 'house/root-x-extensions-shape',
      file: root('removed-replacement-not-live'),
      pointer: '#/x-removed-operations/0/replacedBy/0',
      message: /replaced by 'GET \/margin\/uni\/loans', which is not a live operation/,
    },
  },
  {
    given: 'dangling-ref',
    want: {
      ruleId: 'no-unresolved-refs',
      file: 'test/fixtures/lint/dangling-ref/paths/wallet/withdrawals.yaml',
      pointer: '#/get/responses/200/content/application~1json/schema/items',
      message: /Can't resolve \$ref.*WithdrawalRecord\.yaml/,
    },
  },
  // Redocly points this one at the duplicate operation (its pointer ends in the id itself).
  {
    given: 'duplicate-operation-id',
    want: {
      ruleId: 'operation-operationId-unique',
      file: root('duplicate-operation-id'),
      pointer: new RegExp(`^${T.replace(/[/~]/g, '\\$&')}(/|$)`),
      message: /unique `operationId`/,
    },
  },
];

describe('redocly.yaml', () => {
  it('loads the house plugin with its nine rules', () => {
    expect(houseRuleIds().sort()).toEqual([
      'house/array-query-serialization',
      'house/decimal-amounts',
      'house/int64-ids',
      'house/operation-error-responses',
      'house/operation-id-camel-case',
      'house/operation-x-extensions-shape',
      'house/private-operation-permission',
      'house/private-operation-rate-limit',
      'house/root-x-extensions-shape',
    ]);
  });

  it('turns every house rule and the reference/operationId built-ins on as errors', () => {
    const ruleIds = [...houseRuleIds(), 'no-unresolved-refs', 'operation-operationId-unique', 'operation-operationId'];
    const notErrors = ruleIds.filter((id) => config.getRuleSettings(id, 'oas3_1').severity !== 'error');
    expect(notErrors).toEqual([]);
  });

  it('every house rule has a fixture that breaks it', () => {
    const covered = new Set(brokenCases.map((c) => c.want.ruleId));
    expect(houseRuleIds().filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe('lint fixtures', () => {
  it('the clean fixture has no problem at all', async () => {
    const findings = await lintSpec(root('clean'));
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it.each(brokenCases)('$given is caught by $want.ruleId', async ({ given, want }) => {
    const findings = await lintSpec(root(given));
    expect(findings, describeFindings(findings)).toHaveLength(1);
    expect(findings[0]).toEqual({
      ruleId: want.ruleId,
      severity: 'error',
      file: want.file,
      pointer: typeof want.pointer === 'string' ? want.pointer : (expect.stringMatching(want.pointer) as unknown),
      message: expect.stringMatching(want.message) as unknown,
    });
  });
});

/** Operations of the variant spec: a private paged read and a private write with a JSON body. */
type Operation = Record<string, unknown>;
const ERROR = { $ref: '../_shared/components/responses/Error.yaml' };
const query = (name: string, schema: Record<string, unknown> = { type: 'string' }): Operation => ({
  name,
  in: 'query',
  schema,
});

function baseRead(): Operation {
  return {
    operationId: 'listWithdrawals',
    tags: ['wallet'],
    summary: 'List withdrawal records',
    'x-shape': 'seed',
    'x-permission': { area: 'wallet', access: 'read' },
    'x-rate-limit': { requests: 200, window: 10, scope: 'uid' },
    'x-retry': 'safe',
    parameters: [
      query('currency'),
      query('withdraw_order_id'),
      query('from'),
      query('to'),
      query('limit'),
      query('offset'),
    ],
    responses: { '200': { description: 'Records.' }, '400': ERROR, '401': ERROR, '429': ERROR, '5XX': ERROR },
  };
}

function baseWrite(): Operation {
  return {
    operationId: 'transfer',
    tags: ['wallet'],
    summary: 'Transfer between own accounts',
    'x-shape': 'seed',
    'x-permission': { area: 'wallet', access: 'write' },
    'x-rate-limit': { requests: 80, window: 10, scope: 'uid' },
    'x-retry': 'never',
    requestBody: {
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              amount: { type: 'string', format: 'decimal' },
              client_order_id: { type: 'string' },
              stp_act: { type: 'string' },
            },
          },
        },
      },
    },
    responses: { '200': { description: 'Accepted.' }, '400': ERROR, '401': ERROR, '429': ERROR, '5XX': ERROR },
  };
}

/** Lints the variant spec after `patch` is applied to one operation (`undefined` removes a key). */
async function lintVariant(target: 'read' | 'write', patch: Operation, rootPatch: Operation = {}): Promise<Finding[]> {
  const read = baseRead();
  const write = baseWrite();
  const op = target === 'read' ? read : write;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete op[key];
    else op[key] = value;
  }
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Lint variant', version: 'v4.0.0', license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: 'https://api.exchange.test/api/v4' }],
    security: [{ apiv4: [] }],
    tags: [{ name: 'wallet', description: 'Wallet.' }],
    paths: { '/wallet/withdrawals': { get: read }, '/wallet/transfers': { post: write } },
    components: { securitySchemes: { apiv4: { type: 'apiKey', in: 'header', name: 'KEY' } } },
    ...rootPatch,
  };
  const absoluteRef = path.join(repoRoot, 'test/fixtures/lint/variant/openapi.yaml');
  return toFindings(await lintFromString({ source: JSON.stringify(doc), absoluteRef, config }));
}

interface VariantCase {
  given: string;
  target: 'read' | 'write';
  patch: Operation;
  /** Root members to add or replace. */
  root?: Operation;
  /** `null`: lints clean; otherwise the one finding (pointer relative to the operation, or to the root when it starts with `#`). */
  want: { ruleId: string; at: string; message: RegExp } | null;
}

const X = 'house/operation-x-extensions-shape';
const variantCases: VariantCase[] = [
  { given: 'the base operations', target: 'read', patch: {}, want: null },
  {
    given: 'offset pagination with limit and offset',
    target: 'read',
    patch: { 'x-pagination': { style: 'offset', defaultLimit: 100, maxLimit: 1000, minLimit: 1 } },
    want: null,
  },
  {
    given: 'page pagination without a page parameter',
    target: 'read',
    patch: { 'x-pagination': { style: 'page', defaultLimit: 100, maxLimit: 100 } },
    want: { ruleId: X, at: '/x-pagination/style', message: /pages with query parameter `page`/ },
  },
  {
    given: 'defaultLimit above maxLimit',
    target: 'read',
    patch: { 'x-pagination': { style: 'offset', defaultLimit: 500, maxLimit: 100 } },
    want: { ruleId: X, at: '/x-pagination/defaultLimit', message: /is 500, above `maxLimit` 100/ },
  },
  {
    given: 'minLimit above defaultLimit',
    target: 'read',
    patch: { 'x-pagination': { style: 'offset', defaultLimit: 10, maxLimit: 100, minLimit: 20 } },
    want: { ruleId: X, at: '/x-pagination/minLimit', message: /is 20, above `defaultLimit` 10/ },
  },
  {
    given: 'an unknown pagination field',
    target: 'read',
    patch: { 'x-pagination': { style: 'offset', defaultLimit: 10, maxLimit: 100, cursor: 'next' } },
    want: { ruleId: X, at: '/x-pagination/cursor', message: /`x-pagination.cursor` is not a known field/ },
  },
  {
    given: 'a default range longer than the longest',
    target: 'read',
    patch: { 'x-time-range': { from: 'from', to: 'to', maxDays: 7, defaultDays: 30, unit: 's' } },
    want: { ruleId: X, at: '/x-time-range/defaultDays', message: /is 30, above `maxDays` 7/ },
  },
  {
    given: 'a time range in milliseconds',
    target: 'read',
    patch: { 'x-time-range': { from: 'from', to: 'to', maxDays: 30, defaultDays: 7, unit: 'ms' } },
    want: { ruleId: X, at: '/x-time-range/unit', message: /must be one of 's', got 'ms'/ },
  },
  {
    given: 'x-nested-list: false',
    target: 'read',
    patch: { 'x-nested-list': false },
    want: { ruleId: X, at: '/x-nested-list', message: /must be true when present/ },
  },
  {
    given: 'x-require-any-of with two declared names',
    target: 'read',
    patch: { 'x-require-any-of': ['currency', 'withdraw_order_id'] },
    want: null,
  },
  {
    given: 'x-require-any-of with one name',
    target: 'read',
    patch: { 'x-require-any-of': ['currency'] },
    want: { ruleId: X, at: '/x-require-any-of', message: /names one field only/ },
  },
  {
    given: 'x-require-any-of naming an undeclared field',
    target: 'read',
    patch: { 'x-require-any-of': ['currency', 'tx_id'] },
    want: {
      ruleId: X,
      at: '/x-require-any-of/1',
      message: /names 'tx_id', which is not a parameter or request body field/,
    },
  },
  {
    given: 'an unknown x-shape',
    target: 'read',
    patch: { 'x-shape': 'partial' },
    want: { ruleId: X, at: '/x-shape', message: /must be one of 'seed', 'reference', 'named-only', got 'partial'/ },
  },
  {
    given: 'no x-retry',
    target: 'write',
    patch: { 'x-retry': undefined },
    want: { ruleId: X, at: '', message: /`x-retry` is required/ },
  },
  {
    given: 'a keyed write with its body idempotency field',
    target: 'write',
    patch: {
      'x-retry': 'keyed',
      'x-idempotency': {
        field: 'client_order_id',
        in: 'body',
        dedupes: true,
        generate: true,
        lookup: { operationId: 'listWithdrawals', param: 'withdraw_order_id' },
      },
    },
    want: null,
  },
  {
    given: 'an idempotency field missing from the body',
    target: 'write',
    patch: { 'x-retry': 'keyed', 'x-idempotency': { field: 'text', in: 'body', dedupes: true } },
    want: { ruleId: X, at: '/x-idempotency/field', message: /names 'text', which is not a request body field/ },
  },
  {
    given: 'an idempotency object without dedupes',
    target: 'write',
    patch: { 'x-retry': 'keyed', 'x-idempotency': { field: 'client_order_id', in: 'body' } },
    want: { ruleId: X, at: '/x-idempotency', message: /is missing `dedupes`/ },
  },
  {
    given: 'a lookup param the lookup operation lacks',
    target: 'write',
    patch: {
      'x-retry': 'keyed',
      'x-idempotency': {
        field: 'client_order_id',
        in: 'body',
        dedupes: true,
        lookup: { operationId: 'listWithdrawals', param: 'client_order_id' },
      },
    },
    want: {
      ruleId: X,
      at: '/x-idempotency/lookup/param',
      message: /'client_order_id' is not a parameter of `listWithdrawals`/,
    },
  },
  {
    given: 'a valid x-stp',
    target: 'write',
    patch: { 'x-stp': { field: 'stp_act', values: ['cn', 'co', 'cb'], default: 'cn', requiresGroup: true } },
    want: null,
  },
  {
    given: 'an x-stp default outside its values',
    target: 'write',
    patch: { 'x-stp': { field: 'stp_act', values: ['cn', 'co'], default: '-', requiresGroup: true } },
    want: { ruleId: X, at: '/x-stp/default', message: /is '-', which is not one of `values`/ },
  },
  {
    given: 'an x-stp field the operation lacks',
    target: 'write',
    patch: { 'x-stp': { field: 'stp_mode', values: ['cn'], default: 'cn', requiresGroup: false } },
    want: { ruleId: X, at: '/x-stp/field', message: /names 'stp_mode'/ },
  },
  {
    given: 'a rate limit with an unknown scope',
    target: 'write',
    patch: { 'x-rate-limit': { requests: 80, window: 10, scope: 'global' } },
    want: {
      ruleId: 'house/private-operation-rate-limit',
      at: '/x-rate-limit/scope',
      message: /must be one of 'ip', 'uid', 'uid\+market', got 'global'/,
    },
  },
  {
    given: 'a uid+market limit that names no market field',
    target: 'write',
    patch: { 'x-rate-limit': { requests: 10, window: 1, scope: 'uid+market' } },
    want: {
      ruleId: 'house/private-operation-rate-limit',
      at: '/x-rate-limit/scope',
      message: /'uid\+market' needs `market`/,
    },
  },
  {
    given: 'a market field on a uid limit',
    target: 'write',
    patch: { 'x-rate-limit': { requests: 80, window: 10, scope: 'uid', market: 'currency_pair' } },
    want: {
      ruleId: 'house/private-operation-rate-limit',
      at: '/x-rate-limit/market',
      message: /applies to scope 'uid\+market' only, not 'uid'/,
    },
  },
  {
    given: 'an x-group-limit without a max',
    target: 'write',
    patch: { 'x-group-limit': { field: 'currency_pair' } },
    want: { ruleId: X, at: '/x-group-limit', message: /max/ },
  },
  {
    given: 'an x-group-limit on an operation without a body',
    target: 'read',
    patch: { 'x-group-limit': { field: 'currency_pair', max: 10 } },
    want: { ruleId: X, at: '/x-group-limit', message: /needs a request body/ },
  },
  {
    given: 'a private operation limited per IP',
    target: 'write',
    patch: { 'x-rate-limit': { requests: 80, window: 10, scope: 'ip' } },
    want: {
      ruleId: 'house/private-operation-rate-limit',
      at: '/x-rate-limit/scope',
      message: /Private operation `transfer` must be limited per account/,
    },
  },
  {
    given: 'an exploded array query parameter',
    target: 'read',
    patch: {
      parameters: [
        { ...query('currencies', { type: 'array', items: { type: 'string' } }), style: 'form', explode: true },
      ],
    },
    want: { ruleId: 'house/array-query-serialization', at: '/parameters/0/explode', message: /has `explode: true`/ },
  },
  {
    given: 'an x-decimal with a numeric bound',
    target: 'write',
    patch: {
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { amount: { type: 'string', format: 'decimal', 'x-decimal': { gt: 0, maxScale: 8 } } },
            },
          },
        },
      },
    },
    want: {
      ruleId: 'house/decimal-amounts',
      at: '/requestBody/content/application~1json/schema/properties/amount/x-decimal/gt',
      message: /`x-decimal.gt` must be a decimal string/,
    },
  },
  {
    given: 'an integer fee-payment code listed in the decimal rule exceptions (debit_fee)',
    target: 'write',
    patch: {
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', properties: { debit_fee: { type: 'integer', format: 'int32' } } },
          },
        },
      },
    },
    want: null,
  },
  {
    given: 'a text listed in the decimal rule exceptions for its schema (GetUserCouponDetailResponseData.amount)',
    target: 'write',
    patch: {
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              title: 'GetUserCouponDetailResponseData',
              properties: { amount: { type: 'string' } },
            },
          },
        },
      },
    },
    want: null,
  },
  {
    given: 'the same text in a schema the exception does not name',
    target: 'write',
    patch: {
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', title: 'CouponDetail', properties: { amount: { type: 'string' } } },
          },
        },
      },
    },
    want: {
      ruleId: 'house/decimal-amounts',
      at: '/requestBody/content/application~1json/schema/properties/amount',
      message: /`amount` holds an amount or price/,
    },
  },
  {
    given: 'an integer fee rate not listed in the exceptions',
    target: 'write',
    patch: {
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', properties: { loan_fee: { type: 'integer', format: 'int32' } } },
          },
        },
      },
    },
    want: {
      ruleId: 'house/decimal-amounts',
      at: '/requestBody/content/application~1json/schema/properties/loan_fee',
      message: /`loan_fee` holds an amount or price/,
    },
  },
  {
    given: 'a moved operation keeping its id at the new path',
    target: 'read',
    patch: {},
    root: {
      'x-removed-operations': [
        {
          method: 'GET',
          path: '/wallet/withdrawal_records',
          operationId: 'listWithdrawals',
          status: 'moved',
          replacedBy: ['GET /wallet/withdrawals'],
        },
      ],
    },
    want: null,
  },
  {
    given: 'a removed operation still among the paths',
    target: 'read',
    patch: {},
    root: {
      'x-removed-operations': [
        { method: 'POST', path: '/wallet/transfers', status: 'removed', replacedBy: [], note: 'Gone.' },
      ],
    },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '#/x-removed-operations/0/path',
      message: /`POST \/wallet\/transfers` is listed as removed but is still among the paths/,
    },
  },
  {
    given: 'a removed operationId reused by another operation',
    target: 'read',
    patch: {},
    root: {
      'x-removed-operations': [
        { method: 'GET', path: '/wallet/old_transfers', operationId: 'transfer', status: 'removed', replacedBy: [] },
      ],
    },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '#/x-removed-operations/0/operationId',
      message: /'transfer' .* is the operationId of live `POST \/wallet\/transfers`/,
    },
  },
  {
    given: 'a removed entry with an unknown status',
    target: 'read',
    patch: {},
    root: { 'x-removed-operations': [{ method: 'GET', path: '/wallet/old', status: 'gone', replacedBy: [] }] },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '#/x-removed-operations/0/status',
      message: /must be one of 'removed', 'moved', 'deprecated', got 'gone'/,
    },
  },
  {
    given: 'an x-api-release other than info.version',
    target: 'read',
    patch: {},
    root: { 'x-api-release': 'v4.1.0' },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '#/x-api-release',
      message: /'v4.1.0' differs from `info.version` 'v4.0.0'/,
    },
  },
  {
    given: 'an unknown root extension',
    target: 'read',
    patch: {},
    root: { 'x-build-id': 'abc' },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '#/x-build-id',
      message: /Unknown root extension `x-build-id`/,
    },
  },
  {
    given: 'an x-signing with a zero skew',
    target: 'read',
    patch: {},
    root: {
      components: {
        securitySchemes: {
          apiv4: {
            type: 'apiKey',
            in: 'header',
            name: 'KEY',
            'x-signing': {
              headers: { key: 'KEY', timestamp: 'Timestamp', signature: 'SIGN' },
              payload: ['method', 'path', 'query', 'bodySha512', 'timestamp'],
              separator: '\n',
              pathIncludesPrefix: true,
              timestampUnit: 's',
              maxSkewSeconds: 0,
              emptyBodySha512: 'cf'.repeat(64),
              clockEndpoint: 'GET /spot/time',
            },
          },
        },
      },
    },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '#/components/securitySchemes/apiv4/x-signing/maxSkewSeconds',
      message: /`x-signing.maxSkewSeconds` must be a positive integer, got 0/,
    },
  },
  {
    given: 'a server with an empty x-server-name',
    target: 'read',
    patch: {},
    root: { servers: [{ url: 'https://api.exchange.test/api/v4', 'x-server-name': '' }] },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '#/servers/0/x-server-name',
      message: /`x-server-name` must be a non-empty string, got ''/,
    },
  },
  {
    given: 'a schema with x-open-enum other than true',
    target: 'write',
    patch: {
      requestBody: {
        content: { 'application/json': { schema: { type: 'object', 'x-open-enum': 'yes' } } },
      },
    },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '/requestBody/content/application~1json/schema/x-open-enum',
      message: /`x-open-enum` must be true when present/,
    },
  },
  {
    given: 'a schema with x-previous-names that are not PascalCase names',
    target: 'write',
    patch: {
      requestBody: {
        content: { 'application/json': { schema: { type: 'object', 'x-previous-names': ['old_name'] } } },
      },
    },
    want: {
      ruleId: 'house/root-x-extensions-shape',
      at: '/requestBody/content/application~1json/schema/x-previous-names/0',
      message: /`x-previous-names\[0\]` must be a PascalCase schema name, got 'old_name'/,
    },
  },
  {
    given: 'a public operation that lists 401',
    target: 'read',
    patch: { security: [], 'x-permission': undefined, 'x-rate-limit': { requests: 200, window: 10, scope: 'ip' } },
    want: {
      ruleId: 'house/operation-error-responses',
      at: '/responses/401',
      message: /Public operation `listWithdrawals` .* lists '401'/,
    },
  },
];

describe('house rule variants', () => {
  it.each(variantCases)('$given', async ({ target, patch, root: rootPatch, want }) => {
    const findings = await lintVariant(target, patch, rootPatch);
    if (want === null) {
      expect(findings, describeFindings(findings)).toEqual([]);
      return;
    }
    const opPointer = target === 'read' ? W : T;
    expect(findings, describeFindings(findings)).toHaveLength(1);
    const pointer = want.at.startsWith('#') ? want.at : `${opPointer}${want.at}`;
    expect(findings[0]).toMatchObject({ ruleId: want.ruleId, severity: 'error', pointer });
    expect(findings[0]?.message).toMatch(want.message);
  });
});

describe('spec/openapi.yaml', () => {
  it('lints with no error', async () => {
    const errors = (await lintSpec('spec/openapi.yaml')).filter((f) => f.severity === 'error');
    expect(errors, describeFindings(errors)).toEqual([]);
  });

  it('npm run lint:spec (the Redocly CLI) loads the house rules and reports no error or warning', () => {
    const run = spawnSync('npm', ['run', '--silent', 'lint:spec', '--', '--format=json'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    const start = run.stdout.indexOf('{');
    expect(start, `no JSON report; stderr:\n${run.stderr}`).toBeGreaterThanOrEqual(0);
    const report = JSON.parse(run.stdout.slice(start)) as {
      totals: { errors: number };
      problems: Array<{
        ruleId: string;
        severity: string;
        message: string;
        location: Array<{ source: { ref: string }; pointer: string }>;
      }>;
    };
    // Warnings count too (invalid examples are warnings in Redocly's recommended set); the known
    // false positives are listed, with reasons, in .redocly.lint-ignore.yaml and never reach here.
    const problems = report.problems
      .filter((p) => p.severity !== 'off')
      .map(
        (p) =>
          `${p.severity} ${p.ruleId} ${p.location[0]?.source.ref ?? ''}${p.location[0]?.pointer ?? ''}: ${p.message}`,
      );
    expect(problems).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(run.status).toBe(0);
  }, 90_000);

  it('the Redocly CLI reports a house rule on a broken fixture (the plugin is really loaded)', () => {
    const run = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        root('rate-limit-missing'),
        '--format=json',
      ],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      },
    );
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { problems: Array<{ ruleId: string }> };
    expect(report.problems.map((p) => p.ruleId)).toEqual(['house/private-operation-rate-limit']);
    expect(run.status).toBe(1);
  }, 90_000);
});
