/**
 * The shape of `scripts.ts`, which `npm run generate` writes into `generated/src/redis/` from
 * `templates/redis/*.lua` (generator/emit/redis-scripts.ts); declared here so this folder
 * type-checks on its own. Not copied.
 */
import type { LuaScript } from './redis-client.js';

/** `templates/redis/take.lua`, verbatim. */
export declare const TAKE_SCRIPT: LuaScript;
/** `templates/redis/settle.lua`, verbatim. */
export declare const SETTLE_SCRIPT: LuaScript;
