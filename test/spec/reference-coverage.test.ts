/**
 * The public reference's operation list (spec/reference-operations.yaml) against the spec: the
 * counts are right ({given, want} tables), docs/coverage.md and README.md's coverage line are the
 * ones `npm run coverage -- --write` writes today, and every spec operation is a reference operation.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  coverageLine,
  coverageRows,
  endpointKey,
  notInReference,
  withCoverageLine,
  type ReferenceOperation,
  type SpecOperation,
} from '../../scripts/coverage/reference.js';
import { coverageDocument, readReference, readSpecOperations, repositoryCoverage } from '../../scripts/coverage.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ref = (group: string, method: string, path: string, seedPath?: string): ReferenceOperation => ({
  group,
  name: `${method.toLowerCase()}${path}`,
  method,
  path,
  ...(seedPath === undefined ? {} : { seedPath }),
});
const op = (method: string, path: string, source = 'reference', shape = 'shaped'): SpecOperation => ({
  method,
  path,
  shape,
  source,
});

describe('endpointKey', () => {
  const cases: { given: [string, string]; want: string }[] = [
    { given: ['get', '/spot/orders'], want: 'GET /spot/orders' },
    { given: ['DELETE', '/futures/{settle}/orders/{order_id}'], want: 'DELETE /futures/{}/orders/{}' },
    { given: ['PUT', '/a/{x}/b/{y_z}'], want: 'PUT /a/{}/b/{}' },
  ];
  it.each(cases)('$given -> $want', ({ given, want }) => expect(endpointKey(...given)).toBe(want));
});

describe('coverageRows', () => {
  const cases: { name: string; given: [ReferenceOperation[], SpecOperation[]]; want: unknown[] }[] = [
    {
      name: 'counts per group, path parameter names ignored, total last',
      given: [
        [ref('Spot', 'GET', '/spot/orders'), ref('Spot', 'POST', '/spot/orders'), ref('Earn', 'GET', '/earn/x/{a}')],
        [op('GET', '/spot/orders', 'seed'), op('GET', '/earn/x/{currency}')],
      ],
      want: [
        { group: 'Earn', reference: 1, inSpec: 1, fromSeed: 0, fromReference: 1 },
        { group: 'Spot', reference: 2, inSpec: 1, fromSeed: 1, fromReference: 0 },
        { group: 'all', reference: 3, inSpec: 2, fromSeed: 1, fromReference: 1 },
      ],
    },
    {
      name: 'a named-only operation is in the spec but not shaped',
      given: [[ref('Bot', 'GET', '/bot')], [op('GET', '/bot', 'none', 'named-only')]],
      want: [
        { group: 'Bot', reference: 1, inSpec: 1, fromSeed: 0, fromReference: 0 },
        { group: 'all', reference: 1, inSpec: 1, fromSeed: 0, fromReference: 0 },
      ],
    },
    {
      name: "the seed's path is matched where it differs from the reference's",
      given: [[ref('Futures', 'PUT', '/f/amend', '/f/amend/{id}')], [op('PUT', '/f/amend/{order_id}')]],
      want: [
        { group: 'Futures', reference: 1, inSpec: 1, fromSeed: 0, fromReference: 1 },
        { group: 'all', reference: 1, inSpec: 1, fromSeed: 0, fromReference: 1 },
      ],
    },
    {
      name: 'a method does not match another method on the same path',
      given: [[ref('Spot', 'DELETE', '/spot/orders')], [op('GET', '/spot/orders')]],
      want: [
        { group: 'Spot', reference: 1, inSpec: 0, fromSeed: 0, fromReference: 0 },
        { group: 'all', reference: 1, inSpec: 0, fromSeed: 0, fromReference: 0 },
      ],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => expect(coverageRows(...given)).toEqual(want));
});

describe('coverageLine', () => {
  it('rounds the share down and names both sources', () => {
    const rows = coverageRows(
      [ref('A', 'GET', '/a'), ref('A', 'GET', '/b'), ref('A', 'GET', '/c')],
      [op('GET', '/a', 'seed'), op('GET', '/b')],
    );
    expect(coverageLine(rows)).toBe(
      "Coverage: 2 of the public reference's 3 operations (66.6 %) are in the spec, 2 of them shaped field for " +
        'field (1 from the API description, 1 from the reference); per area in [docs/coverage.md](docs/coverage.md).',
    );
  });

  it('replaces only the text between the markers, and refuses a README without them', () => {
    const readme = 'a\n<!-- reference-coverage:start -->\nold\n<!-- reference-coverage:end -->\nb\n';
    expect(withCoverageLine(readme, 'new')).toBe(
      'a\n<!-- reference-coverage:start -->\n\nnew\n<!-- reference-coverage:end -->\nb\n',
    );
    expect(() => withCoverageLine('a\n', 'new')).toThrow(/reference-coverage:start/);
  });
});

describe('the repository', () => {
  const reference = readReference(ROOT);

  it('lists each reference operation once, sorted by path then method', () => {
    const keys = reference.map((row) => `${row.method} ${row.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    const sorted = [...reference].sort((a, b) =>
      a.path === b.path ? order.indexOf(a.method) - order.indexOf(b.method) : a.path < b.path ? -1 : 1,
    );
    expect(reference).toEqual(sorted);
  });

  it('leaves out the endpoints the API description records as removed', () => {
    const coverage = load(readFileSync(`${ROOT}spec/coverage.yaml`, 'utf8')) as {
      endpoints: { method: string; path: string; status: string }[];
    };
    const removed = new Set(
      coverage.endpoints.filter((row) => row.status === 'removed').map((row) => endpointKey(row.method, row.path)),
    );
    expect(removed.size).toBeGreaterThan(0);
    expect(reference.filter((row) => removed.has(endpointKey(row.method, row.path)))).toEqual([]);
  });

  it('has every spec operation among the reference operations', () => {
    expect(notInReference(reference, readSpecOperations(ROOT))).toEqual([]);
  });

  it("carries today's figures in docs/coverage.md and README.md (run `npm run coverage -- --write`)", async () => {
    const rows = repositoryCoverage(ROOT);
    expect(readFileSync(`${ROOT}docs/coverage.md`, 'utf8')).toBe(await coverageDocument(ROOT, rows));
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    expect(withCoverageLine(readme, coverageLine(rows))).toBe(readme);
  });
});
