/** The structural schema walk: field paths, `$ref` handling, `allOf` merging and the cycle guard. */
import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../generator/diff/schema-walk.js';

const docWith = (schemas: Record<string, unknown>): Record<string, unknown> => ({ components: { schemas } });
const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });
const compact = (r: ReturnType<typeof compareSchemas>): Array<[string, string, string | null, string | null, string]> =>
  r.diffs.map((d) => [d.kind, d.field, d.before, d.after, d.detail]);

describe('compareSchemas', () => {
  it('walks items, properties and map values with readable field paths', () => {
    const a = {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          size: { type: 'integer', format: 'int64' },
          tags: { type: 'object', additionalProperties: { type: 'integer' } },
        },
      },
    };
    const b = {
      type: 'array',
      items: {
        type: 'object',
        properties: { size: { type: 'string' }, tags: { type: 'object', additionalProperties: { type: 'string' } } },
      },
    };
    const r = compareSchemas({}, {}, a, b, '/a', '/b');
    expect(compact(r)).toEqual([
      ['type', '[].size', '/a/items/properties/size', '/b/items/properties/size', 'integer(int64) → string'],
      [
        'type',
        '[].tags{}',
        '/a/items/properties/tags/additionalProperties',
        '/b/items/properties/tags/additionalProperties',
        'integer → string',
      ],
    ]);
  });

  it('records a component referenced on both sides instead of entering it', () => {
    const oldDoc = docWith({ Order: { type: 'object', properties: { size: { type: 'integer' } } } });
    const newDoc = docWith({ Order: { type: 'object', properties: { size: { type: 'string' } } } });
    const r = compareSchemas(
      oldDoc,
      newDoc,
      { type: 'array', items: ref('Order') },
      { type: 'array', items: ref('Order') },
      '/a',
      '/b',
    );
    expect(r.diffs).toEqual([]);
    expect([...r.refs]).toEqual(['Order']);
  });

  it('compares a component that was replaced by another structurally, pointing into components', () => {
    const oldDoc = docWith({ OrderV1: { type: 'object', properties: { size: { type: 'integer' } } } });
    const newDoc = docWith({ OrderV2: { type: 'object', properties: { size: { type: 'string' } } } });
    const r = compareSchemas(oldDoc, newDoc, ref('OrderV1'), ref('OrderV2'), '/a', '/b');
    expect(compact(r)).toEqual([
      [
        'type',
        'size',
        '/components/schemas/OrderV1/properties/size',
        '/components/schemas/OrderV2/properties/size',
        'integer → string',
      ],
    ]);
  });

  it('stops at cycles: self-referencing trees are compared once', () => {
    const tree = (leaf: string): Record<string, unknown> => ({
      type: 'object',
      properties: {
        value: { type: leaf },
        children: { type: 'array', items: ref(leaf === 'integer' ? 'TreeA' : 'TreeB') },
      },
    });
    const r = compareSchemas(
      docWith({ TreeA: tree('integer') }),
      docWith({ TreeB: tree('string') }),
      ref('TreeA'),
      ref('TreeB'),
      '/a',
      '/b',
    );
    expect(compact(r)).toEqual([
      [
        'type',
        'value',
        '/components/schemas/TreeA/properties/value',
        '/components/schemas/TreeB/properties/value',
        'integer → string',
      ],
    ]);
  });

  it('merges allOf members, so a field moved between them is no change; shared members are references', () => {
    const doc = docWith({ Base: { type: 'object', properties: { id: { type: 'string' } } } });
    const a = { allOf: [ref('Base'), { type: 'object', required: ['x'], properties: { x: { type: 'string' } } }] };
    const b = { allOf: [ref('Base')], type: 'object', required: ['x'], properties: { x: { type: 'string' } } };
    const r = compareSchemas(doc, doc, a, b, '/a', '/b');
    expect(r.diffs).toEqual([]);
    expect([...r.refs]).toEqual(['Base']);
  });

  it('reports required, enum, format, constraint, docs and deprecation differences with their values', () => {
    const a = {
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: 'string' },
        b: { type: 'string', enum: ['x', 'y'] },
        c: { type: 'integer', format: 'int32' },
        d: { type: 'string', maxLength: 32 },
        e: { type: 'string', description: 'old' },
        f: { type: 'string' },
      },
    };
    const b = {
      type: 'object',
      required: ['b'],
      properties: {
        a: { type: 'string' },
        b: { type: 'string', enum: ['y', 'z'] },
        c: { type: 'integer', format: 'int64' },
        d: { type: 'string', maxLength: 64 },
        e: { type: 'string', description: 'new' },
        f: { type: 'string', deprecated: true },
      },
    };
    expect(
      compact(compareSchemas({}, {}, a, b, '', '')).map(([kind, field, , , detail]) => [kind, field, detail]),
    ).toEqual([
      ['made-optional', 'a', 'required → optional'],
      ['made-required', 'b', 'optional → required'],
      ['enum-removed', 'b', '"x"'],
      ['enum-added', 'b', '"z"'],
      ['format-widened', 'c', 'format "int32" → "int64"'],
      ['constraint', 'd', 'maxLength 32 → 64'],
      ['docs', 'e', 'description changed'],
      ['deprecated', 'f', 'now deprecated'],
    ]);
  });

  it.each([
    {
      given: [{ type: 'integer' }, { type: 'integer', format: 'int64' }],
      want: ['format-widened', 'format (none) → "int64"'],
    },
    {
      given: [
        { type: 'integer', format: 'int64' },
        { type: 'integer', format: 'int32' },
      ],
      want: ['format', 'format "int64" → "int32"'],
    },
    { given: [{ type: 'number', format: 'double' }, { type: 'number' }], want: ['format', 'format "double" → (none)'] },
    {
      given: [
        { type: 'string', format: 'date-time' },
        { type: 'string', format: 'date' },
      ],
      want: ['format', 'format "date-time" → "date"'],
    },
    {
      given: [{ type: 'string' }, { type: 'string', format: 'decimal' }],
      want: ['decimal-format', 'format (none) → "decimal"'],
    },
    {
      given: [{ type: 'string', format: 'decimal' }, { type: 'string' }],
      want: ['decimal-format', 'format "decimal" → (none)'],
    },
    {
      given: [{ type: 'string' }, { type: 'string', format: 'email' }],
      want: ['constraint', 'format (none) → "email"'],
    },
  ])('format $given.0 -> $given.1 is a $want.0 difference', ({ given: [a, b], want }) => {
    expect(compareSchemas({}, {}, a, b, '', '').diffs.map((d) => [d.kind, d.detail])).toEqual([want]);
  });

  it('treats a type list as a type: adding null is a type change', () => {
    const r = compareSchemas({}, {}, { type: 'string' }, { type: ['string', 'null'] }, '/a', '/b');
    expect(compact(r)).toEqual([['type', '', '/a', '/b', 'string → null|string']]);
  });
});
