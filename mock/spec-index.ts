/**
 * Read access to the bundled spec for what the IR does not carry: the raw operation object
 * (`x-require-any-of`), and the example of an operation's success response, which is the mock's
 * answer of last resort.
 */
import { nodeAt } from '../spec/lint/support/json.js';
import type { IROperation, JsonSchema } from '../generator/ir/types.js';

type Json = Record<string, unknown>;

/** Index over a bundled OpenAPI document (`generated/openapi.json`). */
export class SpecIndex {
  readonly #spec: Json;

  /** `spec` is the bundled document; an empty object is allowed (no examples then). */
  constructor(spec: object) {
    this.#spec = spec as Json;
  }

  /** The spec's `components` object (`{}` when absent). */
  get components(): Json {
    const c = this.#spec['components'];
    return c !== null && typeof c === 'object' ? (c as Json) : {};
  }

  /** The raw operation object of `op`, when the spec has it. */
  operation(op: Pick<IROperation, 'method' | 'path'>): Json | undefined {
    const paths = this.#spec['paths'] as Json | undefined;
    const item = this.#deref(paths?.[op.path]);
    const operation = item?.[op.method.toLowerCase()];
    return operation !== null && typeof operation === 'object' ? (operation as Json) : undefined;
  }

  /** `x-require-any-of` of the operation: at least one of these fields must be set. */
  requireAnyOf(op: Pick<IROperation, 'method' | 'path'>): string[] {
    const list = this.operation(op)?.['x-require-any-of'];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  }

  /**
   * A fresh copy of the example for `status` of the operation: the media type's `example`, else
   * its first `examples` entry, else an example taken from the response schema (its `examples`,
   * or a one-item list of the item schema's example). `undefined` when the spec gives none.
   */
  responseExample(op: Pick<IROperation, 'method' | 'path'>, status: number): unknown {
    const responses = this.operation(op)?.['responses'] as Json | undefined;
    const response = this.#deref(responses?.[String(status)]);
    const content = (response?.['content'] as Json | undefined)?.['application/json'] as Json | undefined;
    if (content === undefined) return undefined;
    if ('example' in content) return structuredClone(content['example']);
    const examples = content['examples'];
    if (examples !== null && typeof examples === 'object') {
      const first = this.#deref(Object.values(examples as Json)[0]);
      if (first !== undefined && 'value' in first) return structuredClone(first['value']);
    }
    const fromSchema = this.schemaExample(content['schema'] as JsonSchema | undefined, 0);
    return fromSchema === undefined ? undefined : structuredClone(fromSchema);
  }

  /** An example for a schema, following `$ref`s: `examples[0]`, `example`, or `[itemExample]`. */
  schemaExample(schema: JsonSchema | undefined, depth: number): unknown {
    const s = this.#deref(schema);
    if (s === undefined || depth > 8) return undefined;
    const examples = s['examples'];
    if (Array.isArray(examples) && examples.length > 0) return examples[0];
    if ('example' in s) return s['example'];
    if (s['type'] === 'array') {
      const item = this.schemaExample(s['items'] as JsonSchema | undefined, depth + 1);
      return item === undefined ? undefined : [item];
    }
    return undefined;
  }

  /** Follows local `#/...` references (several levels). */
  #deref(node: unknown): Json | undefined {
    let current = node;
    for (let i = 0; i < 16; i++) {
      if (current === null || typeof current !== 'object') return undefined;
      const ref = (current as Json)['$ref'];
      if (typeof ref !== 'string' || !ref.startsWith('#/')) return current as Json;
      current = nodeAt(this.#spec, ref.slice(1));
    }
    return undefined;
  }
}
