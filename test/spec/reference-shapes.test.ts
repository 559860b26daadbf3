/**
 * The field-by-field comparison with the public reference: reading the reference SDK's files
 * ({given, want} tables over small texts in its format), the comparison's rules (tables over small
 * documents), the key patterns, and the repository itself: every difference between the spec and
 * spec/reference-shapes.json is listed in spec/reference-differences.yaml (justified with a reason
 * or open with a fix) and every entry there still matches a difference.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseApiFile, parseModelFile } from '../../scripts/coverage/reference-sdk.js';
import type { ReferenceModel, ReferenceShape } from '../../scripts/coverage/reference-sdk.js';
import { compareShapes, keyPattern, modelNames, unexplained } from '../../scripts/coverage/shape-compare.js';
import { knownDifferences, repositoryDifferences } from '../../scripts/coverage.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const API = `export class ThingsApi {
    public async listThings(
        settle: 'btc' | 'usdt',
        status: 'open' | 'finished',
        opts?: { limit?: number; lastId?: string; countTotal?: 0 | 1; xGateExptime?: string },
    ): Promise<{ response: AxiosResponse; body: Array<Thing> }> {
        const localVarPath =
            this.client.basePath + '/things/{settle}'.replace('{' + 'settle' + '}', encodeURIComponent(String(settle)));
        if (opts.limit !== undefined) {
            let limitSerialized = ObjectSerializer.serialize(opts.limit, 'number');
            localVarQueryParameters['limit'] = limitSerialized;
        }
        let statusSerialized = ObjectSerializer.serialize(status, "'open' | 'finished'");
        localVarQueryParameters['status'] = statusSerialized;
        if (opts.lastId !== undefined) {
            let lastIdSerialized = ObjectSerializer.serialize(
                opts.lastId,
                'string',
            );
            localVarQueryParameters['last_id'] = lastIdSerialized;
        }
        if (opts.countTotal !== undefined) {
            let countTotalSerialized = ObjectSerializer.serialize(opts.countTotal, '0 | 1');
            localVarQueryParameters['count_total'] = countTotalSerialized;
        }
        if (opts.xGateExptime !== undefined) {
            localVarHeaderParams['x-gate-exptime'] = ObjectSerializer.serialize(opts.xGateExptime, 'string');
        }
        const config: AxiosRequestConfig = {
            method: 'GET',
            params: localVarQueryParameters,
            url: localVarPath,
        };
        const authSettings = ['apiv4'];
        return this.client.request<Array<Thing>>(
            config,
            'Array<Thing>',
            authSettings,
        );
    }

    public async placeThing(thing: Thing): Promise<{ response: AxiosResponse; body?: any }> {
        const localVarPath = this.client.basePath + '/things';
        const config: AxiosRequestConfig = {
            method: 'POST',
            url: localVarPath,
            data: ObjectSerializer.serialize(thing, 'Thing'),
        };
        const authSettings = [];
        return this.client.request<any>(config, 'any', authSettings);
    }
}
`;

const MODEL = `export class Thing {
    'id'?: bigint;
    'size': string;
    'side'?: Thing.Side;
    'rule'?: Thing.Rule;
    static attributeTypeMap: Array<{ name: string; baseName: string; type: string }> = [
        {
            name: 'id',
            baseName: 'id',
            type: 'bigint',
        },
        {
            name: 'size',
            baseName: 'size',
            type: 'string',
        },
        {
            name: 'side',
            baseName: 'side',
            type: 'Thing.Side',
        },
        {
            name: 'rule',
            baseName: 'rule',
            type: 'Thing.Rule',
        },
    ];
}

export namespace Thing {
    export enum Side {
        Buy = <any>'buy',
        Sell = <any>'sell',
    }
    export enum Rule {
        NUMBER_1 = <any>1,
        NUMBER_2 = <any>2,
    }
}
`;

const DOC = `**id** | **number** | An id | [optional] [readonly] [default to undefined]
**size** | **string** | A size | [default to undefined]`;

describe('parseApiFile', () => {
  it('reads each operation: method, path, parameters by wire name, body, answer and signing', () => {
    expect(parseApiFile(API)).toEqual([
      {
        name: 'listThings',
        method: 'GET',
        path: '/things/{settle}',
        signed: true,
        params: [
          { name: 'settle', in: 'path', required: true, type: 'string', enum: ['btc', 'usdt'] },
          { name: 'limit', in: 'query', required: false, type: 'number' },
          { name: 'status', in: 'query', required: true, type: 'string', enum: ['open', 'finished'] },
          { name: 'last_id', in: 'query', required: false, type: 'string' },
          { name: 'count_total', in: 'query', required: false, type: 'number', enum: ['0', '1'] },
          { name: 'x-gate-exptime', in: 'header', required: false, type: 'string' },
        ],
        returns: 'Array<Thing>',
      },
      {
        name: 'placeThing',
        method: 'POST',
        path: '/things',
        signed: false,
        params: [],
        body: { type: 'Thing', required: true },
      },
    ]);
  });
});

describe('parseModelFile', () => {
  const cases: { given: [string, string]; want: ReturnType<typeof parseModelFile> }[] = [
    {
      given: [MODEL, DOC],
      want: {
        name: 'Thing',
        model: {
          fields: {
            id: { type: 'bigint', required: false, readOnly: true },
            size: { type: 'string', required: true, readOnly: false },
            side: { type: 'string', required: false, readOnly: false, enum: ['buy', 'sell'] },
            rule: { type: 'number', required: false, readOnly: false, enum: ['1', '2'] },
          },
        },
      },
    },
    {
      given: ["export enum Kind {\n    SpotGrid = <any>'spot_grid',\n    Other = <any>'other',\n}\n", ''],
      want: { name: 'Kind', enum: ['spot_grid', 'other'] },
    },
    { given: ['export type Alias = string;\n', ''], want: undefined },
  ];
  it.each(cases)('$want.name', ({ given, want }) => {
    expect(parseModelFile(...given)).toEqual(want);
  });
});

describe('modelNames', () => {
  const cases: { given: string; want: string[] }[] = [
    { given: 'Array<Thing>', want: ['Thing'] },
    { given: '{ [key: string]: Balance; }', want: ['Balance'] },
    { given: 'Array<Array<string>>', want: [] },
    { given: 'bigint', want: [] },
  ];
  it.each(cases)('$given', ({ given, want }) => {
    expect(modelNames(given)).toEqual(want);
  });
});

describe('keyPattern', () => {
  const cases: { given: [string, string]; want: boolean }[] = [
    {
      given: ['* header.x-svc-size-decimal: extra', 'GET /futures/{settle}/orders header.x-svc-size-decimal: extra'],
      want: true,
    },
    { given: ['Thing.<a|b> (response): extra', 'Thing.b (response): extra'], want: true },
    { given: ['Thing.<a|b> (response): extra', 'Thing.c (response): extra'], want: false },
    { given: ['GET /x/{id} path.id: type', 'GET /x/{id} path.id: type'], want: true },
    { given: ['GET /x/{id} path.id: type', 'GET /x/{id} path.id: typeX'], want: false },
  ];
  it.each(cases)('$given.0 ~ $given.1', ({ given, want }) => {
    expect(keyPattern(given[0]).test(given[1])).toBe(want);
  });
});

describe('compareShapes', () => {
  const thing: ReferenceModel = {
    fields: {
      id: { type: 'bigint', required: false, readOnly: true },
      size: { type: 'string', required: true, readOnly: false },
      side: { type: 'string', required: false, readOnly: false, enum: ['buy', 'sell'] },
    },
  };
  const shape: ReferenceShape = {
    name: 'placeThing',
    method: 'POST',
    path: '/things',
    signed: true,
    params: [{ name: 'account', in: 'query', required: false, type: 'string' }],
    body: { type: 'Thing', required: true },
    returns: 'Thing',
  };
  const answer = {
    type: 'object',
    properties: {
      id: { type: 'integer', format: 'int64' },
      size: { type: 'string' },
      side: { type: 'string', enum: ['buy', 'sell'] },
    },
  };
  const spec = (request: object, response: object, params: object[] = []): Record<string, unknown> => ({
    paths: {
      '/things': {
        post: {
          parameters: params,
          requestBody: { content: { 'application/json': { schema: request } } },
          responses: { '200': { content: { 'application/json': { schema: response } } } },
        },
      },
    },
    components: { schemas: { Thing: answer } },
  });
  const request = {
    type: 'object',
    required: ['size'],
    properties: { size: { type: 'string' }, side: answer.properties.side },
  };
  const account = { name: 'account', in: 'query', schema: { type: 'string' } };
  const cases: { name: string; given: Record<string, unknown>; want: string[] }[] = [
    { name: 'the same shape', given: spec(request, { $ref: '#/components/schemas/Thing' }, [account]), want: [] },
    {
      name: 'a missing parameter and an extra one',
      given: spec(request, answer, [{ name: 'extra', in: 'query', schema: { type: 'string' } }]),
      want: ['POST /things query.account: missing', 'POST /things query.extra: extra'],
    },
    {
      name: 'a read-only field in a request is not missing; a required flag differs',
      given: spec({ ...request, required: [] }, answer, [account]),
      want: ['Thing.size (request): required'],
    },
    {
      name: 'a size typed as a number, a missing answer field, a nullable field read as its type',
      given: spec(
        { ...request, properties: { ...request.properties, size: { type: 'number' } } },
        {
          type: 'object',
          properties: { size: { oneOf: [{ type: 'string' }, { type: 'null' }] }, side: answer.properties.side },
        },
        [account],
      ),
      want: ['Thing.id (response): missing', 'Thing.size (request): type'],
    },
    {
      name: 'enum values differ',
      given: spec(
        request,
        { ...answer, properties: { ...answer.properties, side: { type: 'string', enum: ['buy'] } } },
        [account],
      ),
      want: ['Thing.side (response): enum'],
    },
    {
      name: 'an allOf of the model and one more field',
      given: spec(request, { allOf: [answer, { type: 'object', properties: { note: { type: 'string' } } }] }, [
        account,
      ]),
      want: ['Thing.note (response): extra'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const keys = compareShapes(given, { 'POST /things': shape }, { models: { Thing: thing }, enums: {} }, (k) =>
      k.slice(k.indexOf(' ') + 1),
    ).map((d) => d.key);
    expect(keys).toEqual(want);
  });
});

describe('unexplained', () => {
  it('names the differences no entry matches and the entries that match none', () => {
    const differences = [
      { key: 'A.x (response): extra', detail: '' },
      { key: 'B.y (response): extra', detail: '' },
    ];
    expect(unexplained(differences, [{ key: 'A.* (response): extra' }, { key: 'C.z (request): missing' }])).toEqual({
      unlisted: [{ key: 'B.y (response): extra', detail: '' }],
      stale: [{ key: 'C.z (request): missing' }],
    });
  });
});

describe('the spec against the reference, field by field', () => {
  const differences = repositoryDifferences(ROOT);
  const known = knownDifferences(ROOT);

  it('lists every difference in spec/reference-differences.yaml, and nothing stale', () => {
    const { unlisted, stale } = unexplained(differences, [...known.justified, ...known.open]);
    expect(unlisted).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('gives every justified entry a reason and every open one a fix', () => {
    expect(known.justified.filter((k) => (k.reason ?? '').length < 20)).toEqual([]);
    expect(known.open.filter((k) => (k.fix ?? '').length < 10)).toEqual([]);
  });

  it('leaves no open difference: every one is justified', () => {
    expect(known.open.map((k) => k.key)).toEqual([]);
  });

  it('finds the differences the comparison is built for (it is not silently empty)', () => {
    expect(differences.some((d) => d.key.endsWith('header.x-svc-size-decimal: extra'))).toBe(true);
  });
});
