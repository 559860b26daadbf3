/**
 * How the `node` platform modules load Node built-ins on first use (node-builtins.ts): through the
 * host's `getBuiltinModule` where it has one (synchronously), else by importing them (a promise).
 * The import path end to end (a Node without `getBuiltinModule`) is in test/package/node-entry.test.ts.
 */
import * as http from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  loadBuiltin,
  nodeBuiltin,
  type BuiltinHost,
  type BuiltinImports,
} from '../../generator/targets/typescript/runtime/node-builtins.js';

type Given = 'host' | 'none' | 'old' | 'broken';

describe('loadBuiltin', () => {
  it.each([
    {
      name: 'a host with getBuiltinModule: loaded by it, on the host, now',
      given: 'host',
      want: { value: 'host:node:http', sync: true, imports: 0 },
    },
    {
      name: 'no process at all: imported',
      given: 'none',
      want: { value: 'import:node:http', sync: false, imports: 1 },
    },
    {
      name: 'a process without getBuiltinModule (Node < 20.16): imported',
      given: 'old',
      want: { value: 'import:node:http', sync: false, imports: 1 },
    },
    {
      name: 'a getBuiltinModule that is not a function: imported',
      given: 'broken',
      want: { value: 'import:node:http', sync: false, imports: 1 },
    },
  ] satisfies { name: string; given: Given; want: { value: string; sync: boolean; imports: number } }[])(
    '$name',
    async ({ given, want }) => {
      const hostCalls: unknown[] = [];
      const hosts: Record<Given, BuiltinHost | undefined> = {
        host: {
          getBuiltinModule(this: unknown, id: string) {
            hostCalls.push(this);
            return `host:${id}`;
          },
        },
        none: undefined,
        old: {},
        broken: { getBuiltinModule: 'node:http' },
      };
      const imported: string[] = [];
      const fake = (id: string) => () => {
        imported.push(id);
        return Promise.resolve(`import:${id}`);
      };
      const imports = {
        'node:buffer': fake('node:buffer'),
        'node:crypto': fake('node:crypto'),
        'node:http': fake('node:http'),
        'node:https': fake('node:https'),
      } as unknown as BuiltinImports;
      const host = hosts[given];
      const loaded = loadBuiltin('node:http', host, imports);
      expect({ value: await loaded, sync: !(loaded instanceof Promise), imports: imported.length }).toEqual(want);
      expect(hostCalls).toEqual(given === 'host' ? [host] : []);
    },
  );
});

describe('nodeBuiltin', () => {
  it("returns Node's own module, now and the same object on every call (this Node has getBuiltinModule)", () => {
    const first = nodeBuiltin('node:http');
    expect(first).not.toBeInstanceOf(Promise);
    expect((first as typeof http).request).toBe(http.request);
    expect(nodeBuiltin('node:http')).toBe(first);
  });
});
