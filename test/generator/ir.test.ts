import { describe, expect, it } from 'vitest';
import {
  readGroupLimit,
  readPagination,
  readPermission,
  readShape,
  readRateLimit,
  readRetry,
  readIdempotency,
  readTimeRange,
} from '../../generator/ir/extensions.js';
import { int64Paths } from '../../generator/ir/int64.js';
import { buildIR } from '../../generator/ir/build.js';
import { SpecError } from '../../generator/errors.js';
import { TINY_ROOT } from './helpers.js';

const collect = () => {
  const problems: string[] = [];
  return { problems, report: (ptr: string, msg: string) => problems.push(`${ptr}: ${msg}`) };
};

describe('int64Paths', () => {
  const doc = {
    components: {
      schemas: {
        Rec: {
          type: 'object',
          properties: {
            id: { type: 'integer', format: 'int64' },
            n: { type: 'integer', format: 'int32' },
            child: { $ref: '#/components/schemas/Rec' },
          },
        },
      },
    },
  };
  const cases: Array<{ given: unknown; want: string[][] }> = [
    { given: { type: 'integer', format: 'int64' }, want: [[]] },
    { given: { type: 'array', items: { $ref: '#/components/schemas/Rec' } }, want: [['*', 'id']] },
    {
      given: {
        type: 'object',
        additionalProperties: { type: 'object', properties: { v: { type: 'integer', format: 'int64' } } },
      },
      want: [['*', 'v']],
    },
    {
      given: {
        allOf: [
          { $ref: '#/components/schemas/Rec' },
          { properties: { t: { type: ['integer', 'null'], format: 'int64' } } },
        ],
      },
      want: [['id'], ['t']],
    },
    {
      given: { type: 'array', items: { type: 'array', items: { type: 'integer', format: 'int64' } } },
      want: [['*', '*']],
    },
    { given: { type: 'string', format: 'int64' }, want: [] },
  ];
  it.each(cases)('$given -> $want', ({ given, want }) => {
    expect(int64Paths(doc, given)).toEqual(want);
  });
});

describe('x- extension readers', () => {
  it.each([
    {
      given: {
        'x-rate-limit': { requests: 10, window: 1, scope: 'uid+market', market: 'currency_pair', group: 'spot-place' },
      },
      want: { bucket: 'spot-place', requests: 10, window: 1, scope: 'uid+market', market: 'currency_pair' },
      problems: 0,
    },
    {
      given: { 'x-rate-limit': { requests: 10, window: 1, scope: 'uid+market', group: 'spot-place' } },
      want: { bucket: 'spot-place', requests: 10, window: 1, scope: 'uid+market' },
      problems: 0,
    },
    {
      given: { 'x-rate-limit': { requests: 10, window: 1, scope: 'uid', market: 'currency_pair' } },
      want: undefined,
      problems: 1,
    },
    {
      given: { 'x-rate-limit': { requests: 80, window: 10, scope: 'uid' } },
      want: { bucket: 'op', requests: 80, window: 10, scope: 'uid' },
      problems: 0,
    },
    { given: { 'x-rate-limit': { requests: 0, window: 10, scope: 'uid' } }, want: undefined, problems: 1 },
    { given: { 'x-rate-limit': { requests: 5, window: -1, scope: 'world' } }, want: undefined, problems: 2 },
    { given: { 'x-rate-limit': 'fast' }, want: undefined, problems: 1 },
    { given: {}, want: undefined, problems: 1 },
  ])('x-rate-limit $given', ({ given, want, problems }) => {
    const c = collect();
    expect(readRateLimit(given, 'op', c.report)).toEqual(want);
    expect(c.problems).toHaveLength(problems);
  });

  it.each([
    { given: { 'x-group-limit': { field: 'currency_pair', max: 10 } }, want: { field: 'currency_pair', max: 10 } },
    { given: { 'x-group-limit': { field: 'currency_pair', max: 0 } }, want: undefined },
    { given: { 'x-group-limit': { max: 10 } }, want: undefined },
    { given: {}, want: undefined },
  ])('x-group-limit $given', ({ given, want }) => {
    const c = collect();
    expect(readGroupLimit(given, c.report)).toEqual(want);
    expect(c.problems).toHaveLength(want === undefined && 'x-group-limit' in given ? 1 : 0);
  });

  it.each([
    { given: { 'x-pagination': { style: 'page', defaultLimit: 100, maxLimit: 100, minLimit: 1 } }, want: [] },
    {
      given: { 'x-pagination': { style: 'cursor', defaultLimit: 100, maxLimit: 100 } },
      want: ["/x-pagination/style: `x-pagination.style` must be one of 'page', 'offset', got 'cursor'"],
    },
    {
      given: { 'x-pagination': { style: 'offset', defaultLimit: 1.5, maxLimit: 100 } },
      want: ['/x-pagination/defaultLimit: `x-pagination.defaultLimit` must be a positive integer, got 1.5'],
    },
    {
      given: { 'x-pagination': { style: 'offset', defaultLimit: 500, maxLimit: 100 } },
      want: ['/x-pagination/defaultLimit: `x-pagination.defaultLimit` is 500, above `maxLimit` 100'],
    },
  ])('x-pagination $given', ({ given, want }) => {
    const c = collect();
    expect(readPagination(given, c.report) !== undefined).toBe(want.length === 0);
    expect(c.problems).toEqual(want);
  });

  it.each([
    { given: {}, want: [': `x-shape` is required'] },
    {
      given: { 'x-shape': 'partial' },
      want: ["/x-shape: `x-shape` must be one of 'seed', 'reference', 'named-only', got 'partial'"],
    },
    { given: { 'x-shape': 'named-only' }, want: [] },
    { given: { 'x-shape': 'shaped' }, want: [] },
  ])('x-shape $given', ({ given, want }) => {
    const c = collect();
    readShape(given, c.report);
    expect(c.problems).toEqual(want);
  });

  it.each([
    { given: { isPublic: false, op: {} }, want: [': `x-permission` is required'] },
    {
      given: { isPublic: true, op: { 'x-permission': { area: 'wallet', access: 'read' } } },
      want: ['/x-permission: `x-permission` is for private operations; a public one has none'],
    },
    { given: { isPublic: true, op: {} }, want: [] },
  ])('x-permission $given', ({ given, want }) => {
    const c = collect();
    readPermission(given.op, given.isPublic, c.report);
    expect(c.problems).toEqual(want);
  });

  it.each([
    { given: { 'x-retry': 'safe' }, want: 'safe' },
    { given: { 'x-retry': 'sometimes' }, want: undefined },
  ])('x-retry $given', ({ given, want }) => {
    const c = collect();
    expect(readRetry(given, c.report)).toBe(want);
    expect(c.problems).toHaveLength(want ? 0 : 1);
  });

  it.each([
    {
      given: {
        field: 'client_order_id',
        in: 'body',
        dedupes: true,
        generate: true,
        lookup: { operationId: 'getX', param: 'client_order_id' },
      },
      ok: true,
    },
    { given: { field: 'client_order_id', in: 'header', dedupes: true }, ok: false },
    { given: { field: 'client_order_id', in: 'body', dedupes: 'yes' }, ok: false },
    { given: { field: 'x', in: 'body', dedupes: false, lookup: { operationId: 'getX' } }, ok: false },
  ])('x-idempotency $given', ({ given, ok }) => {
    const c = collect();
    expect(readIdempotency({ 'x-idempotency': given }, c.report) !== undefined).toBe(ok);
  });

  it('x-time-range requires unit s', () => {
    const c = collect();
    expect(
      readTimeRange({ 'x-time-range': { from: 'from', to: 'to', maxDays: 30, defaultDays: 7, unit: 'ms' } }, c.report),
    ).toBeUndefined();
    expect(c.problems[0]).toContain('/x-time-range');
  });
});

