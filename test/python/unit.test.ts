/**
 * The Python runtime's unit suites (test/python/test_*.py, standard-library unittest) run under
 * vitest: one python3 process for every module against generated/python, then one result per
 * module read from its verbose report.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PYTHON_DIR, ROOT } from './support/runner.js';

const HERE = `${ROOT}test/python`;
const modules = readdirSync(HERE)
  .filter((f) => /^test_.*\.py$/.test(f))
  .sort()
  .map((f) => f.replace(/\.py$/, ''));

const run = spawnSync('python3', ['-m', 'unittest', '-v', ...modules], {
  cwd: HERE,
  env: { ...process.env, PYTHONPATH: `${PYTHON_DIR}:${HERE}`, PYTHONDONTWRITEBYTECODE: '1' },
  encoding: 'utf8',
  timeout: 60_000,
});
const report = `${run.stdout}${run.stderr}`;
/** `name (module.Class.name) ... ok` lines by module. */
const results = [...report.matchAll(/^(\w+) \((\w+)\.[\w.]+\)(?:\n.*?)? \.\.\. (\w+)/gm)].map((m) => ({
  test: m[1] ?? '',
  module: m[2] ?? '',
  outcome: m[3] ?? '',
}));

describe('Python runtime unit suites', () => {
  it('run and pass as a whole', () => {
    expect(modules).toEqual(expect.arrayContaining(['test_loop', 'test_query', 'test_retry', 'test_signing']));
    expect(run.status, report).toBe(0);
    expect(report).toMatch(/\nOK\b/);
  });

  it.each(modules)('%s', (module) => {
    const own = results.filter((r) => r.module === module);
    expect(own.length, report).toBeGreaterThan(0);
    expect(
      own.filter((r) => r.outcome !== 'ok'),
      report,
    ).toEqual([]);
  });
});
