/**
 * The `exchange-v4/redis` entry (`src/redis/`): the hand-written store of `redis/` copied under a
 * banner, and `scripts.ts`, the shared Lua scripts embedded verbatim with their SHA-1.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LUA_DIR, luaScripts } from '../../emit-kit/lua-scripts.js';
import { copiedBanner, tsBanner } from '../../emit-kit/naming.js';
import type { Files } from '../target.js';

const STORE = 'generator/targets/typescript/redis';

/** The store's files, copied as written (`scripts.d.ts` only types this folder: not copied). */
export async function redisStoreFiles(root: string): Promise<Files> {
  const out: Files = new Map();
  for (const file of (await readdir(path.join(root, STORE))).filter((f) => /(?<!\.d)\.ts$/.test(f)).sort()) {
    const text = await readFile(path.join(root, STORE, file), 'utf8');
    out.set(`src/redis/${file}`, copiedBanner(`${STORE}/${file}`) + text);
  }
  return out;
}

/** `src/redis/scripts.ts`: each script as a constant. */
export async function redisScriptsFile(root: string): Promise<Files> {
  const constants = (await luaScripts(root)).map(
    (s) =>
      `/** \`${LUA_DIR}/${s.file}\`, verbatim. */\nexport const ${s.constant}: LuaScript = {\n  source: ${JSON.stringify(s.source)},\n  sha1: '${s.sha1}',\n};\n`,
  );
  const text = `${tsBanner()}/** The shared rate budget's Lua scripts, embedded from ${LUA_DIR}/. */\nimport type { LuaScript } from './redis-client.js';\n\n${constants.join('\n')}`;
  return new Map([['src/redis/scripts.ts', text]]);
}
