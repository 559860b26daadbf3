/**
 * `x-previous-names`: the IR maps each old schema name to the current one (refusing clashes), and
 * both targets keep the old name as a deprecated alias: TypeScript `export type Old = New` with
 * `@deprecated` (exported from the index), Python `Old: TypeAlias = New` (and `OldInput`) in
 * `models.py` and its `__all__`. The aliases are type-tested: a consumer file is compiled against
 * the mini spec's TypeScript output (strict, with `@ts-expect-error` lines that must error) and
 * checked with pyright (strict) against its Python output.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deprecatedAliases } from '../../generator/targets/python/aliases.js';
import { exportedModels } from '../../generator/schema-types/types-input.js';
import { readPreviousNames } from '../../generator/ir/previous-names.js';
import type { IR } from '../../generator/ir/types.js';
import { generate } from '../../generator/pipeline.js';
import { MINI, ROOT, tempDir } from './helpers.js';

describe('readPreviousNames', () => {
  const CASES: Array<{ given: Record<string, Record<string, unknown>>; want: [Record<string, string>, string[]] }> = [
    { given: { A: {}, B: { type: 'object' } }, want: [{}, []] },
    {
      given: { New: { 'x-previous-names': ['Old', 'Older'] }, Other: { 'x-previous-names': ['Ancient'] } },
      want: [{ Ancient: 'Other', Old: 'New', Older: 'New' }, []],
    },
    {
      given: { New: { 'x-previous-names': ['Other'] }, Other: {} },
      want: [
        {},
        [
          '/components/schemas/New/x-previous-names/0: previous name Other is the name of a schema; an alias of New would replace it',
        ],
      ],
    },
    {
      given: { A: { 'x-previous-names': ['Old'] }, B: { 'x-previous-names': ['Old'] } },
      want: [
        { Old: 'A' },
        [
          '/components/schemas/B/x-previous-names/0: previous name Old is also recorded by A; an old name becomes one alias',
        ],
      ],
    },
    {
      given: { A: { 'x-previous-names': ['old-name'] } },
      want: [{}, [expect.stringMatching(/^\/components\/schemas\/A\/x-previous-names\/0: .*PascalCase/) as string]],
    },
    { given: { A: { 'x-previous-names': [] } }, want: [{}, [expect.stringContaining('x-previous-names') as string]] },
  ];
  it.each(CASES)('$given', ({ given, want }) => {
    const problems: string[] = [];
    const names = readPreviousNames(given, (ptr, message) => problems.push(`${ptr}: ${message}`));
    expect([names, problems]).toEqual(want);
  });
});

describe('the exported aliases', () => {
  const ir = (previousNames?: Record<string, string>): IR =>
    ({
      operations: [
        {
          parameters: [],
          requestBody: { schema: { $ref: '#/components/schemas/Req' } },
          responses: [{ status: '200', schema: { $ref: '#/components/schemas/Res' } }],
          successStatus: 200,
        },
      ],
      schemas: { Req: { type: 'object' }, Res: { type: 'object' }, Unused: { type: 'object' } },
      ...(previousNames ? { previousNames } : {}),
    }) as unknown as IR;

  it.each([
    { given: undefined, want: ['Req', 'Res'] },
    { given: { OldRes: 'Res', OldUnused: 'Unused' }, want: ['OldRes', 'Req', 'Res'] },
  ])('TypeScript index: $given -> $want', ({ given, want }) => {
    expect(exportedModels(ir(given))).toEqual(want);
  });

  it.each([
    { given: {}, want: [] },
    {
      given: { Old: 'Req', Gone: 'Missing', Older: 'Res' },
      want: [
        { name: 'Old', of: 'Req' },
        { name: 'Older', of: 'Res' },
        { name: 'OldInput', of: 'ReqInput' },
      ],
    },
  ])('Python models.py: $given -> $want', ({ given, want }) => {
    expect(deprecatedAliases(new Set(['Req', 'ReqInput', 'Res']), given)).toEqual(want);
  });
});

/** A consumer of the aliases: compiles only when each alias is its model, under the strict options. */
const CONSUMER_TS = `import type { TransferBody, TransferRequest, Withdrawal, WithdrawalRecord } from './src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const sameResponse: Equal<WithdrawalRecord, Withdrawal> = true;
export const sameRequest: Equal<TransferBody, TransferRequest> = true;
export const old: WithdrawalRecord = { id: 'w1' };
export const current: Withdrawal = old;
export const body: TransferBody = { currency: 'BTC', amount: '1' };
// @ts-expect-error the alias is the model itself: a field the model lacks is refused
export const extra: WithdrawalRecord = { id: 'w1', nope: 1 };
// @ts-expect-error the alias keeps the model's required fields
export const missing: TransferBody = { currency: 'BTC' };
`;

