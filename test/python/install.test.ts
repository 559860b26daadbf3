/**
 * `pip install generated/python` works offline: the package builds itself with its in-tree
 * backend (standard library only, `requires = []`), so a fresh venv installs it with
 * `--no-index`; the installed copy (not the generated folder) then runs the README's quick start
 * against the mock, and carries its metadata and `py.typed`. The backend's sdist holds what a
 * rebuild needs.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR, MOCK_KEY, MOCK_SECRET, startMock, type MockServer } from '../../mock/index.js';
import { PYTHON_DIR, ROOT } from './support/runner.js';

const run = promisify(execFile);
/** No variable that could point Python at the generated folder or pip at an index. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(PYTHON|PIP_|VIRTUAL_ENV)/.test(k)));

const CHECK = `
import importlib.metadata as md, json, pathlib, exchange_v4
meta = md.metadata("exchange-v4")
root = pathlib.Path(exchange_v4.__file__).parent
print(json.dumps({
  "version": meta["Version"], "license": meta["License"], "requires": meta["Requires-Python"],
  "classifiers": meta.get_all("Classifier"), "readme": meta["Description-Content-Type"],
  "typed": (root / "py.typed").is_file(), "where": str(root), "api": exchange_v4.API_RELEASE,
  "dunder": exchange_v4.__version__,
}))
`;

describe('pip install generated/python, offline, into a fresh venv', () => {
  let dir: string;
  let python: string;
  let mock: MockServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'py-install-'));
    cpSync(PYTHON_DIR, path.join(dir, 'src'), { recursive: true });
    await run('python3', ['-m', 'venv', path.join(dir, 'venv')], { env: cleanEnv(), timeout: 120_000 });
    python = path.join(dir, 'venv', 'bin', 'python');
    mock = await startMock({ fixturesDir: DEFAULT_FIXTURES_DIR });
  }, 150_000);
  afterAll(async () => {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('installs with --no-index and runs the quick start from the installed copy', async () => {
    const pip = ['-m', 'pip', 'install', '--no-index', '--disable-pip-version-check', '--no-input', `${dir}/src`];
    await run(python, pip, { env: cleanEnv(), timeout: 150_000, cwd: dir });
    const checked = await run(python, ['-c', CHECK], { env: cleanEnv(), cwd: dir, encoding: 'utf8' });
    const info = JSON.parse(checked.stdout) as Record<string, unknown>;
    expect(info).toMatchObject({
      version: '0.1.0',
      dunder: '0.1.0',
      license: 'MIT',
      requires: '>=3.11',
      readme: 'text/markdown',
      typed: true,
      api: expect.stringMatching(/^v4\./) as unknown,
    });
    expect(info['classifiers']).toEqual(
      expect.arrayContaining(['Typing :: Typed', 'License :: OSI Approved :: MIT License']),
    );
    expect(String(info['where'])).toContain(`${dir}/venv/`);
    const quick = await run(python, [`${ROOT}examples/python/quick_start.py`], {
      env: {
        ...cleanEnv(),
        EXCHANGE_V4_KEY: MOCK_KEY,
        EXCHANGE_V4_SECRET: MOCK_SECRET,
        EXCHANGE_V4_BASE_URL: mock.url,
      },
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(quick.stderr).toBe('');
    expect(quick.stdout).toMatch(/^transfer \d+$/m);
  }, 240_000);

  it("ships the repository's license", () => {
    expect(readFileSync(`${ROOT}generator/targets/python/templates/LICENSE`, 'utf8')).toBe(
      readFileSync(`${ROOT}LICENSE`, 'utf8'),
    );
  });

  it('writes an sdist with what a rebuild needs', async () => {
    const script = `import sys, tarfile; sys.path.insert(0, "${dir}/src/_build"); import backend
name = backend.build_sdist("${dir}")
print("\\n".join(sorted(tarfile.open("${dir}/" + name).getnames())))`;
    const listed = await run(python, ['-c', script], { env: cleanEnv(), cwd: dir, encoding: 'utf8' });
    const names = listed.stdout.trim().split('\n');
    for (const file of [
      'PKG-INFO',
      'pyproject.toml',
      'README.md',
      'LICENSE',
      '_build/backend.py',
      'exchange_v4/py.typed',
    ])
      expect(names).toContain(`exchange_v4-0.1.0/${file}`);
  }, 60_000);
});
