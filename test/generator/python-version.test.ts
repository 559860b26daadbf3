/**
 * The Python package's version follows the npm package's: `pyproject.toml` and `__version__` carry
 * the root package.json version, while `API_RELEASE` keeps the API release label.
 */
import { describe, expect, it } from 'vitest';
import { packageView } from '../../generator/targets/python/version.js';
import { packageVersionOf } from '../../generator/pipeline-stages.js';
import type { IR } from '../../generator/ir/types.js';

const ir = { api: { release: 'v4.106.52' }, irVersion: '1.5.0' } as unknown as IR;

describe('packageView', () => {
  it.each([
    { given: '0.1.0', want: { version: '0.1.0', release: 'v4.106.52' } },
    { given: '1.2.3-rc.1', want: { version: '1.2.3rc1', release: 'v4.106.52' } }, // PEP 440's form of the pre-release
  ])('package.json $given gives $want', ({ given, want }) => {
    const view = packageView(ir, given);
    expect({ version: view['version'], release: view['release'] }).toEqual(want);
  });
});

describe('packageVersionOf', () => {
  it.each([
    { given: '{"name":"exchange-v4","version":"0.2.0"}', want: '0.2.0' },
    { given: '{"name":"exchange-v4"}', want: undefined },
    { given: '{"version":2}', want: undefined },
    { given: '', want: undefined },
    { given: 'not json', want: undefined },
  ])('$given gives $want', ({ given, want }) => {
    expect(packageVersionOf(given)).toBe(want);
  });
});
