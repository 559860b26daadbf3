/**
 * The shared rate budget's Lua scripts (`templates/redis/*.lua`, one source for both clients) and
 * the TypeScript store that runs them (`templates/typescript/redis/`): the `exchange-v4/redis`
 * entry (`src/redis/`) and the Python module `_runtime/redis_scripts.py`. Each script is embedded
 * verbatim with its SHA-1, the name Redis runs it by (EVALSHA).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BANNER_LINES, copiedBanner, tsBanner } from './naming.js';
import { pyBanner } from './python/naming.js';

const LUA_DIR = 'templates/redis';
const STORE_DIR = 'templates/typescript/redis';

/** `take.lua` -> `TAKE_SCRIPT`. */
const constantOf = (file: string): string => `${path.basename(file, '.lua').toUpperCase()}_SCRIPT`;

/** Every file of the Redis store, by path relative to `generated/` (`pythonPackage`: the Python package's folder). */
export async function redisOutputs(root: string, pythonPackage: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const scripts = (await readdir(path.join(root, LUA_DIR))).filter((f) => f.endsWith('.lua')).sort();
  const loaded = await Promise.all(
    scripts.map(async (file) => {
      const source = await readFile(path.join(root, LUA_DIR, file), 'utf8');
      return { file, source, sha1: createHash('sha1').update(source).digest('hex') };
    }),
  );
  const ts = loaded.map(
    (s) =>
      `/** \`${LUA_DIR}/${s.file}\`, verbatim. */\nexport const ${constantOf(s.file)}: LuaScript = {\n  source: ${JSON.stringify(s.source)},\n  sha1: '${s.sha1}',\n};\n`,
  );
  out.set(
    'src/redis/scripts.ts',
    `${tsBanner()}/** The shared rate budget's Lua scripts, embedded from ${LUA_DIR}/. */\nimport type { LuaScript } from './redis-client.js';\n\n${ts.join('\n')}`,
  );
  const py = loaded.map(
    (s) =>
      `${constantOf(s.file)} = LuaScript(\n    source=${JSON.stringify(s.source)},\n    sha1="${s.sha1}",\n)\n"""\`${LUA_DIR}/${s.file}\`, verbatim."""\n`,
  );
  out.set(
    `${pythonPackage}/_runtime/redis_scripts.py`,
    `${pyBanner(BANNER_LINES)}\n"""The shared rate budget's Lua scripts, embedded from ${LUA_DIR}/."""\n\nfrom __future__ import annotations\n\nfrom dataclasses import dataclass\n\n\n@dataclass(frozen=True)\nclass LuaScript:\n    """A Lua script and its SHA-1 (the name Redis runs it by)."""\n\n    source: str\n    sha1: str\n\n\n${py.join('\n\n')}`,
  );
  for (const file of (await readdir(path.join(root, STORE_DIR))).filter((f) => /(?<!\.d)\.ts$/.test(f)).sort()) {
    const text = await readFile(path.join(root, STORE_DIR, file), 'utf8');
    out.set(`src/redis/${file}`, copiedBanner(`${STORE_DIR}/${file}`) + text);
  }
  return out;
}
