/**
 * The walk-through of docs/ir.md, "How to add a target": a tiny third target (JSON lines, in
 * ./targets/jsonl.ts) run through the same pipeline API as the list's targets, into a temp folder.
 * It renders from the IR alone; the schema types stage does not run for it (no target of the run
 * asks for a models module), and the pipeline adds only its own JSON documents.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, type GenerateSummary } from '../../generator/pipeline.js';
import { TARGETS } from '../../generator/targets/index.js';
import { ROOT, tempDir } from './helpers.js';
import { jsonlTarget } from './targets/jsonl.js';

let out: { dir: string; cleanup: () => Promise<void> };
let summary: GenerateSummary;

beforeAll(async () => {
  out = await tempDir('third-target');
  summary = await generate({ root: ROOT, outDir: out.dir, targets: [jsonlTarget], cache: false });
}, 120_000);
afterAll(() => out.cleanup());

const lines = async (file: string): Promise<Array<Record<string, unknown>>> =>
  (await readFile(path.join(out.dir, file), 'utf8'))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a third target through the pipeline', () => {
  it('writes its files and the pipeline documents, nothing of the other targets', async () => {
    const files = (await readdir(out.dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(out.dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    const own = files.filter((f) => f.startsWith('jsonl/') && f.endsWith('.jsonl'));
    expect(own).toContain('jsonl/spot.jsonl');
    // Beside its own files, the documents every run writes: the IR, its schema, the bundled spec and
    // the conformance kit (conformance/), none of another target's.
    const documents = files.filter((f) => !f.startsWith('jsonl/') && !f.startsWith('conformance/')).sort();
    expect(documents).toEqual(['ir.json', 'ir.schema.json', 'openapi.json']);
    expect(files.filter((f) => f.startsWith('conformance/'))).toContain('conformance/retry.json');
    expect(summary.timings).not.toHaveProperty('types');
  });

  it('writes one line per operation, with its method, path, id, rate-limit scope and idempotency field', async () => {
    const spot = await lines('jsonl/spot.jsonl');
    expect(spot).toContainEqual({
      method: 'POST',
      path: '/spot/orders',
      operationId: 'createOrder',
      rateLimitScope: 'uid+market',
      idempotencyField: 'text',
    });
    expect(spot).toContainEqual({
      method: 'GET',
      path: '/spot/currencies',
      operationId: 'listCurrencies',
      rateLimitScope: 'ip',
      idempotencyField: null,
    });
    const index = JSON.parse(await readFile(path.join(out.dir, 'jsonl/areas.json'), 'utf8')) as Array<{ file: string }>;
    const all = (await Promise.all(index.map((a) => lines(`jsonl/${a.file}`)))).flat();
    expect(all).toHaveLength(summary.operations);
  });

  it('is not in the list of targets', () => {
    expect(TARGETS.map((t) => t.name)).toEqual(['typescript', 'docs', 'python']);
  });
});
