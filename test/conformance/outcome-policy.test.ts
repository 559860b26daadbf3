/**
 * Conformance: the outcome policy (conformance/outcome-policy.json): what a failed write's error
 * proves, what looking it up found and whether the service deduplicates -> status, safe resend and
 * whether asking again can tell more. Every combination of the three is a row.
 */
import { describe, expect, it } from 'vitest';
import {
  outcomePolicy,
  type OutcomeDecision,
  type OutcomeFacts,
} from '../../generator/targets/typescript/runtime/outcome-policy.js';
import { cases, eachRow } from './kit.js';

const rows = cases<OutcomeFacts, OutcomeDecision>('outcome-policy');

describe('conformance: outcome policy', () => {
  it('covers every kind of evidence, lookup result and dedupe flag', () => {
    const seen = new Set(rows.map((r) => `${r.given.evidence}/${r.given.lookup}/${String(r.given.dedupes)}`));
    for (const evidence of ['never-sent', 'refused', 'accepted', 'duplicate', 'maybe-applied'])
      for (const lookup of ['none', 'found', 'not-found', 'failed'])
        for (const dedupes of ['true', 'false']) expect(seen).toContain(`${evidence}/${lookup}/${dedupes}`);
  });

  eachRow(rows, ({ given, want }) => {
    expect(outcomePolicy(given)).toEqual(want);
  });

  it('says "not applied" only for what was never sent or refused before processing', () => {
    const notApplied = rows.filter((r) => r.want.status === 'not-applied').map((r) => r.given.evidence);
    expect(new Set(notApplied)).toEqual(new Set(['never-sent', 'refused']));
  });
});
