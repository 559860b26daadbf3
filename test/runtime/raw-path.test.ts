/**
 * `client.request()` paths: checked and encoded so the path that is signed is the path on the
 * wire (a path a URL parser or server would read differently is refused before any I/O), and
 * matched to the spec operation whose template they fit, whose rate-limit bucket they then count
 * in. The rows are shared with the Python suite (`test/fixtures/raw-request/paths.json`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationMetas } from '../../generated/src/metadata.js';
import type { HttpMethod } from '../../generator/targets/typescript/runtime/metadata.js';
import { limiterKeys } from '../../generator/targets/typescript/runtime/call-plan.js';
import { normalizeRawPath } from '../../generator/targets/typescript/runtime/raw-path.js';
import { rawOperationMeta } from '../../generator/targets/typescript/runtime/raw-request.js';
import { matchOperation } from '../../generator/targets/typescript/runtime/raw-routes.js';

interface Rows {
  readonly paths: readonly { given: string; want: { path?: string; problem?: string } }[];
  readonly routes: readonly {
    given: { method: HttpMethod; path: string };
    want: { operation: string | null; bucket: string };
  }[];
}
const rows = JSON.parse(readFileSync(new URL('../fixtures/raw-request/paths.json', import.meta.url), 'utf8')) as Rows;

describe('normalizeRawPath (rows shared with Python)', () => {
  it.each(rows.paths)('$given -> $want', ({ given, want }) => {
    expect(normalizeRawPath(given, '/api/v4')).toEqual(want);
  });
});

describe('the operation and bucket of a raw path (rows shared with Python)', () => {
  it.each(rows.routes)('$given.method $given.path -> $want.operation', ({ given, want }) => {
    const meta = rawOperationMeta(given, '/api/v4', operationMetas);
    const checked = normalizeRawPath(given.path, '/api/v4');
    expect(matchOperation(given.method, checked.path ?? '', operationMetas)?.id ?? null).toBe(want.operation);
    expect(meta.rateLimit.bucket).toBe(want.bucket);
  });

  it('takes the matching operation’s limit, scope, market field, retry and auth; the caller’s own win', () => {
    expect(rawOperationMeta({ method: 'POST', path: '/spot/orders' }, '/api/v4', operationMetas)).toMatchObject({
      rateLimit: { bucket: 'spot-place', requests: 10, window: 1, scope: 'uid+market', market: 'currency_pair' },
      retry: 'never',
      auth: 'private',
    });
    expect(rawOperationMeta({ method: 'GET', path: '/spot/time' }, '/api/v4', operationMetas)).toMatchObject({
      rateLimit: { bucket: 'getSystemTime', scope: 'ip' },
      retry: 'safe',
      auth: 'public',
    });
    const own = { bucket: 'mine', requests: 1, window: 1, scope: 'uid' } as const;
    const given = { method: 'GET', path: '/spot/time', rateLimit: own, retry: 'never', auth: 'private' } as const;
    expect(rawOperationMeta(given, '/api/v4', operationMetas)).toMatchObject({
      rateLimit: own,
      retry: 'never',
      auth: 'private',
    });
    expect(rawOperationMeta({ method: 'DELETE', path: '/spot/nope' }, '/api/v4', operationMetas)).toMatchObject({
      rateLimit: { bucket: 'raw:DELETE', requests: 150, window: 10, scope: 'uid' },
      retry: 'never',
      auth: 'private',
    });
  });
});

describe('the market of a raw call to a per-market operation', () => {
  const meta = rawOperationMeta({ method: 'POST', path: '/spot/orders' }, '/api/v4', operationMetas);
  it.each([
    { given: { body: { currency_pair: 'ETH_USDT' } }, want: ['uid+market|spot-place|acct|ETH_USDT'] },
    { given: { query: { currency_pair: 'GT_USDT' } }, want: ['uid+market|spot-place|acct|GT_USDT'] },
    { given: { body: { amount: '1' } }, want: ['uid+market|spot-place|acct|'] },
  ])('$given -> $want', ({ given, want }) => {
    expect(limiterKeys(meta, 'acct', given)).toEqual(want);
  });
});
