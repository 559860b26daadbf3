/**
 * `npm run reference:extract -- <gateapi-nodejs checkout or git dir>`: writes
 * spec/reference-shapes.json, the facts (wire names, types, required flags, enum values) of every
 * operation spec/reference-operations.yaml lists and of every model those operations reach, read
 * from the official Node.js SDK (repository gate/gateapi-nodejs) with scripts/coverage/reference-sdk.ts.
 * Run it when spec/reference-operations.yaml moves to a newer SDK commit; `npm run coverage` and
 * test/spec/reference-shapes.test.ts compare the spec with the file it writes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { endpointKey } from './coverage/reference.js';
import { parseApiFile, parseModelFile } from './coverage/reference-sdk.js';
import type { ReferenceModel, ReferenceShape } from './coverage/reference-sdk.js';
import { readReference } from './coverage.js';
import { modelNames } from './coverage/shape-compare.js';

/** What spec/reference-shapes.json holds. */
export interface ReferenceShapes {
  readonly source: { readonly repository: string; readonly commit: string };
  readonly operations: Readonly<Record<string, ReferenceShape>>;
  readonly models: Readonly<Record<string, ReferenceModel>>;
  readonly enums: Readonly<Record<string, readonly string[]>>;
}

/** Reads files of a checkout (`<dir>/api/…`) or of a bare git dir (`git show HEAD:…`). */
function reader(dir: string): { list(folder: string): string[]; read(path: string): string; commit: string } {
  if (existsSync(join(dir, 'api'))) {
    return {
      list: (folder) => readdirSync(join(dir, folder)).map((f) => `${folder}/${f}`),
      read: (path) => (existsSync(join(dir, path)) ? readFileSync(join(dir, path), 'utf8') : ''),
      commit: execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
    };
  }
  const git = (...args: string[]): string =>
    execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  return {
    list: (folder) => git('ls-tree', '--name-only', 'HEAD', `${folder}/`).split('\n').filter(Boolean),
    read: (path) => {
      try {
        return git('show', `HEAD:${path}`);
      } catch {
        return '';
      }
    },
    commit: git('rev-parse', 'HEAD').trim(),
  };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (dir === undefined) {
    console.error('usage: npm run reference:extract -- <gateapi-nodejs checkout or git dir>');
    process.exit(2);
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = reader(resolve(dir));
  const wanted = new Map(readReference(root).map((op) => [endpointKey(op.method, op.path), op]));
  const operations: Record<string, ReferenceShape> = {};
  for (const file of files.list('api').filter((f) => f.endsWith('Api.ts'))) {
    for (const shape of parseApiFile(files.read(file))) {
      const ref = wanted.get(endpointKey(shape.method, shape.path));
      if (ref !== undefined) operations[`${ref.method} ${ref.path}`] = shape;
    }
  }
  const allModels = new Map<string, ReferenceModel>();
  const allEnums = new Map<string, string[]>();
  for (const file of files.list('model').filter((f) => f.endsWith('.ts'))) {
    const text = files.read(file);
    const className = /^export (?:class|enum) (\w+)/m.exec(text)?.[1] ?? '';
    const parsed = parseModelFile(text, files.read(`docs/${className}.md`));
    if (parsed === undefined) continue;
    if ('enum' in parsed) allEnums.set(parsed.name, parsed.enum);
    else allModels.set(parsed.name, parsed.model);
  }
  const models: Record<string, ReferenceModel> = {};
  const enums: Record<string, string[]> = {};
  const queue = Object.values(operations).flatMap((op) => [op.body?.type ?? '', op.returns ?? '']);
  while (queue.length > 0) {
    for (const name of modelNames(queue.pop() ?? '')) {
      const values = allEnums.get(name);
      if (values !== undefined) enums[name] = values;
      const model = allModels.get(name);
      if (model === undefined || name in models) continue;
      models[name] = model;
      queue.push(...Object.values(model.fields).map((f) => f.type));
    }
  }
  const missing = [...wanted.keys()].filter(
    (k) => !Object.values(operations).some((s) => endpointKey(s.method, s.path) === k),
  );
  if (missing.length > 0) console.error(`not found in the SDK: ${missing.join(', ')}`);
  const sorted = <T>(o: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const doc: ReferenceShapes = {
    source: { repository: 'gate/gateapi-nodejs', commit: files.commit },
    operations: sorted(operations),
    models: sorted(models),
    enums: sorted(enums),
  };
  const out = join(root, 'spec/reference-shapes.json');
  writeFileSync(out, await format(JSON.stringify(doc), { ...(await resolveConfig(out)), filepath: out }));
  console.log(`${Object.keys(operations).length} operations, ${Object.keys(models).length} models -> ${out}`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