/**
 * The same in Python, checked with pyright (strict). The mini spec's `TransferRequest` body is
 * flattened into the params, so only `Withdrawal` has a named type there (and so an alias).
 */
const CONSUMER_PY = `# pyright: reportUnnecessaryTypeIgnoreComment=true
from decimal import Decimal

from exchange_v4.models import Withdrawal, WithdrawalRecord


def read(record: WithdrawalRecord) -> Withdrawal:
    return record


def back(record: Withdrawal) -> WithdrawalRecord:
    return record


record: WithdrawalRecord = {"id": "w1", "amount": Decimal("1")}
# A key the model lacks is refused through the alias as through the model (an unneeded ignore is an error).
wrong: WithdrawalRecord = {"id": "w1", "nope": 1}  # pyright: ignore[reportAssignmentType]
`;

describe('the mini spec generated with x-previous-names', () => {
  let out: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir: out, cleanup } = await tempDir('previous-names'));
    await generate({ root: ROOT, entry: path.join(MINI, 'openapi.yaml'), outDir: out });
  }, 60_000);
  afterAll(() => cleanup());

  it('records the renames in the IR', async () => {
    const ir = JSON.parse(await readFile(path.join(out, 'ir.json'), 'utf8')) as IR;
    expect(ir.previousNames).toEqual({ TransferBody: 'TransferRequest', WithdrawalRecord: 'Withdrawal' });
  });

  it('emits TypeScript aliases marked @deprecated and exports them from the index', async () => {
    const models = await readFile(path.join(out, 'src/models.ts'), 'utf8');
    expect(models).toContain(
      '/** @deprecated Renamed to {@link Withdrawal}; this name goes in the next major version. */\nexport type WithdrawalRecord = Withdrawal;',
    );
    const index = await readFile(path.join(out, 'src/index.ts'), 'utf8');
    expect(index).toMatch(/export type \{[^}]*\bTransferBody,[^}]*\bWithdrawalRecord,?\s[^}]*\} from '\.\/models\.js'/);
  });

  it('type-checks a consumer of the TypeScript aliases, which the compiler reports as deprecated', async () => {
    const file = path.join(out, 'consumer.ts');
    await writeFile(file, CONSUMER_TS);
    const program = ts.createProgram([file], {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
      skipLibCheck: true,
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
      types: ['node'],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    const checker = program.getTypeChecker();
    const index = program.getSourceFile(path.join(out, 'src/index.ts'));
    const moduleSymbol = index ? checker.getSymbolAtLocation(index) : undefined;
    const deprecated = (name: string): boolean => {
      const symbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
      const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target?.getJsDocTags(checker) ?? []).some((tag) => tag.name === 'deprecated');
    };
    expect([deprecated('WithdrawalRecord'), deprecated('TransferBody'), deprecated('Withdrawal')]).toEqual([
      true,
      true,
      false,
    ]);
  }, 60_000);

  it('emits the Python alias in models.py and its __all__ (none for a schema without a named type)', async () => {
    const models = await readFile(path.join(out, 'python/exchange_v4/models.py'), 'utf8');
    for (const [old, current] of [['WithdrawalRecord', 'Withdrawal']] as const) {
      expect(models).toContain(
        `\n${old}: TypeAlias = ${current}\n"""Deprecated: renamed to \`${current}\`; this name goes in the next major version."""\n`,
      );
      expect(models).toMatch(new RegExp(`__all__ = \\[[^\\]]*"${old}",`));
    }
  });

  it('type-checks a consumer of the Python aliases with pyright (strict)', async () => {
    await writeFile(path.join(out, 'python/exchange_v4/_consumer_check.py'), CONSUMER_PY);
    const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile('npx', ['pyright', '-p', path.join(out, 'python')], { cwd: ROOT, timeout: 120_000 }, (error, stdout) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout }),
      );
    });
    expect(run.stdout).toContain('0 errors, 0 warnings');
    expect(run.code).toBe(0);
  }, 120_000);
});
