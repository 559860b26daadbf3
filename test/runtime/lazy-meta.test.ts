/** Operation metadata parsed on first use (the node platform's operationMeta): the same object as parsed JSON. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyMeta, plainMeta } from '../../generator/targets/typescript/runtime/lazy-meta.js';
import type { OperationMeta } from '../../generator/targets/typescript/runtime/metadata.js';
import { getSystemTimeMeta, listTickersMeta } from '../../generated/src/operations/spot.js';

const TEXT = JSON.stringify({
  id: 'listTickers',
  area: 'spot',
  method: 'GET',
  path: '/spot/tickers',
  rateLimit: { bucket: 'public', requests: 200, window: 10, scope: 'ip' },
  queryParams: [{ name: 'currency_pair' }],
});
const PARSED = JSON.parse(TEXT) as OperationMeta;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyMeta', () => {
  it('parses nothing until the metadata is read, then once', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const meta = lazyMeta(TEXT);
    expect(parse).toHaveBeenCalledTimes(0);
    expect(meta.path).toBe('/spot/tickers');
    expect(meta.rateLimit.requests).toBe(200);
    expect(plainMeta(meta).id).toBe('listTickers');
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it.each([
    { given: 'a property read', read: (m: OperationMeta): unknown => m.queryParams },
    { given: 'an absent property', read: (m: OperationMeta): unknown => m.pagination },
    { given: '`in`', read: (m: OperationMeta): unknown => ['id' in m, 'pagination' in m] },
    { given: 'Object.keys', read: (m: OperationMeta): unknown => Object.keys(m) },
    { given: 'a spread', read: (m: OperationMeta): unknown => ({ ...m }) },
    { given: 'JSON.stringify', read: (m: OperationMeta): unknown => JSON.stringify(m) },
    { given: 'Object.entries', read: (m: OperationMeta): unknown => Object.entries(m) },
    { given: 'hasOwn', read: (m: OperationMeta): unknown => Object.hasOwn(m, 'area') },
    { given: 'plainMeta', read: (m: OperationMeta): unknown => ({ ...plainMeta(m) }) },
  ])('answers $given as the parsed object does, as the first read', ({ read }) => {
    expect(read(lazyMeta(TEXT))).toEqual(read(PARSED));
  });

  it('keeps a write made before the first read (the text is parsed first)', () => {
    const meta = lazyMeta(TEXT) as { -readonly [K in keyof OperationMeta]: OperationMeta[K] };
    meta.path = '/spot/changed';
    expect(meta.path).toBe('/spot/changed');
    expect(meta.id).toBe('listTickers');
    expect(plainMeta(meta).path).toBe('/spot/changed');
  });

  it('equals the parsed object in a deep comparison', () => {
    expect(lazyMeta(TEXT)).toStrictEqual(PARSED);
  });

  it('plainMeta returns a non-lazy object itself', () => {
    expect(plainMeta(PARSED)).toBe(PARSED);
  });

  it('generated operation metadata reads as its operation (on the node platform)', () => {
    expect(listTickersMeta.id).toBe('listTickers');
    expect({ ...getSystemTimeMeta }).toMatchObject({ id: 'getSystemTime', method: 'GET', path: '/spot/time' });
  });
});
