/**
 * `npm run lint:exports` keeps a finding in a copied runtime file only when its source has it too
 * (scripts/unused-exports/pairs.ts), and reads which generated files are copies from their banners.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copiedFiles } from '../../scripts/unused-exports.js';
import { standingFindings, type Finding } from '../../scripts/unused-exports/pairs.js';

const COPIES = new Map([['generated/src/runtime/a.ts', 'generator/targets/typescript/runtime/a.ts']]);
const at = (file: string, name: string, line = 1): Finding => ({ file, name, line });
const SRC = 'generator/targets/typescript/runtime/a.ts';
const COPY = 'generated/src/runtime/a.ts';

describe('standingFindings', () => {
  const cases: { name: string; given: Finding[]; want: Finding[] }[] = [
    {
      name: 'unused in both copies: reported once, under the source',
      given: [at(SRC, 'x'), at(COPY, 'x')],
      want: [at(SRC, 'x')],
    },
    { name: 'used by generated code only (flagged in the source alone): kept', given: [at(SRC, 'x')], want: [] },
    { name: 'used by tests only (flagged in the copy alone): kept', given: [at(COPY, 'x')], want: [] },
    {
      name: 'a file that is not a copy: reported as is',
      given: [at('mock/a.ts', 'y', 3)],
      want: [at('mock/a.ts', 'y', 3)],
    },
    {
      name: 'sorted by file, then line',
      given: [at('mock/b.ts', 'b', 9), at('mock/a.ts', 'a', 5), at('mock/b.ts', 'c', 2)],
      want: [at('mock/a.ts', 'a', 5), at('mock/b.ts', 'c', 2), at('mock/b.ts', 'b', 9)],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => expect(standingFindings(given, COPIES)).toEqual(want));
});

describe('copiedFiles', () => {
  it('maps every copied runtime file of generated/ to its source, in both languages', () => {
    const copies = copiedFiles(fileURLToPath(new URL('../..', import.meta.url)));
    expect(copies.get('generated/src/runtime/errors.ts')).toBe('generator/targets/typescript/runtime/errors.ts');
    expect(copies.get('generated/python/exchange_v4/_runtime/errors.py')).toBe(
      'generator/targets/python/runtime/errors.py',
    );
    expect(copies.has('generated/src/index.ts')).toBe(false);
  });
});
