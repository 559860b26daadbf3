/**
 * Drafted fixtures (scripts/fixtures/draft.ts): for every operation of the spec, the drafts pass
 * the same checks as the recorded fixtures (coverage, response and request against the spec), and
 * each is marked as drafted; exact drafts for a few operations.
 */
import { describe, expect, it } from 'vitest';
import { parseFixtureFile } from '../../mock/fixture-format.js';
import {
  DRAFTED_DESCRIPTION,
  DRAFTED_PREFIX,
  concreteStatus,
  draftFixtures,
  fakeSecrets,
} from '../../scripts/fixtures/draft.js';
import { coverageProblems, fixtureProblems } from '../fixtures-coverage/fixture-checks.js';
import { parseFixtureText } from '../fixtures-coverage/fixture-files.js';
import { SpecValidator, readGenerated } from '../fixtures-coverage/spec-validator.js';

const { spec, ir } = readGenerated();
const validator = new SpecValidator(spec);
const opById = (id: string) => {
  const op = ir.operations.find((o) => o.id === id);
  if (op === undefined) throw new Error(`no ${id}`);
  return op;
};
/** The drafts of `id` as the tests read fixture files. */
const loaded = (id: string) =>
  parseFixtureText(JSON.stringify(draftFixtures(opById(id), spec, ir)), `${opById(id).area}/${id}.json`);

describe('draftFixtures', () => {
  it.each(ir.operations.map((op) => ({ id: op.id })))('$id: drafts that pass the fixture checks', ({ id }) => {
    const fixtures = loaded(id);
    expect(coverageProblems(opById(id), fixtures)).toEqual([]);
    expect(fixtures.flatMap((f) => fixtureProblems(f, { ir, validator }).map((p) => `${f.name}: ${p}`))).toEqual([]);
    expect(() => parseFixtureFile(draftFixtures(opById(id), spec, ir), 'draft.json')).not.toThrow();
    for (const f of fixtures) {
      expect(f.name.startsWith(DRAFTED_PREFIX)).toBe(true);
      expect(f.exact.description).toBe(DRAFTED_DESCRIPTION);
    }
  });

  it.each([
    {
      given: 'getTradeFee (no parameters required, examples everywhere)',
      id: 'getTradeFee',
      want: [
        ['drafted: getTradeFee success', 200, undefined, 'user_id'],
        ['drafted: getTradeFee 400', 400, undefined, 'INVALID_PARAM_VALUE'],
        ['drafted: getTradeFee 401', 401, undefined, 'INVALID_SIGNATURE'],
        ['drafted: getTradeFee 429', 429, undefined, 'TOO_MANY_REQUESTS'],
        ['drafted: getTradeFee 5XX', 500, undefined, 'SERVER_ERROR'],
      ],
    },
    {
      given: 'getFuturesContract (two path parameters)',
      id: 'getFuturesContract',
      want: [['drafted: getFuturesContract success', 200, { path: { settle: 'usdt', contract: 'BTC_USDT' } }, 'name']],
    },
  ])('$given', ({ id, want }) => {
    const drafts = draftFixtures(opById(id), spec, ir);
    const rows = drafts.map((f) => {
      const body = f.response.body as Record<string, unknown>;
      const mark = typeof body['label'] === 'string' ? body['label'] : Object.keys(body)[0];
      return [f.name, f.response.status, f.request, mark];
    });
    expect(rows.slice(0, want.length)).toEqual(want);
  });

  it.each([
    {
      given: { key: 'a1b2', nested: [{ secret: 'c3d4', password: 'fake-pw' }], name: 'k' },
      want: { key: 'mock-key', nested: [{ secret: 'mock-secret', password: 'fake-pw' }], name: 'k' },
    },
    { given: { key: 7, secret: 'mock-subsecret-1' }, want: { key: 7, secret: 'mock-subsecret-1' } },
    { given: 'plain', want: 'plain' },
  ])('fakeSecrets($given) is $want', ({ given, want }) => {
    expect(fakeSecrets(given)).toEqual(want);
  });

  it.each([
    { given: '200', want: 200 },
    { given: '404', want: 404 },
    { given: '4XX', want: 400 },
    { given: '5XX', want: 500 },
  ])('status $given is answered with $want', ({ given, want }) => {
    expect(concreteStatus(given)).toBe(want);
  });
});
