/**
 * The outcome policy (outcome-policy.ts), one `{ given, want }` row per case from the table both
 * clients run (test/conformance/outcome-policy.json; the Python suite reads the same file).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  outcomePolicy,
  type OutcomeDecision,
  type OutcomeFacts,
} from '../../generator/targets/typescript/runtime/outcome-policy.js';

const table = JSON.parse(readFileSync(new URL('../conformance/outcome-policy.json', import.meta.url), 'utf8')) as {
  rows: { name: string; given: OutcomeFacts; want: OutcomeDecision }[];
};

describe('outcomePolicy', () => {
  it('covers every kind of evidence, lookup result and dedupe flag', () => {
    const cases = new Set(table.rows.map((r) => `${r.given.evidence}/${r.given.lookup}/${String(r.given.dedupes)}`));
    for (const evidence of ['accepted', 'duplicate', 'maybe-applied'])
      for (const lookup of ['none', 'found', 'not-found', 'failed'])
        for (const dedupes of ['true', 'false']) expect(cases).toContain(`${evidence}/${lookup}/${dedupes}`);
  });

  it.each(table.rows)('$name', ({ given, want }) => {
    expect(outcomePolicy(given)).toEqual(want);
  });

  it('says "not applied" only for what was never sent or refused before processing', () => {
    const notApplied = table.rows.filter((r) => r.want.status === 'not-applied').map((r) => r.given.evidence);
    expect(new Set(notApplied)).toEqual(new Set(['never-sent', 'refused']));
  });
});
