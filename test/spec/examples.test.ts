/**
 * Every example in the spec validates against its schema: `example`/`examples` on the media types
 * of request bodies and responses, and `examples` on component schemas. The spec is bundled with
 * Redocly and each example is checked with Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses) against
 * the schema at its place in the bundled document. Shaped operations must carry examples for their
 * request body and success response. A negative case proves the checker catches bad examples.
 */
import { isObject, nodeAt, pointer as jsonPointer } from '../../spec/lint/support/json.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { bundle, bundleFromString, loadConfig } from '@redocly/openapi-core';
import { compareDecimal, createSpecAjv } from '../support/spec-ajv.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const DOC_ID = 'spec:openapi';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

type Json = Record<string, unknown>;

/** One example to validate: where its schema is in the bundled document, and its value. */
interface ExampleCase {
  name: string;
  schemaPointer: string;
  value: unknown;
}

/** A shaped operation and the examples it lacks. */
interface ShapedCase {
  name: string;
  missing: string[];
}

/** Follows a local `#/...` `$ref` in the bundled document (repeatedly). */
function deref(doc: Json, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`non-local $ref '${ref}' left in the bundle`);
    current = nodeAt(doc, ref.slice(1));
  }
  return current;
}

/** The examples of one media type (`example`, or each `examples` entry's `value`). */
function mediaExamples(doc: Json, media: Json, pointer: string, label: string): ExampleCase[] {
  if (media.schema === undefined) return [];
  const schemaPointer = `${pointer}/schema`;
  const found: ExampleCase[] = [];
  if (media.example !== undefined) found.push({ name: `${label} example`, schemaPointer, value: media.example });
  if (isObject(media.examples)) {
    for (const [key, raw] of Object.entries(media.examples)) {
      const example = deref(doc, raw);
      if (isObject(example) && 'value' in example) {
        found.push({ name: `${label} examples.${key}`, schemaPointer, value: example.value });
      }
    }
  }
  return found;
}

/** Examples of every media type of a request body or response written at `pointer`. */
function contentExamples(doc: Json, holder: unknown, pointer: string, label: string): ExampleCase[] {
  if (!isObject(holder) || !isObject(holder.content)) return [];
  return Object.entries(holder.content).flatMap(([type, media]) =>
    isObject(media) ? mediaExamples(doc, media, `${pointer}/content${jsonPointer(type)}`, `${label} ${type}`) : [],
  );
}

/** Every operation of the bundled document with its JSON pointer and a readable label. */
function operations(doc: Json): Array<{ op: Json; pointer: string; label: string }> {
  const paths = isObject(doc.paths) ? doc.paths : {};
  return Object.entries(paths).flatMap(([route, item]) => {
    const pathItem = deref(doc, item);
    if (!isObject(pathItem)) return [];
    return METHODS.flatMap((method) => {
      const op = pathItem[method];
      if (!isObject(op)) return [];
      const id = typeof op.operationId === 'string' ? op.operationId : '?';
      return [
        { op, pointer: `#/paths${jsonPointer(route)}/${method}`, label: `${method.toUpperCase()} ${route} (${id})` },
      ];
    });
  });
}

/** Collects every example of the bundled document, each with the pointer of its schema. */
function collectExamples(doc: Json): ExampleCase[] {
  const found: ExampleCase[] = [];
  for (const { op, pointer, label } of operations(doc)) {
    // Shared bodies and responses ($ref) are checked once, under components.
    if (isObject(op.requestBody) && op.requestBody.$ref === undefined) {
      found.push(...contentExamples(doc, op.requestBody, `${pointer}/requestBody`, `${label} request`));
    }
    for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      if (isObject(response) && response.$ref === undefined) {
        found.push(
          ...contentExamples(
            doc,
            response,
            `${pointer}/responses${jsonPointer(status)}`,
            `${label} response ${status}`,
          ),
        );
      }
    }
  }
  const components = isObject(doc.components) ? doc.components : {};
  for (const kind of ['requestBodies', 'responses'] as const) {
    for (const [name, holder] of Object.entries(isObject(components[kind]) ? components[kind] : {})) {
      found.push(
        ...contentExamples(doc, holder, `#/components/${kind}${jsonPointer(name)}`, `components.${kind}.${name}`),
      );
    }
  }
  for (const [name, schema] of Object.entries(isObject(components.schemas) ? components.schemas : {})) {
    if (!isObject(schema)) continue;
    const schemaPointer = `#/components/schemas${jsonPointer(name)}`;
    if (Array.isArray(schema.examples)) {
      schema.examples.forEach((value, i) =>
        found.push({ name: `schema ${name} examples[${i}]`, schemaPointer, value }),
      );
    }
    if (schema.example !== undefined)
      found.push({ name: `schema ${name} example`, schemaPointer, value: schema.example });
  }
  return found;
}

