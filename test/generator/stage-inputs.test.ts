/**
 * What two stages are computed from: the types stage's input (types-input.ts) leaves out exactly
 * what cannot reach the kept types, and the generator's lint leaves out exactly the rules that
 * cannot stop a run (their severity is not `error`).
 */
import { describe, expect, it } from 'vitest';
import type { IR } from '../../generator/ir/types.js';
import { typesInput } from '../../generator/schema-types/types-input.js';
import { nonErrorRules } from '../../generator/redocly-steps.mjs';

const ir = { operations: [], schemas: {} } as unknown as IR;
const bundled = (over: Record<string, unknown>): Record<string, unknown> => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1', description: 'About.' },
  servers: [{ url: 'https://example.test' }],
  tags: [{ name: 'spot', description: 'Spot.' }],
  'x-api-version': '4',
  paths: {
    '/spot/time': {
      summary: 'Time',
      parameters: [{ name: 'a', in: 'query', schema: { type: 'string' } }],
      get: {
        operationId: 'getTime',
        summary: 'Server time',
        description: 'The server clock.',
        tags: ['spot'],
        'x-retry': 'safe',
        responses: { '200': { description: 'OK', content: { 'application/json': { example: 1 } } } },
        ...over,
      },
    },
  },
  components: { schemas: { Time: { type: 'integer', description: 'Seconds.', example: 1 } } },
});

describe('typesInput', () => {
  it.each([
    { given: { summary: 'Another summary' }, want: 'same' },
    { given: { description: 'Another description.' }, want: 'same' },
    { given: { tags: ['wallet'], 'x-retry': 'unsafe', deprecated: true }, want: 'same' },
    { given: { operationId: 'getServerTime' }, want: 'different' },
    { given: { parameters: [{ name: 'b', in: 'query', schema: { type: 'string' } }] }, want: 'different' },
    { given: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } }, want: 'different' },
  ])('an operation edited with $given gives the $want input', ({ given, want }) => {
    const base = JSON.stringify(typesInput(ir, bundled({})));
    const edited = JSON.stringify(typesInput(ir, bundled(given)));
    expect(edited === base ? 'same' : 'different').toBe(want);
  });

  it('keeps components and path parameters, without examples, and drops the root docs', () => {
    const { document } = typesInput(ir, bundled({}));
    expect(document).toEqual({
      openapi: '3.1.0',
      paths: {
        '/spot/time': {
          parameters: [{ name: 'a', in: 'query', schema: { type: 'string' } }],
          get: {
            operationId: 'getTime',
            responses: { '200': { description: 'OK', content: { 'application/json': {} } } },
          },
        },
      },
      components: { schemas: { Time: { type: 'integer', description: 'Seconds.' } } },
    });
  });
});

describe('nonErrorRules', () => {
  it.each([
    { given: { oas3_1: { a: 'error', b: 'warn', c: 'off' } }, want: ['b', 'c'] },
    { given: { oas3_1: { a: { severity: 'warn', x: 1 } }, oas3_0: { d: 'warn' } }, want: ['a', 'd'] },
    { given: { oas3_1: { a: { names: [] }, assertions: [] } }, want: [] },
  ])('$given -> $want', ({ given, want }) => {
    expect(nonErrorRules({ rules: given } as never)).toEqual(want);
  });
});
