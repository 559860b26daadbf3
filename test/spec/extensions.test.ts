/**
 * The table of `x-` extensions (spec/extensions/): every value check gives one precise problem per
 * offending value, and spec/README.md documents exactly the extensions the table lists.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkExtension, problemText } from '../../spec/extensions/check.js';
import { EXTENSIONS } from '../../spec/extensions/table.js';

describe('checkExtension', () => {
  const cases: Array<{ given: [string, unknown]; want: string[] }> = [
    { given: ['x-rate-limit', { requests: 80, window: 10, scope: 'uid' }], want: [] },
    {
      given: ['x-rate-limit', { requests: 5, window: -1, scope: 'world' }],
      want: [
        '`x-rate-limit.window` must be a positive number, got -1',
        "`x-rate-limit.scope` must be one of 'ip', 'uid', 'uid+market', got 'world'",
      ],
    },
    {
      given: ['x-rate-limit', 'fast'],
      want: ["`x-rate-limit` must be an object with requests, window, scope, market?, group?, note?, got 'fast'"],
    },
    {
      given: ['x-rate-limit', { requests: 1, window: 1, scope: 'uid', market: 'currency_pair' }],
      want: ["`x-rate-limit.market` applies to scope 'uid+market' only, not 'uid'"],
    },
    { given: ['x-group-limit', { max: 10 }], want: ['`x-group-limit` is missing `field`'] },
    {
      given: ['x-pagination', { style: 'offset', defaultLimit: 10, maxLimit: 100, cursor: 'x' }],
      want: ['`x-pagination.cursor` is not a known field (allowed: style, defaultLimit, maxLimit, minLimit)'],
    },
    {
      given: ['x-require-any-of', ['a', '', 'a']],
      want: ['`x-require-any-of` must be a list of distinct names, got ["a","","a"]'],
    },
    {
      given: ['x-nested-list', false],
      want: ['`x-nested-list` must be true when present (omit it otherwise), got false'],
    },
    {
      given: ['x-removed-operations', [{ method: 'get', path: '/a', status: 'removed', replacedBy: ['/b'] }]],
      want: [
        "`x-removed-operations[0].method` must be one of 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', got 'get'",
        "`x-removed-operations[0].replacedBy[0]` must be a 'METHOD /path' string, got '/b'",
      ],
    },
    {
      given: ['x-decimal', { gt: '0', maxScale: -1 }],
      want: ['`x-decimal.maxScale` must be a whole number of decimals, got -1'],
    },
    {
      given: ['x-label-groups', { wallet: ['TOO_FAST', 1] }],
      want: ['`x-label-groups.wallet[1]` must be a non-empty string, got 1'],
    },
  ];
  it.each(cases)('$given.0 $given.1', ({ given: [name, value], want }) => {
    expect(checkExtension(name, value).map((p) => problemText(name, p))).toEqual(want);
  });

  it('knows only the extensions of the table', () => {
    expect(() => checkExtension('x-unknown', 1)).toThrow(/x-unknown is not in spec\/extensions\/table\.js/);
  });
});

describe('the table', () => {
  it('names each extension once, with an x- name and an IR field or null', () => {
    const names = EXTENSIONS.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    for (const row of EXTENSIONS) expect(row.name).toMatch(/^x-[a-z-]+$/);
  });

  it('is what spec/README.md documents', () => {
    const readme = readFileSync(new URL('../../spec/README.md', import.meta.url), 'utf8');
    const documented = new Set([...readme.matchAll(/`(x-[a-z-]+)(?:[.:`])/g)].map((m) => m[1]));
    expect([...documented].sort()).toEqual(EXTENSIONS.map((row) => row.name).sort());
  });
});