/** Whether a media-type holder (request body or response) carries at least one example. */
function hasExample(holder: unknown): boolean {
  if (!isObject(holder) || !isObject(holder.content)) return false;
  return Object.values(holder.content).some(
    (media) =>
      isObject(media) &&
      (media.example !== undefined || (isObject(media.examples) && Object.keys(media.examples).length > 0)),
  );
}

/** For every `x-shape: seed` operation, the examples it lacks (request body, success response). */
function shapedCoverage(doc: Json): ShapedCase[] {
  return operations(doc)
    .filter(({ op }) => op['x-shape'] === 'seed' || op['x-shape'] === 'reference')
    .map(({ op, label }) => {
      const missing: string[] = [];
      const body = deref(doc, op.requestBody);
      if (isObject(body) && isObject(body.content) && !hasExample(body)) missing.push('request body example');
      const responses = isObject(op.responses) ? op.responses : {};
      const success = Object.keys(responses)
        .filter((s) => /^2(\d\d|XX)$/.test(s))
        .sort()[0];
      if (success === undefined) {
        missing.push('success (2xx) response');
      } else {
        const response = deref(doc, responses[success]);
        if (isObject(response) && isObject(response.content) && !hasExample(response))
          missing.push(`response ${success} example`);
      }
      return { name: label, missing };
    });
}

/** Builds an Ajv validator over the bundled document: `validate(pointer, value)` returns the errors. */
function makeChecker(doc: Json): (schemaPointer: string, value: unknown) => ErrorObject[] {
  // strictRequired is off: an `if`/`then` that only lists `required` names fields of the enclosing
  // schema (TransferRequest's conditions). Redocly's no-required-schema-properties-undefined checks
  // required names everywhere else (see .redocly.lint-ignore.yaml for the places that do so).
  const ajv = createSpecAjv({
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allErrors: true,
  });
  // OpenAPI annotations and the spec's own `x-` keys are annotations to Ajv; any other unknown
  // keyword still fails compilation (strict mode), so a misspelt schema keyword does not pass.
  const annotations = new Set(['example', 'xml', 'externalDocs', 'discriminator']);
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-') && key !== 'x-decimal') annotations.add(key);
      collect(value);
    }
  };
  collect(doc);
  for (const keyword of annotations) ajv.addKeyword({ keyword });
  // The document root is registered with the two members schemas are found under, so that
  // `#/components/schemas/...` references and inline schema pointers resolve as in the spec.
  ajv.addKeyword({ keyword: 'components' });
  ajv.addKeyword({ keyword: 'paths' });
  ajv.addSchema({ $id: DOC_ID, components: doc.components, paths: doc.paths }, DOC_ID);
  return (schemaPointer, value) => {
    const validate = ajv.getSchema(`${DOC_ID}${schemaPointer}`);
    if (validate === undefined) throw new Error(`no schema at ${schemaPointer}`);
    return validate(value) ? [] : [...(validate.errors ?? [])];
  };
}