describe('buildIR checks', () => {
  const op = (extra: Record<string, unknown>) => ({
    operationId: 'thing',
    tags: ['wallet'],
    'x-shape': 'seed',
    'x-rate-limit': { requests: 1, window: 1, scope: 'uid' },
    'x-permission': { area: 'wallet', access: 'write' },
    'x-retry': 'never',
    responses: { '200': { description: 'ok' } },
    ...extra,
  });
  const build = (paths: Record<string, unknown>) =>
    buildIR({ ...TINY_ROOT, paths }, { pathFiles: { '/a/{id}': 'spec/paths/a.yaml' }, rootFile: 'spec/openapi.yaml' });

  it.each([
    {
      given: 'a path parameter missing from the template',
      paths: { '/a/{id}': { post: op({ parameters: [] }) } },
      want: /spec\/paths\/a\.yaml#\/post\/parameters: path parameter \{id\} is not declared/,
    },
    {
      given: 'keyed retry without x-idempotency',
      paths: {
        '/a/{id}': {
          post: op({
            'x-retry': 'keyed',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          }),
        },
      },
      want: /#\/post\/x-retry: x-retry keyed needs x-idempotency/,
    },
    {
      given: 'a GET that is not safe',
      paths: {
        '/a/{id}': {
          get: op({
            'x-retry': 'never',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          }),
        },
      },
      want: /#\/get\/x-retry: a GET is a read/,
    },
    {
      given: 'a path and a query parameter with one name',
      paths: {
        '/a/{id}': {
          post: op({
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'id', in: 'query', schema: { type: 'string' } },
            ],
          }),
        },
      },
      want: /parameter id is declared in both path and query/,
    },
    {
      given: 'an array query parameter without comma serialization',
      paths: {
        '/a/{id}': {
          post: op({
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            ],
          }),
        },
      },
      want: /array query parameter ids must be comma-separated/,
    },
    {
      given: 'a lookup naming a missing operation',
      paths: {
        '/a/{id}': {
          post: op({
            'x-retry': 'keyed',
            'x-idempotency': { field: 'k', in: 'body', dedupes: true, lookup: { operationId: 'nowhere', param: 'k' } },
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          }),
        },
      },
      want: /x-idempotency\/lookup: lookup operation nowhere does not exist/,
    },
  ])('reports $given with file and pointer', ({ paths, want }) => {
    let error: unknown;
    try {
      build(paths);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).message).toMatch(want);
  });
});
