/**
 * The surface the spec differ computes from an IR is what the generated packages export: checked
 * against `generated/` itself (the TypeScript index and the area modules it re-exports, the Python
 * `models.py` `__all__` and the area modules' top-level names, the CLI's command table and flags
 * from the generated metadata).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationFlags } from '../../cli/args.js';
import { commandTable } from '../../cli/names.js';
import { operationMetas } from '../../generated/src/index.js';
import { cliSurface, pythonSurface, typescriptSurface } from '../../generator/diff/surface.js';
import type { IR } from '../../generator/ir/types.js';
import { REPO } from './helpers.js';

const read = (file: string): string => readFileSync(path.join(REPO, 'generated', file), 'utf8');
const ir = JSON.parse(read('ir.json')) as IR;
const sorted = (names: Iterable<string>): string[] => [...new Set(names)].sort();

/** Names of `export (type|interface|const|function|class) X` declarations. */
const declared = (text: string): string[] =>
  [...text.matchAll(/^export (?:type|interface|const|function|class) (\w+)/gm)].map((m) => m[1] as string);

/** Names of `export { a, type B } from '...'` and `export type { ... } from '...'` lists. */
const listed = (text: string): string[] =>
  [...text.matchAll(/^export (?:type )?\{([^}]*)\} from/gm)].flatMap((m) =>
    (m[1] as string)
      .split(',')
      .map((n) => n.trim().replace(/^type /, ''))
      .filter((n) => n !== ''),
  );

describe('the surface is what generated/ exports', () => {
  it('TypeScript: the index and the area modules it re-exports, less the names every version exports', () => {
    const index = read('src/index.ts');
    const modules = [...index.matchAll(/^export \* from '\.\/(operations\/[^']+)\.js';$/gm)].map((m) => m[1] as string);
    expect(modules.length).toBeGreaterThan(5);
    const actual = [...listed(index), ...modules.flatMap((m) => declared(read(`src/${m}.ts`)))];
    const computed = typescriptSurface(ir).map((e) => e.name);
    expect(sorted(computed).filter((n) => !actual.includes(n))).toEqual([]);
    expect(sorted(actual.filter((n) => !computed.includes(n)))).toEqual(
      sorted([
        'ErrorLabel',
        'ExchangeClient',
        'JsonValue',
        'KnownErrorLabel',
        'NoParams',
        'OpenQuery',
        'OpenQueryValue',
        'OperationId',
        'ServerName',
        'UntypedJson',
        'apiMeta',
        'createCore',
        'errorLabelGroups',
        'knownErrorLabels',
        'operationMetas',
        'rateLimits',
      ]),
    );
  });

  it('Python: models.py __all__ and every area module top-level name', () => {
    const models = read('python/exchange_v4/models.py');
    const all = /__all__ = \[([^\]]*)\]/.exec(models)?.[1] ?? '';
    const actual = [...all.matchAll(/"(\w+)"/g)].map((m) => `exchange_v4.models.${m[1] as string}`);
    const dir = path.join(REPO, 'generated/python/exchange_v4/operations');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.py') && f !== '__init__.py')) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const module = `exchange_v4.operations.${file.replace(/\.py$/, '')}`;
      for (const m of text.matchAll(/^(?:class (\w+)\b|(\w+): TypeAlias =|(\w+) = TypedDict\()/gm))
        actual.push(`${module}.${m[1] ?? m[2] ?? m[3] ?? ''}`);
    }
    expect(actual.length).toBeGreaterThan(300);
    expect(sorted(pythonSurface(ir).map((e) => e.name))).toEqual(sorted(actual));
  });

  it('CLI: the command table and every command flag', () => {
    const actual = [...commandTable(Object.values(operationMetas))].flatMap(([area, ops]) =>
      [...ops].flatMap(([name, meta]) => [
        `${area} ${name}`,
        ...operationFlags(meta).map((flag) => `${area} ${name} --${flag}`),
      ]),
    );
    expect(sorted(cliSurface(ir).map((e) => e.name))).toEqual(sorted(actual));
  });

  it('gives every name an operation, a schema or an area as its origin (none is left to the API as a whole)', () => {
    const entries = [...typescriptSurface(ir), ...pythonSurface(ir), ...cliSurface(ir)];
    const roles = new Set(entries.map((e) => `${e.target}:${e.origin.kind}:${e.role.replace(/:.*/, ':')}`));
    expect([...roles].sort()).toEqual(
      [
        'cli:operation:command',
        'cli:operation:flag:',
        'python:area:class',
        'python:area:class-with-response',
        'python:area:class-async',
        'python:area:class-async-with-response',
        'python:operation:item',
        'python:operation:params',
        'python:operation:response',
        'python:schema:model',
        'python:schema:model-input',
        'typescript:area:class',
        'typescript:operation:function',
        'typescript:operation:item',
        'typescript:operation:meta',
        'typescript:operation:params',
        'typescript:operation:response',
        'typescript:schema:model',
      ].sort(),
    );
  });
});
