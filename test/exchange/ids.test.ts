/** Ids count up as strings of digits, exactly on both sides of 2^53. */
import { describe, expect, it } from 'vitest';
import { nextId } from '../../mock/exchange/ids.js';

describe('nextId', () => {
  it.each([
    { given: '0', want: '1' },
    { given: '9', want: '10' },
    { given: '007', want: '8' },
    { given: '700000000001', want: '700000000002' },
    { given: '999999999999999', want: '1000000000000000' },
    { given: '9007199254740991', want: '9007199254740992' },
    { given: '9007199254740992', want: '9007199254740993' },
    { given: '36028797018964001', want: '36028797018964002' },
    { given: '99999999999999999999', want: '100000000000000000000' },
    { given: '700000000009', want: '700000000010' },
    { given: '8000000099', want: '8000000100' },
    { given: '36028797018964009', want: '36028797018964010' },
    { given: '00', want: '1' },
  ])('$given -> $want', ({ given, want }) => {
    expect(nextId(given)).toBe(want);
  });

  it('refuses what is not a string of digits, as before', () => {
    expect(() => nextId('12a')).toThrow(SyntaxError);
    expect(() => nextId('1.5')).toThrow(SyntaxError);
  });
});
