/**
 * The fixture store: loads fixture files, checks them against the spec (known operation, known
 * parameter names, declared status, body valid against the response schema) and picks the
 * fixture that answers a request: the most specific match wins, ties go to the first loaded.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { IROperation, JsonSchema } from '../generator/ir/types.js';
import { FixtureError, bodyMatches, parseFixtureFile, specificity } from './fixture-format.js';
import type { Fixture } from './fixture-format.js';
import { parseLossless, toJson, toPlain } from './json.js';
import type { QueryPair } from './query.js';
import type { SchemaValidator } from './schema-validator.js';

/** A fixture in the store, with where it came from. */
export interface StoredFixture {
  fixture: Fixture;
  /** File path (relative to the loaded folder) and index, or `inline`. */
  source: string;
}

/** The request a fixture is matched against. */
export interface FixtureQuery {
  pathParams: Readonly<Record<string, string>>;
  pairs: readonly QueryPair[];
  /** Body parsed with every number kept exactly; `undefined` when none or not JSON. */
  body: unknown;
}

/** Loaded fixtures, checked against the IR, by operation. */
export class FixtureStore {
  readonly #ops: ReadonlyMap<string, IROperation>;
  readonly #validator: SchemaValidator;
  readonly #errorSchema: JsonSchema | undefined;
  #stored: StoredFixture[] = [];
  readonly #used = new Set<StoredFixture>();

  /** `operations` and `errorSchema` (the spec's `Error`) come from the IR. */
  constructor(operations: readonly IROperation[], validator: SchemaValidator, errorSchema: JsonSchema | undefined) {
    this.#ops = new Map(operations.map((op) => [op.id, op]));
    this.#validator = validator;
    this.#errorSchema = errorSchema;
  }

  /** Adds fixtures (checked first; nothing is added when one is bad). Throws {@link FixtureError}. */
  add(fixtures: Fixture | readonly Fixture[], source = 'inline'): void {
    const list = (Array.isArray(fixtures) ? fixtures : [fixtures]) as readonly Fixture[];
    const checked = list.map((f, i) => {
      const where = list.length > 1 ? `${source}[${i}]` : source;
      // Round-trip inline fixtures through the file format so both paths see the same values.
      const [fixture] = parseFixtureFile(parseLossless(toJson(f)), where);
      this.#check(fixture as Fixture, where);
      return { fixture: fixture as Fixture, source: where };
    });
    this.#stored.push(...checked);
  }

  /** Loads every `*.json` file under `dir` (sorted by path). Throws {@link FixtureError}. */
  loadDir(dir: string): number {
    const files = listJsonFiles(dir);
    const loaded: StoredFixture[] = [];
    for (const file of files) {
      const source = relative(dir, file);
      let content: unknown;
      try {
        content = parseLossless(readFileSync(file, 'utf8'));
      } catch (e) {
        throw new FixtureError(source, undefined, `not valid JSON (${(e as Error).message})`);
      }
      for (const [i, fixture] of parseFixtureFile(content, source).entries()) {
        const where = Array.isArray(content) ? `${source}[${i}]` : source;
        this.#check(fixture, where);
        loaded.push({ fixture, source: where });
      }
    }
    this.#stored.push(...loaded);
    return loaded.length;
  }

  /** Every stored fixture, in load order. */
  list(): readonly StoredFixture[] {
    return [...this.#stored];
  }

  /** Removes every fixture. */
  clear(): void {
    this.#stored = [];
    this.#used.clear();
  }

  /** Makes `once` fixtures answer again (on reset). */
  rearm(): void {
    this.#used.clear();
  }

  /**
   * The fixture answering a request to `op`, if any (a `once` fixture is used up). With
   * `errorsOnly`, only error answers (status >= 400) that pin the request down (at least one
   * path, query or body condition) are considered.
   */
  match(op: IROperation, request: FixtureQuery, options: { errorsOnly?: boolean } = {}): StoredFixture | undefined {
    let best: StoredFixture | undefined;
    let bestScore = -1;
    for (const stored of this.#stored) {
      if (stored.fixture.operationId !== op.id || this.#used.has(stored)) continue;
      if (!requestMatches(stored.fixture, request)) continue;
      const score = specificity(stored.fixture.request);
      if (options.errorsOnly === true && (stored.fixture.response.status < 400 || score === 0)) continue;
      if (score > bestScore) {
        best = stored;
        bestScore = score;
      }
    }
    if (best?.fixture.once === true) this.#used.add(best);
    return best;
  }

  #check(fixture: Fixture, source: string): void {
    const fail = (problem: string): never => {
      throw new FixtureError(source, fixture.name, problem);
    };
    const op = this.#ops.get(fixture.operationId) ?? fail(`unknown operationId "${fixture.operationId}"`);
    for (const name of Object.keys(fixture.request?.path ?? {})) {
      if (!op.path.includes(`{${name}}`)) fail(`path parameter "${name}" is not in ${op.path}`);
    }
    if (op.shape === 'shaped') {
      const known = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
      for (const name of Object.keys(fixture.request?.query ?? {})) {
        if (!known.has(name)) fail(`query parameter "${name}" is not declared by ${op.id}`);
      }
    }
    const { status, body } = fixture.response;
    const declared = op.responses.find((r) => r.status === String(status) || r.status === `${String(status)[0]}XX`);
    if (declared === undefined && status < 400) fail(`status ${status} is not declared by ${op.id}`);
    const schema = declared === undefined ? this.#errorSchema : declared.schema;
    if (status !== 204 && body === undefined && schema !== undefined) fail(`status ${status} needs a body`);
    if (schema === undefined || body === undefined || fixture.wireDrift === true) return;
    let plain = toPlain(body);
    if (op.nestedList && Array.isArray(plain) && plain.every(Array.isArray)) plain = plain.flat(1);
    const failure = this.#validator.check(schema, plain);
    if (failure !== undefined) {
      fail(`response body does not match the spec at "${failure.instancePath || '/'}": ${failure.message}`);
    }
  }
}

function requestMatches(fixture: Fixture, request: FixtureQuery): boolean {
  const want = fixture.request;
  if (want === undefined) return true;
  for (const [name, value] of Object.entries(want.path ?? {})) {
    if (request.pathParams[name] !== value) return false;
  }
  for (const [name, value] of Object.entries(want.query ?? {})) {
    const sent = request.pairs.filter((p) => p.name === name).map((p) => p.value);
    if (value === null ? sent.length > 0 : sent.join(',') !== value) return false;
  }
  return want.body === undefined || bodyMatches(want.body, request.body);
}

/** Every `*.json` file under `dir` (recursively), sorted by path. */
export function listJsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile())
    .sort();
}
