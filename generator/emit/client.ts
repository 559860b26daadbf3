/** `src/client.ts`: the client class, grouping every operation by area (`client.wallet.listWithdrawals()`). */
import { Scope, StructureKind, type ClassDeclarationStructure, type StatementStructures } from 'ts-morph';
import type { IR } from '../ir/types.js';
import { areaClass, areaModule, areaProperty, itemType, paramsType, responseType } from './naming.js';
import { isPaginated, operationDoc, paramsRequired } from './operations.js';
import type { TsFile } from './printer.js';

/** Local name of an area module's namespace import (never a parameter name such as `options`). */
const namespaceOf = (area: string): string => `${areaProperty(area)}Operations`;

/** The client module. */
export function clientFile(ir: IR, areaDocs: Readonly<Record<string, string>>): TsFile {
  const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
  const classes: ClassDeclarationStructure[] = areas.map((area) => {
    const ns = namespaceOf(area);
    const ops = ir.operations.filter((o) => o.area === area);
    return {
      kind: StructureKind.Class,
      isExported: true,
      name: areaClass(area),
      docs: [`${areaDocs[area] ?? area} Reached as \`client.${areaProperty(area)}\`.`],
      ctors: [
        {
          parameters: [{ name: 'core', type: 'Core', scope: Scope.Private, isReadonly: true }],
          docs: ['Created by {@link ExchangeClient}.'],
        },
      ],
      methods: ops.map((op) => {
        const paged = isPaginated(op);
        return {
          name: op.id,
          docs: [operationDoc(op)],
          parameters: [
            { name: 'params', type: `${ns}.${paramsType(op.id)}`, hasQuestionToken: !paramsRequired(ir, op) },
            { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
          ],
          returnType: paged
            ? `PagePromise<${ns}.${responseType(op.id)}, ${ns}.${itemType(op.id)}>`
            : `ApiPromise<${ns}.${responseType(op.id)}>`,
          statements: [`return ${ns}.${op.id}(this.core, params, options);`],
        };
      }),
    };
  });
  const client: ClassDeclarationStructure = {
    kind: StructureKind.Class,
    isExported: true,
    name: 'ExchangeClient',
    extends: 'Core',
    docs: [
      `Client of the Exchange REST API ${ir.api.release}. Operations are grouped by area, e.g.\n` +
        '`await client.wallet.listWithdrawals({ currency: "BTC" })`. See {@link ClientOptions} for credentials, server, retries and rate limiting.',
    ],
    properties: areas.map((area) => ({
      name: areaProperty(area),
      isReadonly: true,
      type: areaClass(area),
      docs: [`${areaDocs[area] ?? area}`],
    })),
    ctors: [
      {
        parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }],
        docs: ['Creates a client. Without `key`/`secret` only public operations can be called.'],
        statements: [
          'super(options, apiMeta);',
          ...areas.map((a) => `this.${areaProperty(a)} = new ${areaClass(a)}(this);`),
        ],
      },
    ],
  };
  const needsPage = ir.operations.some(isPaginated);
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime/index.js',
      namedImports: [
        'Core',
        'type ApiPromise',
        'type ClientOptions',
        ...(needsPage ? ['type PagePromise'] : []),
        'type RequestOptions',
      ],
    },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './api-meta.js', namedImports: ['apiMeta'] },
    ...areas.map((a) => ({
      kind: StructureKind.ImportDeclaration as const,
      moduleSpecifier: `./operations/${areaModule(a)}.js`,
      namespaceImport: namespaceOf(a),
    })),
    ...classes,
    client,
  ];
  return { path: 'src/client.ts', statements };
}
