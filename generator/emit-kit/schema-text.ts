/**
 * JSON Schema as reference text: a type name (`WithdrawalRecord[]`, `integer (int64)`), its
 * constraints (`1..1000`, `one of SPOT, PILOT`, `default 100`), and the fields of an object schema
 * (following `$ref` to the IR's named schemas and merging `allOf`). Pure functions.
 */
import type { IR, JsonSchema } from '../ir/types.js';

/** One field of an object schema. */
export interface FieldText {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly constraints: string;
  readonly description: string;
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The named schema a `$ref` points at (`#/components/schemas/Name` -> `Name`). */
export const refName = (schema: JsonSchema): string | undefined =>
  typeof schema['$ref'] === 'string' ? schema['$ref'].split('/').pop() : undefined;

/** The schema itself, or the named schema its `$ref` points at. */
export function resolve(schema: JsonSchema, ir: IR): JsonSchema {
  const name = refName(schema);
  return name === undefined ? schema : (ir.schemas[name] ?? schema);
}

/** A short type text: a model name, `T[]`, `a | b`, or the type with its format. */
export function typeText(schema: JsonSchema): string {
  const name = refName(schema);
  if (name !== undefined) return name;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.filter(isSchema).map(typeText).join(' | ');
  }
  if (Array.isArray(schema['allOf'])) return schema['allOf'].filter(isSchema).map(typeText).join(' & ');
  const type = Array.isArray(schema['type']) ? schema['type'].join(' | ') : schema['type'];
  if (type === 'array') return `${isSchema(schema['items']) ? typeText(schema['items']) : 'unknown'}[]`;
  if (typeof type !== 'string') return 'any';
  if (type === 'object' && isSchema(schema['additionalProperties']) && schema['properties'] === undefined) {
    return `map of ${typeText(schema['additionalProperties'])}`;
  }
  return typeof schema['format'] === 'string' ? `${type} (${schema['format']})` : type;
}

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Enum, bounds, lengths, list sizes, pattern and default, comma-separated. */
export function constraintText(schema: JsonSchema): string {
  const parts: string[] = [];
  if (Array.isArray(schema['enum'])) parts.push(`one of ${schema['enum'].map(show).join(', ')}`);
  const bound = (low: string, high: string, unit: string): void => {
    if (schema[low] !== undefined || schema[high] !== undefined) {
      parts.push(`${unit}${show(schema[low] ?? '')}..${show(schema[high] ?? '')}`);
    }
  };
  bound('minimum', 'maximum', '');
  if (schema['exclusiveMinimum'] !== undefined) parts.push(`> ${show(schema['exclusiveMinimum'])}`);
  bound('minLength', 'maxLength', 'length ');
  bound('minItems', 'maxItems', 'items ');
  if (typeof schema['pattern'] === 'string') parts.push(`pattern \`${schema['pattern']}\``);
  if (schema['default'] !== undefined) parts.push(`default ${show(schema['default'])}`);
  return parts.join(', ');
}

/** Properties and required names of an object schema, merging `allOf` parts. */
function objectParts(schema: JsonSchema, ir: IR): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const own = resolve(schema, ir);
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  const parts = [
    own,
    ...(Array.isArray(own['allOf']) ? own['allOf'].filter(isSchema).map((part) => resolve(part, ir)) : []),
  ];
  for (const part of parts) {
    if (isSchema(part['properties'])) {
      for (const [name, value] of Object.entries(part['properties'])) if (isSchema(value)) properties[name] = value;
    }
    if (Array.isArray(part['required'])) for (const name of part['required']) required.add(String(name));
  }
  return { properties, required };
}

/** A schema's own description, else that of the named schema it points at. */
function descriptionOf(schema: JsonSchema, ir: IR): string {
  const text = schema['description'] ?? resolve(schema, ir)['description'];
  return typeof text === 'string' ? text : '';
}

/** The fields of an object schema (or of an array's item schema), in property order. */
export function fieldsOf(schema: JsonSchema, ir: IR): FieldText[] {
  let target = resolve(schema, ir);
  if (target['type'] === 'array' && isSchema(target['items'])) target = resolve(target['items'], ir);
  const { properties, required } = objectParts(target, ir);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeText(property),
    required: required.has(name),
    constraints: constraintText(resolve(property, ir)),
    description: descriptionOf(property, ir),
  }));
}
