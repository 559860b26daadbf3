/** The doc comments of the named models: openapi-typescript's tags made plain (a table of texts). */
import { describe, expect, it } from 'vitest';
import { cleanDocComment } from '../../generator/schema-types/doc-comment.js';

/** A comment text as openapi-typescript hands it to the printer (between the markers). */
const multi = (...lines: string[]): string => `*\n * ${lines.join('\n * ')}\n `;

describe('cleanDocComment', () => {
  it.each([
    { given: '* @description User id. ', name: undefined, want: '* User id. ' },
    {
      given: multi('Format: int64', '@description User id.'),
      name: undefined,
      want: multi('User id.', 'Format: int64'),
    },
    {
      given: multi('WithdrawalRecord', '@description One withdrawal.'),
      name: 'WithdrawalRecord',
      want: '* One withdrawal. ',
    },
    {
      given: multi('Other', '@description One withdrawal.'),
      name: 'WithdrawalRecord',
      want: multi('Other', 'One withdrawal.'),
    },
    { given: multi('@description Side.', '@enum {string}'), name: undefined, want: '* Side. ' },
    { given: multi('@description Limit.', '@default 100'), name: undefined, want: multi('Limit.', '@default 100') },
    { given: multi('@deprecated', '@description Old.'), name: undefined, want: multi('@deprecated', 'Old.') },
    {
      given: multi('@description First line', '    continued.'),
      name: undefined,
      want: multi('First line', '    continued.'),
    },
    { given: '* @constant ', name: undefined, want: undefined },
    { given: multi('Thing', '@enum {string}'), name: 'Thing', want: undefined },
  ])('$given -> $want', ({ given, name, want }) => {
    expect(cleanDocComment(given, name)).toBe(want);
  });
});
