// The generator's second thread: it bundles and lints the spec with Redocly, and formats files with
// prettier, while the main thread builds the IR, the types and the emitted files. Plain JS: loaded
// without a TypeScript loader. Redocly and prettier are imported on the first job that needs them.
// Jobs run one at a time in the order posted, so the bundle (posted first) is not slowed by the lint.
import { parentPort } from 'node:worker_threads';
import { bundleSpec, lintAndBundleSpec, lintSpec } from './redocly-steps.mjs';

/** One job's result: `bundle`, `lint` and `lint-bundle` return plain data, `format` the formatted text (`warm` loads prettier and its parsers). */
async function run(job) {
  if (job.kind === 'bundle') return bundleSpec(job.entry, job.root);
  if (job.kind === 'lint') return lintSpec(job.entry, job.root);
  if (job.kind === 'lint-bundle') return lintAndBundleSpec(job.entry, job.root);
  const prettier = await import('prettier');
  if (job.kind === 'warm') {
    for (const parser of ['babel-ts', 'markdown']) await prettier.format('a;\n', { parser });
    return null;
  }
  return prettier.format(job.text, job.options);
}

let queue = Promise.resolve();
parentPort.on('message', (job) => {
  queue = queue.then(async () => {
    try {
      parentPort.postMessage({ id: job.id, result: await run(job) });
    } catch (error) {
      parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
