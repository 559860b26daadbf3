/**
 * Python types of the IR's schemas. The same schema reads differently by direction: `read`
 * (responses) has open enums (`Literal[...] | str`) and `Decimal` amounts; `write` (requests) has
 * closed enums and accepts `Decimal | str` amounts. A component used both ways whose two readings
 * differ gets a second TypedDict, `<Name>Input`. int64 values are `int` read (exact in Python) and
 * `int | str` written (a digit string is taken, as in TypeScript).
 */
import { pascal } from '../../emit-kit/naming.js';
import { isObject } from '../../../spec/lint/support/json.js';
import { deref, objectProperties, refName, type Node } from '../../ir/resolve.js';
import type { IR, JsonSchema } from '../../ir/types.js';
import { isIdentifier } from './naming.js';

/** Which way data flows. */
export type Direction = 'read' | 'write';

/** One key of a TypedDict. */
export interface TypedDictField {
  key: string;
  type: string;
  required: boolean;
  doc: string;
}

/** A named type of `models.py`: a TypedDict or an alias. */
export type TypeDef =
  | { kind: 'typeddict'; name: string; doc: string; fields: TypedDictField[] }
  | { kind: 'alias'; name: string; doc: string; type: string };

/** The first sentence-ish line of a description, for comments. */
export const firstLine = (text: unknown): string =>
  typeof text === 'string' ? (text.trim().split('\n')[0] ?? '').replace(/\s+/g, ' ').trim() : '';

const union = (parts: string[]): string => [...new Set(parts)].join(' | ');

/** A value inside `Literal[...]`: single-quoted strings, so the whole type can sit in a `"..."` string. */
function literalValue(v: unknown): string {
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return String(v);
}

/** The names a piece of generated Python uses, among the ones a module may need to import. */
export function namesUsed(text: string, candidates: readonly string[]): string[] {
  return candidates.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
}

/** Builds Python type expressions and collects the named types they need. */
export class PythonTypes {
  /** Named types by name (components, their Input variants, inline objects). */
  readonly defs = new Map<string, TypeDef>();
  private readonly doc: Node;
  private readonly differs = new Map<string, boolean>();

  constructor(private readonly ir: IR) {
    this.doc = { components: { schemas: ir.schemas } };
  }

