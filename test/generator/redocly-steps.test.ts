/**
 * The lint and the bundle from one reading of the spec files (`lintAndBundleSpec`, used after an
 * edit that reuses the previous bundle) give what each gives on its own.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleSpec, lintAndBundleSpec, lintSpec } from '../../generator/redocly-steps.mjs';
import { ROOT } from './helpers.js';

describe('lintAndBundleSpec', () => {
  it("gives the repository spec's lint problems and bundle, as lintSpec and bundleSpec do", async () => {
    const entry = path.join(ROOT, 'spec/openapi.yaml');
    const both = await lintAndBundleSpec(entry, ROOT);
    expect(both.problems).toEqual(await lintSpec(entry, ROOT));
    expect(JSON.stringify(both.bundle)).toBe(JSON.stringify(await bundleSpec(entry, ROOT)));
  }, 60_000);
});
