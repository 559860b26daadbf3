/** The Python package's version and the view of the files that print it. */
import type { IR } from '../../ir/types.js';
import { BANNER_LINES } from '../../emit-kit/naming.js';
import { pyBanner } from './naming.js';

/**
 * The Python version of an npm version: `1.2.3` as is, `1.2.3-beta.4` as `1.2.3b4` (alpha `a`,
 * rc `rc`); anything else throws (PEP 440 has no place for it).
 */
export function pythonVersion(npm: string): string {
  const m = /^(\d+\.\d+\.\d+)(?:-(alpha|beta|rc)\.(\d+))?$/.exec(npm);
  if (!m) throw new Error(`the npm version ${npm} has no PEP 440 form`);
  const pre = { alpha: 'a', beta: 'b', rc: 'rc' } as const;
  return m[2] === undefined ? (m[1] ?? npm) : `${m[1]}${pre[m[2] as keyof typeof pre]}${m[3]}`;
}

/**
 * The view of `__init__.py`, `pyproject.toml` and the package's README: the package version follows
 * `version`, the npm package's (root package.json), so every package of a release carries the same
 * one; the API release label stays `API_RELEASE`.
 */
export function packageView(ir: IR, version: string): Record<string, unknown> {
  if (version === '') throw new Error('the Python package needs a version: package.json has no "version"');
  return {
    banner: pyBanner(BANNER_LINES),
    release: ir.api.release,
    version: pythonVersion(version),
    irVersion: ir.irVersion,
  };
}
