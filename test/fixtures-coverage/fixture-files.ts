/**
 * Reading recorded-fixture files for tests: every `*.json` file under a folder (sorted, like the
 * mock's store), each holding one fixture or an array of them. Each fixture is kept twice: as
 * parsed with every number exact (`LosslessNumber`s, for comparisons and for building calls) and
 * as plain JSON (for schema validation).
 */
import { listJsonFiles } from '../../mock/fixture-store.js';
import { isFixtureObject as isObject } from '../../mock/fixture-format.js';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseLossless } from 'lossless-json';

/** The project's fixture folder, `mock/fixtures/`. */
export const FIXTURES_DIR = fileURLToPath(new URL('../../mock/fixtures/', import.meta.url));

/** The request part of a fixture, as written in the file. */
export interface FixtureRequestPart {
  path?: Record<string, string>;
  query?: Record<string, string | null>;
  body?: unknown;
}

/** A fixture as the tests see it. */
export interface LoadedFixture {
  /** File path relative to the folder, with `[i]` when the file holds an array. */
  source: string;
  operationId: string;
  name: string;
  /** The whole fixture with numbers as `LosslessNumber` (exact). */
  exact: ExactFixture;
  /** The whole fixture as plain JSON (numbers as doubles). */
  plain: ExactFixture;
}

/** The fields of a fixture object the tests read. */
export interface ExactFixture {
  operationId: string;
  name: string;
  description?: string;
  once?: boolean;
  request?: FixtureRequestPart;
  response: { status: unknown; headers?: Record<string, string>; body?: unknown };
  recorded?: Record<string, unknown>;
}

/** The fixtures in the file text `text` found at `source`. Throws naming the file on bad JSON. */
export function parseFixtureText(text: string, source: string): LoadedFixture[] {
  let exact: unknown;
  let plain: unknown;
  try {
    exact = parseLossless(text);
    plain = JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`${source}: not valid JSON (${(e as Error).message})`, { cause: e });
  }
  const exactList = Array.isArray(exact) ? exact : [exact];
  const plainList = Array.isArray(plain) ? (plain as unknown[]) : [plain];
  return exactList.map((item, i) => {
    const where = Array.isArray(exact) ? `${source}[${i}]` : source;
    if (!isObject(item)) throw new Error(`${where}: a fixture must be a JSON object`);
    const fixture = item as unknown as ExactFixture;
    return {
      source: where,
      operationId: String(fixture.operationId),
      name: String(fixture.name),
      exact: fixture,
      plain: plainList[i] as ExactFixture,
    };
  });
}

/** Every fixture under `dir`, in load order. */
export function loadFixtures(dir: string = FIXTURES_DIR): LoadedFixture[] {
  return listJsonFiles(dir).flatMap((file) => parseFixtureText(readFileSync(file, 'utf8'), relative(dir, file)));
}

/** Whether a fixture answers with a success status (2xx). */
export function isSuccess(fixture: LoadedFixture): boolean {
  const status = Number(String(fixture.exact.response.status));
  return status >= 200 && status < 300;
}

/** The HTTP status of a fixture's response as a number. */
export function statusOf(fixture: LoadedFixture): number {
  return Number(String(fixture.exact.response.status));
}

/** Whether `value` is a JSON object (not an array, not a lossless number). */
export { isObject };
