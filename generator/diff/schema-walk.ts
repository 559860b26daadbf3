/**
 * Structural comparison of two JSON schemas, one from each spec version, walked side by side.
 * A `$ref` to the same component on both sides is not entered: it is recorded as a reference, and
 * the component is compared once on its own (so a change inside it is reported once, with every
 * operation that reaches it). Other `$ref`s are followed, with a guard against cycles.
 *
 * The result is unclassified: whether a difference is breaking depends on the direction the data
 * flows, which `classify.ts` decides.
 */
import { isObject, pointer } from '../../spec/lint/support/json.js';
import { refName, type Node } from '../ir/resolve.js';

/** A structural difference between two schemas. */
export type SchemaDiffKind =
  | 'type'
  | 'format'
  | 'format-widened'
  | 'decimal-format'
  | 'enum-removed'
  | 'enum-added'
  | 'property-removed'
  | 'property-added'
  | 'made-required'
  | 'made-optional'
  | 'deprecated'
  | 'undeprecated'
  | 'docs'
  | 'constraint'
  | 'composition';

/** One structural difference. */
export interface SchemaDiff {
  kind: SchemaDiffKind;
  /** Field path from the walk's root: `size`, `items[].size`, `[].size`; `` for the root itself. */
  field: string;
  before: string | null;
  after: string | null;
  /** Old and new values, readable (`integer(int64) → string`). */
  detail: string;
  /** For `property-added`: the new field is required. */
  required?: boolean;
}

/** Differences found, and the components both sides reference at the same place. */
export interface WalkResult {
  diffs: SchemaDiff[];
  refs: Set<string>;
}

const CONSTRAINTS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
  'const',
  'x-decimal',
  'x-open-enum',
] as const;
const DOCS = ['title', 'description'] as const;

const show = (v: unknown): string =>
  v === undefined ? '(none)' : isObject(v) && v.type !== undefined ? 'schema' : JSON.stringify(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `integer`, `string|null`, or `object`/`array` inferred from the keywords; undefined when open. */
function typeOf(s: Node): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.map(String).sort().join('|');
  if (isObject(s.properties)) return 'object';
  if (isObject(s.items)) return 'array';
  return undefined;
}

/** Type with its format, e.g. `integer(int64)`. */
function describeType(s: Node): string {
  const t = typeOf(s) ?? 'any';
  return typeof s.format === 'string' ? `${t}(${s.format})` : t;
}

const join = (field: string, name: string): string => (field === '' ? name : `${field}.${name}`);

interface Walker {
  oldDoc: Node;
  newDoc: Node;
  out: WalkResult;
  seen: Set<string>;
}

function hasComponent(doc: Node, name: string): boolean {
  return isObject(doc.components) && isObject(doc.components.schemas) && doc.components.schemas[name] !== undefined;
}

/** Follows `$ref`s, returning the node and its pointer. */
function resolve(doc: Node, node: unknown, ptr: string): [Node | undefined, string] {
  let cur = node;
  let at = ptr;
  for (let i = 0; i < 32 && isObject(cur) && typeof cur.$ref === 'string'; i++) {
    const name = refName(cur);
    if (!name || !isObject(doc.components) || !isObject(doc.components.schemas)) return [undefined, at];
    at = pointer('components', 'schemas', name);
    cur = doc.components.schemas[name];
  }
  return [isObject(cur) ? cur : undefined, at];
}

/** Compares two schemas found at `beforePtr` (old) and `afterPtr` (new). */
export function compareSchemas(
  oldDoc: Node,
  newDoc: Node,
  a: unknown,
  b: unknown,
  beforePtr: string,
  afterPtr: string,
): WalkResult {
  const w: Walker = { oldDoc, newDoc, out: { diffs: [], refs: new Set() }, seen: new Set() };
  walk(w, a, b, beforePtr, afterPtr, '');
  return w.out;
}

function walk(w: Walker, a: unknown, b: unknown, pa: string, pb: string, field: string): void {
  const ra = refName(a);
  if (ra !== undefined && ra === refName(b) && hasComponent(w.oldDoc, ra) && hasComponent(w.newDoc, ra)) {
    w.out.refs.add(ra);
    return;
  }
  const [sa, at] = resolve(w.oldDoc, a, pa);
  const [sb, bt] = resolve(w.newDoc, b, pb);
  if (!sa || !sb) return;
  const key = `${at}|${bt}`;
  if (w.seen.has(key)) return;
  w.seen.add(key);
  compareNode(w, sa, sb, at, bt, field);
}

