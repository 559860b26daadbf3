/**
 * The `node` transport's per-attempt header list and response header record: pure functions,
 * checked by tables (the transport itself runs against the mock in node-transport.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { headerList, headerRecord } from '../../generator/targets/typescript/runtime/node-transport.js';

const SIGNED = ['KEY', 'k', 'Timestamp', '1700000000', 'SIGN', 'ab'];

describe('headerList', () => {
  it.each([
    {
      name: 'a read: Host after the call headers, no length, no signature',
      given: { headers: { Accept: 'application/json' }, length: undefined, signed: undefined },
      want: ['Accept', 'application/json', 'Host', 'api.test:8443'],
    },
    {
      name: 'a signed write: the body length and the signing headers last',
      given: { headers: { 'Content-Type': 'application/json' }, length: 12, signed: SIGNED },
      want: ['Content-Type', 'application/json', 'Host', 'api.test:8443', 'Content-Length', '12', ...SIGNED],
    },
    {
      name: "the call's own Host header wins",
      given: { headers: { host: 'other.test' }, length: undefined, signed: undefined },
      want: ['host', 'other.test'],
    },
    {
      name: 'a given Content-Length (any case) is replaced by the true one',
      given: { headers: { 'content-length': '999', 'CONTENT-LENGTH': '1' }, length: 2, signed: undefined },
      want: ['Host', 'api.test:8443', 'Content-Length', '2'],
    },
    {
      name: 'an empty body still says its length',
      given: { headers: {}, length: 0, signed: undefined },
      want: ['Host', 'api.test:8443', 'Content-Length', '0'],
    },
  ])('$name', ({ given, want }) => {
    expect(headerList('api.test:8443', given.headers, given.length, given.signed)).toEqual(want);
  });

  it.each([
    { given: { 'X-Note': 'a\r\nInjected: 1' }, want: /X-Note has a character HTTP does not allow/ },
    { given: { 'X-Note': 'null\0byte' }, want: /X-Note has a character/ },
    { given: { 'X-Note': 'euro €' }, want: /X-Note has a character/ },
  ])('refuses $given before anything is sent', ({ given, want }) => {
    expect(() => headerList('h', given, undefined, undefined)).toThrow(TypeError);
    expect(() => headerList('h', given, undefined, undefined)).toThrow(want);
  });
});

describe('headerRecord', () => {
  it.each([
    {
      name: 'plain headers are kept as they are',
      given: { a: '1', 'x-svc-trace-id': 't' },
      want: { a: '1', 'x-svc-trace-id': 't' },
    },
    {
      name: 'a repeated set-cookie is joined',
      given: { a: '1', 'set-cookie': ['x=1', 'y=2'] },
      want: { a: '1', 'set-cookie': 'x=1, y=2' },
    },
    { name: 'no headers', given: {}, want: {} },
  ])('$name', ({ given, want }) => {
    expect(headerRecord(given)).toEqual(want);
  });
});