/** Ajv errors as readable lines for a failure message. */
const explain = (errors: ErrorObject[]): string =>
  errors.map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`).join('\n');

const config = await loadConfig({ configPath: path.join(repoRoot, 'redocly.yaml') });
const bundled = await bundle({ ref: path.join(repoRoot, 'spec/openapi.yaml'), config });
const spec = bundled.bundle.parsed as Json;
const check = makeChecker(spec);
const exampleCases = collectExamples(spec);
const shapedCases = shapedCoverage(spec);

describe('spec/openapi.yaml examples', () => {
  it('has examples to check', () => {
    expect(exampleCases.length).toBeGreaterThan(0);
    expect(shapedCases.length).toBeGreaterThan(0);
  });

  // `[name, case]` rows so the full name shows (`$name` would be shortened in the report).
  it.each(exampleCases.map((c) => [c.name, c] as const))(
    '%s validates against its schema',
    (_name, { schemaPointer, value }) => {
      const errors = check(schemaPointer, value);
      expect(errors, `schema ${schemaPointer}:\n${explain(errors)}`).toEqual([]);
    },
  );

  it.each(shapedCases.map((c) => [c.name, c] as const))(
    '%s (shaped) has examples for its request body and success response',
    (_name, { missing }) => {
      expect(missing).toEqual([]);
    },
  );
});

/** A small spec whose examples break their schema in known ways. */
const NEGATIVE_SPEC = `
openapi: 3.1.0
info: {title: Negative, version: v4.0.0}
paths:
  /wallet/transfers:
    post:
      operationId: transfer
      x-shape: seed
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Transfer'}
            examples:
              good: {value: {currency: USDT, amount: '10.5'}}
              numberAmount: {value: {currency: USDT, amount: 10}}
              notDecimal: {value: {currency: USDT, amount: ten}}
              zero: {value: {currency: USDT, amount: '0'}}
      responses:
        '200':
          description: Accepted, but no example.
          content:
            application/json:
              schema: {type: object, properties: {tx_id: {type: integer, format: int64}}}
components:
  schemas:
    Transfer:
      type: object
      required: [currency, amount]
      properties:
        currency: {type: string}
        amount: {type: string, format: decimal, x-decimal: {gt: '0', maxScale: 8}}
      examples:
        - {currency: USDT}
`;

describe('the example checker', () => {
  it('catches examples that break their schema, and passes the good one', async () => {
    const doc = (
      await bundleFromString({ source: NEGATIVE_SPEC, absoluteRef: path.join(repoRoot, 'negative.yaml'), config })
    ).bundle.parsed as Json;
    const negativeCheck = makeChecker(doc);
    const results = Object.fromEntries(
      collectExamples(doc).map((c) => [
        c.name,
        negativeCheck(c.schemaPointer, c.value).map((e) => `${e.instancePath} ${e.keyword}`),
      ]),
    );
    expect(results).toEqual({
      'POST /wallet/transfers (transfer) request application/json examples.good': [],
      'POST /wallet/transfers (transfer) request application/json examples.numberAmount': ['/amount type'],
      'POST /wallet/transfers (transfer) request application/json examples.notDecimal': ['/amount format'],
      'POST /wallet/transfers (transfer) request application/json examples.zero': ['/amount x-decimal'],
      'schema Transfer examples[0]': [' required'],
    });
    expect(shapedCoverage(doc)).toEqual([
      { name: 'POST /wallet/transfers (transfer)', missing: ['response 200 example'] },
    ]);
  });

  it('refuses a schema with a misspelt keyword instead of ignoring it', async () => {
    const source = NEGATIVE_SPEC.replace('currency: {type: string}', 'currency: {type: string, minLenght: 1}');
    const doc = (await bundleFromString({ source, absoluteRef: path.join(repoRoot, 'negative.yaml'), config })).bundle
      .parsed as Json;
    const negativeCheck = makeChecker(doc);
    expect(() => negativeCheck('#/components/schemas/Transfer', { currency: 'USDT', amount: '1' })).toThrow(
      /unknown keyword.*minLenght/,
    );
  });

  it.each([
    { given: ['1.5', '1.4999'], want: 1 },
    { given: ['-2', '1'], want: -1 },
    { given: ['0.10', '0.1'], want: 0 },
    { given: ['100', '99.999'], want: 1 },
  ])('compares decimals $given', ({ given, want }) => {
    expect(compareDecimal(given[0] ?? '', given[1] ?? '')).toBe(want);
  });
});
