/**
 * The shared rate budget's Lua scripts (`generator/emit-kit/redis/*.lua`): one source that both
 * clients embed verbatim with its SHA-1, the name Redis runs it by (EVALSHA), so a TypeScript and a
 * Python process share one budget.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the scripts live, relative to the repository root. */
export const LUA_DIR = 'generator/emit-kit/redis';

/** One script: its file name, source, SHA-1 and the constant that holds it (`take.lua` -> `TAKE_SCRIPT`). */
export interface LuaSource {
  readonly file: string;
  readonly source: string;
  readonly sha1: string;
  readonly constant: string;
}

/** Every script, sorted by file name. */
export async function luaScripts(root: string): Promise<LuaSource[]> {
  const files = (await readdir(path.join(root, LUA_DIR))).filter((f) => f.endsWith('.lua')).sort();
  return Promise.all(
    files.map(async (file) => {
      const source = await readFile(path.join(root, LUA_DIR, file), 'utf8');
      const sha1 = createHash('sha1').update(source).digest('hex');
      return { file, source, sha1, constant: `${path.basename(file, '.lua').toUpperCase()}_SCRIPT` };
    }),
  );
}
