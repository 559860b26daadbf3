/**
 * `npm run generate [-- --check]`: regenerates `generated/` from `spec/`, or with `--check` exits
 * non-zero with a readable summary when `generated/` is not what the spec produces. `--no-cache`
 * recomputes every stage instead of reusing `node_modules/.cache/exchange-v4/` (same output);
 * `--cache-dir` keeps the caches elsewhere (the bench uses one per copy of the repository).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SpecError } from './errors.js';
import { generate } from './pipeline.js';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
    'cache-dir': { type: 'string' },
    spec: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'usage: npm run generate -- [--check] [--no-cache] [--cache-dir dir] [--spec spec/openapi.yaml] [--out generated]',
  );
  process.exit(0);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
try {
  const summary = await generate({
    root,
    check: values.check,
    cache: !values['no-cache'],
    ...(values['cache-dir'] ? { cacheDir: path.resolve(values['cache-dir']) } : {}),
    ...(values.spec ? { entry: values.spec } : {}),
    ...(values.out ? { outDir: values.out } : {}),
  });
  const { report, timings } = summary;
  const stages = Object.entries(timings)
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ');
  console.log(
    `${summary.operations} operations, ${summary.schemas} schemas; ${stages}; total ${Math.round(performance.now() - started)} ms`,
  );
  if (values.check) {
    if (report.drift.length > 0) {
      console.error(
        `generated/ is out of date (${report.drift.length} file(s)); run \`npm run generate\` and commit:\n${report.drift.join('\n')}`,
      );
      process.exit(1);
    }
    console.log(`generated/ is up to date (${report.unchanged.length} files)`);
  } else {
    console.log(
      `files: ${report.written.length} written, ${report.unchanged.length} unchanged, ${report.removed.length} removed`,
    );
  }
} catch (error) {
  if (error instanceof SpecError) {
    console.error(`generation stopped, nothing written.\n${error.message}`);
    process.exit(2);
  }
  throw error;
}
