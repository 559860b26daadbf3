/*
 * Copied by exchange-v4 from generator/targets/typescript/redis/redis-client.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The user's own Redis client, duck-typed: `ioredis` (`evalsha(sha, numKeys, ...keysAndArgs)`)
 * or `redis` / node-redis (`evalSha(sha, { keys, arguments })`). No Redis package is imported:
 * scripts run by their SHA-1 and are sent in full once when Redis does not know them (`NOSCRIPT`).
 */
import { ValidationError } from '../runtime/errors.js';

/** A Lua script and its SHA-1 (as Redis names it). */
export interface LuaScript {
  readonly source: string;
  readonly sha1: string;
}

/** The shape of an `ioredis` client (also `Cluster`) this store calls. */
export interface IoRedisLike {
  evalsha(sha1: string, numKeys: number, ...keysAndArgs: Array<string | number>): Promise<unknown>;
  eval(script: string, numKeys: number, ...keysAndArgs: Array<string | number>): Promise<unknown>;
}

/** The shape of a node-redis (`redis` package, v4 and later) client this store calls. */
export interface NodeRedisLike {
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** A Redis client the store can run scripts with. */
export type RedisScriptClient = IoRedisLike | NodeRedisLike;

/** Runs a script on keys with arguments; rejects with the client's error. */
export type ScriptRunner = (script: LuaScript, keys: string[], args: string[]) => Promise<unknown>;

const isFunction = (v: unknown): boolean => typeof v === 'function';

/** The runner for `client`; throws `ValidationError` when it has neither client's methods. */
export function scriptRunner(client: unknown): ScriptRunner {
  const c = client as Record<string, unknown> | null | undefined;
  if (c != null && isFunction(c['evalsha']) && isFunction(c['eval'])) {
    const io = client as IoRedisLike;
    return async (script, keys, args) => {
      try {
        return await io.evalsha(script.sha1, keys.length, ...keys, ...args);
      } catch (error) {
        if (!isNoScript(error)) throw error;
        return io.eval(script.source, keys.length, ...keys, ...args);
      }
    };
  }
  if (c != null && isFunction(c['evalSha']) && isFunction(c['eval'])) {
    const nr = client as NodeRedisLike;
    return async (script, keys, args) => {
      try {
        return await nr.evalSha(script.sha1, { keys, arguments: args });
      } catch (error) {
        if (!isNoScript(error)) throw error;
        return nr.eval(script.source, { keys, arguments: args });
      }
    };
  }
  throw new ValidationError(
    'redis',
    client === null || typeof client !== 'object' ? client : '[object]',
    'type',
    'must be an ioredis client (evalsha and eval) or a node-redis client (evalSha and eval)',
  );
}

/** Redis does not know the script yet (its first run since Redis started). */
function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}
