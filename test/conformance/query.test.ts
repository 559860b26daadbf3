/**
 * Conformance: the canonical query string (conformance/query.json): spec order, unset values
 * skipped, csv arrays with a literal comma, booleans, numbers in plain notation, every byte but
 * `A-Z a-z 0-9 - _ . ~` percent-encoded as UTF-8; bad values refused with the field and the rule.
 */
import { describe, expect } from 'vitest';
import { serializeQuery, type QueryParamSpec } from '../../generator/targets/typescript/runtime/query.js';
import { answerOf, cases, eachRow } from './kit.js';

const rows = cases<
  { params: { name: string; csv?: true }[]; values: Record<string, unknown> },
  Record<string, unknown>
>('query');

describe('conformance: query strings', () => {
  eachRow(rows, ({ given, want }) => {
    const specs: QueryParamSpec[] = given.params;
    expect(answerOf('query', () => serializeQuery(specs, given.values))).toEqual(want);
  });
});
