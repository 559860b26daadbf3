/**
 * The IR's rule types (generator/ir/rule-types.ts) and the TypeScript runtime's own
 * (runtime/metadata.ts) are the same shapes: the TypeScript target prints the one as the other.
 * Checked by the type checker (`npx tsc -p tsconfig.json`), without either importing the other.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type * as ir from '../../generator/ir/rule-types.js';
import type * as runtime from '../../generator/targets/typescript/runtime/metadata.js';
import type * as wire from '../../generator/emit-kit/wire-types.js';

describe('rule types', () => {
  it('FieldRule, ValueRule and ConditionalRule are the same in the IR and the TypeScript runtime', () => {
    expectTypeOf<ir.FieldRule>().toEqualTypeOf<runtime.FieldRule>();
    expectTypeOf<ir.ValueRule>().toEqualTypeOf<runtime.ValueRule>();
    expectTypeOf<ir.ConditionalRule>().toEqualTypeOf<runtime.ConditionalRule>();
  });

  it('WireKind is the same in the wire descriptor emitter and the TypeScript runtime', () => {
    expectTypeOf<wire.WireKind>().toEqualTypeOf<runtime.WireKind>();
  });
});
