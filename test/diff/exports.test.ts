/** The pure decisions of the export comparison, as tables: how names pair into renames and deprecations. */
import { describe, expect, it } from 'vitest';
import { compareSurface, structuralRenames } from '../../generator/diff/exports.js';
import type { Exported, Origin } from '../../generator/diff/surface.js';
import type { IR } from '../../generator/ir/types.js';

const op = (id: string): Origin => ({ kind: 'operation', id });
const schema = (name: string): Origin => ({ kind: 'schema', name });
const ts = (name: string, origin: Origin, role: string, aliasOf?: string): Exported => ({
  target: 'typescript',
  name,
  origin,
  role,
  ...(aliasOf ? { aliasOf } : {}),
});
const irWith = (schemas: Record<string, unknown>, previousNames?: Record<string, string>): IR =>
  ({ schemas, ...(previousNames ? { previousNames } : {}) }) as unknown as IR;

interface Case {
  given: string;
  before: Exported[];
  after: Exported[];
  ops?: Array<[string, string]>;
  schemas?: Array<[string, string]>;
  previousNames?: Record<string, string>;
  want: { removed: string[]; added: string[]; renamed: string[]; deprecated: string[] };
}

const none = { removed: [], added: [], renamed: [], deprecated: [] };

const CASES: Case[] = [
  {
    given: 'the same names',
    before: [ts('Foo', schema('Foo'), 'model')],
    after: [ts('Foo', schema('Foo'), 'model')],
    want: none,
  },
  {
    given: 'a model gone and another new, unrelated',
    before: [ts('Foo', schema('Foo'), 'model')],
    after: [ts('Bar', schema('Bar'), 'model')],
    want: { ...none, removed: ['Foo'], added: ['Bar'] },
  },
  {
    given: 'an operation renamed: each name pairs with the one of the same role',
    before: [ts('getA', op('getA'), 'function'), ts('GetAParams', op('getA'), 'params')],
    after: [ts('getB', op('getB'), 'function'), ts('GetBParams', op('getB'), 'params')],
    ops: [['getA', 'getB']],
    want: { ...none, renamed: ['getA → getB', 'GetAParams → GetBParams'] },
  },
  {
    given: 'a new item type of a renamed operation that became paginated',
    before: [ts('getA', op('getA'), 'function')],
    after: [ts('getB', op('getB'), 'function'), ts('GetBItem', op('getB'), 'item')],
    ops: [['getA', 'getB']],
    want: { ...none, added: ['GetBItem'], renamed: ['getA → getB'] },
  },
  {
    given: 'operations not matched: removed and added',
    before: [ts('getA', op('getA'), 'function')],
    after: [ts('getB', op('getB'), 'function')],
    want: { ...none, removed: ['getA'], added: ['getB'] },
  },
  {
    given: 'a schema renamed with the same content',
    before: [ts('Foo', schema('Foo'), 'model')],
    after: [ts('Bar', schema('Bar'), 'model')],
    schemas: [['Foo', 'Bar']],
    want: { ...none, renamed: ['Foo → Bar'] },
  },
  {
    given: 'a schema renamed with its old name recorded: the old name stays as an alias',
    before: [ts('Foo', schema('Foo'), 'model')],
    after: [ts('Bar', schema('Bar'), 'model'), ts('Foo', schema('Bar'), 'model', 'Bar')],
    previousNames: { Foo: 'Bar' },
    want: { ...none, deprecated: ['Foo → Bar'] },
  },
  {
    given: 'an alias kept from an earlier rename',
    before: [ts('Bar', schema('Bar'), 'model'), ts('Foo', schema('Bar'), 'model', 'Bar')],
    after: [ts('Bar', schema('Bar'), 'model'), ts('Foo', schema('Bar'), 'model', 'Bar')],
    previousNames: { Foo: 'Bar' },
    want: none,
  },
  {
    given: 'an alias dropped (the next major version)',
    before: [ts('Bar', schema('Bar'), 'model'), ts('Foo', schema('Bar'), 'model', 'Bar')],
    after: [ts('Bar', schema('Bar'), 'model')],
    want: { ...none, removed: ['Foo'] },
  },
];

describe('compareSurface', () => {
  it.each(CASES)('$given', ({ before, after, ops = [], schemas = [], previousNames, want }) => {
    const got = compareSurface(before, after, new Map(ops), new Map(schemas), irWith({}, previousNames));
    const pair = (p: { from: Exported; to: Exported }): string => `${p.from.name} → ${p.to.name}`;
    expect({
      removed: got.removed.map((e) => e.name),
      added: got.added.map((e) => e.name),
      renamed: got.renamed.map(pair),
      deprecated: got.deprecated.map(pair),
    }).toEqual(want);
  });
});

describe('structuralRenames', () => {
  const obj = (field: string): Record<string, unknown> => ({
    type: 'object',
    properties: { [field]: { type: 'string' } },
  });
  it.each([
    { given: 'one gone, one new, same content', old: { A: obj('x') }, new: { B: obj('x') }, want: [['A', 'B']] },
    { given: 'different content', old: { A: obj('x') }, new: { B: obj('y') }, want: [] },
    { given: 'two candidates: no guess', old: { A: obj('x') }, new: { B: obj('x'), C: obj('x') }, want: [] },
    { given: 'two gone alike: no guess', old: { A: obj('x'), D: obj('x') }, new: { B: obj('x') }, want: [] },
    { given: 'kept names are not renames', old: { A: obj('x') }, new: { A: obj('x'), B: obj('x') }, want: [] },
    {
      given: 'the rename record itself is not content',
      old: { A: obj('x') },
      new: { B: { ...obj('x'), 'x-previous-names': ['A'] } },
      want: [['A', 'B']],
    },
  ])('$given', ({ old, new: fresh, want }) => {
    expect([...structuralRenames(irWith(old), irWith(fresh))]).toEqual(want);
  });
});
