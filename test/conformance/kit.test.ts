/**
 * The conformance kit itself: every file in conformance/ matches conformance.schema.json, names its
 * decision as its file name, holds distinct row names and distinct cases, is documented in
 * conformance/README.md, and is run by both clients' suites (test/conformance/<decision>.test.ts and
 * test/python/test_conformance_<decision>.py).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { kitOutputs, withBanner } from '../../generator/conformance-kit.js';
import { KIT, readKit } from './kit.js';

const schema = JSON.parse(readFileSync(new URL('conformance.schema.json', KIT), 'utf8')) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
const decisions = readdirSync(KIT)
  .filter((f) => f.endsWith('.json') && f !== 'conformance.schema.json')
  .map((f) => f.replace(/\.json$/, ''))
  .sort();
const readme = readFileSync(new URL('README.md', KIT), 'utf8');

describe('the conformance kit', () => {
  it('covers every decision the README names, with at least 300 rows in all', () => {
    expect(decisions.length).toBeGreaterThanOrEqual(10);
    const total = decisions.reduce((n, d) => n + readKit(d).rows.length, 0);
    expect(total).toBeGreaterThanOrEqual(300);
  });

  it('ships in generated/conformance/ under a banner, every other byte as written (npm run generate)', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const outputs = await kitOutputs(root);
    expect(await kitOutputs(root)).toEqual(outputs);
    expect([...outputs.keys()]).toEqual(
      readdirSync(KIT)
        .sort()
        .map((f) => `conformance/${f}`),
    );
    for (const [file, text] of outputs) {
      const name = file.replace(/^conformance\//, '');
      const source = readFileSync(new URL(name, KIT), 'utf8');
      expect(text).toBe(withBanner(name, source));
      expect(text).toContain(`Copied by exchange-v4 from conformance/${name}`);
      if (name.endsWith('.json')) {
        const { $comment, ...rest } = JSON.parse(text) as Record<string, unknown>;
        expect(typeof $comment).toBe('string');
        expect(rest).toEqual(JSON.parse(source));
      }
      expect(readFileSync(new URL(`../../generated/${file}`, import.meta.url), 'utf8')).toBe(text);
    }
  });

  it('the schema refuses a file that breaks it (it can fail)', () => {
    expect(validate({ decision: 'x', description: 'd', rows: [] })).toBe(false);
    expect(validate({ decision: 'x', description: 'd', rows: [{ name: 'n', given: 1 }] })).toBe(false);
    expect(validate({ decision: 'x', description: 'd', rows: [{ name: 'n', given: 1, want: 2, extra: 3 }] })).toBe(
      false,
    );
    expect(validate({ decision: 'x', description: 'd', rows: [{ name: 'n', given: 1, want: 2 }] })).toBe(true);
  });

  describe.each(decisions)('%s.json', (decision) => {
    const file = readKit(decision);

    it('matches conformance.schema.json and names its decision', () => {
      expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
      expect(file.decision).toBe(decision);
    });

    it('holds distinct row names and distinct cases', () => {
      const names = file.rows.map((r) => r.name);
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
      const givens = file.rows.map((r) => JSON.stringify(r.given));
      expect(file.rows.filter((_, i) => givens.indexOf(givens[i] as string) !== i).map((r) => r.name)).toEqual([]);
    });

    it('is documented in the README and run by both suites', () => {
      expect(readme).toContain(`### \`${decision}.json\``);
      expect(existsSync(new URL(`./${decision}.test.ts`, import.meta.url))).toBe(true);
      const python = `test_conformance_${decision.replace(/-/g, '_')}.py`;
      expect(existsSync(new URL(`../python/${python}`, import.meta.url))).toBe(true);
    });
  });
});
