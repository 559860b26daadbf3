/**
 * Field rules (checked by the runtime before any I/O) from the IR's parameter and body schemas:
 * type, format, enum, pattern, lengths, bounds, list sizes, decimal rules, nested object fields
 * (also of list items), and a request schema's `if`/`then` requirements as conditional rules.
 */
import { isObject, pointer } from '../../spec/lint/support/json.js';
import type { ConditionalRule, FieldRule, ValueRule } from './rule-types.js';
import { deref, objectProperties, type Node } from './resolve.js';
import type { IR, IROperation, JsonSchema } from './types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };
type Constraint = Mutable<ValueRule>;

/** How deep nested object rules go (the request schemas nest two levels at most; this bounds cycles). */
const MAX_DEPTH = 4;

/** The IR's schema table seen as the bundled document it came from, so `#/components/schemas/X` refs resolve. */
const asDocument = (ir: IR): Node => ({ components: { schemas: ir.schemas } });

function constraint(ir: IR, raw: unknown, where: FieldRule['in'], depth = 0): Constraint {
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
    const items = constraint(ir, s.items, where, depth + 1);
    delete items.items;
    if (Object.keys(items).length > 0) out.items = items;
  }
  if (out.type === 'object' && depth < MAX_DEPTH) {
    const fields = objectRules(ir, s, where, depth + 1);
    if (fields.length > 0) out.properties = fields;
  }
  return out;
}

/** Rules of an object schema's own fields, in schema order. */
function objectRules(ir: IR, schema: unknown, where: FieldRule['in'], depth: number): FieldRule[] {
  const { properties, required } = bodyProperties(ir, schema as JsonSchema);
  return Object.entries(properties).map(([name, sub]) => ({
    name,
    in: where,
    ...(required.includes(name) ? { required: true as const } : {}),
    ...constraint(ir, sub, where, depth),
  }));
}

/** Is this operation iterated page by page (its clients' methods return pages of an item type)? */
export const isPaginated = (op: IROperation): boolean => op.pagination !== undefined && op.shape === 'shaped';

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

/**
 * The rule of a shaped operation's JSON-list body (`POST /spot/batch_orders`): the list's own
 * bounds (`minItems` / `maxItems`) and the rule of every item, an item object's fields (`allOf`
 * merged) in schema order. `undefined` for every other operation (a named-only body has no item
 * shape to check).
 */
export function listBodyRule(ir: IR, op: IROperation): FieldRule | undefined {
  if (!op.requestBody || !hasListBody(ir, op)) return undefined;
  const doc = asDocument(ir);
  const items = deref(doc, deref(doc, op.requestBody.schema)?.items);
  if (listItemConditionals(ir, op).length > 0) throw new Error(`${op.id}: if/then in a list item (see checks.ts)`);
  const rule = constraint(ir, op.requestBody.schema, 'body');
  const fields = objectRules(ir, items, 'body', 1);
  if (fields.length > 0) rule.items = { ...rule.items, type: 'object', properties: fields };
  return { name: 'body', in: 'body', ...(op.requestBody.required ? { required: true as const } : {}), ...rule };
}

/**
 * Where a shaped list body's item schema states `if`/`then`, which the client does not check
 * (an item's own `if`: `''`; one of its `allOf` parts: `/allOf/<i>`). The IR stage refuses them.
 */
export function listItemConditionals(ir: IR, op: IROperation): string[] {
  if (!op.requestBody || !hasListBody(ir, op)) return [];
  const doc = asDocument(ir);
  const items = deref(doc, deref(doc, op.requestBody.schema)?.items);
  const parts = [{ node: items, at: '' }];
  if (Array.isArray(items?.allOf))
    items.allOf.forEach((part, i) => parts.push({ node: deref(doc, part), at: pointer('allOf', i) }));
  return parts.filter((p) => p.node?.if !== undefined).map((p) => p.at);
}

