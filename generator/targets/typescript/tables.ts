/** API-wide modules: `api-meta.ts`, `metadata.ts` (operation table), `rate-limits.ts`, `labels.ts`, `index.ts`. */
import { StructureKind, VariableDeclarationKind } from './ts-morph.js';
import type { StatementStructures, WriterFunction, ImportDeclarationStructure } from 'ts-morph';
import type { ApiMeta } from './runtime/metadata.js';
import type { IR } from '../../ir/types.js';
import { literal, Reference } from './literal.js';
import { areaModule, metaName } from '../../emit-kit/naming.js';
import type { TsFile } from './printer.js';

const constant = (
  name: string,
  type: string | undefined,
  initializer: WriterFunction,
  doc: string,
): StatementStructures => ({
  kind: StructureKind.VariableStatement,
  isExported: true,
  declarationKind: VariableDeclarationKind.Const,
  declarations: [{ name, ...(type ? { type } : {}), initializer }],
  docs: [doc],
});

/** The operation serving the signing rule's clock endpoint (`GET /spot/time`). */
function clockOperation(ir: IR): { id: string; area: string } {
  const [method, path] = ir.signing.clockEndpoint.split(' ');
  const op = ir.operations.find((o) => o.method === method && o.path === path);
  // The IR stage refuses a clock endpoint that is not an operation (ir/checks.ts).
  if (!op) throw new Error(`clock endpoint ${ir.signing.clockEndpoint} is not an operation`);
  return op;
}

/** `src/api-meta.ts`. */
export function apiMetaFile(ir: IR): TsFile {
  const clock = clockOperation(ir);
  const meta: Omit<ApiMeta, 'clock'> & { clock: Reference } = {
    release: ir.api.release,
    pathPrefix: ir.api.pathPrefix,
    servers: Object.fromEntries(ir.api.servers.map((s) => [s.name, s.url])),
    signing: { headers: ir.signing.headers, maxSkewSeconds: ir.signing.maxSkewSeconds },
    responseHeaders: ir.headers.response,
    requestHeaders: ir.headers.request,
    transientLabels: ir.errors.transient,
    duplicateLabels: ir.errors.duplicate,
    clock: new Reference(metaName(clock.id)),
  };
  return {
    path: 'src/api-meta.ts',
    statements: [
      {
        kind: StructureKind.ImportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: './runtime/metadata.js',
        namedImports: ['ApiMeta'],
      },
      {
        kind: StructureKind.ImportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: './runtime/options.js',
        namedImports: ['ClientOptions'],
      },
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './runtime/core.js',
        namedImports: ['Core'],
      },
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: `./operations/${areaModule(clock.area)}.js`,
        namedImports: [metaName(clock.id)],
      },
      constant(
        'apiMeta',
        'ApiMeta',
        literal(meta),
        `API-wide metadata of release ${ir.api.release}: servers, signing headers, header names, labels.`,
      ),
      {
        kind: StructureKind.Function,
        isExported: true,
        name: 'createCore',
        parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }],
        returnType: 'Core',
        statements: ['return new Core(options, apiMeta);'],
        docs: [
          'A `Core` for the standalone operation functions (`listWithdrawals(core, params)`): the options of\n' +
            '`ExchangeClient` without its operation groups, so a bundle holds only the operations it calls.',
        ],
      },
      {
        kind: StructureKind.TypeAlias,
        isExported: true,
        name: 'ServerName',
        type: ir.api.servers.map((s) => `'${s.name}'`).join(' | ') || 'never',
        docs: ["The spec's server names (the client's `server` option)."],
      },
    ],
  };
}

/** `src/metadata.ts`: every operation's metadata by operationId. */
export function metadataFile(ir: IR): TsFile {
  const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
  return {
    path: 'src/metadata.ts',
    statements: [
      {
        kind: StructureKind.ImportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: './runtime/metadata.js',
        namedImports: ['OperationMeta'],
      },
      ...areas.map((a): ImportDeclarationStructure => ({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: `./operations/${areaModule(a)}.js`,
        namedImports: ir.operations
          .filter((o) => o.area === a)
          .map((o) => metaName(o.id))
          .sort(),
      })),
      constant(
        'operationMetas',
        undefined,
        literal(
          Object.fromEntries(ir.operations.map((o) => [o.id, new Reference(metaName(o.id))])),
          ' as const satisfies Readonly<Record<string, OperationMeta>>',
        ),
        'Metadata of every operation, by operationId.',
      ),
      {
        kind: StructureKind.TypeAlias,
        isExported: true,
        name: 'OperationId',
        type: 'keyof typeof operationMetas',
        docs: ['Every operationId of the spec.'],
      },
    ],
  };
}

