/**
 * Compares the spec (the bundled OpenAPI document) with the reference's shapes
 * (spec/reference-shapes.json) field for field: each operation's parameters (wire name, where,
 * required, type, enum values) and its body and answer, walked through the reference's models
 * beside the spec's schemas. Each difference has a stable key; spec/reference-differences.yaml
 * lists the ones the seed or the live service justifies, each with its reason.
 */
import type { ReferenceModel, ReferenceParam, ReferenceShape } from './reference-sdk.js';

/** One difference between the spec and the reference. */
export interface ShapeDifference {
  /**
   * `GET /spot/orders query.status: required`, `FuturesOrder.size (response): type`, ...: an
   * operation's parameter or body/answer type by operation; a model field by the reference model.
   */
  readonly key: string;
  /** What each side says (`reference string, spec integer`). */
  readonly detail: string;
}

/** The reference's models and standalone enums, as spec/reference-shapes.json holds them. */
export interface ReferenceCatalog {
  readonly models: Readonly<Record<string, ReferenceModel>>;
  readonly enums: Readonly<Record<string, readonly string[]>>;
}

type Json = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'bigint', 'boolean', 'any', 'object', 'Date', 'void', 'RequestFile']);

/** The model or enum names a reference type names (`Array<{ [key: string]: Foo; }>` names `Foo`). */
export function modelNames(type: string): string[] {
  return [...type.matchAll(/[A-Za-z_]\w*/g)]
    .map((m) => m[0])
    .filter((n) => !PRIMITIVES.has(n) && n !== 'Array' && n !== 'key');
}

/** The spec's schema with `$ref`, single `allOf` and `oneOf`/`anyOf`/type unions with null removed. */
function plainSchema(doc: Json, schema: unknown): Json {
  let s = (schema ?? {}) as Json;
  for (let i = 0; i < 32; i += 1) {
    const ref = s.$ref;
    if (typeof ref === 'string') {
      s = pointer(doc, ref);
      continue;
    }
    const union = (s.oneOf ?? s.anyOf) as Json[] | undefined;
    const nonNull = union?.filter((m) => m.type !== 'null');
    if (nonNull?.length === 1) {
      s = { ...s, oneOf: undefined, anyOf: undefined, ...nonNull[0] };
      continue;
    }
    const all = s.allOf as Json[] | undefined;
    const parts = all?.filter((m) => m.if === undefined && m.then === undefined).map((m) => plainSchema(doc, m));
    if (parts !== undefined && parts.length > 0) {
      const props: Json = { ...((s.properties ?? {}) as Json) };
      const required = new Set((s.required ?? []) as string[]);
      for (const part of parts) {
        Object.assign(props, part.properties ?? {});
        for (const r of (part.required ?? []) as string[]) required.add(r);
      }
      const type = parts.find((p) => p.type !== undefined)?.type ?? s.type;
      s = { ...s, allOf: undefined, type, properties: props, required: [...required] };
      continue;
    }
    break;
  }
  return Array.isArray(s.type) ? { ...s, type: (s.type as string[]).find((t) => t !== 'null') } : s;
}

function pointer(doc: Json, ref: string): Json {
  let at: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/'))
    at = (at as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (at ?? {}) as Json;
}

/** The class a reference type belongs to, and the spec types that match it. */
function typeMatches(refType: string, spec: Json, catalog: ReferenceCatalog): boolean {
  const t = spec.type as string | undefined;
  if (refType === 'any' || refType === 'object' || t === undefined) return true;
  if (refType === 'string' || refType === 'Date' || refType in catalog.enums) return t === 'string';
  if (refType === 'number') return t === 'integer' || t === 'number';
  if (refType === 'bigint') return t === 'integer';
  if (refType === 'boolean') return t === 'boolean';
  if (refType.startsWith('Array<')) return t === 'array';
  return t === 'object';
}

const inner = (type: string, prefix: string): string => type.slice(prefix.length, -1).trim();

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const x = new Set(a.map(String));
  const y = new Set(b.map(String));
  return x.size === y.size && [...x].every((v) => y.has(v));
}

const show = (values: readonly unknown[] | undefined): string => (values === undefined ? 'none' : values.join('|'));

