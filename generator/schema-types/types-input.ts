/**
 * What the schema types (schema-types.ts) are computed from, and nothing else: the bundled
 * document cut down to what openapi-typescript turns into the types this project keeps (every
 * component, and each operation's id, parameters, request body and responses), the request-only
 * schemas and the operations' success statuses. Descriptions, summaries and tags of operations and
 * path items, the root's info, servers and tags, and every example only reach doc comments this
 * project never emits (the `paths` and `operations` interfaces) or nothing at all, so editing them
 * leaves this input, and the types cache key built from it, unchanged. Light on purpose: the
 * pipeline builds the input (and its cache key) without loading openapi-typescript or TypeScript.
 */
import { isObject } from '../../spec/lint/support/json.js';
import type { IR } from '../ir/types.js';

/** The inputs of the types stage (see the module comment). */
export interface TypesInput {
  /** The bundled document without examples and without what cannot reach a kept type. */
  readonly document: Record<string, unknown>;
  /** Component schemas used only by request bodies, sorted. */
  readonly requestOnly: readonly string[];
  /** Each operation's id and success status, in IR order. */
  readonly operations: ReadonlyArray<{ readonly id: string; readonly successStatus: number }>;
  /** Old schema names and the current name of each (`x-previous-names`): the deprecated aliases. */
  readonly previousNames: Readonly<Record<string, string>>;
}

/** Component schema names reachable from a set of schemas. */
function reachable(ir: IR, roots: unknown[]): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      const name = node.$ref.slice('#/components/schemas/'.length);
      if (!names.has(name)) {
        names.add(name);
        visit(ir.schemas[name]);
      }
      return;
    }
    Object.values(node).forEach(visit);
  };
  roots.forEach(visit);
  return names;
}

/** Component schemas used only by request bodies (their int64 fields accept numbers too). */
function requestOnlySchemas(ir: IR): Set<string> {
  const req = reachable(
    ir,
    ir.operations.map((o) => o.requestBody?.schema),
  );
  const res = reachable(
    ir,
    ir.operations.flatMap((o) => o.responses.map((r) => r.schema)),
  );
  return new Set([...req].filter((n) => !res.has(n)));
}

/**
 * The models a caller meets: those reachable from parameters, request bodies and success
 * responses (the package exports these; error bodies are the runtime's errors), sorted.
 */
function publicModels(ir: IR): string[] {
  const roots = ir.operations.flatMap((o) => [
    ...o.parameters.map((p) => p.schema),
    o.requestBody?.schema,
    o.responses.find((r) => Number(r.status) === o.successStatus)?.schema,
  ]);
  return [...reachable(ir, roots)].sort();
}

/**
 * The models the package's index exports: the public ones ({@link publicModels}) among `modelNames`
 * (the schema types' names), and the deprecated alias of each previous name of one of them, sorted.
 */
export function exportedModels(ir: IR, modelNames: readonly string[] = Object.keys(ir.schemas)): string[] {
  const models = publicModels(ir).filter((name) => modelNames.includes(name));
  const aliases = Object.entries(ir.previousNames ?? {}).flatMap(([old, current]) =>
    models.includes(current) ? [old] : [],
  );
  return [...models, ...aliases].sort();
}

/**
 * The document without `example` / `examples` members (they would become doc-comment bulk); a
 * property that happens to be named `example` stays.
 */
function withoutExamples(node: unknown, parentKey = ''): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutExamples(item));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => parentKey === 'properties' || (key !== 'example' && key !== 'examples'))
      .map(([key, value]) => [key, withoutExamples(value, key)]),
  );
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The members of an operation that reach the kept types. */
const OPERATION_KEYS = ['operationId', 'parameters', 'requestBody', 'responses'];

/** The members of `node` named in `keys` (in that order), when present. */
const pick = (node: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => node[key] !== undefined).map((key) => [key, node[key]]));

/** A path item with its parameters and, per method, only {@link OPERATION_KEYS}. */
function typedPathItem(item: unknown): unknown {
  if (!isObject(item)) return item;
  return Object.fromEntries(
    Object.entries(item).flatMap(([key, value]): Array<[string, unknown]> => {
      if (key === 'parameters' || key === '$ref') return [[key, value]];
      if (METHODS.has(key)) return [[key, isObject(value) ? pick(value, OPERATION_KEYS) : value]];
      return [];
    }),
  );
}

/** The types stage's input from the IR and the bundled document (see the module comment). */
export function typesInput(ir: IR, bundled: Record<string, unknown>): TypesInput {
  const paths = isObject(bundled.paths) ? bundled.paths : {};
  const document = {
    ...pick(bundled, ['openapi', 'jsonSchemaDialect']),
    paths: Object.fromEntries(Object.entries(paths).map(([p, item]) => [p, typedPathItem(item)])),
    ...pick(bundled, ['webhooks', 'components']),
  };
  return {
    document: withoutExamples(document) as Record<string, unknown>,
    requestOnly: [...requestOnlySchemas(ir)].sort(),
    operations: ir.operations.map((o) => ({ id: o.id, successStatus: o.successStatus })),
    previousNames: ir.previousNames ?? {},
  };
}
