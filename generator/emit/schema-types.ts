/**
 * The spec's types from openapi-typescript, split into named models (`src/models.ts`) and the
 * types of each operation (see models.ts). int64 values are strings in responses (kept lossless by
 * the runtime) and `number | string | bigint` in requests. String enums are closed in requests (a
 * typo does not compile) and open in responses (`'a' | 'b' | (string & {})`): the service adds
 * values without notice, and a new value must not break a consumer's build. Examples are left out
 * of the doc comments (they are in the spec, the IR and the reference).
 */
import { isObject } from '../../spec/lint/support/json.js';
import openapiTS from 'openapi-typescript';
import ts from 'typescript';
import type { IR } from '../ir/types.js';
import { splitModels, type ModelTypes } from './models.js';

/** Component schema names reachable from a set of schemas. */
export function reachable(ir: IR, roots: unknown[]): Set<string> {
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
export function requestOnlySchemas(ir: IR): Set<string> {
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
export function publicModels(ir: IR): string[] {
  const roots = ir.operations.flatMap((o) => [
    ...o.parameters.map((p) => p.schema),
    o.requestBody?.schema,
    o.responses.find((r) => Number(r.status) === o.successStatus)?.schema,
  ]);
  return [...reachable(ir, roots)].sort();
}

const int64Input = (): ts.TypeNode =>
  ts.factory.createUnionTypeNode([
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword),
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword),
  ]);

/** `'a' | 'b' | (string & {})`: the known values, and any other string. */
const openEnum = (values: readonly string[]): ts.TypeNode =>
  ts.factory.createUnionTypeNode([
    ...values.map((v) => ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(v))),
    ts.factory.createIntersectionTypeNode([
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
      ts.factory.createTypeLiteralNode([]),
    ]),
  ]);

const isStringEnum = (s: Record<string, unknown>): s is Record<string, unknown> & { enum: string[] } =>
  Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((v) => typeof v === 'string');

/**
 * The document without `example` / `examples` members (they would become doc-comment bulk); a
 * property that happens to be named `example` stays.
 */
export function withoutExamples(node: unknown, parentKey = ''): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutExamples(item));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => parentKey === 'properties' || (key !== 'example' && key !== 'examples'))
      .map(([key, value]) => [key, withoutExamples(value, key)]),
  );
}

/** The named models and per-operation types of the bundled document. */
export async function schemaTypes(ir: IR, bundled: Record<string, unknown>): Promise<ModelTypes> {
  const requestOnly = requestOnlySchemas(ir);
  const ast = await openapiTS(withoutExamples(bundled) as never, {
    alphabetize: true,
    // A `default` is what the server assumes when a field is left out, not a promise that it is
    // present: request fields with a default stay optional (`type?: 'limit' | 'market'`), and
    // responses stay tolerant of a missing field.
    defaultNonNullable: false,
    transform(schema, options) {
      const s = schema as Record<string, unknown>;
      const int64 = s.format === 'int64';
      if (!int64 && !isStringEnum(s)) return undefined;
      const path = options.path ?? '';
      const component = /^#\/components\/schemas\/([^/]+)/.exec(path)?.[1];
      const requestSide =
        /\/(parameters|requestBody)\//.test(path) || (component !== undefined && requestOnly.has(component));
      if (int64) return requestSide ? int64Input() : ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword);
      return requestSide ? undefined : openEnum((s as { enum: string[] }).enum);
    },
  });
  return splitModels(ast, ir.operations);
}