/** Walks a reference type beside a spec schema, adding each difference once. */
class Walker {
  readonly out = new Map<string, string>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly doc: Json,
    private readonly catalog: ReferenceCatalog,
  ) {}

  add(key: string, detail: string): void {
    if (!this.out.has(key)) this.out.set(key, detail);
  }

  /** `where` names the place for differences outside a model (`GET /x body`). */
  type(refType: string, schema: unknown, role: 'request' | 'response', where: string): void {
    const spec = plainSchema(this.doc, schema);
    if (!typeMatches(refType, spec, this.catalog)) {
      this.add(`${where}: type`, `reference ${refType}, spec ${String(spec.type)}`);
      return;
    }
    if (refType.startsWith('Array<')) return this.type(inner(refType, 'Array<'), spec.items, role, `${where}[]`);
    const map = /^\{ \[key: string\]: (.+); \}$/.exec(refType);
    if (map !== null) {
      const extra = spec.additionalProperties;
      if (typeof extra === 'object') this.type(map[1] ?? 'any', extra, role, `${where}{}`);
      return;
    }
    const values = this.catalog.enums[refType];
    if (values !== undefined) return this.enumValues(values, spec, `${where}`);
    const model = this.catalog.models[refType];
    if (model !== undefined) this.model(refType, model, spec, role);
  }

  private enumValues(values: readonly string[], spec: Json, key: string): void {
    const specValues = spec.enum as unknown[] | undefined;
    if (specValues === undefined || !sameSet(values, specValues)) {
      this.add(`${key}: enum`, `reference ${show(values)}, spec ${show(specValues)}`);
    }
  }

  private model(name: string, model: ReferenceModel, spec: Json, role: 'request' | 'response'): void {
    const seenKey = `${name}|${role}|${JSON.stringify(spec).length}|${Object.keys(spec.properties ?? {}).join()}`;
    if (this.seen.has(seenKey)) return;
    this.seen.add(seenKey);
    const props = (spec.properties ?? {}) as Json;
    const required = new Set((spec.required ?? []) as string[]);
    // A reference model the spec shapes under another name (its title) is named with both.
    const title = typeof spec.title === 'string' && spec.title !== name ? `, spec ${spec.title}` : '';
    const at = (field: string): string => `${name}.${field} (${role}${title})`;
    for (const [field, ref] of Object.entries(model.fields)) {
      if (role === 'request' && ref.readOnly) continue;
      const sub = props[field];
      if (sub === undefined) {
        this.add(`${at(field)}: missing`, `reference ${ref.type}, not in the spec`);
        continue;
      }
      if (role === 'request' && ref.required !== required.has(field)) {
        this.add(`${at(field)}: required`, `reference ${String(ref.required)}, spec ${String(required.has(field))}`);
      }
      if (ref.enum !== undefined) this.enumValues(ref.enum, plainSchema(this.doc, sub), at(field));
      this.type(ref.type, sub, role, at(field));
    }
    for (const field of Object.keys(props)) {
      const ref = model.fields[field];
      if (ref === undefined || (role === 'request' && ref.readOnly)) {
        this.add(`${at(field)}: extra`, 'in the spec, not in the reference');
      }
    }
  }
}

/** The spec operation's parameters, path-level ones included, `$ref`s resolved. */
function specParams(doc: Json, pathItem: Json, op: Json): Json[] {
  const all = [...((pathItem.parameters ?? []) as Json[]), ...((op.parameters ?? []) as Json[])];
  return all.map((p) => (typeof p.$ref === 'string' ? pointer(doc, p.$ref) : p));
}

/** Header names compared without case and with the live `X-Gate-` prefix read as the seed's `X-Svc-`. */
const paramName = (p: { name: string; in: string }): string =>
  p.in === 'header' ? p.name.toLowerCase().replace(/^x-gate-/, 'x-svc-') : p.name;

