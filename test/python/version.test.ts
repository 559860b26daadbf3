/** The Python package's version follows the npm package's, in its PEP 440 form. */
import { describe, expect, it } from 'vitest';
import { pythonVersion } from '../../generator/targets/python/version.js';

describe('pythonVersion', () => {
  it.each([
    { given: '0.1.0', want: '0.1.0' },
    { given: '12.3.45', want: '12.3.45' },
    { given: '1.2.3-alpha.1', want: '1.2.3a1' },
    { given: '1.2.3-beta.4', want: '1.2.3b4' },
    { given: '1.2.3-rc.2', want: '1.2.3rc2' },
  ])('$given -> $want', ({ given, want }) => {
    expect(pythonVersion(given)).toBe(want);
  });

  it.each(['1.2', '1.2.3-next.1', 'v1.2.3', '1.2.3+build'])('refuses %s', (given) => {
    expect(() => pythonVersion(given)).toThrow(/PEP 440/);
  });
});
