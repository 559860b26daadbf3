/**
 * Validation against the bundled spec (`generated/openapi.json`) with Ajv (JSON Schema 2020-12, as
 * OpenAPI 3.1 uses) and ajv-formats, plus the spec's own `decimal` format and `x-decimal` keyword
 * (`gt`, `maxScale`). Independent of the mock's validator, so it can check the mock's inputs.
 */
import { nodeAt } from '../../spec/lint/support/json.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { IR, IROperation, JsonSchema } from '../../generator/ir/types.js';
import { createSpecAjv } from '../support/spec-ajv.js';
import { rebaseRefs } from '../../mock/schema-validator.js';

const DOC_ID = 'spec:openapi';

/** The generated files the tests read. */
export const GENERATED = {
  spec: fileURLToPath(new URL('../../generated/openapi.json', import.meta.url)),
  ir: fileURLToPath(new URL('../../generated/ir.json', import.meta.url)),
};

/** Reads `generated/openapi.json` and `generated/ir.json`. */
export function readGenerated(): { spec: Record<string, unknown>; ir: IR } {
  return {
    spec: JSON.parse(readFileSync(GENERATED.spec, 'utf8')) as Record<string, unknown>,
    ir: JSON.parse(readFileSync(GENERATED.ir, 'utf8')) as IR,
  };
}

export { compareDecimal, decimalViolation } from '../support/spec-ajv.js';

/** Validates values against schemas of the bundled spec. */
export class SpecValidator {
  readonly #ajv: Ajv2020;
  readonly #spec: Record<string, unknown>;
  readonly #cache = new WeakMap<object, ValidateFunction>();

  /** `spec` is the bundled document (`generated/openapi.json`). */
  constructor(spec: Record<string, unknown>) {
    this.#spec = spec;
    this.#ajv = createSpecAjv({ strict: false, allErrors: true, validateFormats: true });
    this.#ajv.addSchema({ ...spec, $id: DOC_ID });
  }

  /** Problems of `value` against `schema` (a schema from the spec or the IR), `[]` when valid. */
  problems(schema: JsonSchema, value: unknown): string[] {
    let validate = this.#cache.get(schema);
    if (validate === undefined) {
      validate = this.#ajv.compile(rebaseRefs(schema, DOC_ID) as object);
      this.#cache.set(schema, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  }

  /**
   * The response schema `generated/openapi.json` gives `op` for `status` (the exact code, else its
   * `NXX` range): `null` for a response without a body, `undefined` when the status is not declared.
   */
  responseSchema(op: Pick<IROperation, 'method' | 'path'>, status: number): JsonSchema | null | undefined {
    const operation = this.operation(op);
    const responses = this.#deref(operation?.['responses']);
    if (responses === undefined) return undefined;
    const declared = this.#deref(responses[String(status)] ?? responses[`${String(status)[0]}XX`]);
    if (declared === undefined) return undefined;
    const media = this.#deref(this.#deref(declared['content'])?.['application/json']);
    return (media?.['schema'] as JsonSchema | undefined) ?? null;
  }

  /** The request body schema `generated/openapi.json` gives `op`, if it takes a body. */
  requestSchema(op: Pick<IROperation, 'method' | 'path'>): JsonSchema | undefined {
    const body = this.#deref(this.operation(op)?.['requestBody']);
    const media = this.#deref(this.#deref(body?.['content'])?.['application/json']);
    return media?.['schema'] as JsonSchema | undefined;
  }

  /** The operation object of `op` in the bundled spec. */
  operation(op: Pick<IROperation, 'method' | 'path'>): Record<string, unknown> | undefined {
    const item = this.#deref(this.#deref(this.#spec['paths'])?.[op.path]);
    return this.#deref(item?.[op.method.toLowerCase()]);
  }

  #deref(node: unknown): Record<string, unknown> | undefined {
    let current = node;
    for (let hops = 0; hops < 16; hops++) {
      if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
      const ref = (current as Record<string, unknown>)['$ref'];
      if (typeof ref !== 'string' || !ref.startsWith('#/')) return current as Record<string, unknown>;
      current = nodeAt(this.#spec, ref.slice(1));
    }
    return undefined;
  }

  /** The bundled spec. */
  get spec(): Record<string, unknown> {
    return this.#spec;
  }
}
