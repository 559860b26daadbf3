/**
 * One module per area: for each operation its params/response types, its metadata constant and a
 * tree-shakable function that is a one-line delegation to the runtime; then the area's group class
 * (`WalletApi`), whose methods delegate to those functions.
 */
import { Scope, StructureKind, VariableDeclarationKind } from './ts-morph.js';
import type {
  ClassDeclarationStructure,
  MethodDeclarationStructure,
  OptionalKind,
  StatementStructures,
  TypeParameterDeclarationStructure,
  ImportDeclarationStructure,
} from 'ts-morph';
import type { IR, IROperation } from '../../ir/types.js';
import { holdsReference, literal, parsedJson } from './literal.js';
import { operationMeta } from './meta.js';
import {
  areaClass,
  areaModule,
  areaProperty,
  itemType,
  metaName,
  operationNames,
  paramsType,
  responseType,
} from '../../emit-kit/naming.js';
import type { OperationTypes } from '../../schema-types/models.js';
import type { TsFile } from './printer.js';
import { operationDoc, paramsRequired, paramsTypeText, responseTypeText } from './signature.js';
import { hasListBody, isPaginated } from '../../ir/rules.js';

const RUNTIME = '../runtime/index.js';
/** The runtime function that reads an operation's metadata text (runtime/operation-meta.ts; on Node on first use). */
const META_READER = 'operationMeta';

/** What a call of the operation returns: a page promise, or a promise of `T` (named-only: a type parameter). */
function callShape(ir: IR, op: IROperation) {
  const paged = isPaginated(op);
  const untyped = op.shape === 'named-only';
  const typeParameters: Array<OptionalKind<TypeParameterDeclarationStructure>> = untyped
    ? [{ name: 'T', default: responseType(op.id) }]
    : [];
  const returnType = paged
    ? `PagePromise<${responseType(op.id)}, ${itemType(op.id)}>`
    : `ApiPromise<${untyped ? 'T' : responseType(op.id)}>`;
  const params = [
    { name: 'params', type: paramsType(op.id), hasQuestionToken: !paramsRequired(ir, op) },
    { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
  ];
  return { paged, untyped, typeParameters, returnType, params, call: untyped ? `${op.id}<T>` : op.id };
}

/** The types an operation's statements are written with (the named models' split). */
function typesOf(all: ReadonlyMap<string, OperationTypes>, op: IROperation): OperationTypes {
  const types = all.get(op.id);
  if (types === undefined) throw new Error(`no types for operation ${op.id}`);
  return types;
}

/**
 * The standalone function's doc: the summary and a link to the group method, which carries the
 * whole description (written once, so the package stays small).
 */
function functionDoc(op: IROperation): string {
  return [
    op.summary,
    '',
    `Standalone form of {@link ${areaClass(op.area)}.${op.id} | client.${areaProperty(op.area)}.${op.id}}: the client comes first.`,
    ...(op.deprecated ? ['', '@deprecated'] : []),
  ].join('\n');
}

function operationStatements(ir: IR, op: IROperation, types: OperationTypes): StatementStructures[] {
  const { paged, untyped, typeParameters, returnType, params } = callShape(ir, op);
  const names = operationNames(op.id, paged);
  const out: StatementStructures[] = [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: names.params,
      type: paramsTypeText(ir, op, types),
      docs: [`Parameters of {@link ${op.id}}: path, query and body fields in one object.`],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: names.response,
      type: responseTypeText(op, types),
      docs: [
        untyped
          ? `Success response (${op.successStatus}) of {@link ${op.id}}: untyped JSON, the default of its type parameter.`
          : `Success response (${op.successStatus}) of {@link ${op.id}}.`,
      ],
    },
  ];
  if (names.item !== undefined)
    out.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: names.item,
      type: types.response?.item ?? `${responseType(op.id)}[number]`,
      docs: [`One item of {@link ${op.id}}'s list.`],
    });
  // Metadata is JSON text read by the platform's operationMeta (on Node parsed on first use, see
  // parsedJson), except when it refers to another metadata constant (an outcome lookup's
  // operation), which only a literal can write.
  const meta = operationMeta(ir, op);
  out.push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: names.meta,
        type: 'OperationMeta',
        initializer: holdsReference(meta) ? literal(meta) : parsedJson(meta, META_READER),
      },
    ],
    docs: [`Metadata of \`${op.method} ${op.path}\`.`],
  });
  out.push({
    kind: StructureKind.Function,
    isExported: true,
    name: names.function,
    typeParameters,
    parameters: [{ name: 'core', type: 'Core' }, ...params],
    returnType,
    statements: [
      `return ${runtimeCall(ir, op)}${!paged && untyped ? '<T>' : ''}(core, ${metaName(op.id)}, params, options);`,
    ],
    docs: [functionDoc(op)],
  });
  return out;
}

/**
 * The runtime function an operation delegates to: `pageRequest` for a paginated GET, `readRequest`
 * for another GET whose retry policy is `safe` (neither the write lookup nor the body writer in its
 * bundle), `writeRequest` for any other call with at most one body object whose lookup read (if
 * any) has neither paging nor a time range (no list-body checks in its bundle), `request` for
 * anything else. Only `pageRequest` runs the paging and time-range checks, so an operation with
 * either rule that is not a shaped paginated GET is refused rather than emitted without them.
 */
