import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../generator/targets/typescript/runtime/core.js';
import { ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import {
  encodeComponent,
  encodePathSegment,
  namedQueryPlan,
  serializeQuery,
  type QueryParamSpec,
} from '../../generator/targets/typescript/runtime/query.js';
import { RateLimiter } from '../../generator/targets/typescript/runtime/rate-limit.js';
import { request } from '../../generator/targets/typescript/runtime/request.js';
import { authFailure, json, startServer, TEST_KEY, TEST_SECRET, type TestServer } from './helpers/exchange.js';
import { apiMeta } from './helpers/meta.js';

const specs: QueryParamSpec[] = [
  { name: 'currency' },
  { name: 'currencies', csv: true },
  { name: 'memo' },
  { name: 'flag' },
  { name: 'n' },
];

const cases: Array<{ name: string; given: Record<string, unknown>; want: string }> = [
  { name: 'nothing set', given: {}, want: '' },
  { name: 'undefined and null skipped', given: { currency: undefined, memo: null, n: 1 }, want: 'n=1' },
  {
    name: 'spec order, not the caller order',
    given: { n: 5, memo: 'm', currency: 'BTC' },
    want: 'currency=BTC&memo=m&n=5',
  },
  {
    name: 'csv list with literal commas',
    given: { currencies: ['BTC', 'GT', 'USDT'] },
    want: 'currencies=BTC,GT,USDT',
  },
  { name: 'comma inside a csv item is encoded', given: { currencies: ['A,B', 'C'] }, want: 'currencies=A%2CB,C' },
  { name: 'comma in a plain value is encoded', given: { memo: 'a,b' }, want: 'memo=a%2Cb' },
  { name: 'empty csv list skipped', given: { currencies: [], n: 2 }, want: 'n=2' },
  { name: 'space', given: { memo: 'a b' }, want: 'memo=a%20b' },
  { name: '& and =', given: { memo: 'a&b=c' }, want: 'memo=a%26b%3Dc' },
  { name: '+', given: { memo: 'a+b' }, want: 'memo=a%2Bb' },
  { name: '%', given: { memo: '100%' }, want: 'memo=100%25' },
  { name: "RFC 3986 reserved !'()*", given: { memo: "!'()*" }, want: 'memo=%21%27%28%29%2A' },
  { name: '/ ? # : @', given: { memo: '/?#:@' }, want: 'memo=%2F%3F%23%3A%40' },
  { name: 'unreserved kept', given: { memo: 'aZ09-_.~' }, want: 'memo=aZ09-_.~' },
  { name: 'unicode', given: { memo: '€日' }, want: 'memo=%E2%82%AC%E6%97%A5' },
  { name: 'astral (surrogate pair)', given: { memo: '😀' }, want: 'memo=%F0%9F%98%80' },
  { name: 'unicode csv items', given: { currencies: ['€', 'BTC'] }, want: 'currencies=%E2%82%AC,BTC' },
  { name: 'empty string kept', given: { currency: '', memo: '' }, want: 'currency=&memo=' },
  { name: 'booleans', given: { flag: true, n: false }, want: 'flag=true&n=false' },
  { name: 'numbers and bigints', given: { n: 36028813724316572n, memo: 1.5 }, want: 'memo=1.5&n=36028813724316572' },
  { name: 'unknown keys are not sent', given: { other: 'x', currency: 'BTC' }, want: 'currency=BTC' },
];

describe('serializeQuery', () => {
  it.each(cases)('$name', ({ given, want }) => {
    expect(serializeQuery(specs, given)).toBe(want);
  });

  it.each([
    { name: 'lone surrogate', given: { memo: '\ud800' }, field: 'memo', rule: 'encoding' },
    { name: 'object value', given: { memo: { a: 1 } }, field: 'memo', rule: 'type' },
    { name: 'array for a non-csv parameter', given: { memo: ['a'] }, field: 'memo', rule: 'type' },
    { name: 'null inside a csv list', given: { currencies: ['a', null] }, field: 'currencies[1]', rule: 'required' },
    { name: 'NaN', given: { n: Number.NaN }, field: 'n', rule: 'type' },
  ])('refuses $name with a ValidationError naming the field', ({ given, field, rule }) => {
    try {
      serializeQuery(specs, given, 'op');
      expect.unreachable('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).field).toBe(field);
      expect((e as ValidationError).rule).toBe(rule);
      expect((e as ValidationError).message).toContain('op: ');
    }
  });
});

describe('encodeComponent and path segments', () => {
  it.each([
    { given: "a b!'()*", want: 'a%20b%21%27%28%29%2A' },
    { given: '日', want: '%E6%97%A5' },
    { given: 'a/b', want: 'a%2Fb' },
  ])('encodeComponent($given)', ({ given, want }) => {
    expect(encodeComponent(given)).toBe(want);
  });

  it.each([
    { given: 123, want: '123' },
    { given: 36028813724316572n, want: '36028813724316572' },
    { given: 'a/b', want: 'a%2Fb' },
    { given: 'usdt', want: 'usdt' },
  ])('path segment $given', ({ given, want }) => {
    expect(encodePathSegment('user_id', given)).toBe(want);
  });

  it.each(['', '.', '..', undefined])('refuses path segment %j', (given) => {
    expect(() => encodePathSegment('user_id', given, 'op')).toThrow(ValidationError);
  });
});

describe('namedQueryPlan', () => {
  it('sends a named-only query in the caller key order, arrays comma-joined', () => {
    const plan = namedQueryPlan({ z: 1, a: ['p', 'q'], m: 'x y' });
    expect(serializeQuery(plan.specs, plan.values)).toBe('z=1&a=p,q&m=x%20y');
  });
});

describe('the query on the wire is the query that was signed (127.0.0.1)', () => {
  const probe: OperationMeta = {
    id: 'probe',
    area: 'wallet',
    method: 'GET',
    path: '/wallet/probe',
    auth: 'private',
    shape: 'shaped',
    rateLimit: { bucket: 'probe', requests: 1000, window: 1, scope: 'uid' },
    retry: 'safe',
    pathParams: [],
    queryParams: specs,
    body: 'none',
    successStatus: 200,
  };
  let server: TestServer;
  let core: Core;

  beforeAll(async () => {
    server = await startServer((req) => authFailure(req, Date.now()) ?? json(200, { ok: true }));
    core = new Core(
      {
        key: TEST_KEY,
        secret: TEST_SECRET,
        baseUrl: server.baseUrl,
        clockSync: 'off',
        limiter: new RateLimiter({ mode: 'off' }),
      },
      apiMeta,
    );
  });
  afterAll(() => server.close());

  it.each(cases.filter((c) => !('other' in c.given)))('$name', async ({ given, want }) => {
    const before = server.requests.length;
    await expect(request(core, probe, given)).resolves.toEqual({ ok: true });
    const arrived = server.requests[before]!;
    expect(arrived.query).toBe(want);
    expect(arrived.path).toBe('/api/v4/wallet/probe');
    // The signature matches what arrived (the server also accepted it: the call resolved).
    expect(authFailure(arrived, Date.now())).toBeUndefined();
  });
});
