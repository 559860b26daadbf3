/**
 * JSON Schema validation with the spec's own schemas (Ajv, draft 2020-12, as OpenAPI 3.1 uses).
 * Component schemas are registered once under `mock://spec`; the `#/components/...` references in
 * operation schemas are pointed there. Adds the spec's formats (`decimal`, `int32`, `int64`, ...)
 * and the `x-decimal` keyword (`gt`, `maxScale`).
 */
import { nodeAt } from '../spec/lint/support/json.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../generator/ir/types.js';
import { decimalViolation, isDecimal } from './decimal.js';
import type { DecimalRule } from './decimal.js';

// ajv-formats is CommonJS; its default export arrives as the module object's `default` in types.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const BASE = 'mock://spec';

/** One validation failure, with the ajv error that caused it. */
export interface SchemaFailure {
  /** `/perms/0/name` style pointer to the failing value (empty for the root). */
  instancePath: string;
  keyword: string;
  /** The property that is missing, for `required`. */
  missingProperty?: string;
  /** Short explanation of the rule broken. */
  message: string;
  /** The schema holding the failing keyword. */
  parentSchema: JsonSchema | undefined;
  /** The failing value. */
  data: unknown;
}

/** Validates values against spec schemas; compiled validators are cached per schema object. */
export class SchemaValidator {
  readonly #ajv: Ajv2020;
  readonly #cache = new WeakMap<object, ValidateFunction>();
  readonly #components: Readonly<Record<string, unknown>>;

  /** `components` is the spec's `components` object (at least `schemas`). */
  constructor(components: Readonly<Record<string, unknown>>) {
    this.#components = components;
    this.#ajv = new Ajv2020({ strict: false, allErrors: false, verbose: true, logger: false, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addFormat('decimal', { type: 'string', validate: isDecimal });
    for (const name of ['int32', 'int64']) {
      this.#ajv.addFormat(name, { type: 'number', validate: (n: number) => Number.isInteger(n) });
    }
    for (const name of ['float', 'double']) this.#ajv.addFormat(name, { type: 'number', validate: () => true });
    for (const name of ['password', 'binary', 'byte']) this.#ajv.addFormat(name, /[\s\S]*/);
    this.#ajv.addKeyword({
      keyword: 'x-decimal',
      type: 'string',
      schemaType: 'object',
      errors: true,
      validate: function xDecimal(rule: DecimalRule, data: string): boolean {
        const problem = decimalViolation(data, rule);
        if (problem === undefined) return true;
        (xDecimal as { errors?: Array<Partial<ErrorObject>> }).errors = [
          { keyword: 'x-decimal', message: problem, params: {} },
        ];
        return false;
      },
    });
    this.#ajv.addSchema({ $id: BASE, components }, BASE);
  }

  /** The first failure of `value` against `schema`, or `undefined` when it is valid. */
  check(schema: JsonSchema, value: unknown): SchemaFailure | undefined {
    const validate = this.#compiled(schema);
    if (validate(value)) return undefined;
    const error = validate.errors?.[0];
    if (error === undefined)
      return { instancePath: '', keyword: 'unknown', message: 'is invalid', parentSchema: undefined, data: value };
    const missing = (error.params as { missingProperty?: unknown }).missingProperty;
    return {
      instancePath: error.instancePath,
      keyword: error.keyword,
      ...(typeof missing === 'string' ? { missingProperty: missing } : {}),
      message: error.message ?? 'is invalid',
      parentSchema: error.parentSchema as JsonSchema | undefined,
      data: error.data,
    };
  }

  /** Follows a `#/components/...` reference (one or more levels) to the schema it names. */
  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let i = 0; i < 16; i++) {
      const ref = current['$ref'];
      if (typeof ref !== 'string' || !ref.startsWith('#/components/')) return current;
      const target = nodeAt(this.#components, ref.slice('#/components'.length));
      if (target === undefined || typeof target !== 'object') return current;
      current = target as JsonSchema;
    }
    return current;
  }

  #compiled(schema: JsonSchema): ValidateFunction {
    const hit = this.#cache.get(schema);
    if (hit !== undefined) return hit;
    const validate = this.#ajv.compile(rebaseRefs(schema, BASE) as object);
    this.#cache.set(schema, validate);
    return validate;
  }
}

/** Copies a schema with its local `#/...` references pointed at the document registered as `base`. */
export function rebaseRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rebaseRefs(item, base));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${base}${v}` : rebaseRefs(v, base);
  }
  return out;
}