function compareNode(w: Walker, a: Node, b: Node, pa: string, pb: string, field: string): void {
  const push = (kind: SchemaDiffKind, detail: string, before: string | null = pa, after: string | null = pb): void => {
    w.out.diffs.push({ kind, field, before, after, detail });
  };
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (ta !== undefined && tb !== undefined && ta !== tb) {
    push('type', `${describeType(a)} → ${describeType(b)}`);
    return;
  }
  if (a.format !== b.format) {
    // A number's format decides its wire precision (int32, int64), and a format swapped for another
    // changes the value's meaning; a format added to or dropped from a string only annotates it,
    // except `decimal`, which decides a target's type (Python reads it as Decimal). An integer
    // widened to int64 still takes every value it took.
    const numeric = ta === 'integer' || ta === 'number';
    const swapped = a.format !== undefined && b.format !== undefined;
    const detail = `format ${show(a.format)} → ${show(b.format)}`;
    if (ta === 'integer' && a.format !== 'int64' && b.format === 'int64') push('format-widened', detail);
    else if (ta === 'string' && (a.format === 'decimal' || b.format === 'decimal') && !swapped)
      push('decimal-format', detail);
    else push(numeric || swapped ? 'format' : 'constraint', detail);
  }
  const enumA: unknown = a.enum;
  const enumB: unknown = b.enum;
  if (Array.isArray(enumA) && Array.isArray(enumB)) {
    const removed = enumA.filter((v) => !enumB.some((x) => same(x, v)));
    const added = enumB.filter((v) => !enumA.some((x) => same(x, v)));
    if (removed.length > 0) push('enum-removed', removed.map(show).join(', '));
    if (added.length > 0) push('enum-added', added.map(show).join(', '));
  } else if (Array.isArray(enumA) !== Array.isArray(enumB)) {
    push('constraint', `enum ${show(a.enum)} → ${show(b.enum)}`);
  }
  const constraints: string[] = CONSTRAINTS.filter((k) => !same(a[k], b[k]));
  const openA = a.additionalProperties;
  const openB = b.additionalProperties;
  if (!(isObject(openA) && isObject(openB)) && !same(openA, openB)) constraints.push('additionalProperties');
  if (constraints.length > 0)
    push('constraint', constraints.map((k) => `${k} ${show(a[k])} → ${show(b[k])}`).join('; '));
  const docs = DOCS.filter((k) => !same(a[k], b[k]));
  if (docs.length > 0) push('docs', `${docs.join(' and ')} changed`);
  if (a.deprecated !== true && b.deprecated === true) push('deprecated', 'now deprecated');
  if (a.deprecated === true && b.deprecated !== true) push('undeprecated', 'no longer deprecated');

  compareProperties(w, a, b, pa, pb, field);
  if (isObject(a.items) && isObject(b.items)) walk(w, a.items, b.items, `${pa}/items`, `${pb}/items`, `${field}[]`);
  if (isObject(a.additionalProperties) && isObject(b.additionalProperties))
    walk(
      w,
      a.additionalProperties,
      b.additionalProperties,
      `${pa}/additionalProperties`,
      `${pb}/additionalProperties`,
      `${field}{}`,
    );
  for (const k of ['oneOf', 'anyOf'] as const) {
    const la = Array.isArray(a[k]) ? (a[k] as unknown[]) : [];
    const lb = Array.isArray(b[k]) ? (b[k] as unknown[]) : [];
    if (la.length !== lb.length) push('composition', `${k} ${la.length} → ${lb.length} variants`);
    for (let i = 0; i < Math.min(la.length, lb.length); i++)
      walk(w, la[i], lb[i], `${pa}/${k}/${i}`, `${pb}/${k}/${i}`, field);
  }
}

interface Props {
  props: Map<string, { schema: unknown; ptr: string }>;
  required: Set<string>;
}

/** Component names an object schema includes through `allOf` (inline members searched too). */
function allOfRefs(s: Node): Set<string> {
  const out = new Set<string>();
  for (const m of Array.isArray(s.allOf) ? s.allOf : []) {
    const name = refName(m);
    if (name) out.add(name);
    else if (isObject(m)) for (const n of allOfRefs(m)) out.add(n);
  }
  return out;
}

/** Properties and required names, merged over `allOf` members except the components in `skip`. */
function collect(doc: Node, s: Node, ptr: string, skip: Set<string>, into: Props, seen: Set<string>): void {
  if (seen.has(ptr)) return;
  seen.add(ptr);
  (Array.isArray(s.allOf) ? s.allOf : []).forEach((m: unknown, i: number) => {
    const name = refName(m);
    if (name && skip.has(name)) return;
    const [node, at] = resolve(doc, m, `${ptr}/allOf/${i}`);
    if (node) collect(doc, node, at, skip, into, seen);
  });
  if (isObject(s.properties))
    for (const [name, schema] of Object.entries(s.properties))
      into.props.set(name, { schema, ptr: `${ptr}/properties${pointer(name)}` });
  if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') into.required.add(r);
}

function compareProperties(w: Walker, a: Node, b: Node, pa: string, pb: string, field: string): void {
  const refsA = allOfRefs(a);
  const shared = new Set(
    [...allOfRefs(b)].filter((n) => refsA.has(n) && hasComponent(w.oldDoc, n) && hasComponent(w.newDoc, n)),
  );
  for (const n of shared) w.out.refs.add(n);
  const pa2: Props = { props: new Map(), required: new Set() };
  const pb2: Props = { props: new Map(), required: new Set() };
  collect(w.oldDoc, a, pa, shared, pa2, new Set());
  collect(w.newDoc, b, pb, shared, pb2, new Set());
  for (const [name, pA] of pa2.props) {
    const pB = pb2.props.get(name);
    const f = join(field, name);
    if (!pB) {
      w.out.diffs.push({ kind: 'property-removed', field: f, before: pA.ptr, after: null, detail: 'removed' });
      continue;
    }
    const wasRequired = pa2.required.has(name);
    const isRequired = pb2.required.has(name);
    if (!wasRequired && isRequired)
      w.out.diffs.push({
        kind: 'made-required',
        field: f,
        before: pA.ptr,
        after: pB.ptr,
        detail: 'optional → required',
      });
    if (wasRequired && !isRequired)
      w.out.diffs.push({
        kind: 'made-optional',
        field: f,
        before: pA.ptr,
        after: pB.ptr,
        detail: 'required → optional',
      });
    walk(w, pA.schema, pB.schema, pA.ptr, pB.ptr, f);
  }
  for (const [name, pB] of pb2.props) {
    if (pa2.props.has(name)) continue;
    const required = pb2.required.has(name);
    w.out.diffs.push({
      kind: 'property-added',
      field: join(field, name),
      before: null,
      after: pB.ptr,
      detail: required ? 'added, required' : 'added',
      required,
    });
  }
}
