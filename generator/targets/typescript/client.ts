/**
 * `src/client.ts`: the client class, a short composition that attaches each area's group class
 * (defined in its operations module) as a property: `client.wallet.listWithdrawals()`.
 */
import { StructureKind } from './ts-morph.js';
import type { StatementStructures, ImportDeclarationStructure } from 'ts-morph';
import type { IR } from '../../ir/types.js';
import { areaClass, areaModule, areaProperty } from '../../emit-kit/naming.js';
import type { TsFile } from './printer.js';

/** The client module. */
export function clientFile(ir: IR, areaDocs: Readonly<Record<string, string>>): TsFile {
  const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime/index.js',
      namedImports: ['ClientCore', 'type ClientOptions'],
    },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './api-meta.js', namedImports: ['apiMeta'] },
    // The operations' paths: `client.request()` to one of them counts in that operation's bucket.
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './metadata.js', namedImports: ['operationMetas'] },
    ...areas.map((a): ImportDeclarationStructure => ({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `./operations/${areaModule(a)}.js`,
      namedImports: [areaClass(a)],
    })),
    {
      kind: StructureKind.Class,
      isExported: true,
      name: 'ExchangeClient',
      extends: 'ClientCore',
      docs: [
        `Client of the Exchange REST API ${ir.api.release}. Operations are grouped by area, e.g.\n` +
          '`await client.wallet.listWithdrawals({ currency: "BTC" })`. See {@link ClientOptions} for credentials, server, retries and rate limiting.',
      ],
      properties: areas.map((area) => ({
        name: areaProperty(area),
        isReadonly: true,
        type: areaClass(area),
        initializer: `new ${areaClass(area)}(this)`,
        docs: [areaDocs[area] ?? area],
      })),
      ctors: [
        {
          parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }],
          docs: ['Creates a client. Without `key`/`secret` only public operations can be called.'],
          statements: ['super(options, apiMeta, operationMetas);'],
        },
      ],
    },
  ];
  return { path: 'src/client.ts', statements };
}
