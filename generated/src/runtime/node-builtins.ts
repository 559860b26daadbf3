/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/node-builtins.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The Node built-ins of the `node` platform modules, loaded when first needed instead of when the
 * package is imported: `node:http` / `node:https` (with `node:buffer`) when a client builds its
 * `node` transport, `node:crypto` at the first hash. Static imports of them made every
 * `import 'exchange-v4'` wait for Node to load its HTTP, TLS and crypto modules, which a program
 * that never sends a request does not need at all.
 *
 * `process.getBuiltinModule` (Node 20.16+ and 22.3+, current Bun and Deno) returns a built-in synchronously.
 * Older Node 20 releases get a promise from `import('node:…')`, each written with its literal
 * specifier, so bundlers see exactly which built-ins the module may load. (A `require` made by
 * `node:module`'s `createRequire` would be synchronous, but a static import of `node:module` made
 * every import of the package about 0.4 ms slower on Node 20.) Every caller is asynchronous anyway:
 * the transport's first request and the first hash wait for the promise.
 */
import type * as NodeBuffer from 'node:buffer';
import type * as NodeCrypto from 'node:crypto';
import type * as NodeFs from 'node:fs';
import type * as NodeHttp from 'node:http';
import type * as NodeHttps from 'node:https';

/** The built-ins the runtime loads, by specifier. */
export interface NodeBuiltins {
  'node:buffer': typeof NodeBuffer;
  'node:crypto': typeof NodeCrypto;
  'node:fs': typeof NodeFs;
  'node:http': typeof NodeHttp;
  'node:https': typeof NodeHttps;
}

/** A built-in, or the promise of it where it can only be imported. */
export type Loaded<T> = T | Promise<T>;

/** Imports each built-in by its literal specifier (the fallback where there is no getBuiltinModule). */
export type BuiltinImports = { readonly [K in keyof NodeBuiltins]: () => Promise<NodeBuiltins[K]> };

/** The part of `process` the loader looks at. */
export interface BuiltinHost {
  readonly getBuiltinModule?: unknown;
}

const imports: BuiltinImports = {
  'node:buffer': () => import('node:buffer'),
  'node:crypto': () => import('node:crypto'),
  'node:fs': () => import('node:fs'),
  'node:http': () => import('node:http'),
  'node:https': () => import('node:https'),
};

/**
 * Loads built-in `id`: through the host's `getBuiltinModule` where it has one (synchronously),
 * else through `fallback` (a promise).
 */
export function loadBuiltin<K extends keyof NodeBuiltins>(
  id: K,
  host: BuiltinHost | undefined,
  fallback: BuiltinImports,
): Loaded<NodeBuiltins[K]> {
  if (host === undefined || typeof host.getBuiltinModule !== 'function') return fallback[id]();
  return (host.getBuiltinModule as (this: BuiltinHost, id: K) => NodeBuiltins[K]).call(host, id);
}

/**
 * A Node built-in, loaded on the call (Node keeps one copy of each, so later calls return the same
 * module object): the module itself on runtimes with `process.getBuiltinModule`, else a promise.
 */
export function nodeBuiltin<K extends keyof NodeBuiltins>(id: K): Loaded<NodeBuiltins[K]> {
  return loadBuiltin(id, (globalThis as { process?: BuiltinHost }).process, imports);
}