/** Every rule of one operation: parameters in spec order, then body fields in schema order. */
export function fieldRules(ir: IR, op: IROperation): FieldRule[] {
  const rules: FieldRule[] = [];
  for (const p of op.parameters) {
    rules.push({
      name: p.name,
      in: p.in,
      ...(p.required ? { required: true as const } : {}),
      ...constraint(ir, p.schema, p.in),
    });
  }
  if (op.requestBody && op.shape === 'shaped') rules.push(...objectRules(ir, op.requestBody.schema, 'body', 0));
  return rules;
}

/**
 * The `if`/`then` requirements of a shaped operation's request body (at the body schema's top level
 * or in its `allOf`). The supported form: `if` names fields with `const` or `enum` values (and lists
 * them in `required`), `then` lists the fields that become required (and may say they must not be
 * empty: `properties: {field: {minLength: 1}}`, which the runtime checks anyway). Any other form is
 * a spec problem: the client would otherwise skip a rule the server enforces.
 */
export function conditionalRules(ir: IR, op: IROperation): ConditionalRule[] {
  return conditionalParts(ir, op).map(({ rule }) => {
    if (typeof rule === 'string') throw new Error(`${op.id}: ${rule} (see checks.ts)`);
    return rule;
  });
}

/**
 * Each `if`/`then` of a shaped operation's request body, where it is (`''`: the body schema's own;
 * `/allOf/<i>`: one of its parts), read as a rule or, when it is not of the supported form, as
 * what is wrong with it. The IR stage refuses the latter (checks.ts).
 */
export function conditionalParts(ir: IR, op: IROperation): Array<{ at: string; rule: ConditionalRule | string }> {
  if (!op.requestBody || op.shape !== 'shaped') return [];
  const doc = asDocument(ir);
  const body = deref(doc, op.requestBody.schema);
  if (!body) return [];
  const parts: Array<{ node: Node; at: string }> = [{ node: body, at: '' }];
  (Array.isArray(body.allOf) ? body.allOf : []).forEach((part, i) => {
    const node = deref(doc, part);
    if (node) parts.push({ node, at: pointer('allOf', i) });
  });
  return parts
    .filter(({ node }) => node.if !== undefined || node.then !== undefined)
    .map(({ node, at }) => ({ at, rule: readConditional(node.if, node.then) }));
}

function readConditional(ifNode: unknown, thenNode: unknown): ConditionalRule | string {
  const form =
    'if/then must be {if: {properties: {field: {const | enum}}, required: [field]}, then: {required: [...]}}';
  if (!isObject(ifNode) || !isObject(thenNode) || !isObject(ifNode.properties)) return form;
  const extraIf = Object.keys(ifNode).filter((k) => k !== 'properties' && k !== 'required');
  const extraThen = Object.keys(thenNode).filter((k) => k !== 'required' && k !== 'properties');
  if (extraIf.length > 0 || extraThen.length > 0) return `${form}; found ${[...extraIf, ...extraThen].join(', ')}`;
  const thenRequired = Array.isArray(thenNode.required) ? thenNode.required : [];
  const nonEmpty = (v: unknown): boolean => isObject(v) && Object.keys(v).join() === 'minLength' && v.minLength === 1;
  for (const [field, spec] of Object.entries(isObject(thenNode.properties) ? thenNode.properties : {})) {
    if (!thenRequired.includes(field) || !nonEmpty(spec))
      return `${form}; then.properties may only say that a required field is not empty ({minLength: 1})`;
  }
  const when: Mutable<ConditionalRule['when']> = [];
  for (const [field, spec] of Object.entries(ifNode.properties)) {
    const values = isObject(spec) ? (spec.const !== undefined ? [spec.const] : spec.enum) : undefined;
    if (
      !Array.isArray(values) ||
      values.length === 0 ||
      !values.every((v) => ['string', 'number', 'boolean'].includes(typeof v))
    )
      return `${form}; ${field} has neither const nor enum`;
    when.push({ field, oneOf: values as (string | number | boolean)[] });
  }
  const required = Array.isArray(ifNode.required) ? ifNode.required : [];
  if (when.some((w) => !required.includes(w.field)))
    return `${form}; every field of if.properties must be in if.required`;
  const require = thenNode.required;
  if (!Array.isArray(require) || require.length === 0 || !require.every((r) => typeof r === 'string'))
    return `${form}; then.required must list field names`;
  return { when, require: require };
}
