/**
 * The build drops doc comments from the compiled `.js` files only (the `.d.ts` files keep them for
 * editors): {given, want} table of `withoutDocComments`. Other comments stay, above all the
 * `/* @__PURE__ *\/` marks bundlers need to drop unused operations.
 */
import { describe, expect, it } from 'vitest';
import { withoutDocComments } from '../../scripts/build.js';

describe('withoutDocComments', () => {
  const cases: { name: string; given: string; want: string }[] = [
    {
      name: 'a one-line doc comment on its own line',
      given: '/** Metadata. */\nexport const a = 1;\n',
      want: 'export const a = 1;\n',
    },
    {
      name: 'an indented block over several lines',
      given: 'class A {\n    /**\n     * Lists.\n     * @param x the x\n     */\n    m(x) { return x; }\n}\n',
      want: 'class A {\n    m(x) { return x; }\n}\n',
    },
    {
      name: 'the pure mark and plain block comments stay',
      given: '/*\n * Banner.\n */\nexport const m = /* @__PURE__ */ JSON.parse(\'{"a":1}\');\n',
      want: '/*\n * Banner.\n */\nexport const m = /* @__PURE__ */ JSON.parse(\'{"a":1}\');\n',
    },
    {
      name: 'text that looks like a comment inside code on the same line stays',
      given: "const s = '/** not a comment */';\n",
      want: "const s = '/** not a comment */';\n",
    },
    {
      name: 'two doc comments with code between them',
      given: '/** A. */\nexport const a = 1;\n/** B. */\nexport const b = 2;\n',
      want: 'export const a = 1;\nexport const b = 2;\n',
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(withoutDocComments(given)).toBe(want);
  });
});
