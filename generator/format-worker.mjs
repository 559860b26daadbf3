// The generator's second thread: it lints the spec and formats files with prettier while the main
// thread bundles, builds the IR, the types and the emitted files. Plain JS: loaded without a
// TypeScript loader. Redocly and prettier are imported on the first job that needs them.
import { parentPort } from 'node:worker_threads';
import { lintSpec } from './redocly-steps.mjs';

/** One job's result: `lint` returns plain data, `format` the formatted text. */
async function run(job) {
  if (job.kind === 'lint') return lintSpec(job.entry, job.root);
  const prettier = await import('prettier');
  return prettier.format(job.text, job.options);
}

parentPort.on('message', async (job) => {
  try {
    parentPort.postMessage({ id: job.id, result: await run(job) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
