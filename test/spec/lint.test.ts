/**
 * The spec linter (redocly.yaml + the house rules in spec/lint/): every house rule, a dangling
 * $ref and a duplicate operationId each caught in a fixture that breaks exactly that rule, a clean
 * fixture with no problem at all, and the real spec/openapi.yaml with no error.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { lint, loadConfig, type Config, type NormalizedProblem } from '@redocly/openapi-core';

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

/** Lints a spec with the repository's redocly.yaml and returns its findings. */
async function lintSpec(file: string): Promise<Finding[]> {
  const problems: NormalizedProblem[] = await lint({ ref: path.join(repoRoot, file), config });
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
  { given: 'rate-limit-missing', want: { ruleId: 'house/private-operation-rate-limit', file: root('rate-limit-missing'), pointer: W, message: /`listWithdrawals` has no `x-rate-limit`/ } },
  { given: 'rate-limit-public-scope', want: { ruleId: 'house/private-operation-rate-limit', file: root('rate-limit-public-scope'), pointer: `${W}/x-rate-limit/scope`, message: /Public operation .* must be 'ip', got 'uid'/ } },
  { given: 'rate-limit-shape', want: { ruleId: 'house/private-operation-rate-limit', file: root('rate-limit-shape'), pointer: `${W}/x-rate-limit/requests`, message: /`x-rate-limit\.requests` must be a positive integer, got 0/ } },
  { given: 'rate-limit-group-mismatch', want: { ruleId: 'house/private-operation-rate-limit', file: root('rate-limit-group-mismatch'), pointer: `${T}/x-rate-limit/group`, message: /group 'wallet-writes' is 200 requests \/ 10 s .* but 80 \/ 10 s/ } },
  { given: 'permission-missing', want: { ruleId: 'house/private-operation-permission', file: root('permission-missing'), pointer: W, message: /Private operation `listWithdrawals` has no `x-permission`/ } },
  { given: 'permission-on-public', want: { ruleId: 'house/private-operation-permission', file: root('permission-on-public'), pointer: `${W}/x-permission`, message: /Public operation .* must not declare `x-permission`/ } },
  { given: 'permission-shape', want: { ruleId: 'house/private-operation-permission', file: root('permission-shape'), pointer: `${W}/x-permission/access`, message: /`x-permission\.access` must be one of 'read', 'write', got 'admin'/ } },
  { given: 'x-shape-missing', want: { ruleId: 'house/operation-x-extensions-shape', file: root('x-shape-missing'), pointer: W, message: /`x-shape` is required/ } },
  { given: 'x-retry-keyed-without-idempotency', want: { ruleId: 'house/operation-x-extensions-shape', file: root('x-retry-keyed-without-idempotency'), pointer: `${T}/x-retry`, message: /`x-retry: keyed` needs `x-idempotency`/ } },
  { given: 'x-retry-get-not-safe', want: { ruleId: 'house/operation-x-extensions-shape', file: root('x-retry-get-not-safe'), pointer: `${W}/x-retry`, message: /GET is a read, so `x-retry` must be 'safe', got 'never'/ } },
  { given: 'idempotency-lookup-unknown', want: { ruleId: 'house/operation-x-extensions-shape', file: root('idempotency-lookup-unknown'), pointer: `${T}/x-idempotency/lookup/operationId`, message: /'getTransferStatus' names no operation/ } },
  { given: 'pagination-shape', want: { ruleId: 'house/operation-x-extensions-shape', file: root('pagination-shape'), pointer: `${W}/x-pagination/style`, message: /`x-pagination\.style` must be one of 'page', 'offset', got 'cursor'/ } },
  { given: 'time-range-undeclared-param', want: { ruleId: 'house/operation-x-extensions-shape', file: root('time-range-undeclared-param'), pointer: `${W}/x-time-range/from`, message: /`x-time-range\.from` names query parameter `start`/ } },
  { given: 'unknown-extension', want: { ruleId: 'house/operation-x-extensions-shape', file: root('unknown-extension'), pointer: `${W}/x-nested-lists`, message: /unknown extension `x-nested-lists`/ } },
  { given: 'decimal-named', want: { ruleId: 'house/decimal-amounts', file: 'test/fixtures/lint/decimal-named/components/schemas/Transfer.yaml', pointer: '#/properties/amount', message: /`amount` .* must be `type: string, format: decimal`; it has type 'number'/ } },
  { given: 'decimal-inline', want: { ruleId: 'house/decimal-amounts', file: root('decimal-inline'), pointer: `${W}/responses/200/content/application~1json/schema/items/properties/price`, message: /`price` .* must be `type: string, format: decimal`/ } },
  { given: 'operation-id-camel-case', want: { ruleId: 'house/operation-id-camel-case', file: root('operation-id-camel-case'), pointer: `${W}/operationId`, message: /"list_withdrawals" is not camelCase/ } },
  { given: 'array-query-serialization', want: { ruleId: 'house/array-query-serialization', file: root('array-query-serialization'), pointer: `${W}/parameters/0`, message: /`currencies` must declare `style: form, explode: false`.* declares no `explode`/ } },
  { given: 'int64-ids', want: { ruleId: 'house/int64-ids', file: root('int64-ids'), pointer: `${W}/responses/200/content/application~1json/schema/items/properties/user_id`, message: /`user_id` must declare `format: int64`/ } },
  { given: 'error-responses-missing', want: { ruleId: 'house/operation-error-responses', file: root('error-responses-missing'), pointer: `${W}/responses`, message: /does not list error response '429'/ } },
  { given: 'error-responses-inline', want: { ruleId: 'house/operation-error-responses', file: root('error-responses-inline'), pointer: `${W}/responses/400`, message: /'400' .* must be a \$ref to a shared response/ } },
  { given: 'dangling-ref', want: { ruleId: 'no-unresolved-refs', file: 'test/fixtures/lint/dangling-ref/paths/wallet/withdrawals.yaml', pointer: '#/get/responses/200/content/application~1json/schema/items', message: /Can't resolve \$ref.*WithdrawalRecord\.yaml/ } },
  // Redocly points this one at the duplicate operation (its pointer ends in the id itself).
  { given: 'duplicate-operation-id', want: { ruleId: 'operation-operationId-unique', file: root('duplicate-operation-id'), pointer: new RegExp(`^${T.replace(/[/~]/g, '\\$&')}(/|$)`), message: /unique `operationId`/ } },
];

describe('redocly.yaml', () => {
  it('loads the house plugin with its eight rules', () => {
    expect(houseRuleIds().sort()).toEqual([
      'house/array-query-serialization',
      'house/decimal-amounts',
      'house/int64-ids',
      'house/operation-error-responses',
      'house/operation-id-camel-case',
      'house/operation-x-extensions-shape',
      'house/private-operation-permission',
      'house/private-operation-rate-limit',
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
      pointer: typeof want.pointer === 'string' ? want.pointer : expect.stringMatching(want.pointer),
      message: expect.stringMatching(want.message),
    });
  });
});

describe('spec/openapi.yaml', () => {
  it('lints with no error', async () => {
    const errors = (await lintSpec('spec/openapi.yaml')).filter((f) => f.severity === 'error');
    expect(errors, describeFindings(errors)).toEqual([]);
  });

  it('npm run lint:spec (the Redocly CLI) loads the house rules and reports no error', () => {
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
      problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ source: { ref: string }; pointer: string }> }>;
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.source.ref ?? ''}${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(run.status).toBe(0);
  }, 90_000);

  it('the Redocly CLI reports a house rule on a broken fixture (the plugin is really loaded)', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', root('rate-limit-missing'), '--format=json'],
      { cwd: repoRoot, encoding: 'utf8', timeout: 60_000, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' } },
    );
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { problems: Array<{ ruleId: string }> };
    expect(report.problems.map((p) => p.ruleId)).toEqual(['house/private-operation-rate-limit']);
    expect(run.status).toBe(1);
  }, 90_000);
});
