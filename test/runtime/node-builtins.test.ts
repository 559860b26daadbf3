/**
 * How the `node` platform modules load Node built-ins on first use (node-builtins.ts): the host's
 * `getBuiltinModule` where it has one, else a `require` from `node:module`, made only then.
 */
import * as http from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  builtinLoader,
  nodeBuiltin,
  type BuiltinHost,
  type BuiltinLoad,
} from '../../templates/typescript/runtime/node-builtins.js';

/** A host whose `getBuiltinModule` records the `this` it was called with and answers `host:<id>`. */
function recordingHost(calls: unknown[]): BuiltinHost {
  const host: BuiltinHost = {
    getBuiltinModule(this: unknown, id: string) {
      calls.push(this);
      return `host:${id}`;
    },
  };
  return host;
}

describe('builtinLoader', () => {
  it.each([
    { name: 'a host with getBuiltinModule: it loads, called on the host', given: 'host', want: ['host:node:http', 0] },
    { name: 'no process at all: the fallback require', given: 'none', want: ['require:node:http', 1] },
    { name: 'a process without getBuiltinModule (Node < 20.16)', given: 'old', want: ['require:node:http', 1] },
    { name: 'getBuiltinModule that is not a function', given: 'broken', want: ['require:node:http', 1] },
  ] as const)('$name', ({ given, want }) => {
    const calls: unknown[] = [];
    let fallbacks = 0;
    const fallback = (): BuiltinLoad => {
      fallbacks += 1;
      return (id) => `require:${id}`;
    };
    const hosts: Record<typeof given, BuiltinHost | undefined> = {
      host: recordingHost(calls),
      none: undefined,
      old: {},
      broken: { getBuiltinModule: 'node:http' },
    };
    const host = hosts[given];
    const load = builtinLoader(host, fallback);
    expect([load('node:http'), fallbacks]).toEqual(want);
    if (given === 'host') expect(calls).toEqual([host]);
  });
});

describe('nodeBuiltin', () => {
  it("returns Node's own module, the same object on every call", () => {
    const first = nodeBuiltin('node:http');
    expect(first.request).toBe(http.request);
    expect(nodeBuiltin('node:http')).toBe(first);
  });
});
