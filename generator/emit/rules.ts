/** Field rules (checked by the runtime before any I/O) from the IR's parameter and body schemas. */
import { isObject } from '../../spec/lint/support/json.js';
import type { FieldRule } from '../../templates/typescript/runtime/metadata.js';
import { deref, objectProperties, type Node } from '../ir/resolve.js';
import type { IR, IROperation, JsonSchema } from '../ir/types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };
type Constraint = Mutable<Omit<FieldRule, 'name' | 'in' | 'required'>>;

/** The IR's schema table seen as the bundled document it came from, so `#/components/schemas/X` refs resolve. */
const asDocument = (ir: IR): Node => ({ components: { schemas: ir.schemas } });

function constraint(ir: IR, raw: unknown): Constraint {
  const s = deref(asDocument(ir), raw);
  const out: Constraint = {};
  if (!s) return out;
  const t: unknown = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (typeof t === 'string' && ['string', 'integer', 'number', 'boolean', 'array', 'object'].includes(t))
    out.type = t as FieldRule['type'] & string;
  if (typeof s.format === 'string' && ['int32', 'int64', 'decimal'].includes(s.format)) out.format = s.format;
  if (Array.isArray(s.enum))
    out.enum = s.enum.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)) as (
      string | number | boolean
    )[];
  if (typeof s.pattern === 'string') out.pattern = s.pattern;
  for (const k of ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const)
    if (typeof s[k] === 'number') out[k] = s[k];
  const dec = s['x-decimal'];
  if (isObject(dec)) {
    const d: { gt?: string; maxScale?: number } = {};
    if (typeof dec.gt === 'string') d.gt = dec.gt;
    if (typeof dec.maxScale === 'number') d.maxScale = dec.maxScale;
    out.decimal = d;
  }
  if (s.format === 'password' || s.writeOnly === true) out.secret = true;
  if (out.type === 'array' && s.items !== undefined) {
    const items = constraint(ir, s.items);
    delete items.items;
    if (Object.keys(items).length > 0) out.items = items;
  }
  return out;
}

/** Body schema's top-level properties and required names (allOf merged). */
export function bodyProperties(
  ir: IR,
  schema: JsonSchema,
): { properties: Record<string, JsonSchema>; required: string[] } {
  return objectProperties(asDocument(ir), schema);
}

/**
 * Is the request body of a shaped operation a JSON list (`POST /spot/batch_orders`)? Such a body has
 * no fields to spread over the flat params: the caller passes the list as `body`.
 */
export function hasListBody(ir: IR, op: IROperation): boolean {
  if (op.shape !== 'shaped' || !op.requestBody) return false;
  return deref(asDocument(ir), op.requestBody.schema)?.type === 'array';
}

/** Every rule of one operation: parameters in spec order, then body fields in schema order. */
export function fieldRules(ir: IR, op: IROperation): FieldRule[] {
  const rules: FieldRule[] = [];
  for (const p of op.parameters) {
    rules.push({
      name: p.name,
      in: p.in,
      ...(p.required ? { required: true as const } : {}),
      ...constraint(ir, p.schema),
    });
  }
  if (op.requestBody && op.shape === 'shaped') {
    const { properties, required } = bodyProperties(ir, op.requestBody.schema);
    for (const [name, schema] of Object.entries(properties)) {
      rules.push({
        name,
        in: 'body',
        ...(required.includes(name) ? { required: true as const } : {}),
        ...constraint(ir, schema),
      });
    }
  }
  return rules;
}
