/**
 * The shape of `scripts.ts`, which `npm run generate` writes into `generated/src/redis/` from
 * `generator/emit-kit/redis/*.lua` (../redis.ts); declared here so this folder
 * type-checks on its own. Not copied.
 */
import type { LuaScript } from './redis-client.js';

/** `generator/emit-kit/redis/take.lua`, verbatim. */
export declare const TAKE_SCRIPT: LuaScript;
/** `generator/emit-kit/redis/settle.lua`, verbatim. */
export declare const SETTLE_SCRIPT: LuaScript;
