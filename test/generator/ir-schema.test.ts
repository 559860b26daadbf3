import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildIR } from '../../generator/ir/build.js';
import { irDocument } from '../../generator/ir/document.js';
import { IR_VERSION } from '../../generator/ir/types.js';
import { loadSpec } from '../../generator/load.js';
import { ROOT } from './helpers.js';

const schema = JSON.parse(await readFile(path.join(ROOT, 'generator/ir/ir.schema.json'), 'utf8')) as Record<
  string,
  unknown
>;
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validate = ajv.compile(schema);

/** The committed IR as the cases change it: a field wrong, missing or added. */
type Mutable = {
  api: { release: unknown };
  operations: Array<{ retry?: unknown; rateLimit?: unknown }>;
  extra?: unknown;
};

describe('the IR JSON Schema', () => {
  it('is versioned with the IR', () => {
    expect((schema.properties as Record<string, { const?: string }>).irVersion?.const).toBe(IR_VERSION);
    expect(schema.$id).toContain(`/ir/${IR_VERSION}/`);
  });

  it('accepts the IR of the real spec', async () => {
    const entry = path.join(ROOT, 'spec/openapi.yaml');
    const loaded = await loadSpec({ entry, root: ROOT });
    const ir: unknown = JSON.parse(
      JSON.stringify(
        irDocument(buildIR(loaded.document, { pathFiles: loaded.pathFiles, rootFile: 'spec/openapi.yaml' })),
      ),
    );
    const ok = validate(ir);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toEqual([]);
    expect(ok).toBe(true);
  }, 30_000);

  it.each([
    { given: 'an unknown retry policy', mutate: (ir: Mutable) => (ir.operations[0]!.retry = 'maybe') },
    { given: 'a missing rate limit', mutate: (ir: Mutable) => delete ir.operations[0]!.rateLimit },
    { given: 'an unknown top-level field', mutate: (ir: Mutable) => (ir.extra = 1) },
    { given: 'a bad release label', mutate: (ir: Mutable) => (ir.api.release = '4.1') },
  ])('rejects $given', async ({ mutate }) => {
    const committed = JSON.parse(await readFile(path.join(ROOT, 'generated/ir.json'), 'utf8')) as Mutable;
    expect(validate(committed)).toBe(true);
    mutate(committed);
    expect(validate(committed)).toBe(false);
  });
});
