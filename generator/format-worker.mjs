// The generator's second thread: it lints the spec and formats files with prettier while the main
// thread bundles, builds the IR and emits. Plain JS: loaded without a TypeScript loader.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { lint, loadConfig } from '@redocly/openapi-core';
import * as prettier from 'prettier';

/** Lint problems as plain data (the main thread turns them into SpecProblems). */
async function lintSpec(entry, root) {
  const configPath = path.join(root, 'redocly.yaml');
  const config = await loadConfig(existsSync(configPath) ? { configPath } : {});
  const problems = await lint({ ref: entry, config });
  return problems.map((p) => ({
    message: p.message,
    ruleId: p.ruleId,
    severity: p.severity,
    ignored: p.ignored === true,
    location: p.location.map((l) => ({ source: { absoluteRef: l.source.absoluteRef }, pointer: l.pointer })),
  }));
}

parentPort.on('message', async (job) => {
  try {
    const result =
      job.kind === 'lint' ? await lintSpec(job.entry, job.root) : await prettier.format(job.text, job.options);
    parentPort.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
