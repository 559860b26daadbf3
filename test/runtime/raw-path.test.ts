/**
 * `client.request()` paths: checked and encoded so the path that is signed is the path on the
 * wire (a path a URL parser or server would read differently is refused before any I/O), and
 * matched to the spec operation whose template they fit, whose rate-limit bucket they then count
 * in. The rows both clients run are the conformance kit's (`conformance/raw-paths.json`,
 * `conformance/raw-routes.json`).
 */
import { describe, expect, it } from 'vitest';
import { operationMetas } from '../../generated/src/metadata.js';
import { limiterKeys } from '../../generator/targets/typescript/runtime/call-plan.js';
import { rawOperationMeta } from '../../generator/targets/typescript/runtime/raw-request.js';

describe('the operation a raw path matches (its rows: conformance/raw-routes.json)', () => {
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
