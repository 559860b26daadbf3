/** The Python emitter's decisions as tables: names, Python types by direction, literals. */
import { describe, expect, it } from 'vitest';
import { call, literal } from '../../generator/targets/python/literal.js';
import { isIdentifier, methodName, pyString } from '../../generator/targets/python/naming.js';
import { PythonTypes, type Direction } from '../../generator/targets/python/types.js';
import type { IR, JsonSchema } from '../../generator/ir/types.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const ir = {
  schemas: {
    Status: { type: 'string', enum: ['DONE', 'CANCEL'] },
    Record: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, status: ref('Status') } },
    Plain: { type: 'object', properties: { id: { type: 'integer', format: 'int64' } } },
  },
} as unknown as IR;

describe('PythonTypes.expr', () => {
  const CASES: Array<{ given: [JsonSchema, Direction]; want: string }> = [
    { given: [{ type: 'string' }, 'read'], want: 'str' },
    { given: [{ type: 'string', format: 'decimal' }, 'read'], want: 'Decimal' },
    { given: [{ type: 'string', format: 'decimal' }, 'write'], want: 'Decimal | str' },
    { given: [{ type: 'integer', format: 'int64' }, 'read'], want: 'int' },
    { given: [{ type: 'integer', format: 'int64' }, 'write'], want: 'int | str' },
    { given: [{ type: 'integer', format: 'int32' }, 'write'], want: 'int' },
    { given: [{ type: 'number' }, 'write'], want: 'float' },
    { given: [{ type: 'string', enum: ['a', "it's"] }, 'read'], want: "Literal['a', 'it\\'s'] | str" },
    { given: [{ type: 'string', enum: ['a', 'b'] }, 'write'], want: "Literal['a', 'b']" },
    { given: [{ type: 'integer', enum: [1, 3] }, 'read'], want: 'Literal[1, 3] | int' },
    { given: [{ type: 'array', items: { type: 'boolean' } }, 'read'], want: 'list[bool]' },
    {
      given: [{ type: 'object', additionalProperties: { type: 'string', format: 'decimal' } }, 'read'],
      want: 'dict[str, Decimal]',
    },
    { given: [{ type: 'object', additionalProperties: true }, 'read'], want: 'dict[str, JsonValue]' },
    { given: [{ type: ['string', 'null'] }, 'read'], want: 'str | None' },
    { given: [{}, 'read'], want: 'JsonValue' },
    { given: [ref('Record'), 'read'], want: 'Record' },
    { given: [ref('Record'), 'write'], want: 'RecordInput' },
    { given: [ref('Plain'), 'write'], want: 'Plain' },
    { given: [{ type: 'object', properties: { a: { type: 'string' } } }, 'read'], want: 'Hint' },
  ];
  it.each(CASES)('$given -> $want', ({ given: [schema, dir], want }) => {
    expect(new PythonTypes(ir).expr(schema, dir, 'Hint', new Set())).toBe(want);
  });

  it('defines the component in both readings, the enum open only when read', () => {
    const types = new PythonTypes(ir);
    types.expr(ref('Record'), 'read', 'X', new Set());
    types.expr(ref('Record'), 'write', 'X', new Set());
    const fields = (name: string): unknown => {
      const def = types.defs.get(name);
      return def?.kind === 'typeddict' ? def.fields.map((f) => [f.key, f.type, f.required]) : def;
    };
    expect(fields('Record')).toEqual([
      ['id', 'str', true],
      ['status', 'Status', false],
    ]);
    expect(fields('RecordInput')).toEqual([
      ['id', 'str', true],
      ['status', 'StatusInput', false],
    ]);
    expect(types.defs.get('Status')).toMatchObject({ kind: 'alias', type: "Literal['DONE', 'CANCEL'] | str" });
    expect(types.defs.get('StatusInput')).toMatchObject({ kind: 'alias', type: "Literal['DONE', 'CANCEL']" });
  });
});

describe('names and literals', () => {
  it.each([
    { given: 'listWithdrawals', want: 'list_withdrawals' },
    { given: 'getSubAccountKey', want: 'get_sub_account_key' },
    { given: 'deleteSTPGroupUsers', want: 'delete_stp_group_users' },
    { given: 'listUniLoanInterestRecords', want: 'list_uni_loan_interest_records' },
  ])('methodName($given) = $want', ({ given, want }) => expect(methodName(given)).toBe(want));

  it.each([
    { given: 'from', want: false },
    { given: 'currency_pair', want: true },
    { given: 'x-svc-exptime', want: false },
    { given: 'class', want: false },
  ])('isIdentifier($given) = $want', ({ given, want }) => expect(isIdentifier(given)).toBe(want));

  it.each([
    { given: 'a"b\\c\n', want: '"a\\"b\\\\c\\n"' },
    { given: '日本€', want: '"日本€"' },
    { given: '\u0001', want: '"\\x01"' },
  ])('pyString($given)', ({ given, want }) => expect(pyString(given)).toBe(want));

  it('writes constructor calls with tuples, dicts, booleans and None, leaving undefined out', () => {
    expect(literal(call('F', { a: [1], b: [], c: { k: true }, d: undefined, e: null }, ['x']))).toBe(
      'F("x", a=(1,), b=(), c={"k": True}, e=None)',
    );
  });
});
