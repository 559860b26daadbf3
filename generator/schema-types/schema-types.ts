/**
 * The spec's types from openapi-typescript, split into named models (`src/models.ts`) and the
 * types of each operation (see models.ts). int64 values are strings in responses (kept lossless by
 * the runtime) and `number | string | bigint` in requests. String enums are closed in requests (a
 * typo does not compile) and open in responses (`'a' | 'b' | (string & {})`): the service adds
 * values without notice, and a new value must not break a consumer's build. Examples are left out
 * of the doc comments (they are in the spec, the IR and the reference).
 */
import openapiTS from 'openapi-typescript';
import ts from 'typescript';
import type { IR } from '../ir/types.js';
import { splitModels, type ModelTypes } from './models.js';
import { typesInput, type TypesInput } from './types-input.js';

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

/** The named models and per-operation types of the bundled document. */
export async function schemaTypes(ir: IR, bundled: Record<string, unknown>): Promise<ModelTypes> {
  return typesOf(typesInput(ir, bundled));
}

/** The named models and per-operation types from the types stage's input (types-input.ts). */
export async function typesOf(input: TypesInput): Promise<ModelTypes> {
  const requestOnly = new Set(input.requestOnly);
  const ast = await openapiTS(input.document as never, {
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
  return splitModels(ast, input.operations, input.previousNames);
}