function compareParams(w: Walker, doc: Json, where: string, ref: ReferenceShape, params: Json[]): void {
  const spec = new Map(params.map((p) => [`${String(p.in)}.${paramName(p as { name: string; in: string })}`, p]));
  const refs = new Map<string, ReferenceParam>(ref.params.map((p) => [`${p.in}.${paramName(p)}`, p]));
  for (const [key, p] of refs) {
    const s = spec.get(key);
    if (s === undefined) {
      w.add(`${where} ${key}: missing`, `reference ${p.required ? 'required' : 'optional'} ${p.type}, not in the spec`);
      continue;
    }
    if (p.required !== (s.required === true)) {
      w.add(`${where} ${key}: required`, `reference ${String(p.required)}, spec ${String(s.required === true)}`);
    }
    const schema = plainSchema(doc, s.schema);
    const refType = p.type.includes('Array<') ? p.type : p.type.replace(/ \| .*/, '');
    if (!typeMatches(refType, schema, { models: {}, enums: {} })) {
      w.add(`${where} ${key}: type`, `reference ${p.type}, spec ${String(schema.type)}`);
    } else if (p.enum !== undefined && (schema.enum === undefined || !sameSet(p.enum, schema.enum as unknown[]))) {
      w.add(`${where} ${key}: enum`, `reference ${show(p.enum)}, spec ${show(schema.enum as unknown[] | undefined)}`);
    }
  }
  for (const key of spec.keys())
    if (!refs.has(key)) w.add(`${where} ${key}: extra`, 'in the spec, not in the reference');
}

const successSchema = (op: Json): unknown => {
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const code = Object.keys(responses).find((c) => /^2\d\d$/.test(c));
  const content = (code === undefined ? undefined : responses[code]?.content) as Record<string, Json> | undefined;
  return content?.['application/json']?.schema;
};

/**
 * Every difference between the spec document `doc` and the reference's `shapes` for the
 * operations both have (`specPathOf` maps a reference key `METHOD /path` to the spec's path, for
 * the paths the seed moves), sorted by key.
 */
export function compareShapes(
  doc: Json,
  shapes: Readonly<Record<string, ReferenceShape>>,
  catalog: ReferenceCatalog,
  specPathOf: (key: string) => string,
): ShapeDifference[] {
  const w = new Walker(doc, catalog);
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  for (const [key, ref] of Object.entries(shapes)) {
    const path = specPathOf(key);
    const pathItem = paths[path];
    const op = pathItem?.[ref.method.toLowerCase()] as Json | undefined;
    if (pathItem === undefined || op === undefined) continue;
    const where = `${ref.method} ${path}`;
    compareParams(w, doc, where, ref, specParams(doc, pathItem, op));
    const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
    const bodySchema = body?.['application/json']?.schema;
    if (ref.body !== undefined && bodySchema === undefined)
      w.add(`${where} body: missing`, `reference ${ref.body.type}`);
    if (ref.body === undefined && bodySchema !== undefined)
      w.add(`${where} body: extra`, 'in the spec, not in the reference');
    if (ref.body !== undefined && bodySchema !== undefined)
      w.type(ref.body.type, bodySchema, 'request', `${where} body`);
    const answer = successSchema(op);
    if (ref.returns !== undefined && answer === undefined)
      w.add(`${where} answer: missing`, `reference ${ref.returns}`);
    if (ref.returns === undefined && answer !== undefined)
      w.add(`${where} answer: extra`, 'in the spec, not in the reference');
    if (ref.returns !== undefined && answer !== undefined) w.type(ref.returns, answer, 'response', `${where} answer`);
  }
  return [...w.out]
    .map(([key, detail]) => ({ key, detail }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** One entry of spec/reference-differences.yaml: a key pattern (`*` any text, `<a|b>` either). */
export interface KnownDifference {
  readonly key: string;
  readonly reason?: string;
  readonly fix?: string;
}

/** A RegExp for a key pattern: `*` matches any text, `<a|b>` one of the names, the rest itself. */
export function keyPattern(pattern: string): RegExp {
  const parts = pattern.split(/(\*|<[^>]*>)/).map((part) => {
    if (part === '*') return '.*';
    if (part.startsWith('<') && part.endsWith('>')) {
      return `(?:${part.slice(1, -1).split('|').map(escape).join('|')})`;
    }
    return escape(part);
  });
  return new RegExp(`^${parts.join('')}$`);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The differences no entry of `known` matches, and the entries that match no difference (stale):
 * both must be empty.
 */
export function unexplained(
  differences: readonly ShapeDifference[],
  known: readonly KnownDifference[],
): { unlisted: ShapeDifference[]; stale: KnownDifference[] } {
  const patterns = known.map((k) => ({ k, re: keyPattern(k.key) }));
  return {
    unlisted: differences.filter((d) => !patterns.some((p) => p.re.test(d.key))),
    stale: patterns.filter((p) => !differences.some((d) => p.re.test(d.key))).map((p) => p.k),
  };
}
