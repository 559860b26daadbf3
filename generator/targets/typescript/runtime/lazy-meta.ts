/**
 * Operation metadata parsed on first use: the node platform's `operationMeta` (platform-node.ts).
 * Node loads the whole package at once (the Node entry is one file), so importing it only keeps
 * each operation's JSON text, and a program pays for parsing the metadata of the operations it
 * uses, not of all of them. The object stands for the
 * parsed one in every respect (property reads, `in`, keys, spreads, `JSON.stringify`, writes):
 * the first of these parses the text into it. The request functions read the parsed object itself
 * ({@link plainMeta}), so a call pays no proxy on its way.
 */
import type { OperationMeta } from './metadata.js';

/** The JSON text of each proxy target not parsed yet. */
const pending = new WeakMap<object, string>();
/** The target of each lazy metadata proxy. */
const targets = new WeakMap<object, object>();

/** `target` with its JSON text parsed into it (the first time). */
function parsed(target: object): object {
  const json = pending.get(target);
  if (json !== undefined) {
    pending.delete(target);
    Object.assign(target, JSON.parse(json));
  }
  return target;
}

/** Every trap (one per `Reflect` function) does what it would do on the parsed target. */
const handler: Record<string, unknown> = {};
for (const trap of Object.getOwnPropertyNames(Reflect)) {
  const forward = Reflect[trap as keyof typeof Reflect] as (target: object, ...rest: unknown[]) => unknown;
  handler[trap] = (target: object, ...rest: unknown[]) => forward(parsed(target), ...rest);
}

/** Operation metadata from its JSON text, parsed the first time anything reads it. */
export function lazyMeta(json: string): OperationMeta {
  const target = {};
  pending.set(target, json);
  const meta = new Proxy(target, handler) as OperationMeta;
  targets.set(meta, target);
  return meta;
}

/** The parsed object behind `meta` when it is lazy (parsing it now if need be), else `meta` itself. */
export function plainMeta(meta: OperationMeta): OperationMeta {
  const target = targets.get(meta);
  return target === undefined ? meta : (parsed(target) as OperationMeta);
}
