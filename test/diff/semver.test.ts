/** The version bump: semver rules, the 0.x shift, and bad versions. */
import { describe, expect, it } from 'vitest';
import {
  bumpVersion,
  neededBump,
  parseVersion,
  planVersion,
  VersionError,
  type Bump,
} from '../../generator/diff/semver.js';
import type { Category } from '../../generator/diff/types.js';

const changes = (...categories: Category[]): Array<{ category: Category }> =>
  categories.map((category) => ({ category }));

describe('neededBump', () => {
  const CASES: Array<{ given: Category[]; want: Bump }> = [
    { given: [], want: 'none' },
    { given: ['changed'], want: 'patch' },
    { given: ['changed', 'changed'], want: 'patch' },
    { given: ['added'], want: 'minor' },
    { given: ['deprecated'], want: 'minor' },
    { given: ['changed', 'deprecated'], want: 'minor' },
    { given: ['added', 'breaking'], want: 'major' },
    { given: ['breaking'], want: 'major' },
  ];
  it.each(CASES)('$given -> $want', ({ given, want }) => {
    expect(neededBump(changes(...given))).toBe(want);
  });
});

describe('bumpVersion', () => {
  const CASES: Array<{ given: [string, Bump]; want: string }> = [
    { given: ['1.4.2', 'major'], want: '2.0.0' },
    { given: ['1.4.2', 'minor'], want: '1.5.0' },
    { given: ['1.4.2', 'patch'], want: '1.4.3' },
    { given: ['1.4.2', 'none'], want: '1.4.2' },
    { given: ['0.1.0', 'minor'], want: '0.2.0' },
    { given: ['0.9.9', 'patch'], want: '0.9.10' },
    { given: ['2.0.0-beta.1', 'major'], want: '2.0.0' },
    { given: ['1.4.2-rc.1', 'patch'], want: '1.4.2' },
    { given: ['1.4.2-rc.1', 'minor'], want: '1.5.0' },
    { given: ['1.4.2-rc.1', 'none'], want: '1.4.2-rc.1' },
  ];
  it.each(CASES)('$given -> $want', ({ given, want }) => {
    expect(bumpVersion(...given)).toBe(want);
  });
});

describe('planVersion', () => {
  const CASES: Array<{ given: [string, Category[]]; want: { needed: Bump; bump: Bump; next: string; note: boolean } }> =
    [
      { given: ['1.0.0', ['breaking']], want: { needed: 'major', bump: 'major', next: '2.0.0', note: false } },
      { given: ['1.0.0', ['added']], want: { needed: 'minor', bump: 'minor', next: '1.1.0', note: false } },
      { given: ['1.0.0', ['changed']], want: { needed: 'patch', bump: 'patch', next: '1.0.1', note: false } },
      { given: ['1.0.0', []], want: { needed: 'none', bump: 'none', next: '1.0.0', note: false } },
      { given: ['0.1.0', ['breaking']], want: { needed: 'major', bump: 'minor', next: '0.2.0', note: true } },
      { given: ['0.1.0', ['added']], want: { needed: 'minor', bump: 'patch', next: '0.1.1', note: true } },
      { given: ['0.1.0', ['deprecated']], want: { needed: 'minor', bump: 'patch', next: '0.1.1', note: true } },
      { given: ['0.1.0', ['changed']], want: { needed: 'patch', bump: 'patch', next: '0.1.1', note: true } },
      { given: ['0.1.0', []], want: { needed: 'none', bump: 'none', next: '0.1.0', note: false } },
      { given: ['1.0.0-rc.1', ['added']], want: { needed: 'minor', bump: 'minor', next: '1.0.0', note: false } },
    ];
  it.each(CASES)('$given', ({ given: [current, categories], want }) => {
    const plan = planVersion(current, changes(...categories));
    expect({ needed: plan.needed, bump: plan.bump, next: plan.next, note: plan.note !== undefined }).toEqual(want);
    expect(plan.current).toBe(current);
  });

  it('says why a 0.x package gets a smaller bump', () => {
    expect(planVersion('0.1.0', changes('breaking')).note).toBe(
      'the package is 0.x: breaking changes bump the minor version (semver would need major)',
    );
    expect(planVersion('0.1.0', changes('added')).note).toBe(
      'the package is 0.x: changes without a breaking one bump the patch version (semver would need minor)',
    );
  });
});

describe('parseVersion', () => {
  it.each(['1.0', 'v1.0.0', '', '01.a.0', ' 1.0.0', '1.0.0-'])('rejects %j naming the value', (given) => {
    expect(() => parseVersion(given)).toThrow(VersionError);
    expect(() => parseVersion(given)).toThrow(JSON.stringify(given));
  });
  it.each([
    { given: '10.20.30', want: [10, 20, 30] },
    { given: '1.0.0-beta.1', want: [1, 0, 0] },
    { given: '0.2.0-rc.1+build.7', want: [0, 2, 0] },
  ])('reads the three numbers of $given', ({ given, want }) => {
    expect(parseVersion(given)).toEqual(want);
  });
});
