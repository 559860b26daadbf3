/**
 * Where the mock's inputs come from by default: the bundled spec (`generated/openapi.json`) and
 * the IR (`generated/ir.json`) the generator writes. A spec without an IR is turned into one by
 * the generator's `buildIR`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IR } from '../generator/ir/types.js';

/** The generator's output folder. */
export const GENERATED_DIR = fileURLToPath(new URL('../generated/', import.meta.url));

/** The folder the CLI loads fixtures from by default (`mock/fixtures/`). */
export const DEFAULT_FIXTURES_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Reads and parses a JSON file, naming it in the error when it is missing. */
export function readJsonFile(path: string, hint: string): unknown {
  if (!existsSync(path)) throw new Error(`${path} not found: ${hint}`);
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** The spec and IR to serve: the given ones, else the generated files. */
export async function loadApi(given: {
  spec?: object | undefined;
  ir?: IR | undefined;
}): Promise<{ spec: object; ir: IR }> {
  const hint = 'run `npm run generate` first, or pass { spec, ir } to startMock';
  if (given.ir !== undefined) return { spec: given.spec ?? {}, ir: given.ir };
  if (given.spec !== undefined) return { spec: given.spec, ir: await buildIrFrom(given.spec) };
  const spec = readJsonFile(`${GENERATED_DIR}openapi.json`, hint) as object;
  const ir = readJsonFile(`${GENERATED_DIR}ir.json`, hint) as IR;
  return { spec, ir };
}

async function buildIrFrom(spec: object): Promise<IR> {
  // Resolved at run time so the mock does not depend on the generator at type-check time.
  const specifier = '../generator/ir/build.js';
  const module = (await import(specifier)) as {
    buildIR?: (bundled: object, sources: { pathFiles: Record<string, string>; rootFile: string }) => IR;
  };
  if (typeof module.buildIR !== 'function') throw new Error('generator/ir/build.ts does not export buildIR');
  return module.buildIR(spec, { pathFiles: {}, rootFile: 'spec/openapi.yaml' });
}
