/**
 * The units of the emit stage (emit-units.ts): which units an edit reaches (their keys change) and
 * what an area's slice holds of the other areas.
 */
import { describe, expect, it } from 'vitest';
import { emitUnits } from '../../generator/emit-units.js';
import type { ModelTypes, OperationTypes } from '../../generator/schema-types/models.js';
import type { IR } from '../../generator/ir/types.js';

type Op = {
  id: string;
  area: string;
  summary?: string;
  description: string;
  responses: Array<{ status: string; description: string }>;
};
const op = (id: string, area: string, description = `About ${id}.`): Op => ({
  id,
  area,
  description,
  responses: [{ status: '400', description: 'Bad request.' }],
});
const irOf = (operations: Op[], schemas: Record<string, unknown> = { A: { type: 'string' } }): IR =>
  ({ api: { areas: [] }, operations, schemas }) as unknown as IR;
const typesOf = (params = 'P'): ModelTypes => ({
  models: '',
  modelNames: ['A'],
  operations: new Map<string, OperationTypes>([
    ['getSpot', { params } as unknown as OperationTypes],
    ['getWallet', { params: 'P' } as unknown as OperationTypes],
  ]),
});
const BASE = [op('getSpot', 'spot'), op('getWallet', 'wallet')];
const keys = (ir: IR, types = typesOf(), code = ['generator/x.ts', 'x'], version = '0.1.0'): string[] =>
  emitUnits(ir, types, code, '{}', version).map((u) => u.key);
const names = ['spot', 'wallet', 'shared', 'runtime', 'documents'];
/** Every unit but the runtimes, which only the code reaches. */
const fromSpec = names.filter((n) => n !== 'runtime');
/** The units whose key differs from the base run's. */
const reached = (edited: string[]): string[] => {
  const before = keys(irOf(BASE));
  return names.filter((_, i) => edited[i] !== before[i]);
};

describe('emitUnits', () => {
  it.each([
    {
      given: 'a wallet description edited',
      edited: () => keys(irOf([BASE[0]!, op('getWallet', 'wallet', 'New.')])),
      want: ['wallet', 'documents'],
    },
    {
      given: 'a wallet summary edited',
      edited: () => keys(irOf([BASE[0]!, { ...op('getWallet', 'wallet'), summary: 'Wallet.' }])),
      want: ['wallet', 'shared', 'documents'],
    },
    { given: "the spot operation's types changed", edited: () => keys(irOf(BASE), typesOf('Q')), want: ['spot'] },
    { given: 'a schema edited', edited: () => keys(irOf(BASE, { A: { type: 'integer' } })), want: fromSpec },
    {
      given: "an error status's usual meaning changed",
      edited: () => keys(irOf(BASE.map((o) => ({ ...o, responses: [{ status: '400', description: 'Invalid.' }] })))),
      want: fromSpec,
    },
    { given: 'the emitters changed', edited: () => keys(irOf(BASE), typesOf(), ['generator/x.ts', 'y']), want: names },
    {
      given: 'the package version changed',
      edited: () => keys(irOf(BASE), typesOf(), undefined, '0.2.0'),
      want: ['shared'],
    },
    { given: 'nothing changed', edited: () => keys(irOf(BASE)), want: [] },
  ])('$given: reaches $want', ({ edited, want }) => {
    expect(reached(edited())).toEqual(want);
  });

  it("gives an area the other areas' operations as their id and area only, and its own types", () => {
    const [spot] = emitUnits(irOf(BASE), typesOf(), [], '{}', '0.1.0');
    if (spot?.kind !== 'area') throw new Error('the first unit is not an area');
    expect(spot.slice.ir.operations).toEqual([BASE[0], { id: 'getWallet', area: 'wallet' }]);
    expect(spot.slice.types).toEqual([['getSpot', { params: 'P' }]]);
    expect(spot.slice.common).toEqual([['400', 'Bad request.']]);
  });

  it("gives the shared files the IR without the operations' descriptions", () => {
    const shared = emitUnits(irOf(BASE), typesOf(), [], '{}', '0.1.0').find((u) => u.kind === 'shared');
    if (shared?.kind !== 'shared') throw new Error('no shared unit');
    expect(shared.packageVersion).toBe('0.1.0');
    expect(shared.ir.operations.map((o) => Object.keys(o))).toEqual([
      ['id', 'area', 'responses'],
      ['id', 'area', 'responses'],
    ]);
  });
});
