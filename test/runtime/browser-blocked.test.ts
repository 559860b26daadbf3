/**
 * A browser's refusal of a cross-origin call (CORS, or the network: `fetch` rejects with a bare
 * `TypeError`): a read fails at once with the CORS hint instead of being sent again to the same
 * refusal; a write is not sent again either and, since a preflight may have passed and the answer
 * been hidden, its outcome is unknown. Same-origin failures keep the usual retries.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockedCrossOrigin } from '../../generator/targets/typescript/runtime/browser-guard.js';
import { ConnectionError, UnknownOutcomeError } from '../../generator/targets/typescript/runtime/errors.js';
import { readRequest, request } from '../../generator/targets/typescript/runtime/request.js';
import { testCore } from './helpers/core.js';
import { currencyChainsMeta, lockSubAccountMeta } from './helpers/meta.js';
import { outcomeOf } from './helpers/time.js';

const browser = { name: 'browser', version: undefined } as const;
const node = { name: 'node', version: '20.1.0' } as const;
const page = (origin: string) => ({ location: { origin } });

describe('blockedCrossOrigin', () => {
  it.each([
    {
      given: 'a TypeError in a page on another origin',
      error: new TypeError('Failed to fetch'),
      runtime: browser,
      g: page('https://app.test'),
      want: true,
    },
    {
      given: 'a TypeError in a page on the same origin',
      error: new TypeError('Failed to fetch'),
      runtime: browser,
      g: page('http://127.0.0.1:9'),
      want: false,
    },
    {
      given: 'a TypeError where the page origin is unknown',
      error: new TypeError('Failed to fetch'),
      runtime: browser,
      g: {},
      want: true,
    },
    {
      given: 'another error in a page',
      error: new Error('x'),
      runtime: browser,
      g: page('https://app.test'),
      want: false,
    },
    { given: 'a TypeError on Node', error: new TypeError('fetch failed'), runtime: node, g: {}, want: false },
  ])('$given -> $want', ({ error, runtime, g, want }) => {
    expect(blockedCrossOrigin(error, 'http://127.0.0.1:9/api/v4/x', runtime, g)).toBe(want);
  });
});

describe('through the request loop (fetch transport, a page on another origin)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  /** A page on https://app.test whose fetch is refused like a CORS failure; counts the calls. */
  function refusingPage(): { calls: () => number } {
    let calls = 0;
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    vi.stubGlobal('location', { origin: 'https://app.test' });
    vi.stubGlobal('fetch', () => {
      calls += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    return { calls: () => calls };
  }

  it('a read is sent once, then fails with the CORS hint (it was sent 3 times)', async () => {
    const { calls } = refusingPage();
    const core = testCore({ transport: 'fetch', key: undefined, secret: undefined, maxRetries: 2 });
    const { error } = await outcomeOf(readRequest(core, currencyChainsMeta, { currency: 'USDT' }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/blocked by CORS or the network.*https:\/\/app\.test/);
    expect(calls()).toBe(1);
  });

  it('a write is not sent again and its outcome is unknown', async () => {
    const { calls } = refusingPage();
    const core = testCore({ transport: 'fetch', dangerouslyAllowBrowser: true, maxRetries: 2 });
    const { error } = await outcomeOf(request(core, lockSubAccountMeta, { user_id: 10002 }));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(calls()).toBe(1);
  });
});
