/** Data written as code: a literal, or JSON text read back by `JSON.parse` (operation metadata). */
import { runInNewContext, runInThisContext } from 'node:vm';
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { literal, parsedJson, Reference } from '../../generator/targets/typescript/literal.js';
import { printTypeScript } from '../../generator/targets/typescript/printer.js';

/** The file text of `export const value = <initializer>;`, printed the way the generator prints. */
function printed(initializer: ReturnType<typeof literal>): string {
  const files = printTypeScript([
    {
      path: 'value.ts',
      statements: [
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          declarations: [{ name: 'value', initializer }],
        },
      ],
    },
  ]);
  return files.get('value.ts') ?? '';
}

/** Evaluates the expression of a printed `export const value = ...;`. */
function evaluate(text: string): unknown {
  const match = /export const value = ([\s\S]*);\s*$/.exec(text);
  if (match?.[1] === undefined) throw new Error(`no declaration in ${text}`);
  return runInThisContext(`(${match[1]})`) as unknown;
}

describe('parsedJson', () => {
  it.each([
    { given: { id: 'getSystemTime', rules: [{ name: 'limit', in: 'query', minimum: 1 }] } },
    { given: { pattern: "^[A-Za-z0-9_-]{1,64}$ it's \\d", quote: '"', newline: 'a\nb\r\nc', tab: '\t' } },
    { given: { enum: ['1', 2, true], nested: { empty: [], flag: false }, unicode: 'µ \u2028 €' } },
    { given: [] },
  ])('reads back $given unchanged, as a pure JSON.parse call', ({ given }) => {
    const text = printed(parsedJson(given));
    expect(text).toContain('/* @__PURE__ */ JSON.parse(');
    expect(evaluate(text)).toEqual(given);
    // The same data as a literal evaluates to the same value.
    expect(evaluate(printed(literal(given)))).toEqual(given);
  });

  it('calls the reader it is given (the runtime function that parses metadata text on first use)', () => {
    const text = printed(parsedJson({ id: 'listTickers' }, 'operationMeta'));
    expect(text).toContain(`/* @__PURE__ */ operationMeta(`);
    expect(text).not.toContain('JSON.parse');
    const operationMeta = (json: string): unknown => ({ read: JSON.parse(json) as unknown });
    expect(
      runInNewContext(text.replace(/^[\s\S]*export const value = ([\s\S]*);\s*$/, '$1'), { operationMeta }),
    ).toEqual({
      read: { id: 'listTickers' },
    });
  });

  it('refuses data holding a reference to another constant (only a literal can write it)', () => {
    const meta = { idempotency: { lookup: { operation: new Reference('listWithdrawalsMeta'), param: 'id' } } };
    expect(() => printed(parsedJson(meta))).toThrow(/reference to a constant must be written as a literal/);
    expect(printed(literal(meta))).toContain('operation: listWithdrawalsMeta');
  });
});