export function runtimeCall(ir: IR, op: IROperation): 'request' | 'writeRequest' | 'readRequest' | 'pageRequest' {
  const get = op.method === 'GET';
  if (isPaginated(op) && get) return 'pageRequest';
  if (op.pagination !== undefined || op.timeRange !== undefined) {
    throw new Error(
      `${op.id}: pagination and time-range rules are checked only for shaped paginated GET operations (pageRequest)`,
    );
  }
  if (op.retry === 'safe' && get) return 'readRequest';
  const lookupId = op.idempotency?.lookup?.operationId;
  const lookup = lookupId === undefined ? undefined : ir.operations.find((o) => o.id === lookupId);
  // A lookup read not in the IR is taken as a ranged one: `request` carries every check.
  const rangedLookup =
    lookupId !== undefined &&
    (lookup === undefined || lookup.pagination !== undefined || lookup.timeRange !== undefined);
  return hasListBody(ir, op) || op.groupLimit !== undefined || rangedLookup ? 'request' : 'writeRequest';
}

/** The area's group class: one method per operation, each a one-line delegation to its function. */
function groupClass(ir: IR, area: string, ops: readonly IROperation[], doc: string): ClassDeclarationStructure {
  const methods: Array<OptionalKind<MethodDeclarationStructure>> = [...ops]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((op) => {
      const { typeParameters, returnType, params, call } = callShape(ir, op);
      return {
        name: op.id,
        docs: [operationDoc(op)],
        typeParameters,
        parameters: params,
        returnType,
        statements: [`return ${call}(this.core, params, options);`],
      };
    });
  return {
    kind: StructureKind.Class,
    isExported: true,
    name: areaClass(area),
    docs: [`${doc} Reached as \`client.${areaProperty(area)}\`, or on its own: \`new ${areaClass(area)}(core)\`.`],
    ctors: [
      {
        parameters: [{ name: 'core', type: 'Core', scope: Scope.Private, isReadonly: true }],
        docs: ['@param core the client (an `ExchangeClient`, or any `Core`) the calls go through'],
      },
    ],
    methods,
  };
}

/** Orders operations so that a lookup target's constant is declared before its users. */
function declarationOrder(ops: readonly IROperation[]): IROperation[] {
  const targets = new Set(ops.flatMap((o) => (o.idempotency?.lookup ? [o.idempotency.lookup.operationId] : [])));
  return [...ops.filter((o) => targets.has(o.id)), ...ops.filter((o) => !targets.has(o.id))];
}

/**
 * The module of one area. Of the other areas' operations it reads only their ids and areas (the
 * lookup operation of an idempotent write may live in another module).
 */
export function operationFile(
  ir: IR,
  area: string,
  areaDocs: Readonly<Record<string, string>>,
  types: ReadonlyMap<string, OperationTypes>,
): TsFile {
  const areaOf = new Map(ir.operations.map((o) => [o.id, o.area]));
  const ops = declarationOrder(ir.operations.filter((o) => o.area === area));
  const foreign = new Map<string, string[]>();
  for (const op of ops) {
    const target = op.idempotency?.lookup?.operationId;
    const targetArea = target ? areaOf.get(target) : undefined;
    if (target && targetArea && targetArea !== area)
      foreign.set(targetArea, [...(foreign.get(targetArea) ?? []), metaName(target)]);
  }
  const needsPage = ops.some(isPaginated);
  const needsPlain = ops.some((o) => !isPaginated(o));
  const usesNoParams = ops.some((o) => paramsTypeText(ir, o, typesOf(types, o)) === 'NoParams');
  const models = [...new Set(ops.flatMap((o) => typesOf(types, o).models))].sort();
  const usesOpen = ops.some((o) => o.shape === 'named-only');
  const runtimeValues = (['request', 'writeRequest', 'readRequest', 'pageRequest'] as const).filter((name) =>
    ops.some((o) => runtimeCall(ir, o) === name),
  );
  const runtimeTypes = [
    'Core',
    'OperationMeta',
    'RequestOptions',
    ...(needsPlain ? ['ApiPromise'] : []),
    ...(needsPage ? ['PagePromise'] : []),
  ];
  // Only a meta with an outcome lookup refers to another constant (written as a literal).
  const usesMetaReader = ops.some((o) => o.idempotency?.lookup === undefined);
  const metaReaderImport: ImportDeclarationStructure = {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: '../runtime/operation-meta.js',
    namedImports: [META_READER],
  };
  const usesBody = ops.some((o) => o.shape === 'named-only' && o.method !== 'GET' && o.method !== 'DELETE');
  const sharedTypes = [
    ...(usesNoParams ? ['NoParams'] : []),
    ...(usesBody ? ['JsonValue'] : []),
    ...(usesOpen ? ['OpenQuery', 'UntypedJson'] : []),
  ];
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: RUNTIME,
      namedImports: [...runtimeValues, ...runtimeTypes.map((t) => `type ${t}`)],
    },
    ...(usesMetaReader ? [metaReaderImport] : []),
    ...(sharedTypes.length > 0
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            isTypeOnly: true,
            moduleSpecifier: '../runtime/types.js',
            namedImports: sharedTypes,
          } as const,
        ]
      : []),
    ...(models.length > 0
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            isTypeOnly: true,
            moduleSpecifier: '../models.js',
            namedImports: models,
          } as const,
        ]
      : []),
    ...[...foreign.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([a, names]): ImportDeclarationStructure => ({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: `./${areaModule(a)}.js`,
        namedImports: [...new Set(names)].sort(),
      })),
    ...ops.flatMap((op) => operationStatements(ir, op, typesOf(types, op))),
    groupClass(ir, area, ops, areaDocs[area] ?? area),
  ];
  return { path: `src/operations/${areaModule(area)}.ts`, statements };
}
