/**
 * `exchange_v4/_runtime/redis_scripts.py`: the shared rate budget's Lua scripts embedded verbatim
 * with their SHA-1, the same scripts the TypeScript client runs.
 */
import { LUA_DIR, luaScripts } from '../../emit-kit/lua-scripts.js';
import { BANNER_LINES } from '../../emit-kit/naming.js';
import type { Files } from '../target.js';
import { pyBanner } from './naming.js';

/** The module, at its path relative to `generated/`. */
export async function pythonRedisScripts(root: string): Promise<Files> {
  const constants = (await luaScripts(root)).map(
    (s) =>
      `${s.constant} = LuaScript(\n    source=${JSON.stringify(s.source)},\n    sha1="${s.sha1}",\n)\n"""\`${LUA_DIR}/${s.file}\`, verbatim."""\n`,
  );
  const text = `${pyBanner(BANNER_LINES)}\n"""The shared rate budget's Lua scripts, embedded from ${LUA_DIR}/."""\n\nfrom __future__ import annotations\n\nfrom dataclasses import dataclass\n\n\n@dataclass(frozen=True)\nclass LuaScript:\n    """A Lua script and its SHA-1 (the name Redis runs it by)."""\n\n    source: str\n    sha1: str\n\n\n${constants.join('\n\n')}`;
  return new Map([['python/exchange_v4/_runtime/redis_scripts.py', text]]);
}