/** `src/rate-limits.ts`: the rate-limit table by bucket. */
export function rateLimitFile(ir: IR): TsFile {
  const buckets = new Map<string, { requests: number; window: number; scope: string; operations: string[] }>();
  for (const op of ir.operations) {
    const b = buckets.get(op.rateLimit.bucket) ?? {
      requests: op.rateLimit.requests,
      window: op.rateLimit.window,
      scope: op.rateLimit.scope,
      operations: [],
    };
    b.operations.push(op.id);
    buckets.set(op.rateLimit.bucket, b);
  }
  const sorted = Object.fromEntries([...buckets.entries()].sort(([a], [b]) => a.localeCompare(b)));
  // A declared type, not `as const`: the literal type of every bucket would weigh more in the
  // `.d.ts` files than the table itself.
  const scopes = [...new Set(ir.operations.map((op) => op.rateLimit.scope))].sort();
  const type =
    `Readonly<Record<${Object.keys(sorted)
      .map((k) => JSON.stringify(k))
      .join(' | ')}, { ` +
    `readonly requests: number; readonly window: number; readonly scope: ${scopes.map((s) => JSON.stringify(s)).join(' | ')}; ` +
    'readonly operations: readonly string[] }>>';
  return {
    path: 'src/rate-limits.ts',
    statements: [
      constant(
        'rateLimits',
        type,
        literal(sorted, ''),
        'Rate-limit buckets: requests per window (seconds), scope, and the operations sharing each bucket.',
      ),
    ],
  };
}

/** `src/labels.ts`: the known error labels and the open label type. */
export function labelsFile(ir: IR): TsFile {
  return {
    path: 'src/labels.ts',
    statements: [
      constant(
        'knownErrorLabels',
        undefined,
        literal(ir.errors.labels, ' as const'),
        'Every error label the API documents.',
      ),
      constant('errorLabelGroups', undefined, literal(ir.errors.groups, ' as const'), 'Known error labels by group.'),
      {
        kind: StructureKind.TypeAlias,
        isExported: true,
        name: 'KnownErrorLabel',
        type: '(typeof knownErrorLabels)[number]',
        docs: ['A documented error label.'],
      },
      {
        kind: StructureKind.TypeAlias,
        isExported: true,
        name: 'ErrorLabel',
        type: 'KnownErrorLabel | (string & {})',
        docs: ['An error label: a known one, or any other string (the set is open).'],
      },
    ],
  };
}

/** `src/index.ts`: the package entry point. */
export function indexFile(ir: IR, models: readonly string[]): TsFile {
  const areas = [...new Set(ir.operations.map((o) => o.area))].sort();
  const from = (moduleSpecifier: string, namedExports?: string[], isTypeOnly = false): StatementStructures => ({
    kind: StructureKind.ExportDeclaration,
    moduleSpecifier,
    isTypeOnly,
    ...(namedExports ? { namedExports } : {}),
  });
  const labels = ['knownErrorLabels', 'errorLabelGroups', 'type KnownErrorLabel', 'type ErrorLabel'];
  // The spec's `ErrorLabel` model is what the labels module exports as the open union of labels.
  const exportedModels = models.filter((m) => !labels.includes(`type ${m}`));
  return {
    path: 'src/index.ts',
    statements: [
      from('./runtime/index.js'),
      from('./runtime/types.js', ['JsonValue', 'NoParams', 'OpenQuery', 'OpenQueryValue', 'UntypedJson'], true),
      from('./client.js', ['ExchangeClient']),
      ...areas.map((a) => from(`./operations/${areaModule(a)}.js`)),
      from('./api-meta.js', ['apiMeta', 'createCore', 'type ServerName']),
      from('./metadata.js', ['operationMetas', 'type OperationId']),
      from('./rate-limits.js', ['rateLimits']),
      from('./labels.js', labels),
      ...(exportedModels.length > 0 ? [from('./models.js', exportedModels, true)] : []),
    ],
  };
}
