/** Which operations the release pass drafts fixtures for (scripts/release-pass.ts). */
import { describe, expect, it } from 'vitest';
import type { Change, ChangeKind } from '../../generator/diff/types.js';
import { addedOperations } from '../../scripts/release-pass.js';

const change = (kind: ChangeKind, ...ids: string[]): Change => ({
  category: 'added',
  kind,
  operations: ids.map((id) => ({ id, method: 'GET', path: `/${id}` })),
  before: null,
  after: null,
  message: kind,
});

describe('addedOperations', () => {
  it.each([
    { given: [], want: [] },
    { given: [change('operation-added', 'listB'), change('operation-added', 'listA')], want: ['listA', 'listB'] },
    { given: [change('operation-added', 'listA'), change('export-added', 'listA')], want: ['listA'] },
    { given: [change('field-added', 'getA'), change('rate-limit-tightened', 'withdraw')], want: [] },
    { given: [change('operation-renamed', 'getNew'), change('operation-moved', 'getMoved')], want: [] },
  ])('$given.length changes give $want', ({ given, want }) => {
    expect(addedOperations(given)).toEqual(want);
  });
});
