/**
 * The Node built-ins of the `node` platform modules, loaded when first needed instead of when the
 * package is imported: `node:http` / `node:https` (with `node:buffer`) when a client builds its
 * `node` transport, `node:crypto` at the first hash. Static imports of them made every
 * `import 'exchange-v4'` wait for Node to load its HTTP, TLS and crypto modules, which a program
 * pays again nowhere else and which a program that never sends a request does not need.
 *
 * `process.getBuiltinModule` (Node 20.16+ and 22.3+, Bun, Deno) loads a built-in synchronously;
 * older Node 20 releases use a `require` made by `node:module`'s `createRequire`, made only there.
 * `node:module` itself stays a static import (a small module) so that this fallback is synchronous
 * too and no dynamic `import()` enters the module graph.
 */
import { createRequire } from 'node:module';
import type * as NodeBuffer from 'node:buffer';
import type * as NodeCrypto from 'node:crypto';
import type * as NodeHttp from 'node:http';
import type * as NodeHttps from 'node:https';

/** The built-ins the runtime loads, by specifier. */
export interface NodeBuiltins {
  'node:buffer': typeof NodeBuffer;
  'node:crypto': typeof NodeCrypto;
  'node:http': typeof NodeHttp;
  'node:https': typeof NodeHttps;
}

/** Loads one built-in by its `node:` specifier. */
export type BuiltinLoad = (id: string) => unknown;

/** The part of `process` the loader looks at. */
export interface BuiltinHost {
  readonly getBuiltinModule?: unknown;
}

/**
 * How built-ins are loaded on this runtime: the host's `getBuiltinModule` where it has one, else
 * the `require` that `fallback` makes (called only then).
 */
export function builtinLoader(host: BuiltinHost | undefined, fallback: () => BuiltinLoad): BuiltinLoad {
  if (host === undefined || typeof host.getBuiltinModule !== 'function') return fallback();
  const get = host.getBuiltinModule as (this: BuiltinHost, id: string) => unknown;
  return (id) => get.call(host, id);
}

let load: BuiltinLoad | undefined;

/**
 * A Node built-in, loaded on the first call (Node keeps one copy of each, so later calls return
 * the same module object).
 */
export function nodeBuiltin<K extends keyof NodeBuiltins>(id: K): NodeBuiltins[K] {
  // '/' is an absolute path on every platform; built-ins resolve without reading it.
  load ??= builtinLoader((globalThis as { process?: BuiltinHost }).process, () => createRequire('/'));
  return load(id) as NodeBuiltins[K];
}