  /** Does the write reading of this schema differ from the read reading (enums, decimals)? */
  private direction(schema: unknown, seen: Set<string> = new Set()): boolean {
    const name = refName(schema);
    if (name !== undefined) {
      const known = this.differs.get(name);
      if (known !== undefined) return known;
      if (seen.has(name)) return false;
      const out = this.direction(this.ir.schemas[name], new Set(seen).add(name));
      this.differs.set(name, out);
      return out;
    }
    if (!isObject(schema)) return false;
    if (Array.isArray(schema.enum) || schema.format === 'decimal') return true;
    const parts: unknown[] = [schema.items, schema.additionalProperties];
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list: unknown = schema[key];
      if (Array.isArray(list)) parts.push(...(list as unknown[]));
    }
    if (isObject(schema.properties)) parts.push(...Object.values(schema.properties));
    return parts.some((p) => this.direction(p, seen));
  }

  /** The type name of component `name` read `dir`, defining it on first use. */
  component(name: string, dir: Direction, used: Set<string>): string {
    const typeName =
      dir === 'write' && this.direction({ $ref: `#/components/schemas/${name}` }) ? `${name}Input` : name;
    used.add(typeName);
    if (!this.defs.has(typeName)) {
      const schema = this.ir.schemas[name] ?? {};
      this.defs.set(typeName, { kind: 'alias', name: typeName, doc: '', type: 'JsonValue' }); // cycle guard
      this.defs.set(typeName, this.named(typeName, schema, dir));
    }
    return typeName;
  }

  /** A named type for `schema`: a TypedDict for an object with properties, else an alias. */
  private named(name: string, schema: JsonSchema, dir: Direction): TypeDef {
    const doc = firstLine(schema.description) || firstLine(schema.title);
    const s = deref(this.doc, schema) ?? {};
    if (isObject(s.properties) || Array.isArray(s.allOf)) {
      return { kind: 'typeddict', name, doc, fields: this.fields(name, s, dir, new Set(), false) };
    }
    return { kind: 'alias', name, doc, type: this.expr(s, dir, name, new Set()) };
  }

  /** The keys of an object schema (allOf merged); `allOptional` for bodies that are optional. */
  fields(owner: string, schema: JsonSchema, dir: Direction, used: Set<string>, allOptional: boolean): TypedDictField[] {
    const { properties, required } = objectProperties(this.doc, schema);
    return Object.entries(properties).map(([key, prop]) => ({
      key,
      type: this.expr(prop, dir, `${owner}${pascal(key)}`, used),
      required: !allOptional && required.includes(key),
      doc: firstLine((deref(this.doc, prop) ?? {}).description),
    }));
  }

  /** The Python type expression of `schema` read `dir`; `hint` names an inline object's TypedDict. */
  expr(schema: unknown, dir: Direction, hint: string, used: Set<string>): string {
    const ref = refName(schema);
    if (ref !== undefined) return this.component(ref, dir, used);
    if (!isObject(schema)) return 'JsonValue';
    for (const key of ['anyOf', 'oneOf'] as const) {
      const parts = schema[key];
      if (Array.isArray(parts)) return union(parts.map((p, i) => this.expr(p, dir, `${hint}${i}`, used)));
    }
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.filter((v) => ['string', 'number', 'boolean'].includes(typeof v));
      const literal = `Literal[${values.map(literalValue).join(', ')}]`;
      if (dir === 'write') return literal;
      const base = typeof values[0] === 'string' ? 'str' : typeof values[0] === 'boolean' ? 'bool' : 'int';
      return `${literal} | ${base}`;
    }
    const types: unknown[] = Array.isArray(schema.type)
      ? (schema.type as unknown[])
      : schema.type === undefined
        ? []
        : [schema.type];
    if (types.length > 1) return union(types.map((t) => this.expr({ ...schema, type: t }, dir, hint, used)));
    const type =
      types[0] ??
      (isObject(schema.properties) || Array.isArray(schema.allOf)
        ? 'object'
        : isObject(schema.items)
          ? 'array'
          : undefined);
    switch (type) {
      case 'string':
        if (schema.format === 'decimal') return dir === 'read' ? 'Decimal' : 'Decimal | str';
        return 'str';
      case 'integer':
        return dir === 'write' && schema.format === 'int64' ? 'int | str' : 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `list[${schema.items === undefined ? 'JsonValue' : this.expr(schema.items, dir, `${hint}Item`, used)}]`;
      case 'object':
        return this.object(schema, dir, hint, used);
      default:
        return 'JsonValue';
    }
  }

  private object(schema: Node, dir: Direction, hint: string, used: Set<string>): string {
    if (isObject(schema.properties) || Array.isArray(schema.allOf)) {
      const name = dir === 'write' && this.direction(schema) ? `${hint}Input` : hint;
      const existing = this.defs.get(name);
      if (existing === undefined) {
        this.defs.set(name, { kind: 'alias', name, doc: '', type: 'JsonValue' });
        const fields = this.fields(name, schema, dir, new Set(), false);
        this.defs.set(name, { kind: 'typeddict', name, doc: firstLine(schema.description), fields });
      }
      used.add(name);
      return name;
    }
    if (isObject(schema.additionalProperties))
      return `dict[str, ${this.expr(schema.additionalProperties, dir, `${hint}Value`, used)}]`;
    return 'dict[str, JsonValue]';
  }
}

/** Can this TypedDict be written with class syntax (every key an identifier)? */
export const classSyntax = (fields: readonly TypedDictField[]): boolean => fields.every((f) => isIdentifier(f.key));
